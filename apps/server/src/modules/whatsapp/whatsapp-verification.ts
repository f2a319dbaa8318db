import { WHATSAPP_MESSAGES, type TWhatsappNotificationsBody, type TWhatsappStatus } from '@pipewise/contract/whatsapp';
import type { WhatsappSender } from '../../adapters/whatsapp/whatsapp-port';
import { HttpError, badRequest } from '../../lib/http-error';
import type { Caller } from '../access/access-rules';
import { zoneOrUtc } from '../assistant/questions/time-zone';
import { OTP_MAX_WRONG, type OtpService } from '../auth/otp-service';
import type { Limit, RateLimiter } from '../rate-limit/rate-limiter';
import type { WhatsappNumberRepo, WhatsappNumberState, WhatsappVerifiedUser } from '../users/whatsapp-number-repo';

export type { WhatsappVerifiedUser } from '../users/whatsapp-number-repo';

/** Codes sent per hour, per user and per number: each one is a paid template message to someone's phone. */
export const CODES_PER_HOUR = 5;

export type WhatsappVerificationDeps = {
  numbers: WhatsappNumberRepo;
  otp: Pick<OtpService, 'issue' | 'verify' | 'pending' | 'discard'>;
  sender: WhatsappSender;
  limiter: Pick<RateLimiter, 'consume'>;
  /** The authentication template (body {{1}} = the code, copy-code button = the code). */
  templates: { code: string; language: string };
  log: { error: (obj: object, msg: string) => void };
};

/** The code's key among one-time codes: per user and number, so a code sent to an old number proves nothing about a new one. */
const codeKey = (userId: string, e164: string) => `whatsapp:${userId}:${e164}`;

/** An IANA zone name the runtime knows, else undefined (a missing or odd X-Timezone header changes nothing). */
export function knownZone(value: string | undefined): string | undefined {
  const zone = value?.trim();
  return zone && zoneOrUtc(zone) === zone ? zone : undefined;
}

const tooManyCodes = (seconds: number) => `Too many codes sent. Please try again in ${Math.ceil(seconds / 60)} minutes.`;

/**
 * Verifying a user's own WhatsApp number (issue 22): saving it sends a 6-digit code as the
 * authentication template (no conversation is open yet, so only a template reaches it); the code
 * is a one-time code like sign-in's (hashed, 10 minutes, 5 tries, single use). A verified number
 * takes the notification opt-ins and is how the webhook and notifications find the user.
 */
export function createWhatsappVerification(deps: WhatsappVerificationDeps) {
  const { numbers, otp, sender } = deps;

  const codeLimits = (userId: string, e164: string): Limit[] => [
    { key: `whatsapp-code:user:${userId}`, max: CODES_PER_HOUR, windowSeconds: 3600, message: tooManyCodes },
    { key: `whatsapp-code:number:${e164}`, max: CODES_PER_HOUR, windowSeconds: 3600, message: tooManyCodes },
  ];

  async function toStatus(userId: string, state: WhatsappNumberState | null): Promise<TWhatsappStatus> {
    const number = state?.phoneNumber ?? null;
    const verified = Boolean(number && state?.verifiedAt);
    const code = number && !verified ? await otp.pending(codeKey(userId, number)) : null;
    const live = code && code.expiresAt.getTime() > Date.now() && code.attempts < OTP_MAX_WRONG ? code : null;
    return {
      phone_number: number,
      verified,
      code_pending: live !== null,
      code_expires_at: live ? live.expiresAt.toISOString() : null,
      notifications: {
        morning_digest: verified && state!.morningDigest,
        insights_ready: verified && state!.insightsReady,
      },
      delivery: sender.mode,
    };
  }

  const stateOf = (caller: Caller) => numbers.state(caller.organizationId, caller.id);

  /** Issues a code for the number and sends it; a failed send forgets the code and answers 502. */
  async function sendCode(userId: string, e164: string): Promise<void> {
    const key = codeKey(userId, e164);
    const code = await otp.issue(key);
    try {
      await sender.sendTemplate(
        e164,
        { name: deps.templates.code, language: deps.templates.language, bodyParameters: [code], buttonParameter: code },
        { consoleHint: `WhatsApp verification code for ${e164}: ${code}` },
      );
    } catch (e) {
      await otp.discard(key);
      const err = e as { name?: string; message?: string; status?: number | null; code?: number | null };
      deps.log.error({ err: { name: err.name, message: err.message, status: err.status, code: err.code } }, 'WhatsApp code send failed');
      throw new HttpError(502, WHATSAPP_MESSAGES.sendFailed);
    }
  }

  return {
    async status(caller: Caller): Promise<TWhatsappStatus> {
      return toStatus(caller.id, await stateOf(caller));
    },

    /**
     * The save path of POST /api/users/update_whatsapp_number/{email}: stores the number (E.164) and
     * sends it a code, unless it is the same number already verified. Over the hourly limit it answers
     * 429 and changes nothing; a failed send keeps the number (unverified) and answers 502 with
     * WHATSAPP_MESSAGES.sendFailed, and resend_code can try again.
     */
    async saveNumber(caller: Caller, e164: string): Promise<void> {
      const current = await stateOf(caller);
      if (current?.phoneNumber === e164 && current.verifiedAt) return;
      await deps.limiter.consume(...codeLimits(caller.id, e164));
      const saved = await numbers.save(caller.organizationId, caller.id, e164);
      if (!saved) throw new HttpError(404, 'User not found');
      if (saved.before.phoneNumber && saved.before.phoneNumber !== e164) await otp.discard(codeKey(caller.id, saved.before.phoneNumber));
      if (saved.after.verifiedAt) return;
      await sendCode(caller.id, e164);
    },

    /** POST /api/whatsapp/verify: the code sent to the caller's current number. */
    async verify(caller: Caller, code: string, timeZone?: string): Promise<TWhatsappStatus> {
      const state = await stateOf(caller);
      const number = state?.phoneNumber;
      if (!number) throw badRequest(WHATSAPP_MESSAGES.noNumber);
      if (state.verifiedAt) return toStatus(caller.id, state);
      const key = codeKey(caller.id, number);
      if (!(await otp.pending(key))) throw badRequest(WHATSAPP_MESSAGES.noPendingCode);
      const result = await otp.verify(key, code);
      if (result === 'expired') throw badRequest(WHATSAPP_MESSAGES.codeExpired);
      if (result === 'locked') throw badRequest(WHATSAPP_MESSAGES.tooManyTries);
      if (result !== 'ok') throw badRequest(WHATSAPP_MESSAGES.codeWrong);
      await numbers.markVerified(caller.organizationId, caller.id, number, knownZone(timeZone));
      return toStatus(caller.id, await stateOf(caller));
    },

    /** POST /api/whatsapp/resend_code: a new code to the saved number (the old one stops working); limited per hour. */
    async resendCode(caller: Caller): Promise<TWhatsappStatus> {
      const state = await stateOf(caller);
      const number = state?.phoneNumber;
      if (!number) throw badRequest(WHATSAPP_MESSAGES.noNumber);
      if (state.verifiedAt) return toStatus(caller.id, state);
      await deps.limiter.consume(...codeLimits(caller.id, number));
      await sendCode(caller.id, number);
      return toStatus(caller.id, await stateOf(caller));
    },

    /** PUT /api/whatsapp/notifications: verified numbers only. */
    async setNotifications(caller: Caller, body: TWhatsappNotificationsBody, timeZone?: string): Promise<TWhatsappStatus> {
      const state = await numbers.setNotifications(
        caller.organizationId,
        caller.id,
        { morningDigest: body.morning_digest, insightsReady: body.insights_ready },
        knownZone(timeZone),
      );
      if (!state) throw badRequest(WHATSAPP_MESSAGES.notVerified);
      return toStatus(caller.id, state);
    },

    /** DELETE /api/whatsapp/number: forgets the number, its code, its verification and its opt-ins. */
    async removeNumber(caller: Caller): Promise<TWhatsappStatus> {
      const before = await numbers.remove(caller.organizationId, caller.id);
      if (before) await otp.discard(codeKey(caller.id, before));
      return toStatus(caller.id, await stateOf(caller));
    },

    /**
     * The active user who verified this number, or null: who a WhatsApp message speaks as. Takes E.164
     * or the bare digits Meta's webhook writes in `from` ('919876543210').
     */
    verifiedUserByNumber: (number: string): Promise<WhatsappVerifiedUser | null> => {
      const e164 = `+${number.replace(/\D/g, '')}`;
      return /^\+[1-9]\d{7,14}$/.test(e164) ? numbers.verifiedByNumber(e164) : Promise.resolve(null);
    },
    /** The user, when active with a verified number, or null: where Pipewise's own messages to them go. */
    verifiedUserById: (userId: string): Promise<WhatsappVerifiedUser | null> => numbers.verifiedById(userId),
    /** Active users with a verified number who opted in to the morning digest. */
    morningDigestRecipients: (): Promise<WhatsappVerifiedUser[]> => numbers.withMorningDigest(),
  };
}

export type WhatsappVerification = ReturnType<typeof createWhatsappVerification>;
