import { sql } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';

/** A deal's calendar calls that took place, as the confidence score reads them. */
export type DealCallSignals = {
  lastAt: Date;
  /** Each attendee of those calls (email, name when the calendar gives one) with the call's start. */
  attendees: { email: string; name: string | null; at: Date }[];
};

/**
 * The calls of each of `dealIds` that started before `now` and were not cancelled (a booked call's
 * copies on each attendee's calendar count once by time).
 */
export async function dealCallSignals(db: DbOrTx, dealIds: number[], now: Date): Promise<Map<number, DealCallSignals>> {
  if (dealIds.length === 0) return new Map();
  const rows = await execute<{
    deal_id: string | number;
    last_at: string | Date;
    attendees: { email: string; name: string | null; at: string }[] | null;
  }>(
    db,
    sql`select m.deal_id, max(m.start_at) as last_at,
      json_agg(json_build_object('email', a->>'email', 'name', a->>'displayName', 'at', m.start_at))
        filter (where a is not null) as attendees
    from calendar_meetings m left join lateral jsonb_array_elements(m.attendees) a on true
    where m.deal_id = any(array[${sql.join(
      dealIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::bigint[]) and m.start_at <= ${now.toISOString()}::timestamptz and m.status <> 'cancelled'
    group by m.deal_id`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.deal_id),
      { lastAt: new Date(r.last_at), attendees: (r.attendees ?? []).map((a) => ({ email: a.email, name: a.name, at: new Date(a.at) })) },
    ]),
  );
}

/** Deals whose calls changed since `since` (or took place since), and when. */
export async function dealsWithCallsSince(db: DbOrTx, since: Date, now: Date): Promise<{ dealId: number; at: Date }[]> {
  const rows = await execute<{ deal_id: string | number; at: string | Date }>(
    db,
    sql`select deal_id, max(greatest(updated_at, least(start_at, ${now.toISOString()}::timestamptz))) as at from calendar_meetings
      where deal_id is not null and (updated_at > ${since.toISOString()}::timestamptz
        or start_at between ${since.toISOString()}::timestamptz and ${now.toISOString()}::timestamptz)
      group by deal_id`,
  );
  return rows.map((r) => ({ dealId: Number(r.deal_id), at: new Date(r.at) }));
}
