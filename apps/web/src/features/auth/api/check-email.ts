import { ZCheckEmailResponse, type TCheckEmailResponse } from '@pipewise/contract/auth';
import { http } from '../../../lib/http';

export async function checkEmail(email: string): Promise<TCheckEmailResponse> {
  return ZCheckEmailResponse.parse(await http.post('/api/auth/check-email', { email }));
}
