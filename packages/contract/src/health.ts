import { z } from 'zod';

export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'error']),
  database: z.enum(['pglite', 'postgres']),
  detail: z.string().optional(),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;
