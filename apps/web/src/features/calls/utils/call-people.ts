import type { TCalendarMeeting } from '@pipewise/contract/calendar';

type TAttendees = TCalendarMeeting['attendees'];

/** The name shown for an attendee: the part of the address before the @. */
export function attendeeName(email: string): string {
  const at = email.indexOf('@');
  return at === -1 ? email : email.slice(0, at);
}

/** 'asha, ravi' for two; more than two collapse to the first two plus '... +N more'; '' for nobody. */
export function formatAttendees(attendees: TAttendees): string {
  const names = attendees.map((a) => attendeeName(a.email));
  if (names.length <= 2) return names.join(', ');
  return `${names.slice(0, 2).join(', ')} ... +${names.length - 2} more`;
}
