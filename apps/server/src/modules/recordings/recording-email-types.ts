import type { z } from 'zod';
import type { ZFollowUpEmail } from '@pipewise/contract/videos';

export type TFollowUpEmail = z.infer<typeof ZFollowUpEmail>;
