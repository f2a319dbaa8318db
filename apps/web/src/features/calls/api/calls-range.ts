import { localDayKey, startOfLocalDay } from '../utils/call-day';

/** What the calls lists ask for: everything from the start of the viewer's today. */
export type TCallsRange = { day: string; from: string };

export function callsRangeFrom(now: Date): TCallsRange {
  const start = startOfLocalDay(now);
  return { day: localDayKey(start), from: start.toISOString() };
}

export function rangeQuery(range: TCallsRange): string {
  return new URLSearchParams({ from: range.from }).toString();
}
