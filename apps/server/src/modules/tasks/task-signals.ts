import { sql } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';

/** A deal's tasks as the confidence score reads them. */
export type DealTaskSignals = {
  /** The last task done on the deal. */
  lastDoneAt: Date | null;
  /** The earliest due day (yyyy-mm-dd) of its open tasks due on or after `today`. */
  nextDue: string | null;
  /** Its open tasks whose due day is before `today`. */
  overdue: number;
};

/** The task signals of each of `dealIds` (deals with no tasks are absent); `today` is yyyy-mm-dd. */
export async function dealTaskSignals(db: DbOrTx, dealIds: number[], today: string): Promise<Map<number, DealTaskSignals>> {
  if (dealIds.length === 0) return new Map();
  const rows = await execute<{ deal_id: string | number; done: string | Date | null; next_due: string | null; overdue: number }>(
    db,
    sql`select deal_id, max(completed_at) filter (where status = 'done') as done,
      to_char(min(due_date) filter (where status = 'open' and due_date >= ${today}::date), 'YYYY-MM-DD') as next_due,
      count(*) filter (where status = 'open' and due_date < ${today}::date)::int as overdue
    from tasks where deal_id = any(array[${sql.join(
      dealIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::bigint[]) group by deal_id`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.deal_id),
      { lastDoneAt: r.done === null ? null : new Date(r.done), nextDue: r.next_due, overdue: r.overdue },
    ]),
  );
}

/** Deals whose tasks changed since `since`, and when. */
export async function dealsWithTasksSince(db: DbOrTx, since: Date): Promise<{ dealId: number; at: Date }[]> {
  const rows = await execute<{ deal_id: string | number; at: string | Date }>(
    db,
    sql`select deal_id, max(updated_at) as at from tasks where deal_id is not null and updated_at > ${since.toISOString()}::timestamptz
      group by deal_id`,
  );
  return rows.map((r) => ({ dealId: Number(r.deal_id), at: new Date(r.at) }));
}
