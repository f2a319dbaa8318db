import { sql } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';

/** A deal's recorded calls as the confidence score reads them. */
export type DealRecordingSignals = {
  /** When its latest recording was made (recorded, else uploaded). */
  lastAt: Date;
  /** The sentiment of its latest processed recordings, newest first (up to 3). */
  sentiments: { sentiment: string; at: Date }[];
  /** Who attended its recordings: names, emails and contact ids, with the recording's time. */
  participants: { name: string | null; email: string | null; contactId: string | null; at: Date }[];
};

type Row = {
  deal_id: string | number;
  last_at: string | Date;
  sentiments: { sentiment: string; at: string }[] | null;
  participants: { name: string | null; email: string | null; contact_id: string | null; at: string }[] | null;
};

/** The recording signals of each of `dealIds` (deals without recordings are absent). */
export async function dealRecordingSignals(db: DbOrTx, dealIds: number[]): Promise<Map<number, DealRecordingSignals>> {
  if (dealIds.length === 0) return new Map();
  const rows = await execute<Row>(
    db,
    sql`select r.deal_id, max(coalesce(r.recorded_at, r.created_at)) as last_at,
      (select json_agg(x) from (select r2.sentiment, coalesce(r2.recorded_at, r2.created_at) as at from recordings r2
        where r2.deal_id = r.deal_id and r2.sentiment is not null
        order by coalesce(r2.recorded_at, r2.created_at) desc limit 3) x) as sentiments,
      (select json_agg(json_build_object('name', p.name, 'email', p.email, 'contact_id', p.contact_id,
          'at', coalesce(r3.recorded_at, r3.created_at)))
        from recordings r3 join recording_participants p on p.recording_id = r3.id where r3.deal_id = r.deal_id) as participants
    from recordings r where r.deal_id = any(array[${sql.join(
      dealIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::bigint[]) group by r.deal_id`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.deal_id),
      {
        lastAt: new Date(r.last_at),
        sentiments: (r.sentiments ?? []).map((s) => ({ sentiment: s.sentiment, at: new Date(s.at) })),
        participants: (r.participants ?? []).map((p) => ({ name: p.name, email: p.email, contactId: p.contact_id, at: new Date(p.at) })),
      },
    ]),
  );
}

/** Deals whose recordings (or their participants) changed since `since`, and when. */
export async function dealsWithRecordingsSince(db: DbOrTx, since: Date): Promise<{ dealId: number; at: Date }[]> {
  const rows = await execute<{ deal_id: string | number; at: string | Date }>(
    db,
    sql`select deal_id, max(at) as at from (
        select deal_id, updated_at as at from recordings where deal_id is not null and updated_at > ${since.toISOString()}::timestamptz
        union all
        select r.deal_id, p.created_at from recording_participants p join recordings r on r.id = p.recording_id
        where r.deal_id is not null and p.created_at > ${since.toISOString()}::timestamptz) c group by deal_id`,
  );
  return rows.map((r) => ({ dealId: Number(r.deal_id), at: new Date(r.at) }));
}
