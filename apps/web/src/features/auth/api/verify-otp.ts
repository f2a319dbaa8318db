import { ZVerifyOtpResponse, type TVerifyOtpRequest, type TVerifyOtpResponse } from '@pipewise/contract/auth';
import { http } from '../../../lib/http';

/** Null when the server answered 2xx without status 'success' (the spec's "Invalid OTP"). */
export async function verifyOtp(body: TVerifyOtpRequest): Promise<TVerifyOtpResponse | null> {
  const parsed = ZVerifyOtpResponse.safeParse(await http.post('/api/auth/verify-otp', body));
  return parsed.success ? parsed.data : null;
}
