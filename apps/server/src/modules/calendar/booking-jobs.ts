import { z } from 'zod';
import type { GoogleApi, GoogleEventWrite } from '../../adapters/google/google-api';
import { declareJob, handleJob } from '../../jobs/define-job';
import type { ModuleJobs } from '../../jobs/recurring-jobs';
import type { GoogleTokenStore } from '../google/google-tokens';
import type { BookingRepo, BookingRow } from './booking-repo';

/**
 * A booked call on its organiser's Google Calendar: insert it (Google invites the attendees), then
 * patch or delete it after an edit or a cancel. 429 and 5xx throw, so the queue retries with
 * backoff; the booking itself is already saved and shown.
 */
export const googleEventJob = declareJob({
  type: 'calendar.google-event',
  payload: z.object({ bookingId: z.uuid(), action: z.enum(['insert', 'patch', 'delete']) }),
  maxAttempts: 8,
});

/** Our id for a booking's Google event: the booking id in Google's alphabet (base32hex: 0-9, a-v). */
export const googleEventIdOf = (bookingId: string): string => bookingId.replace(/-/g, '');

/** A booking as Calendar v3 writes it. */
export function googleEventOf(row: BookingRow): GoogleEventWrite {
  const zone = row.timeZone ?? undefined;
  const end = row.endAt ?? row.startAt;
  return {
    summary: row.title ?? 'Meeting',
    start: { dateTime: row.startAt.toISOString(), ...(zone ? { timeZone: zone } : {}) },
    end: { dateTime: end.toISOString(), ...(zone ? { timeZone: zone } : {}) },
    attendees: row.attendees
      .filter((a) => !a.organizer)
      .map((a) => ({ email: a.email, ...(a.displayName ? { displayName: a.displayName } : {}) })),
    ...(row.meetLink ? { location: row.meetLink, description: `Join: ${row.meetLink}` } : {}),
  };
}

export type BookingJobsDeps = {
  api: Pick<GoogleApi, 'insertEvent' | 'patchEvent' | 'deleteEvent'>;
  tokens: Pick<GoogleTokenStore, 'accessToken'>;
  bookings: Pick<BookingRepo, 'organizerRow'>;
};

export function createBookingJobs(deps: BookingJobsDeps): ModuleJobs {
  const handlers = [
    handleJob(googleEventJob, async ({ bookingId, action }, { signal, log }) => {
      const row = await deps.bookings.organizerRow(bookingId);
      if (!row || !row.organizerId) {
        log.warn('calendar: a booked call left before its Google event was written');
        return;
      }
      const token = await deps.tokens.accessToken(row.organizerId);
      const eventId = row.externalId ?? googleEventIdOf(bookingId);
      if (action === 'delete' || row.status === 'cancelled') return deps.api.deleteEvent(token, eventId, signal);
      if (action === 'insert') return deps.api.insertEvent(token, eventId, googleEventOf(row), signal);
      return deps.api.patchEvent(token, eventId, googleEventOf(row), signal);
    }),
  ];
  return { handlers, schedule: [] };
}
