import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations, sessions, users } from '../../db/schema';

export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
/** A session is renewed (new expiry, cookie re-sent) once it is a day older than its last renewal. */
export const SESSION_RENEW_AFTER_MS = 24 * 3600 * 1000;

export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  role: string;
  team: string;
  status: string;
  reportsTo: string | null;
  organizationId: string;
  organizationName: string;
  organizationDomain: string;
};

export type SessionRecord = { id: string; expiresAt: Date; user: SessionUser };

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
