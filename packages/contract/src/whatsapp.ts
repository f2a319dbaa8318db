import { z } from 'zod';

/**
 * WhatsApp as the assistant's second door: the caller's number (saved through the spec's panel,
 * POST /api/users/update_whatsapp_number/{email}) is verified with a 6-digit code sent over WhatsApp,
 * then questions and commands sent from it are answered like the assistant panel's.
 *
 * Routes (all for the signed-in caller, about their own number):
 * - GET  /api/whatsapp/status                 -> ZWhatsappStatus
 * - POST /api/whatsapp/verify {code}          -> ZWhatsappStatus (400 with WHATSAPP_MESSAGES' reason)
 * - POST /api/whatsapp/resend_code            -> ZWhatsappStatus (a new code; the old one stops working)
 * - PUT  /api/whatsapp/notifications {...}    -> ZWhatsappStatus (verified numbers only)
 * - DELETE /api/whatsapp/number               -> ZWhatsappStatus (forgets the number, its code and opt-ins)
 * And for Meta: GET /api/whatsapp/webhook (verification handshake), POST /api/whatsapp/webhook (signed).
 */

export const WHATSAPP_MESSAGES = {
  codeSent: (number: string) => `We sent a 6-digit code to ${number} on WhatsApp. Enter it here to verify the number.`,
  codeFormat: 'Enter the 6-digit code we sent you on WhatsApp.',
  codeWrong: 'That code is not right. Please check it and try again.',
  codeExpired: 'That code has expired. Send a new code and try again.',
  tooManyTries: 'Too many wrong codes. Send a new code and try again.',
  noPendingCode: 'There is no code to check. Save your number or send a new code first.',
  noNumber: 'Save your WhatsApp number first.',
  notVerified: 'Verify your WhatsApp number first.',
  verified: 'Verified',
  sendFailed: 'We could not send the code over WhatsApp. Please check the number and try again.',
  /** The one reply a number nobody verified gets. */
  stranger:
    'This number is not connected to Pipewise. To use the assistant here, verify your number in Pipewise under Settings > Integrations.',
} as const;

/** The code a user types: 6 digits (spaces around it are forgiven by the client). */
export const ZWhatsappVerifyBody = z.object({ code: z.string().regex(/^\d{6}$/, WHATSAPP_MESSAGES.codeFormat) });
export type TWhatsappVerifyBody = z.infer<typeof ZWhatsappVerifyBody>;

export const ZWhatsappNotifications = z.object({
  /** A template at 08:00 in the user's time zone with today's calls. */
  morning_digest: z.boolean(),
  /** A template when a recording of theirs has its summary. */
  insights_ready: z.boolean(),
});
export type TWhatsappNotifications = z.infer<typeof ZWhatsappNotifications>;

export const ZWhatsappNotificationsBody = ZWhatsappNotifications.partial().strict();
export type TWhatsappNotificationsBody = z.infer<typeof ZWhatsappNotificationsBody>;

export const ZWhatsappStatus = z.object({
  /** The caller's number in E.164, or null before one is saved. */
  phone_number: z.string().nullable(),
  /** true once the code sent to this number was entered; saving another number makes it false again. */
  verified: z.boolean(),
  /** A code was sent and can still be entered (not expired, tries left). */
  code_pending: z.boolean(),
  /** When the pending code stops working (ISO), else null. */
  code_expires_at: z.string().nullable(),
  notifications: ZWhatsappNotifications,
  /** 'cloud' when WhatsApp's Cloud API is set up; 'outbox' when messages are written to DATA_DIR/outbox/whatsapp. */
  delivery: z.enum(['cloud', 'outbox']),
});
export type TWhatsappStatus = z.infer<typeof ZWhatsappStatus>;
