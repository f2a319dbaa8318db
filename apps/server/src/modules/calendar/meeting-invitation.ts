import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { z } from 'zod';
import type { MailMessage } from '../../adapters/mail/mail-port';

/**
 * One invitation (or its update, or its cancellation) of a call booked in Pipewise, as the job
 * that mails it carries it: everything the iCalendar file says, fixed when it was queued, so a
 * retry sends what the edit that queued it said.
 */
export const ZInvitation = z.object({
  /** The booking id: the iCalendar UID is made from it, the same for every update and the cancel. */
  bookingId: z.uuid(),
  method: z.enum(['REQUEST', 'CANCEL']),
  sequence: z.number().int().min(0),
  title: z.string().min(1).max(200),
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
  timeZone: z.string().max(64).nullable(),
  organizer: z.object({ name: z.string().max(200), email: z.email() }),
  attendees: z.array(z.object({ email: z.email(), name: z.string().max(200).nullable() })).max(101),
  meetLink: z.string().max(2048).nullable(),
  /** When the change was made (DTSTAMP). */
  stamp: z.iso.datetime({ offset: true }),
});
export type TInvitation = z.infer<typeof ZInvitation>;

/** The UID every version of a booking's invitation carries, so a calendar program updates the event it added. */
export const invitationUid = (bookingId: string): string => `${bookingId}@pipewise`;

/** The iCalendar file (RFC 5546 iTIP): METHOD:REQUEST with RSVP for each attendee, or METHOD:CANCEL with STATUS:CANCELLED. */
export function invitationIcs(invitation: TInvitation): string {
  const cancel = invitation.method === 'CANCEL';
  const calendar = ical({
    prodId: { company: 'Pipewise', product: 'Pipewise', language: 'EN' },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: invitationUid(invitation.bookingId),
    sequence: invitation.sequence,
    stamp: new Date(invitation.stamp),
    start: new Date(invitation.start),
    end: new Date(invitation.end),
    summary: invitation.title,
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: invitation.organizer.name || invitation.organizer.email, email: invitation.organizer.email },
    attendees: invitation.attendees.map((a) => ({
      email: a.email,
      name: a.name,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
      rsvp: !cancel,
    })),
    location: invitation.meetLink,
    url: invitation.meetLink,
    description: invitation.meetLink ? `Join: ${invitation.meetLink}` : null,
  });
  return calendar.toString();
}

/** When the call is, in words, in the organiser's zone (UTC when it has none or an unknown one). */
export function whenInWords(invitation: Pick<TInvitation, 'start' | 'end' | 'timeZone'>): string {
  const zone = invitation.timeZone ?? 'UTC';
  const format = (timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(invitation.start));
  try {
    return `${format(zone)} (${zone})`;
  } catch {
    return `${format('UTC')} (UTC)`;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mail to one outside attendee, its iCalendar file attached (text/calendar; method=REQUEST or CANCEL). */
export function invitationMail(invitation: TInvitation, to: string): MailMessage {
  const cancel = invitation.method === 'CANCEL';
  const when = whenInWords(invitation);
  const subject = cancel
    ? `Cancelled: ${invitation.title}`
    : invitation.sequence > 0
      ? `Updated invitation: ${invitation.title}`
      : `Invitation: ${invitation.title}`;
  const lines = [
    cancel
      ? `${invitation.organizer.name || invitation.organizer.email} cancelled "${invitation.title}".`
      : `${invitation.organizer.name || invitation.organizer.email} invited you to "${invitation.title}".`,
    `When: ${when}`,
    ...(invitation.meetLink && !cancel ? [`Join: ${invitation.meetLink}`] : []),
  ];
  return {
    to,
    subject: subject.slice(0, 500),
    text: `${lines.join('\n')}\n`,
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
    calendar: { method: invitation.method, content: invitationIcs(invitation) },
  };
}
