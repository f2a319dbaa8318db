import { sql } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../../db/client';
import type { Caller } from '../../access/access-rules';
import { scope } from '../../access/scopes';
import type { Vocabulary } from './intents';

export type GroupTotal = { key: string | null; label: string; deals: number; amount: string };
export type Company = { id: string; name: string };

/** What questions read besides deal lists: names, per-group totals, accounts. */
export function createWorkspaceRepo(db: DbOrTx) {
  return {
    /** The workspace's people and labels, so a question can name them. */
    async vocabulary(caller: Caller): Promise<Vocabulary> {
      const [people, labels] = await Promise.all([
        execute<{ id: string; first_name: string; last_name: string; email: string }>(
          db,
          sql`
          select id, first_name, last_name, email from users where organization_id = ${caller.organizationId} order by created_at, id`,
        ),
        execute<{ kind: string; label: string }>(
          db,
          sql`
          select distinct 'stage' as kind, s.label from pipeline_stages s join pipelines p on p.id = s.pipeline_id where p.organization_id = ${caller.organizationId}
          union select distinct 'pipeline', label from pipelines where organization_id = ${caller.organizationId}`,
        ),
      ]);
      return {
        callerId: caller.id,
        owners: people.map((p) => ({ id: p.id, firstName: p.first_name, lastName: p.last_name, email: p.email })),
        stages: labels.filter((l) => l.kind === 'stage').map((l) => l.label),
        pipelines: labels.filter((l) => l.kind === 'pipeline').map((l) => l.label),
      };
    },

    /**
     * Deal count and amount per stage, pipeline or owner of the deals the caller may see, from
     * deal_totals (kept by triggers: a few rows per owner, pipeline and stage, not every deal).
     * `openOnly` leaves out closed stages; `companyIds` counts those accounts' deals only (read
     * from deals, which deal_totals cannot split by company).
     */
    async groupTotals(
      caller: Caller,
      by: 'stage' | 'pipeline' | 'owner',
      openOnly: boolean,
      companyIds: string[] | null = null,
    ): Promise<GroupTotal[]> {
      const source = companyIds
        ? sql`(select d.organization_id, d.owner_id, d.pipeline_id, d.stage_id, 1 as deals, coalesce(d.amount, 0) as amount from deals d
            where d.organization_id = ${caller.organizationId} and ${
              companyIds.length
                ? sql`d.company_id in (${sql.join(
                    companyIds.map((id) => sql`${id}::uuid`),
                    sql`, `,
                  )})`
                : sql`false`
            })`
        : sql`deal_totals`;
      const open = openOnly ? sql`not s.is_closed` : sql`true`;
      const group = {
        stage: {
          key: sql`s.id::text`,
          label: sql`s.label || ' (' || p.label || ')'`,
          order: sql`min(p.display_order), min(s.display_order)`,
        },
        pipeline: { key: sql`p.id::text`, label: sql`p.label`, order: sql`min(p.display_order)` },
        owner: {
          key: sql`t.owner_id::text`,
          label: sql`coalesce(nullif(trim(min(u.first_name) || ' ' || min(u.last_name)), ''), min(u.email), 'Unassigned')`,
          order: sql`sum(t.amount) desc`,
        },
      }[by];
      const label = by === 'owner' ? group.label : sql`min(${group.label})`;
      const rows = await execute<{ key: string | null; label: string; deals: number; amount: string }>(
        db,
        sql`
        select ${group.key} as key, ${label} as label, sum(t.deals)::int as deals, sum(t.amount)::numeric(24, 2)::text as amount
        from ${source} t join pipeline_stages s on s.id = t.stage_id join pipelines p on p.id = t.pipeline_id
        left join users u on u.id = t.owner_id
        where ${scope.deals(caller, 't')} and ${open} and t.deals > 0
        group by ${group.key} order by ${group.order}, 2`,
      );
      return rows;
    },

    /**
     * Companies the caller sees (access `scope.companies`) whose name matches the account the
     * question names, case-insensitive: the exact name if one has it, else names that start with
     * it, else names that contain it. Others' accounts are never matched, so never named.
     */
    async companiesNamed(caller: Caller, account: string): Promise<Company[]> {
      const name = account.trim().toLowerCase();
      const escaped = name.replace(/[\\%_]/g, (c) => `\\${c}`);
      const rows = await execute<{ id: string; name: string; rank: number }>(
        db,
        sql`
        select id, name, case when lower(name) = ${name} then 0 when lower(name) like ${`${escaped}%`} then 1 else 2 end as rank
        from companies where ${scope.companies(caller)} and lower(name) like ${`%${escaped}%`}
        order by rank, lower(name) limit 50`,
      );
      const best = rows[0]?.rank;
      return rows.filter((r) => r.rank === best).map((r) => ({ id: r.id, name: r.name }));
    },
  };
}

export type WorkspaceRepo = ReturnType<typeof createWorkspaceRepo>;
