import { and, eq, lt, or, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { integrationConnections, integrationConnectStates, workspaceIntegrations } from '../../db/schema';

export type ConnectionRow = typeof integrationConnections.$inferSelect;
export type WorkspaceIntegrationRow = typeof workspaceIntegrations.$inferSelect;
export type SealedTokens = { accessTokenEnc: string; refreshTokenEnc: string | null; accessExpiresAt: Date };
export type SyncProgressPatch = Partial<
  Pick<WorkspaceIntegrationRow, 'syncState' | 'phase' | 'done' | 'total' | 'message' | 'cursor' | 'startedAt' | 'lastSyncedAt'>
>;

const PROVIDER = 'hubspot';
const mine = (userId: string) => and(eq(integrationConnections.userId, userId), eq(integrationConnections.provider, PROVIDER));
const workspace = (organizationId: string) =>
  and(eq(workspaceIntegrations.organizationId, organizationId), eq(workspaceIntegrations.provider, PROVIDER));

/** HubSpot logins (tokens sealed by the caller), connect states and each workspace's bound portal. */
export function createHubspotConnectionsRepo(db: DbOrTx) {
  return {
    async find(userId: string): Promise<ConnectionRow | undefined> {
      const [row] = await db.select().from(integrationConnections).where(mine(userId));
      return row;
    },
    /** An active login of the workspace to import with: the admin who bound the portal first, else anyone's. */
    async findForWorkspace(organizationId: string, preferUserId: string | null): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(integrationConnections)
        .where(
          and(
            eq(integrationConnections.organizationId, organizationId),
            eq(integrationConnections.provider, PROVIDER),
            eq(integrationConnections.state, 'active'),
          ),
        )
        .orderBy(sql`case when ${integrationConnections.userId} = ${preferUserId} then 0 else 1 end`, integrationConnections.createdAt)
        .limit(1);
      return row;
    },
    async save(input: {
      userId: string;
      organizationId: string;
      accountId: number;
      externalUserId: number | null;
      externalEmail: string | null;
      tokens: SealedTokens;
    }): Promise<void> {
      const { tokens, ...rest } = input;
      const values = { ...rest, ...tokens, provider: PROVIDER, state: 'active', refreshLockUntil: null, updatedAt: new Date() };
      await db
        .insert(integrationConnections)
        .values(values)
        .onConflictDoUpdate({ target: [integrationConnections.userId, integrationConnections.provider], set: values });
    },
    /**
     * Takes the refresh lease (30 s) when no other process holds it: the row as it is now, or
     * undefined when someone else is refreshing.
     */
    async claimRefresh(userId: string): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .update(integrationConnections)
        .set({ refreshLockUntil: sql`now() + interval '30 seconds'` })
        .where(
          and(mine(userId), or(isNull(integrationConnections.refreshLockUntil), lt(integrationConnections.refreshLockUntil, sql`now()`))),
        )
        .returning();
      return row;
    },
    /** Stores refreshed tokens (or only releases the lease) and ends the lease. */
    async finishRefresh(userId: string, tokens: SealedTokens | null, broken = false): Promise<void> {
      await db
        .update(integrationConnections)
        .set({ ...(tokens ?? {}), ...(broken ? { state: 'broken' } : {}), refreshLockUntil: null, updatedAt: new Date() })
        .where(mine(userId));
    },
    async remove(userId: string): Promise<void> {
      await db.delete(integrationConnections).where(mine(userId));
    },

    async addState(input: { state: string; userId: string; browserHash: string; codeVerifier: string; expiresAt: Date }): Promise<void> {
      await db.delete(integrationConnectStates).where(lt(integrationConnectStates.expiresAt, sql`now()`));
      await db.insert(integrationConnectStates).values({ ...input, provider: PROVIDER });
    },
    /** Takes the state (single use): gone after this call whatever the outcome. */
    async takeState(state: string) {
      const [row] = await db
        .delete(integrationConnectStates)
        .where(and(eq(integrationConnectStates.state, state), eq(integrationConnectStates.provider, PROVIDER)))
        .returning();
      return row;
    },

    async workspace(organizationId: string): Promise<WorkspaceIntegrationRow | undefined> {
      const [row] = await db.select().from(workspaceIntegrations).where(workspace(organizationId));
      return row;
    },
    /**
     * Binds the workspace to the portal unless it is bound already (to this one or another) or
     * the portal belongs to another workspace: the binding as it stands after the call.
     */
    async bind(
      organizationId: string,
      accountId: number,
      userId: string,
    ): Promise<{ row: WorkspaceIntegrationRow | undefined; created: boolean }> {
      const inserted = await db
        .insert(workspaceIntegrations)
        .values({ organizationId, provider: PROVIDER, accountId, boundBy: userId })
        // Only the workspace's own row: a portal another workspace holds still fails its unique key.
        .onConflictDoNothing({ target: [workspaceIntegrations.organizationId, workspaceIntegrations.provider] })
        .returning();
      if (inserted[0]) return { row: inserted[0], created: true };
      return { row: await this.workspace(organizationId), created: false };
    },
    async updateSync(organizationId: string, patch: SyncProgressPatch): Promise<void> {
      await db
        .update(workspaceIntegrations)
        .set({ ...patch, updatedAt: new Date() })
        .where(workspace(organizationId));
    },
    /** Bound workspaces whose last sync finished before `before` (or never). */
    async dueForSync(before: Date): Promise<string[]> {
      const rows = await db
        .select({ id: workspaceIntegrations.organizationId })
        .from(workspaceIntegrations)
        .where(
          and(
            eq(workspaceIntegrations.provider, PROVIDER),
            or(isNull(workspaceIntegrations.lastSyncedAt), lt(workspaceIntegrations.lastSyncedAt, before)),
          ),
        );
      return rows.map((r) => r.id);
    },
  };
}

export type HubspotConnectionsRepo = ReturnType<typeof createHubspotConnectionsRepo>;
