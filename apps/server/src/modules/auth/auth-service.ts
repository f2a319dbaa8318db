import type { MailSender } from '../../adapters/mail/mail-port';
import { HttpError } from '../../lib/http-error';
import { randomToken, sha256Hex } from '../../lib/secrets';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { RegistrationInput, RegistrationsRepo } from '../registrations/registrations-repo';
import { fullName, type UsersRepo } from '../users/users-repo';
import { otpMail } from '../mail/account-mails';
import { OTP_TTL_MINUTES, type OtpService } from './otp-service';
import type { SessionRepo } from './session-repo';

export const AUTH_MESSAGES = {
  deactivated: 'This account has been deactivated. Please contact your workspace admin.',
  noAccount: 'No active account found for this email.',
  pending: 'Your account is waiting for approval.',
  sendFailed: 'Failed to send OTP. Please try again.',
  invalidOtp: 'Invalid OTP. Please try again.',
  expiredOtp: 'This OTP has expired. Please request a new one.',
  lockedOtp: 'Too many incorrect attempts. Please request a new OTP.',
  alreadyCustomer: 'This email already has an account. Please sign in.',
} as const;

export type AuthServiceDeps = {
  users: Pick<UsersRepo, 'findByEmail' | 'recordLogin'>;
  registrations: Pick<RegistrationsRepo, 'findByEmail' | 'upsertPending'>;
  otp: OtpService;
  sessions: Pick<SessionRepo, 'create' | 'delete'>;
  limiter: RateLimiter;
  mail: MailSender;
  log: { error: (obj: object, msg: string) => void };
  ipLimitPer15Min: number;
};

const perIp = (route: string, ip: string, max: number) => ({ key: `ip:${route}:${ip}`, max, windowSeconds: 900 });

export function createAuthService(deps: AuthServiceDeps) {
  const { users, registrations, otp, sessions, limiter, mail } = deps;

  return {
    async checkEmail(email: string, ip: string) {
      await limiter.consume(perIp('check-email', ip, deps.ipLimitPer15Min));
      const user = await users.findByEmail(email);
      if (user) {
        if (user.status !== 'active') throw new HttpError(403, AUTH_MESSAGES.deactivated);
        return { exists: true, status: 'active' as const, name: fullName(user) };
      }
      const request = await registrations.findByEmail(email);
      if (request?.status === 'pending') return { exists: true, status: 'pending' as const, name: fullName(request) };
      return { exists: false, status: null, name: null };
    },

    async sendOtp(email: string, ip: string) {
      await limiter.consume(perIp('send-otp', ip, deps.ipLimitPer15Min), {
        key: `email:send-otp:${email}`,
        max: 5,
        windowSeconds: 3600,
        message: (s) => `Too many OTP requests for this email. Please try again in ${Math.ceil(s / 60)} minutes.`,
      });
      const user = await users.findByEmail(email);
      if (!user) {
        const request = await registrations.findByEmail(email);
        throw new HttpError(
          request?.status === 'pending' ? 403 : 404,
          request?.status === 'pending' ? AUTH_MESSAGES.pending : AUTH_MESSAGES.noAccount,
        );
      }
      if (user.status !== 'active') throw new HttpError(403, AUTH_MESSAGES.deactivated);
      const code = await otp.issue(email);
      try {
        await mail.send(otpMail(email, code, OTP_TTL_MINUTES));
      } catch (e) {
        deps.log.error({ err: { message: (e as Error).message, code: (e as { code?: string }).code } }, 'sign-in code mail failed');
        throw new HttpError(502, AUTH_MESSAGES.sendFailed);
      }
      return { status: 'otp_sent' as const };
    },

    async verifyOtp(email: string, code: string, ip: string, userAgent: string | undefined) {
      await limiter.consume(perIp('verify-otp', ip, deps.ipLimitPer15Min));
      const result = await otp.verify(email, code);
      if (result === 'expired') throw new HttpError(400, AUTH_MESSAGES.expiredOtp);
      if (result === 'locked') throw new HttpError(400, AUTH_MESSAGES.lockedOtp);
      if (result !== 'ok') throw new HttpError(400, AUTH_MESSAGES.invalidOtp);
      const user = await users.findByEmail(email);
      if (!user || user.status !== 'active') throw new HttpError(403, AUTH_MESSAGES.noAccount);
      return { user, ...(await this.startSession(user.id, userAgent)) };
    },

    /** A fresh opaque token per sign-in; only its hash is stored. */
    async startSession(userId: string, userAgent: string | undefined) {
      const token = randomToken(32);
      const session = await sessions.create(userId, sha256Hex(token), userAgent);
      await users.recordLogin(userId);
      return { token, expiresAt: session.expiresAt };
    },

    async registerInterest(input: RegistrationInput, ip: string) {
      await limiter.consume(perIp('register-interest', ip, deps.ipLimitPer15Min));
      if (await users.findByEmail(input.email)) throw new HttpError(409, AUTH_MESSAGES.alreadyCustomer);
      await registrations.upsertPending(input);
      return { status: 'pending' as const };
    },

    logout: (sessionId: string) => sessions.delete(sessionId),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
