import { sql } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import { idsBelow, seesWholeWorkspace, visibleUserIds, type Viewer } from './scopes';

export type { Viewer } from './scopes';

/** The signed-in user a service acts for: who they are in the hierarchy, and their address. */
export type Caller = Viewer & { email: string };

/**
 * The ids of the users whose records the viewer sees, read now as a list; null when the viewer
 * sees the whole workspace (their scopes have no owner condition). For a statement the planner
 * should plan knowing how many owners there are (the deals list's searches).
 */
export async function listedOwnerIds(db: DbOrTx, viewer: Viewer): Promise<string[] | null> {
  if (seesWholeWorkspace(viewer)) return null;
  return (await execute<{ id: string }>(db, visibleUserIds(viewer))).map((r) => r.id);
}

/**
 * The visibility rule's questions that a service asks outright (scopes.ts holds the rule as SQL
 * that queries compose): which users a viewer sees, whether they see one, who is below someone.
 * Read from the database on every call, so a hierarchy change counts from the next request.
 */
export function createAccessRules(db: DbOrTx) {
  /** Everyone strictly below a user, at any depth (scopes.ts holds the query). */
  async function subordinateIds(userId: string, organizationId: string): Promise<string[]> {
    return (await execute<{ id: string }>(db, idsBelow(organizationId, userId))).map((r) => r.id);
  }

  return {
    subordinateIds,
    async visibleUserIds(viewer: Viewer): Promise<string[]> {
      return (await execute<{ id: string }>(db, visibleUserIds(viewer))).map((r) => r.id);
    },
    async canSeeUser(viewer: Viewer, userId: string): Promise<boolean> {
      return (await execute(db, sql`select 1 as ok where ${userId}::uuid in (${visibleUserIds(viewer)})`)).length > 0;
    },
  };
}

export type AccessRules = ReturnType<typeof createAccessRules>;
