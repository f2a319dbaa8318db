import type { TCalendarMeeting } from '@pipewise/contract/calendar';
import { callEnd, callStart, isToday } from './call-day';

/** Earliest first; calls without a readable start go last, ties keep the API's order. */
export function sortByStart<T extends TCalendarMeeting>(calls: readonly T[]): T[] {
  const key = (call: T) => callStart(call)?.getTime() ?? Number.POSITIVE_INFINITY;
  return [...calls].sort((a, b) => key(a) - key(b));
}

/** Cancelled events stay on calendars but are no calls to join. */
const isLive = (call: TCalendarMeeting) => call.status !== 'cancelled';

/** The collapsed panel: every call on today's local date, earliest first. */
export function todaysCalls<T extends TCalendarMeeting>(calls: readonly T[], now: Date): T[] {
  return sortByStart(calls.filter((call) => isLive(call) && isToday(call, now)));
}

/**
 * The expanded panel and the overlay: calls still to come (not yet over, so a call under way can
 * still be joined) or on another day than today, earliest first. Past days never reach it: the
 * calls are asked for from the start of today.
 */
export function upcomingCalls<T extends TCalendarMeeting>(calls: readonly T[], now: Date): T[] {
  const ahead = (call: T) => {
    const end = callEnd(call);
    return end !== null && (end.getTime() > now.getTime() || !isToday(call, now));
  };
  return sortByStart(calls.filter((call) => isLive(call) && ahead(call)));
}

/** A link the Join button may open: http(s) only, so a stored value cannot run script. */
export function joinableLink(link: string | null): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
