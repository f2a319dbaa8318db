import { sql } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import { visibleUserIds, type Viewer } from './scopes';

export type { Viewer } from './scopes';

/** The signed-in user a service acts for: who they are in the hierarchy, and their address. */
export type Caller = Viewer & { email: string };

/**
 * The visibility rule's questions that a service asks outright (scopes.ts holds the rule as SQL
 * that queries compose): which users a viewer sees, whether they see one, who is below someone.
 * Read from the database on every call, so a hierarchy change counts from the next request.
 */
export function createAccessRules(db: DbOrTx) {
  /** Everyone strictly below a user, at any depth (cycles cannot loop: `union` drops repeats). */
  async function subordinateIds(userId: string, organizationId: string): Promise<string[]> {
    const rows = await execute<{ id: string }>(
      db,
      sql`
      with recursive tree as (
        select id from users where reports_to = ${userId} and organization_id = ${organizationId}
        union
        select u.id from users u join tree t on u.reports_to = t.id where u.organization_id = ${organizationId}
      ) select id from tree where id <> ${userId}`,
    );
    return rows.map((r) => r.id);
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
