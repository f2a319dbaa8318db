import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { googleConnections, googleConnectStates } from '../../db/schema';

export type GoogleConnectionRow = typeof googleConnections.$inferSelect;
export type SealedTokens = { accessTokenEnc: string; refreshTokenEnc: string | null; accessExpiresAt: Date | null };

/** Connections (tokens already sealed by the service) and the pending connect states. */
export function createGoogleConnectionsRepo(db: DbOrTx) {
  return {
    async find(userId: string): Promise<GoogleConnectionRow | undefined> {
      const [row] = await db.select().from(googleConnections).where(eq(googleConnections.userId, userId));
      return row;
    },
    /** A new grant replaces the old one whole: active again, and the next sync starts over. */
    async save(
      input: { userId: string; organizationId: string; googleEmail: string | null; scopes: string[] } & SealedTokens,
    ): Promise<void> {
      const values = { ...input, state: 'active', syncToken: null, updatedAt: new Date() };
      await db.insert(googleConnections).values(values).onConflictDoUpdate({ target: googleConnections.userId, set: values });
    },
    async updateTokens(userId: string, tokens: SealedTokens & { scopes?: string[] }): Promise<void> {
      await db
        .update(googleConnections)
        .set({ ...tokens, updatedAt: new Date() })
        .where(eq(googleConnections.userId, userId));
    },
    async markBroken(userId: string): Promise<void> {
      await db
        .update(googleConnections)
        .set({ state: 'broken', syncToken: null, updatedAt: new Date() })
        .where(eq(googleConnections.userId, userId));
    },
    async setSyncToken(userId: string, syncToken: string | null, syncedAt?: Date): Promise<void> {
      await db
        .update(googleConnections)
        .set({ syncToken, ...(syncedAt ? { lastSyncedAt: syncedAt } : {}), updatedAt: new Date() })
        .where(eq(googleConnections.userId, userId));
    },
    async remove(userId: string): Promise<void> {
      await db.delete(googleConnections).where(eq(googleConnections.userId, userId));
    },
    /** Active connections not synced since `before` (never synced ones included). */
    async dueForSync(before: Date): Promise<string[]> {
      const rows = await db
        .select({ userId: googleConnections.userId })
        .from(googleConnections)
        .where(
          and(
            eq(googleConnections.state, 'active'),
            or(isNull(googleConnections.lastSyncedAt), lt(googleConnections.lastSyncedAt, before)),
          ),
        );
      return rows.map((r) => r.userId);
    },

    async addState(input: { state: string; userId: string; codeVerifier: string; expiresAt: Date }): Promise<void> {
      await db.delete(googleConnectStates).where(lt(googleConnectStates.expiresAt, sql`now()`));
      await db.insert(googleConnectStates).values(input);
    },
    /** Takes the state (single use): gone after this call whatever the outcome. */
    async takeState(state: string): Promise<{ userId: string; codeVerifier: string; expiresAt: Date } | undefined> {
      const [row] = await db.delete(googleConnectStates).where(eq(googleConnectStates.state, state)).returning();
      return row;
    },
  };
}

export type GoogleConnectionsRepo = ReturnType<typeof createGoogleConnectionsRepo>;
