import type { TRegisterInterestRequest } from '@pipewise/contract/auth';
import { http } from '../../../lib/http';

export async function registerInterest(body: TRegisterInterestRequest): Promise<void> {
  await http.post('/api/auth/register-interest', body);
}
