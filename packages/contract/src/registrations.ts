import { z } from 'zod';

export const ZRegistrationRequest = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
  num_employees: z.number().int(),
  requested_at: z.string(),
});
export type TRegistrationRequest = z.infer<typeof ZRegistrationRequest>;

export const ZRegistrationRequestList = z.object({ data: z.array(ZRegistrationRequest) });
export const ZRegistrationDecisionResponse = z.object({ status: z.enum(['approved', 'rejected']) });
