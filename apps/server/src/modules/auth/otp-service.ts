import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { otpCodes } from '../../db/schema';
import { hmacHex, safeEqual } from '../../lib/secrets';

export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_WRONG = 5;

export type OtpCheck = 'ok' | 'invalid' | 'expired' | 'locked';

/**
 * One-time codes: crypto RNG, stored only as an HMAC, 10 minutes, single use, 5 wrong tries kill it.
 * Keyed by the sign-in email, or by another purpose's key (WhatsApp uses 'whatsapp:{user id}:{number}').
 */
export function createOtpService(db: Db, hmacKey: Buffer) {
  const digest = (email: string, code: string) => hmacHex(hmacKey, `${email}:${code}`);
  return {
    /** Makes a new code for the email, replacing any earlier one, and returns it for mailing. */
    async issue(email: string): Promise<string> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = new Date(Date.now() + OTP_TTL_MINUTES * 60_000);
      await db
        .insert(otpCodes)
        .values({ email, codeHash: digest(email, code), expiresAt, attempts: 0 })
        .onConflictDoUpdate({
          target: otpCodes.email,
          set: { codeHash: digest(email, code), expiresAt, attempts: 0, createdAt: new Date() },
        });
      return code;
    },

    async verify(email: string, code: string): Promise<OtpCheck> {
      // Reserve one try atomically before comparing, so parallel guesses cannot exceed the limit.
      const [tried] = await db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(sql`${otpCodes.email} = ${email} and ${otpCodes.attempts} < ${OTP_MAX_WRONG} and ${otpCodes.expiresAt} > now()`)
        .returning({ codeHash: otpCodes.codeHash });
      if (!tried) {
        const [row] = await db.select().from(otpCodes).where(eq(otpCodes.email, email));
        if (!row) return 'invalid';
        return row.attempts >= OTP_MAX_WRONG ? 'locked' : 'expired';
      }
      if (!safeEqual(tried.codeHash, digest(email, code))) return 'invalid';
      // Single use: only the request that deletes the row may sign in.
      const deleted = await db.delete(otpCodes).where(eq(otpCodes.email, email)).returning({ email: otpCodes.email });
      return deleted.length === 1 ? 'ok' : 'invalid';
    },

    /** The live or spent code under `email`, without its hash: when it expires and how many tries it took. */
    async pending(email: string): Promise<{ expiresAt: Date; attempts: number } | null> {
      const [row] = await db
        .select({ expiresAt: otpCodes.expiresAt, attempts: otpCodes.attempts })
        .from(otpCodes)
        .where(eq(otpCodes.email, email));
      return row ?? null;
    },

    /** Forgets the code under `email` (it was never delivered, or what it proves no longer matters). */
    async discard(email: string): Promise<void> {
      await db.delete(otpCodes).where(eq(otpCodes.email, email));
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
