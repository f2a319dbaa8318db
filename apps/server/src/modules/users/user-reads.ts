import { sql, type SQL } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import type { MatchTerms } from '../../db/ranked-match';
import type { Viewer } from '../access/scopes';

/** The users module's reads for other modules: only this module writes SQL against users. */

/** A header search hit: a person of the workspace. */
export type PersonSearchRow = { id: string; first_name: string; last_name: string; email: string; team: string; status: string };

export function createUserReads(db: DbOrTx) {
  return {
    /** Everyone in the caller's workspace (a question may name any of them), oldest first. */
    async workspacePeople(caller: Viewer) {
      return execute<{ id: string; first_name: string; last_name: string; email: string }>(
        db,
        sql`
          select id, first_name, last_name, email from users where organization_id = ${caller.organizationId} order by created_at, id`,
      );
    },

    /** The header search's statement for the workspace's people (everyone in it sees its Users list) by name, email or team. */
    headerSearch(v: Viewer, t: MatchTerms, limit: number): SQL {
      // A workspace has tens of people, read through users_org_idx: substring even for short terms.
      const name = sql`lower(u.first_name || ' ' || u.last_name)`;
      return sql`
      select u.id, u.first_name, u.last_name, u.email, u.team, u.status
      from users u
      where u.organization_id = ${v.organizationId}
        and lower(u.first_name || ' ' || u.last_name || E'\\x1f' || u.email || E'\\x1f' || u.team) like ${t.anywhere}
      order by (${name} like ${t.prefix}) desc, ${name}, u.id
      limit ${limit}`;
    },
  };
}

export type UserReads = ReturnType<typeof createUserReads>;
