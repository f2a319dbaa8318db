import { onFirstUse } from '../../../lib/first-use';
import type { TCallTiming } from './call-day';

export const TIME_NOT_SPECIFIED = 'Time not specified';

function readInstant(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * '9:30 am' in the viewer's time zone. Built by hand rather than with Intl: en-US puts a narrow
 * no-break space before 'AM' in recent ICU versions, and the spec wants plain lower-case text.
 */
export function formatClock(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
}

/**
 * The card's time line: 'start - end' in 12-hour lower case, or 'Time not specified' when the
 * call has no clock time (no readable start, or an all-day event). A call without an end shows
 * its start alone.
 */
export function formatCallTime(call: TCallTiming): string {
  if (call.all_day) return TIME_NOT_SPECIFIED;
  const start = readInstant(call.start_time);
  if (!start) return TIME_NOT_SPECIFIED;
  const end = readInstant(call.end_time);
  return end ? `${formatClock(start)} - ${formatClock(end)}` : formatClock(start);
}

const DAY_FORMAT = onFirstUse(() => new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric' }));

/** 'Mon, Nov 23': which day an upcoming call is on (the all-calls list spans days). */
export function formatCallDay(start: Date): string {
  return DAY_FORMAT().format(start);
}
