import type { TCalendarMeeting } from '@pipewise/contract/calendar';

/** The part of a meeting the day and time rules read. */
export type TCallTiming = Pick<TCalendarMeeting, 'start_time' | 'end_time' | 'all_day'>;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** A local day as 'yyyy-mm-dd', so two days compare as strings. */
export function localDayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Midnight of the viewer's local day: where 'today' starts. */
export function startOfLocalDay(now: Date): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/**
 * When a call starts, as an instant in the viewer's time zone; null when unreadable. An all-day
 * event is a calendar date rather than an instant (its date must not shift with the viewer's
 * offset), so it starts at the viewer's local midnight of that date.
 */
export function callStart(call: Pick<TCallTiming, 'start_time' | 'all_day'>): Date | null {
  if (call.all_day) {
    const match = CALENDAR_DATE.exec(call.start_time);
    if (!match) return null;
    return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  }
  const start = new Date(call.start_time);
  return Number.isNaN(start.getTime()) ? null : start;
}

/** When a call ends; an all-day event ends at the next local midnight, a call without an end when it starts. */
export function callEnd(call: TCallTiming): Date | null {
  const start = callStart(call);
  if (!start) return null;
  if (call.all_day) return new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
  const end = call.end_time ? new Date(call.end_time) : null;
  return end && !Number.isNaN(end.getTime()) ? end : start;
}

/** 'Today' is the viewer's local calendar date, not a 24-hour window and not UTC. */
export function isToday(call: Pick<TCallTiming, 'start_time' | 'all_day'>, now: Date): boolean {
  const start = callStart(call);
  return start !== null && localDayKey(start) === localDayKey(now);
}
