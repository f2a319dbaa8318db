import { BOOKING_MESSAGES, CALL_LENGTHS, type TCalendarMeeting, type TMeetingBookingBody } from '@pipewise/contract/calendar';

/** What the schedule-call form holds: the start as the caller's local date and time, the length as a choice. */
export type BookingForm = {
  title: string;
  date: string;
  time: string;
  /** One of CALL_LENGTHS as text, or 'custom'. */
  length: string;
  customMinutes: string;
  attendees: string[];
  meetLink: string;
};

export type BookingErrors = Partial<Record<'title' | 'start' | 'length' | 'attendees' | 'meetLink', string>>;

const pad = (n: number) => String(n).padStart(2, '0');
/** A moment as the local date (YYYY-MM-DD) and time (HH:MM) inputs show it. */
export function localInputs(at: Date): { date: string; time: string } {
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

/** The next whole hour after `now`: a new call's default start. */
export function nextHour(now: Date): Date {
  const at = new Date(now);
  at.setMinutes(0, 0, 0);
  at.setHours(at.getHours() + 1);
  return at;
}

/** The start the inputs name, in the browser's zone; null when they name none. */
export function startOf(form: Pick<BookingForm, 'date' | 'time'>): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.date) || !/^\d{2}:\d{2}$/.test(form.time)) return null;
  const at = new Date(`${form.date}T${form.time}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

export const minutesOf = (form: Pick<BookingForm, 'length' | 'customMinutes'>): number =>
  form.length === 'custom' ? Number(form.customMinutes) : Number(form.length);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (text: string) => EMAIL.test(text.trim());

/** The form's problems, each worded as the server words it, beside its field. */
export function validateBooking(form: BookingForm, now: Date, startChanged = true): BookingErrors {
  const errors: BookingErrors = {};
  if (!form.title.trim()) errors.title = BOOKING_MESSAGES.title;
  else if (form.title.trim().length > 200) errors.title = BOOKING_MESSAGES.titleTooLong;
  const start = startOf(form);
  if (!start) errors.start = BOOKING_MESSAGES.start;
  else if (startChanged && start.getTime() < now.getTime()) errors.start = BOOKING_MESSAGES.startInPast;
  const minutes = minutesOf(form);
  if (!Number.isInteger(minutes) || minutes < 1) errors.length = BOOKING_MESSAGES.durationTooShort;
  else if (minutes > 1440) errors.length = BOOKING_MESSAGES.durationTooLong;
  if (form.attendees.length > 100) errors.attendees = BOOKING_MESSAGES.tooManyAttendees;
  else if (form.attendees.some((a) => !isEmail(a))) errors.attendees = BOOKING_MESSAGES.badEmail;
  if (form.meetLink.trim() && !/^https?:\/\/[^\s]+$/i.test(form.meetLink.trim())) errors.meetLink = BOOKING_MESSAGES.meetLink;
  return errors;
}

/** The request body from a valid form. */
export function bookingBody(form: BookingForm, dealId: string | null, timeZone: string): TMeetingBookingBody {
  return {
    title: form.title.trim(),
    start_time: startOf(form)!.toISOString(),
    duration_minutes: minutesOf(form),
    time_zone: timeZone,
    attendees: form.attendees,
    meet_link: form.meetLink.trim() || null,
    deal_id: dealId,
  };
}

/** A server field error's field as the form's: `attendees.3` is the attendees field. */
export function formFieldOf(field: string): keyof BookingErrors | null {
  const head = field.split('.')[0];
  if (head === 'title') return 'title';
  if (head === 'start_time') return 'start';
  if (head === 'duration_minutes') return 'length';
  if (head === 'attendees') return 'attendees';
  if (head === 'meet_link') return 'meetLink';
  return null;
}

/** A new form, or the form of a booked call being edited. */
export function initialForm(now: Date, meeting?: TCalendarMeeting | null): BookingForm {
  if (!meeting) {
    return { title: '', ...localInputs(nextHour(now)), length: '30', customMinutes: '', attendees: [], meetLink: '' };
  }
  const start = new Date(meeting.start_time);
  const minutes = meeting.end_time ? Math.round((Date.parse(meeting.end_time) - start.getTime()) / 60_000) : 30;
  const preset = (CALL_LENGTHS as readonly number[]).includes(minutes);
  return {
    title: meeting.summary ?? '',
    ...localInputs(start),
    length: preset ? String(minutes) : 'custom',
    customMinutes: preset ? '' : String(minutes),
    attendees: meeting.attendees.filter((a) => !a.organizer).map((a) => a.email),
    meetLink: meeting.meet_link ?? '',
  };
}
