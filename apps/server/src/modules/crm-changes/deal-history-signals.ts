import { sql, type SQL } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';

/**
 * What the confidence score (deal-score module) reads of deals' history: the last field change, how
 * often the close date moved later, and when the deal entered its current stage.
 */
export type DealHistorySignals = {
  /** The last change of any field (the score's own columns write no history). */
  lastChangeAt: Date | null;
  /** Close-date changes to a later date. */
  closeDatePushes: number;
  /** The last change of the stage, or null when it never moved. */
  stageChangedAt: Date | null;
};

type Row = { record_id: string; last_change: string | Date | null; pushes: number; stage_changed: string | Date | null };

const at = (v: string | Date | null) => (v === null ? null : new Date(v));

/** The history signals of each of `dealIds` in one workspace (deals with no history are absent). */
export async function dealHistorySignals(db: DbOrTx, organizationId: string, dealIds: number[]): Promise<Map<number, DealHistorySignals>> {
  if (dealIds.length === 0) return new Map();
  const rows = await execute<Row>(
    db,
    sql`select h.record_id, max(h.created_at) as last_change,
      count(*) filter (where h.field = 'closedate' and h.old_value is not null and h.new_value is not null
        and h.new_value::date > h.old_value::date)::int as pushes,
      max(h.created_at) filter (where h.field = 'stage_id') as stage_changed
    from record_history h
    where h.organization_id = ${organizationId} and h.record_type = 'deal'
      and h.record_id = any(array[${sql.join(
        dealIds.map((id) => sql`${String(id)}`),
        sql`, `,
      )}]::text[])
    group by h.record_id`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.record_id),
      { lastChangeAt: at(r.last_change), closeDatePushes: r.pushes, stageChangedAt: at(r.stage_changed) },
    ]),
  );
}

/** SQL for when the deal `dealAlias` entered its current stage: its last stage change, else its creation. */
export const stageEnteredAtSql = (dealAlias: string): SQL =>
  sql.raw(`coalesce((select max(h.created_at) from record_history h where h.organization_id = ${dealAlias}.organization_id
    and h.record_type = 'deal' and h.record_id = ${dealAlias}.id::text and h.field = 'stage_id'), ${dealAlias}.created_at)`);

/** Deals with a history row since `since`, and when: inputs of their score changed. */
export async function dealsChangedInHistory(db: DbOrTx, since: Date): Promise<{ dealId: number; at: Date }[]> {
  const rows = await execute<{ record_id: string; at: string | Date }>(
    db,
    sql`select record_id, max(created_at) as at from record_history
      where record_type = 'deal' and created_at > ${since.toISOString()}::timestamptz group by record_id`,
  );
  return rows.map((r) => ({ dealId: Number(r.record_id), at: new Date(r.at) }));
}
