import { RESPONSE_STATUSES, type TMeetAttendee } from '@pipewise/contract/videos';
import type { TGoogleEvent } from '../../adapters/google/google-schemas';

/** A Google event as a meeting row of its owner's calendar. */
export type SyncedMeeting = {
  externalId: string;
  title: string | null;
  startAt: Date;
  endAt: Date | null;
  timeZone: string | null;
  allDay: boolean;
  status: 'confirmed' | 'tentative';
  attendees: TMeetAttendee[];
  organizerEmail: string | null;
  meetLink: string | null;
};

/** What one page of events asks of the store: meetings to upsert, event ids that were cancelled. */
export type EventsPageChanges = { upserts: SyncedMeeting[]; cancelledIds: string[]; skipped: number };

const RESPONSES: ReadonlySet<string> = new Set(RESPONSE_STATUSES);

/** An all-day event's date (YYYY-MM-DD) as midnight UTC: `all_day` tells the reader to show the date only. */
function parseTime(time: { dateTime?: string; date?: string } | undefined): { at: Date; allDay: boolean } | null {
  if (time?.dateTime) {
    const at = new Date(time.dateTime);
    return Number.isNaN(at.getTime()) ? null : { at, allDay: false };
  }
  if (time?.date && /^\d{4}-\d{2}-\d{2}$/.test(time.date)) {
    const at = new Date(`${time.date}T00:00:00Z`);
    return Number.isNaN(at.getTime()) ? null : { at, allDay: true };
  }
  return null;
}

function meetLinkOf(event: TGoogleEvent): string | null {
  if (event.hangoutLink) return event.hangoutLink;
  const video = event.conferenceData?.entryPoints?.find((e) => e.entryPointType === 'video' && e.uri);
  return video?.uri ?? null;
}

function attendeesOf(event: TGoogleEvent): TMeetAttendee[] {
  return (event.attendees ?? []).flatMap((a) => {
    if (!a.email) return []; // rooms and resources without an address
    const attendee: TMeetAttendee = {
      email: a.email.toLowerCase(),
      responseStatus:
        a.responseStatus && RESPONSES.has(a.responseStatus) ? (a.responseStatus as TMeetAttendee['responseStatus']) : 'needsAction',
    };
    if (a.displayName) attendee.displayName = a.displayName;
    if (a.organizer) attendee.organizer = true;
    if (a.self) attendee.self = true;
    return [attendee];
  });
}

/** One event as a meeting, or null when Google sent nothing usable (no id or no start). */
export function eventToMeeting(event: TGoogleEvent, calendarTimeZone: string | null): SyncedMeeting | null {
  const start = parseTime(event.start);
  if (!start) return null;
  const end = parseTime(event.end);
  return {
    externalId: event.id,
    title: event.summary?.trim() || null,
    startAt: start.at,
    endAt: end?.at ?? null,
    timeZone: event.start?.timeZone ?? calendarTimeZone,
    allDay: start.allDay,
    status: event.status === 'tentative' ? 'tentative' : 'confirmed',
    attendees: attendeesOf(event),
    organizerEmail: event.organizer?.email?.toLowerCase() ?? null,
    meetLink: meetLinkOf(event),
  };
}

/** Sorts a page into upserts and cancellations; the last version of an event in the page wins. */
export function changesFromEvents(events: TGoogleEvent[], calendarTimeZone: string | null): EventsPageChanges {
  const upserts = new Map<string, SyncedMeeting>();
  const cancelled = new Set<string>();
  let skipped = 0;
  for (const event of events) {
    if (event.status === 'cancelled') {
      upserts.delete(event.id);
      cancelled.add(event.id);
      continue;
    }
    const meeting = eventToMeeting(event, calendarTimeZone);
    if (!meeting) {
      skipped++;
      continue;
    }
    cancelled.delete(event.id);
    upserts.set(event.id, meeting);
  }
  return { upserts: [...upserts.values()], cancelledIds: [...cancelled], skipped };
}
