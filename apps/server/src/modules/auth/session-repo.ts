import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations, sessions, users } from '../../db/schema';
import { SESSION_TTL_MS, type SessionRecord } from '../../plugins/session';

// The session's lifetime and shape are the session plugin's (it renews and reads them on every request).
export { SESSION_RENEW_AFTER_MS, SESSION_TTL_MS, type SessionRecord, type SessionUser } from '../../plugins/session';

/** Deletes expired sessions, sign-in codes and Google sign-in states (the hourly cleanup). */
export async function removeExpiredSignIns(db: Db): Promise<void> {
  await db.execute(sql`delete from sessions where expires_at < now()`);
  await db.execute(sql`delete from otp_codes where expires_at < now()`);
  await db.execute(sql`delete from oauth_states where expires_at < now()`);
}

export function createSessionRepo(db: Db) {
  return {
    async create(userId: string, tokenHash: string, userAgent: string | undefined): Promise<{ id: string; expiresAt: Date }> {
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      const [row] = await db
        .insert(sessions)
        .values({ userId, tokenHash, expiresAt, userAgent: userAgent?.slice(0, 300) })
        .returning({ id: sessions.id });
      return { id: row!.id, expiresAt };
    },

    async findLive(tokenHash: string): Promise<SessionRecord | null> {
      const [row] = await db
        .select({
          id: sessions.id,
          expiresAt: sessions.expiresAt,
          user: {
            id: users.id,
            email: users.email,
            firstName: users.firstName,
            lastName: users.lastName,
            phoneNumber: users.phoneNumber,
            role: users.role,
            team: users.team,
            status: users.status,
            reportsTo: users.reportsTo,
            organizationId: users.organizationId,
            organizationName: organizations.name,
            organizationDomain: organizations.domain,
          },
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .where(and(eq(sessions.tokenHash, tokenHash), sql`${sessions.expiresAt} > now()`));
      return row ?? null;
    },

    async renew(sessionId: string): Promise<Date> {
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await db.update(sessions).set({ expiresAt, lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
      return expiresAt;
    },

    async delete(sessionId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async deleteForUser(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    async deleteExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}

export type SessionRepo = ReturnType<typeof createSessionRepo>;
