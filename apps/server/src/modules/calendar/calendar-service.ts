import { isTeamCall, type TCalendarMeeting } from '@pipewise/contract/calendar';
import { badRequest } from '../../lib/http-error';
import type { Caller } from '../access/access-rules';
import type { MeetingRow, MeetingsRepo } from './meetings-repo';

const DAY_MS = 86_400_000;
/** The longest range one call may ask for. */
const MAX_RANGE_DAYS = 400;

/** Default: from the start of yesterday (UTC) to 90 days ahead, so "today" holds in every time zone. */
export function rangeOf(query: { from?: string; to?: string }, now = new Date()): { from: Date; to: Date } {
  const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = query.from ? new Date(query.from) : new Date(startOfToday - DAY_MS);
  const to = query.to ? new Date(query.to) : new Date(now.getTime() + 90 * DAY_MS);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw badRequest('from and to must be ISO date-times.');
  if (to <= from) throw badRequest('to must be after from.');
  if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) throw badRequest(`The range may span at most ${MAX_RANGE_DAYS} days.`);
  return { from, to };
}

function toMeeting(row: MeetingRow, isTeam: boolean): TCalendarMeeting {
  return {
    id: row.id,
    summary: row.title,
    start_time: row.startAt.toISOString(),
    end_time: row.endAt?.toISOString() ?? null,
    timezone: row.timeZone,
    all_day: row.allDay,
    status: row.status as TCalendarMeeting['status'],
    attendees: row.attendees,
    organizer: row.organizerEmail,
    meet_link: row.meetLink,
    is_team: isTeam,
    deal_id: row.dealId === null ? null : String(row.dealId),
    deal_name: row.dealName,
    owner_email: row.ownerEmail,
    source: row.source as TCalendarMeeting['source'],
    ...(row.canManage !== undefined ? { can_manage: row.canManage } : {}),
  };
}

/**
 * A call booked in Pipewise sits on each attending user's calendar: the team list shows it once,
 * the caller's own row when they attend, else the organiser's (the first one listed otherwise).
 */
export function onePerBooking(rows: MeetingRow[], viewerId: string): MeetingRow[] {
  const chosen = new Map<string, MeetingRow>();
  for (const row of rows) {
    if (!row.bookingId) continue;
    const held = chosen.get(row.bookingId);
    const rank = (r: MeetingRow) => (r.ownerId === viewerId ? 2 : r.organizerEmail === r.ownerEmail.toLowerCase() ? 1 : 0);
    if (!held || rank(row) > rank(held)) chosen.set(row.bookingId, row);
  }
  return rows.filter((row) => !row.bookingId || chosen.get(row.bookingId) === row);
}

export function createCalendarService(deps: { meetings: Pick<MeetingsRepo, 'list'>; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    /** The caller's own calendar. */
    async userMeetings(caller: Caller, query: { from?: string; to?: string }): Promise<TCalendarMeeting[]> {
      const rows = await deps.meetings.list(caller, 'own', rangeOf(query, now()));
      return rows.map((r) => toMeeting(r, isTeamCall({ is_team: r.isTeam, attendees: r.attendees })));
    },
    /** The caller's and everyone's below them (the whole workspace for admins); others' meetings are team calls. */
    async teamMeetings(caller: Caller, query: { from?: string; to?: string }): Promise<TCalendarMeeting[]> {
      const rows = onePerBooking(await deps.meetings.list(caller, 'team', rangeOf(query, now())), caller.id);
      return rows.map((r) => toMeeting(r, r.ownerId !== caller.id || isTeamCall({ is_team: r.isTeam, attendees: r.attendees })));
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
