import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';

/** A user's WhatsApp number and what hangs on it (the number itself is saved by the spec's update_whatsapp_number). */
export type WhatsappNumberState = {
  phoneNumber: string | null;
  verifiedAt: Date | null;
  morningDigest: boolean;
  insightsReady: boolean;
  timeZone: string | null;
};

/**
 * An active user whose WhatsApp number is verified: who a message from that number speaks as
 * (the same permissions as the panel), where Pipewise's own messages go, and what they opted in to.
 */
export type WhatsappVerifiedUser = {
  id: string;
  organizationId: string;
  role: string;
  email: string;
  firstName: string;
  /** E.164. */
  phoneNumber: string;
  /** The IANA zone the user's browser reported on the WhatsApp card, or null (then guess from the number or use UTC). */
  timeZone: string | null;
  notifications: { morning_digest: boolean; insights_ready: boolean };
};

const stateColumns = {
  phoneNumber: users.whatsappNumber,
  verifiedAt: users.whatsappVerifiedAt,
  morningDigest: users.whatsappMorningDigest,
  insightsReady: users.whatsappInsightsReady,
  timeZone: users.timeZone,
};

const verifiedColumns = {
  id: users.id,
  organizationId: users.organizationId,
  role: users.role,
  email: users.email,
  firstName: users.firstName,
  phoneNumber: users.whatsappNumber,
  timeZone: users.timeZone,
  morningDigest: users.whatsappMorningDigest,
  insightsReady: users.whatsappInsightsReady,
};

type VerifiedRow = Omit<WhatsappVerifiedUser, 'phoneNumber' | 'notifications'> & {
  phoneNumber: string | null;
  morningDigest: boolean;
  insightsReady: boolean;
};

const toVerified = ({ morningDigest, insightsReady, phoneNumber, ...user }: VerifiedRow): WhatsappVerifiedUser => ({
  ...user,
  phoneNumber: phoneNumber!,
  notifications: { morning_digest: morningDigest, insights_ready: insightsReady },
});

/** Active users with a verified number. */
const verifiedAndActive = and(isNotNull(users.whatsappVerifiedAt), eq(users.status, 'active'));

/** Everything hanging on a number goes when the number changes or is removed. */
const unverified = { whatsappVerifiedAt: null, whatsappMorningDigest: false, whatsappInsightsReady: false } as const;

/** The users module's WhatsApp number records (only this module writes SQL against users). */
export function createWhatsappNumberRepo(db: Db) {
  const own = (organizationId: string, id: string) => and(eq(users.id, id), eq(users.organizationId, organizationId));
  return {
    async state(organizationId: string, id: string): Promise<WhatsappNumberState | null> {
      const [row] = await db.select(stateColumns).from(users).where(own(organizationId, id));
      return row ?? null;
    },

    /**
     * Saves the number (E.164). A different number than the saved one is unverified and its opt-ins
     * go; the same number keeps both. Answers the state before and after.
     */
    async save(
      organizationId: string,
      id: string,
      e164: string,
    ): Promise<{ before: WhatsappNumberState; after: WhatsappNumberState } | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select(stateColumns).from(users).where(own(organizationId, id)).for('update');
        if (!before) return null;
        const same = before.phoneNumber === e164;
        const [after] = await tx
          .update(users)
          .set({ whatsappNumber: e164, ...(same ? {} : unverified), updatedAt: sql`now()` })
          .where(own(organizationId, id))
          .returning(stateColumns);
        return { before, after: after! };
      });
    },

    /**
     * Marks `e164` verified for the user if it is still their number; another user who had verified
     * the same number loses it (whoever proved they hold the phone last owns it). Answers false when
     * the number changed meanwhile.
     */
    async markVerified(organizationId: string, id: string, e164: string, timeZone: string | undefined): Promise<boolean> {
      const once = () =>
        db.transaction(async (tx) => {
          await tx
            .update(users)
            .set({ ...unverified, updatedAt: sql`now()` })
            .where(and(eq(users.whatsappNumber, e164), isNotNull(users.whatsappVerifiedAt), ne(users.id, id)));
          const updated = await tx
            .update(users)
            .set({ whatsappVerifiedAt: sql`now()`, ...(timeZone ? { timeZone } : {}), updatedAt: sql`now()` })
            .where(and(own(organizationId, id), eq(users.whatsappNumber, e164)))
            .returning({ id: users.id });
          return updated.length === 1;
        });
      try {
        return await once();
      } catch (e) {
        // Two people verifying the same number at once: the unique index let one through; the other takes it over now.
        if (isUniqueViolation(e)) return once();
        throw e;
      }
    },

    /** Sets the opt-ins given, for a verified number only; answers the state, or null when not verified. */
    async setNotifications(
      organizationId: string,
      id: string,
      set: { morningDigest?: boolean; insightsReady?: boolean },
      timeZone: string | undefined,
    ): Promise<WhatsappNumberState | null> {
      const [row] = await db
        .update(users)
        .set({
          ...(set.morningDigest !== undefined ? { whatsappMorningDigest: set.morningDigest } : {}),
          ...(set.insightsReady !== undefined ? { whatsappInsightsReady: set.insightsReady } : {}),
          ...(timeZone ? { timeZone } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(own(organizationId, id), isNotNull(users.whatsappVerifiedAt)))
        .returning(stateColumns);
      return row ?? null;
    },

    /** Forgets the number, its verification and its opt-ins; answers the number there was. */
    async remove(organizationId: string, id: string): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ phoneNumber: users.whatsappNumber }).from(users).where(own(organizationId, id)).for('update');
        await tx
          .update(users)
          .set({ whatsappNumber: null, ...unverified, updatedAt: sql`now()` })
          .where(own(organizationId, id));
        return before?.phoneNumber ?? null;
      });
    },

    /** The active user who verified this number (E.164), or null. */
    async verifiedByNumber(e164: string): Promise<WhatsappVerifiedUser | null> {
      const [row] = await db
        .select(verifiedColumns)
        .from(users)
        .where(and(eq(users.whatsappNumber, e164), verifiedAndActive));
      return row ? toVerified(row) : null;
    },

    /** The user, when active with a verified number, or null. */
    async verifiedById(id: string): Promise<WhatsappVerifiedUser | null> {
      const [row] = await db
        .select(verifiedColumns)
        .from(users)
        .where(and(eq(users.id, id), verifiedAndActive));
      return row ? toVerified(row) : null;
    },

    /** Active users with a verified number who opted in to the morning digest. */
    async withMorningDigest(): Promise<WhatsappVerifiedUser[]> {
      const rows = await db
        .select(verifiedColumns)
        .from(users)
        .where(and(verifiedAndActive, eq(users.whatsappMorningDigest, true)));
      return rows.map(toVerified);
    },
  };
}

export type WhatsappNumberRepo = ReturnType<typeof createWhatsappNumberRepo>;
