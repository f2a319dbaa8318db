import { sql } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';

/** The latest note on each of `dealIds` (the confidence score's activity signal). */
export async function lastDealNotes(db: DbOrTx, organizationId: string, dealIds: number[]): Promise<Map<number, Date>> {
  if (dealIds.length === 0) return new Map();
  const rows = await execute<{ record_id: string; at: string | Date }>(
    db,
    sql`select record_id, max(created_at) as at from notes
      where organization_id = ${organizationId} and record_type = 'deal' and record_id = any(array[${sql.join(
        dealIds.map((id) => sql`${String(id)}`),
        sql`, `,
      )}]::text[]) group by record_id`,
  );
  return new Map(rows.map((r) => [Number(r.record_id), new Date(r.at)]));
}

/** Deals with a note written or edited since `since`, and when. */
export async function dealsWithNotesSince(db: DbOrTx, since: Date): Promise<{ dealId: number; at: Date }[]> {
  const rows = await execute<{ record_id: string; at: string | Date }>(
    db,
    sql`select record_id, max(updated_at) as at from notes
      where record_type = 'deal' and updated_at > ${since.toISOString()}::timestamptz group by record_id`,
  );
  return rows.map((r) => ({ dealId: Number(r.record_id), at: new Date(r.at) }));
}
