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
});
export type TCalendarMeeting = z.infer<typeof ZCalendarMeeting>;

export const ZCalendarRangeQuery = z.object({
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
});
export const ZUserMeetings = z.object({ status: z.literal('success'), meetings: z.array(ZCalendarMeeting) });
export const ZTeamMeetings = z.object({ meetings: z.array(ZCalendarMeeting) });

/** The Google card: Connect, Partially Connected (one permission missing) or Connected; broken after a revoked grant. */
export const ZGoogleStatus = z.object({
  state: z.enum(['not_connected', 'partial', 'connected', 'broken']),
  mail: z.boolean(),
  calendar: z.boolean(),
  /** The permission still needed, in words ('calendar' or 'mail'), when partial. */
  missing: z.array(z.enum(['mail', 'calendar'])),
  email: z.string().nullable(),
  last_synced_at: z.string().nullable(),
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
