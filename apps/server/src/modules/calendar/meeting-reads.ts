import { sql, type SQL } from 'drizzle-orm';
import type { TMeetAttendee } from '@pipewise/contract/videos';
import { execute, type DbOrTx } from '../../db/client';
import { companyFilter, ranked, type MatchTerms } from '../../db/ranked-match';
import { afterCursor, timelineAt, type TimelineKey } from '../../db/timeline-page';
import { scope, type Viewer } from '../access/scopes';

/** The calendar module's reads for other modules: only this module writes SQL against calendar_meetings. */
/** A calendar call. */
export type CallLine = {
  id: string;
  title: string | null;
  startAt: Date;
  endAt: Date | null;
  allDay: boolean;
  ownerId: string;
  owner: string;
  meetLink: string | null;
  dealId: number | null;
  dealName: string | null;
};

/** A meeting's rank in the activity timeline at the same instant (below history, notes and recordings). */
const MEETING_RANK = 1;
/** A call's attendees (email, name, response, organizer), as a recording's participants are taken from it. */
export type CallAttendance = { id: string; startAt: Date; attendees: TMeetAttendee[] };
/** A call beside a company or contact. */
export type RecordCall = { id: string; title: string | null; startAt: Date; dealId: number | null; dealName: string | null };

export function createMeetingReads(db: DbOrTx) {
  return {
    /**
     * The meetings the viewer sees that `email` was invited to (a contact's meetings), after
     * `cursor`, newest first by start: the activity timeline's. Cancelled meetings are left out.
     */
    async attendedBy(viewer: Viewer, email: string, cursor: TimelineKey | null, limit: number) {
      const rows = await execute<{ id: string; at: string; title: string | null }>(
        db,
        sql`
        select m.id::text as id, ${timelineAt(sql`m.start_at`)} as at, m.title
        from calendar_meetings m
        where ${scope.meetings(viewer, 'm')} and m.status <> 'cancelled'
          and m.attendees @> ${JSON.stringify([{ email: email.toLowerCase() }])}::jsonb
          and ${afterCursor(cursor, MEETING_RANK, sql`m.start_at`, sql`m.id::text`)}
        order by m.start_at desc, m.id::text collate "C" desc limit ${limit}`,
      );
      return rows.map((r) => ({ key: { at: r.at, rank: MEETING_RANK, id: r.id }, title: r.title }));
    },

    /**
     * Live calls starting in [from, to) on the calendars of the caller and everyone they see;
     * optionally only calls linked to the accounts' deals. The deal shown only when the caller sees it.
     */
    async calls(caller: Viewer, range: { from: Date; to: Date }, companyIds: string[] | null): Promise<CallLine[]> {
      const rows = await execute<{
        id: string;
        title: string | null;
        start_at: string;
        end_at: string | null;
        all_day: boolean;
        owner_id: string;
        owner: string;
        meet_link: string | null;
        deal_id: string | number | null;
        dealname: string | null;
      }>(
        db,
        sql`
        select m.id, m.title, m.start_at, m.end_at, m.all_day, m.owner_id,
          coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as owner, m.meet_link, d.id as deal_id, d.dealname
        from calendar_meetings m join users u on u.id = m.owner_id
        left join deals d on d.id = m.deal_id and ${scope.deals(caller, 'd')}
        where ${scope.meetings(caller, 'm')}
          and m.status <> 'cancelled' and m.start_at >= ${range.from.toISOString()}::timestamptz
          and m.start_at < ${range.to.toISOString()}::timestamptz ${companyFilter(sql`d.company_id`, companyIds)}
        order by m.start_at, m.id limit 200`,
      );
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        startAt: new Date(r.start_at),
        endAt: r.end_at ? new Date(r.end_at) : null,
        allDay: r.all_day,
        ownerId: r.owner_id,
        owner: r.owner,
        meetLink: r.meet_link,
        dealId: r.deal_id === null ? null : Number(r.deal_id),
        dealName: r.dealname,
      }));
    },

    /**
     * The record screens' calls (issue 29): live calls the caller sees that are linked to a deal of
     * the company (`companyId`) or that the address attended (`email`, any case), newest first; the
     * deal shown only when the caller sees it.
     */
    async ofRecord(caller: Viewer, of: { companyId: string } | { email: string }, limit: number): Promise<RecordCall[]> {
      const which =
        'companyId' in of
          ? sql`d.company_id = ${of.companyId}`
          : sql`exists (select 1 from jsonb_array_elements(m.attendees) a where lower(a->>'email') = ${of.email.toLowerCase()})`;
      const rows = await execute<{
        id: string;
        title: string | null;
        start_at: string | Date;
        deal_id: string | number | null;
        dealname: string | null;
      }>(
        db,
        sql`select m.id, m.title, m.start_at, d.id as deal_id, d.dealname
        from calendar_meetings m left join deals d on d.id = m.deal_id and ${scope.deals(caller, 'd')}
        where ${scope.meetings(caller, 'm')} and m.status <> 'cancelled' and ${which}
        order by m.start_at desc, m.id limit ${limit}`,
      );
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        startAt: new Date(r.start_at),
        dealId: r.deal_id === null ? null : Number(r.deal_id),
        dealName: r.dealname,
      }));
    },

    /**
     * Issue 30: the live calls on the deal that the viewer sees whose time holds `at` (from
     * `marginMinutes` before the start to as long after the end, or after the start when it has
     * none), nearest start first: a recording's matching call, built-in booked or synced from Google.
     */
    async callsAround(viewer: Viewer, dealId: number, at: Date, marginMinutes: number, limit = 5): Promise<CallAttendance[]> {
      const when = sql`${at.toISOString()}::timestamptz`;
      const margin = sql`make_interval(mins => ${marginMinutes})`;
      const rows = await execute<{ id: string; start_at: string | Date; attendees: TMeetAttendee[] | string }>(
        db,
        sql`select m.id, m.start_at, m.attendees from calendar_meetings m
        where ${scope.meetings(viewer, 'm')} and m.status <> 'cancelled' and m.deal_id = ${dealId}
          and m.start_at - ${margin} <= ${when} and coalesce(m.end_at, m.start_at) + ${margin} >= ${when}
        order by abs(extract(epoch from (m.start_at - ${when}))), m.id limit ${limit}`,
      );
      return rows.map((r) => ({
        id: r.id,
        startAt: new Date(r.start_at),
        attendees: typeof r.attendees === 'string' ? (JSON.parse(r.attendees) as TMeetAttendee[]) : r.attendees,
      }));
    },

    /**
     * The header search's statement for calendar meetings (owner's team, not cancelled) by title:
     * at most `limit` rows of (id, title, source 'calendar', at, rank, sort_label), not yet in order (ranked()).
     */
    headerSearch(v: Viewer, t: MatchTerms, limit: number): SQL {
      return ranked(
        {
          select: sql`m.id, m.title, 'calendar' as source, m.start_at as at`,
          from: sql`calendar_meetings m`,
          where: sql`${scope.meetings(v, 'm')} and m.status <> 'cancelled'`,
          label: sql`lower(m.title)`,
        },
        t,
        limit,
      );
    },
  };
}

export type MeetingReads = ReturnType<typeof createMeetingReads>;
