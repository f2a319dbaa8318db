import { sql, type SQL } from 'drizzle-orm';
import { isAdminRole } from '@pipewise/contract/common';
import { execute, type DbOrTx } from '../../db/client';

export type Viewer = { id: string; organizationId: string; role: string };

/** The signed-in user a service acts for: who they are in the hierarchy, and their address. */
export type Caller = Viewer & { email: string };

/**
 * Who may see whose data: yourself plus everyone below you at any depth; admins and
 * super_admins see their whole workspace; nothing crosses workspaces. Read from the database
 * on every call, so a hierarchy change counts from the next request.
 */
export function createAccessRules(db: DbOrTx) {
  /** A subquery of user ids visible to the viewer, to use as `column in (...)`. */
  function visibleUserIdsSql(viewer: Viewer): SQL {
    if (isAdminRole(viewer.role)) {
      return sql`select id from users where organization_id = ${viewer.organizationId}`;
    }
    return sql`with recursive tree as (
        select id from users where id = ${viewer.id} and organization_id = ${viewer.organizationId}
        union
        select u.id from users u join tree t on u.reports_to = t.id where u.organization_id = ${viewer.organizationId}
      ) select id from tree`;
  }

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
    visibleUserIdsSql,
    subordinateIds,
    async visibleUserIds(viewer: Viewer): Promise<string[]> {
      return (await execute<{ id: string }>(db, visibleUserIdsSql(viewer))).map((r) => r.id);
    },
    async canSeeUser(viewer: Viewer, userId: string): Promise<boolean> {
      return (await execute(db, sql`select 1 as ok where ${userId}::uuid in (${visibleUserIdsSql(viewer)})`)).length > 0;
    },
  };
}

export type AccessRules = ReturnType<typeof createAccessRules>;
