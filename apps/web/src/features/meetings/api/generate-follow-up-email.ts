import { useMutation } from '@tanstack/react-query';
import { ZFollowUpEmail } from '@pipewise/contract/videos';
import type { z } from 'zod';
import { http } from '../../../lib/http';

export type TFollowUpEmail = z.infer<typeof ZFollowUpEmail>;

export async function generateFollowUpEmail(videoId: string): Promise<TFollowUpEmail> {
  return ZFollowUpEmail.parse(await http.post(`/api/videos/${encodeURIComponent(videoId)}/follow-up-email`));
}

export function useGenerateFollowUpEmail() {
  return useMutation({ mutationFn: generateFollowUpEmail });
}
