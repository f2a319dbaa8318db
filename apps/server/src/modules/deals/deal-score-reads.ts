import { sql, type SQL } from 'drizzle-orm';
import type { TDealScoreFactor } from '@pipewise/contract/deals';
import { execute, type DbOrTx } from '../../db/client';

/**
 * The deals module's reads and one write for the confidence score (deal-score module, issue 30): a
 * deal's own signals, its stakeholders' names, the stage medians, and storing a computed score. The
 * score is workspace data, like the deal's own columns: callers' visibility is checked where it is shown.
 */

/** What the score reads of a deal itself. */
export type DealScoreBasics = {
  id: number;
  organizationId: string;
  dealname: string;
  createdAt: Date;
  /** yyyy-mm-dd */
  closedate: string | null;
  nextsteps: string | null;
  kdm: string | null;
  pipelineId: string;
  stageId: string;
  stageLabel: string;
  probability: number | null;
  isClosed: boolean;
  isWon: boolean;
  stageOrder: number;
  stageCount: number;
  computedAt: Date | null;
  /** The deal's contacts (stakeholders): the decision maker may be one of them. */
  contacts: { id: string; name: string; email: string | null }[];
};

type BasicsRow = {
  id: string | number;
  organization_id: string;
  dealname: string;
  created_at: string | Date;
  closedate: string | null;
  nextsteps: string | null;
  kdm: string | null;
  pipeline_id: string;
  stage_id: string;
  stage_label: string;
  probability: number | null;
  is_closed: boolean;
  is_won: boolean;
  stage_order: number;
  stage_count: number;
  computed_at: string | Date | null;
  contacts: { id: string; name: string; email: string | null }[] | null;
};

const ids = (dealIds: number[]) =>
  sql`array[${sql.join(
    dealIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::bigint[]`;

/** The deals among `dealIds` with their stage and contacts. */
export async function dealScoreBasics(db: DbOrTx, dealIds: number[]): Promise<DealScoreBasics[]> {
  if (dealIds.length === 0) return [];
  const rows = await execute<BasicsRow>(
    db,
    sql`select d.id, d.organization_id, d.dealname, d.created_at, to_char(d.closedate, 'YYYY-MM-DD') as closedate, d.nextsteps, d.kdm,
      d.pipeline_id, d.stage_id, s.label as stage_label, s.probability, s.is_closed, s.is_won, s.display_order as stage_order,
      (select count(*)::int from pipeline_stages s2 where s2.pipeline_id = d.pipeline_id) as stage_count,
      d.confidence_computed_at as computed_at,
      (select json_agg(json_build_object('id', c.id, 'name', trim(c.firstname || ' ' || c.lastname), 'email', c.email))
        from deal_stakeholders ds join contacts c on c.id = ds.contact_id where ds.deal_id = d.id) as contacts
    from deals d join pipeline_stages s on s.id = d.stage_id where d.id = any(${ids(dealIds)})`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    organizationId: r.organization_id,
    dealname: r.dealname,
    createdAt: new Date(r.created_at),
    closedate: r.closedate,
    nextsteps: r.nextsteps,
    kdm: r.kdm,
    pipelineId: r.pipeline_id,
    stageId: r.stage_id,
    stageLabel: r.stage_label,
    probability: r.probability,
    isClosed: r.is_closed,
    isWon: r.is_won,
    stageOrder: r.stage_order,
    stageCount: r.stage_count,
    computedAt: r.computed_at === null ? null : new Date(r.computed_at),
    contacts: r.contacts ?? [],
  }));
}

/**
 * The median days the deals of each open stage have spent in it, per stage (`stageIds`, or every
 * open stage of the workspace when null; stages with fewer than `minDeals` deals have none: too few
 * to compare with). `enteredAt(alias)` is the SQL of when a deal (as `alias`) entered its current
 * stage, from the history's owner (crm-changes).
 */
export async function stageMedianDays(
  db: DbOrTx,
  organizationId: string,
  stageIds: string[] | null,
  enteredAt: (dealAlias: string) => SQL,
  minDeals = 3,
): Promise<Map<string, number>> {
  if (stageIds !== null && stageIds.length === 0) return new Map();
  const stages =
    stageIds === null
      ? sql`d.stage_id in (select s.id from pipeline_stages s join pipelines p on p.id = s.pipeline_id
          where p.organization_id = ${organizationId} and not s.is_closed)`
      : sql`d.stage_id = any(array[${sql.join(
          stageIds.map((s) => sql`${s}::uuid`),
          sql`, `,
        )}])`;
  const rows = await execute<{ stage_id: string; median: number | null }>(
    db,
    sql`select d.stage_id,
        percentile_cont(0.5) within group (order by extract(epoch from now() - ${enteredAt('d')}) / 86400)::float8 as median
      from deals d where d.organization_id = ${organizationId} and ${stages}
      group by d.stage_id having count(*) >= ${minDeals}`,
  );
  return new Map(rows.filter((r) => r.median !== null).map((r) => [r.stage_id, Math.round(r.median!)]));
}

/**
 * Up to `limit` deals whose score is missing or was computed before `before` (the day's start), any
 * workspace, oldest first: the daily sweep's work.
 */
export async function dealsScoredBefore(db: DbOrTx, before: Date, limit: number): Promise<number[]> {
  const rows = await execute<{ id: string | number }>(
    db,
    sql`select id from deals where confidence_computed_at is null or confidence_computed_at < ${before.toISOString()}::timestamptz
      order by confidence_computed_at nulls first limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
}

/** Of `changes` (a deal and when one of its inputs changed), the deals whose score is older than that change. */
export async function dealsChangedSinceScored(db: DbOrTx, changes: { dealId: number; at: Date }[]): Promise<number[]> {
  if (changes.length === 0) return [];
  const latest = new Map<number, Date>();
  for (const c of changes) if (!latest.has(c.dealId) || latest.get(c.dealId)! < c.at) latest.set(c.dealId, c.at);
  const rows = await execute<{ id: string | number; computed_at: string | Date | null }>(
    db,
    sql`select id, confidence_computed_at as computed_at from deals where id = any(${ids([...latest.keys()])})`,
  );
  return rows.filter((r) => r.computed_at === null || new Date(r.computed_at) < latest.get(Number(r.id))!).map((r) => Number(r.id));
}

/** A computed score to store. */
export type StoredScore = { dealId: number; score: number; factors: TDealScoreFactor[] };

/**
 * Stores computed scores in one statement. It touches neither version nor updated_at (a score is
 * not an edit: an open edit form must not get a 409 from it) and writes no history (migration 0035).
 */
export async function storeDealScores(db: DbOrTx, scores: StoredScore[], at: Date): Promise<void> {
  if (scores.length === 0) return;
  const values = sql.join(
    scores.map((s) => sql`(${s.dealId}::bigint, ${s.score}::int, ${JSON.stringify(s.factors)}::jsonb)`),
    sql`, `,
  );
  await db.execute(sql`update deals d set confidence_score = v.score, confidence_factors = v.factors,
      confidence_computed_at = ${at.toISOString()}::timestamptz
    from (values ${values}) as v(id, score, factors) where d.id = v.id`);
}
