// What the sign-in flow needs once the visitor acts: the API calls with their schemas, the
// contract's input rules and the toaster. use-sign-in-flow loads this module right after the form
// is on screen, so the form paints without zod and the toaster and the first submit does not wait.
export { toast } from 'sonner';
export { INVALID_OTP_MESSAGE, OTP_LENGTH, OTP_PATTERN } from '@pipewise/contract/auth';
export { INVALID_EMAIL_MESSAGE, ZEmail } from '@pipewise/contract/common';
export { checkEmail } from '../api/check-email';
export { sendOtp } from '../api/send-otp';
export { verifyOtp } from '../api/verify-otp';
