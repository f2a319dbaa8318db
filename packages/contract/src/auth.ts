import { z } from 'zod';
import { ZEmail } from './common';

export const OTP_LENGTH = 6;
export const OTP_PATTERN = /^\d{6}$/;
export const INVALID_OTP_MESSAGE = 'Please enter a valid 6-digit OTP';

export const ZCheckEmailRequest = z.object({ email: ZEmail });
export type TCheckEmailRequest = z.infer<typeof ZCheckEmailRequest>;
export const ZCheckEmailResponse = z.object({
  exists: z.boolean(),
  status: z.enum(['active', 'pending']).nullable(),
  name: z.string().nullable(),
});
export type TCheckEmailResponse = z.infer<typeof ZCheckEmailResponse>;

export const ZSendOtpRequest = z.object({ email: ZEmail });
export const ZSendOtpResponse = z.object({ status: z.literal('otp_sent') });
export type TSendOtpResponse = z.infer<typeof ZSendOtpResponse>;

export const ZVerifyOtpRequest = z.object({
  email: ZEmail,
  otp: z.string().regex(OTP_PATTERN, INVALID_OTP_MESSAGE),
});
export type TVerifyOtpRequest = z.infer<typeof ZVerifyOtpRequest>;
export const ZVerifyOtpResponse = z.object({
  status: z.literal('success'),
  user: z.object({
    email: z.string(),
    name: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    /**
     * The session token, only for API clients that ask with `X-Token-Delivery: bearer`;
     * browsers never see it and use the HttpOnly cookie instead.
     */
    access_token: z.string().optional(),
  }),
});
export type TVerifyOtpResponse = z.infer<typeof ZVerifyOtpResponse>;

export const ZRegisterInterestRequest = z.object({
  email: ZEmail,
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  phoneNumber: z.string().trim().min(1, 'Phone number is required').max(20),
  numEmployees: z.coerce.number().int('Number of employees must be a whole number').min(1).max(10_000_000),
});
export type TRegisterInterestRequest = z.infer<typeof ZRegisterInterestRequest>;
export const ZRegisterInterestResponse = z.object({ status: z.literal('pending') });

export const ZProfileResponse = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  organization_name: z.string().nullable(),
  organization_domain: z.string().nullable(),
  session_valid: z.boolean(),
  /** One of the people who run this installation (OPERATOR_EMAILS): Settings shows them new workspaces' requests. */
  is_operator: z.boolean(),
  database_record: z.object({
    role: z.string(),
    organization_name: z.string().nullable(),
    organization_domain: z.string().nullable(),
    phone_number: z.string().nullable(),
    session_valid: z.boolean(),
  }),
  details: z.object({
    hubspot_data: z.object({
      hub_id: z.string().nullable(),
      user_id: z.string().nullable(),
      user: z.string(),
    }),
  }),
});
export type TProfileResponse = z.infer<typeof ZProfileResponse>;

export const ZLogoutResponse = z.object({ status: z.literal('success') });
