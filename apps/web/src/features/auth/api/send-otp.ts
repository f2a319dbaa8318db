import { ZSendOtpResponse, type TSendOtpResponse } from '@pipewise/contract/auth';
import { http } from '../../../lib/http';

export async function sendOtp(email: string): Promise<TSendOtpResponse> {
  return ZSendOtpResponse.parse(await http.post('/api/auth/send-otp', { email }));
}
