import { z } from 'zod';
import { ZMeetAttendee } from './videos';

/** A calendar meeting as both calendar calls answer it (the spec's Calendar meeting entity). */
export const ZCalendarMeeting = z.object({
  id: z.string(),
  summary: z.string().nullable(),
  start_time: z.string(),
  end_time: z.string().nullable(),
  timezone: z.string().nullable(),
  all_day: z.boolean(),
  status: z.enum(['confirmed', 'tentative', 'cancelled']),
  attendees: z.array(ZMeetAttendee),
  organizer: z.string().nullable(),
  meet_link: z.string().nullable(),
  /** true for a team call; null leaves it to the rule (more than 2 attendees). */
  is_team: z.boolean().nullable(),
  deal_id: z.string().nullable(),
  deal_name: z.string().nullable(),
  /** Whose calendar it is on. */
  owner_email: z.string(),
  source: z.enum(['builtin', 'google']),
  /** Booked in Pipewise and the caller is its organiser: the calls panel offers Edit and Cancel. */
  can_manage: z.boolean().optional(),
});
export type TCalendarMeeting = z.infer<typeof ZCalendarMeeting>;

export const ZCalendarRangeQuery = z.object({
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
});
export const ZUserMeetings = z.object({ status: z.literal('success'), meetings: z.array(ZCalendarMeeting) });
export const ZTeamMeetings = z.object({ meetings: z.array(ZCalendarMeeting) });

/** The texts a booking's refusals answer with (beside the field they are about on the screen). */
export const BOOKING_MESSAGES = {
  title: 'Give the call a title.',
  titleTooLong: 'The title can be at most 200 characters.',
  start: 'Give the start as a date and time.',
  startInPast: 'The call must start in the future.',
  durationTooShort: 'A call lasts at least 1 minute.',
  durationTooLong: 'A call lasts at most 24 hours (1440 minutes).',
  tooManyAttendees: 'A call can have at most 100 attendees.',
  badEmail: 'Each attendee needs a valid email address.',
  meetLink: 'The meeting link must be an http or https address.',
  timeZone: 'Unknown time zone.',
  notFound: 'Meeting not found',
  notBooked: 'This call comes from a connected calendar: change it there.',
  cancelled: 'This call was cancelled.',
} as const;

/** The lengths the dialog offers; any other length from 1 to 1440 minutes is "custom". */
export const CALL_LENGTHS = [15, 30, 45, 60, 90] as const;

const ZBookingFields = {
  title: z.string().trim().min(1, BOOKING_MESSAGES.title).max(200, BOOKING_MESSAGES.titleTooLong),
  /** An ISO date-time with its offset: the date and time the caller picked, in their zone. */
  start_time: z.string().datetime({ offset: true, message: BOOKING_MESSAGES.start }),
  duration_minutes: z.number().int().min(1, BOOKING_MESSAGES.durationTooShort).max(1440, BOOKING_MESSAGES.durationTooLong),
  /** The caller's IANA zone (shown with the call); UTC when absent. */
  time_zone: z.string().min(1).max(64).optional(),
  /** Workspace users and outside addresses; the organiser need not be listed. */
  attendees: z
    .array(z.string().trim().toLowerCase().pipe(z.email(BOOKING_MESSAGES.badEmail).max(254, BOOKING_MESSAGES.badEmail)))
    .max(100, BOOKING_MESSAGES.tooManyAttendees),
  meet_link: z
    .url({ protocol: /^https?$/, message: BOOKING_MESSAGES.meetLink })
    .max(2048, BOOKING_MESSAGES.meetLink)
    .nullable()
    .optional(),
  deal_id: z
    .string()
    .regex(/^\d{1,18}$/, 'deal_id must be a deal id.')
    .nullable()
    .optional(),
};
/** POST /api/calendar/meetings: book a call. */
export const ZMeetingBookingBody = z.object(ZBookingFields);
export type TMeetingBookingBody = z.infer<typeof ZMeetingBookingBody>;
/** PATCH /api/calendar/meetings/{id}: any of the booking's fields. */
export const ZMeetingUpdateBody = z.object(ZBookingFields).partial();
export type TMeetingUpdateBody = z.infer<typeof ZMeetingUpdateBody>;
export const ZMeetingIdParams = z.object({ id: z.uuid({ message: BOOKING_MESSAGES.notFound }) });
/** A booked call as its organiser sees it, and how its outside attendees hear of it. */
export const ZBookedMeeting = z.object({
  meeting: ZCalendarMeeting,
  /** email: invitations with an iCalendar file go out by mail; google: the organiser's Google Calendar invites them. */
  invitations: z.enum(['email', 'google']),
});
export type TBookedMeeting = z.infer<typeof ZBookedMeeting>;

/** The Google card: Connect, Partially Connected (one permission missing) or Connected; broken after a revoked grant. */
export const ZGoogleStatus = z.object({
  /** false until the installation sets GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: the card says so. */
  configured: z.boolean(),
  state: z.enum(['not_connected', 'partial', 'connected', 'broken']),
  mail: z.boolean(),
  calendar: z.boolean(),
  /** The permission still needed, in words ('calendar' or 'mail'), when partial. */
  missing: z.array(z.enum(['mail', 'calendar'])),
  email: z.string().nullable(),
  last_synced_at: z.string().nullable(),
  /** A calendar sync is queued or running (Sync now, or the first one after connecting); absent means no. */
  syncing: z.boolean().optional(),
});
export type TGoogleStatus = z.infer<typeof ZGoogleStatus>;
export const ZGoogleAuthorizeUrl = z.object({ url: z.string() });
export const ZGoogleExchange = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(512),
  scope: z.string().max(4096).optional(),
});
export const ZGmailDraftRequest = z.object({
  to: z.array(z.string().email()).max(50),
  subject: z.string().max(998),
  body: z.string().max(100_000),
});
export const ZGmailDraftResponse = z.object({ id: z.string() });

/**
 * The spec's rule for a team call, shared by the server and the calls panel: is_team when the
 * calendar says so, else more than 2 attendees.
 */
export function isTeamCall(meeting: { is_team: boolean | null | undefined; attendees: readonly unknown[] }): boolean {
  return meeting.is_team ?? meeting.attendees.length > 2;
}

/** The card's failure texts (the spec's error catalogue, Google row). */
export const GOOGLE_CONNECT_MESSAGES = {
  authFailed: 'Google authentication failed. Please try again.',
  connectFailed: 'Failed to connect with Google. Please try again.',
  connectionError: 'Connection error. Please try again.',
  notConfigured: 'Google is not configured for this installation. Ask your administrator to set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.',
  gmailNotGranted: 'Connect Google with the Gmail permission to save drafts.',
  calendarNotGranted: 'Connect Google with the Calendar permission to sync your calendar.',
  reconnectToSync: 'Google access was revoked or has expired. Reconnect to sync your calendar.',
} as const;

/**
 * Google returns to `${APP_URL}/dashboard/settings` with no query of our own in the redirect URI
 * (providers compare it exactly and some refuse a query there); the state we mint starts with
 * this prefix, which is how the settings page knows the return is Google's (source=google).
 */
export const GOOGLE_STATE_PREFIX = 'google.';
