import { COACHING_DEFAULT_DAYS, COACHING_MAX_DAYS, COACHING_MESSAGES } from '@pipewise/contract/coaching';
import { badRequest } from '../../lib/http-error';
import { addDays, startOfDay } from '../assistant/questions/time-zone';

export { addDays, startOfDay };

/**
 * The Coaching page's period: calendar days in the viewer's time zone, turned into the instants a
 * query reads between, and the Monday-start weeks of its trend. Day arithmetic and the start of a
 * local day come from the assistant's time-zone helpers (its public file); the assistant reaches this
 * module only through what services.ts hands it, so no import runs back.
 */

const DAY_MS = 86_400_000;

/** A period as asked: days (yyyy-mm-dd, both included), either may be left out. */
export type PeriodAsked = { from?: string; to?: string };

/** A resolved period: its days, its zone, and [start, end) as instants. */
export type Period = { from: string; to: string; zone: string; start: Date; end: Date };

/** The zone if the runtime knows it, else null. */
export function knownZoneOrNull(value: string | null | undefined): string | null {
  const zone = value?.trim();
  if (!zone || zone.length > 64) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

/** One formatter per zone: making one costs far more than formatting with it (a year's calls are read per request). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** yyyy-mm-dd of `instant` on a wall calendar in `zone`. */
export function localDay(instant: Date, zone: string): string {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dayFormats.size > 500) dayFormats.clear();
    dayFormats.set(zone, format);
  }
  return format.format(instant);
}

/** Days from `a` to `b` (b - a). */
const daysBetween = (a: string, b: string): number => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** The Monday on or before `day`. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/**
 * The period asked for, in `zone`: `to` defaults to today, `from` to the 30 days ending on `to`.
 * A reversed or too long period is refused 400 with the page's words.
 */
export function resolvePeriod(asked: PeriodAsked, zone: string, now: Date): Period {
  const to = asked.to ?? localDay(now, zone);
  const from = asked.from ?? addDays(to, -(COACHING_DEFAULT_DAYS - 1));
  if (to < from) throw badRequest(COACHING_MESSAGES.reversed);
  if (daysBetween(from, to) + 1 > COACHING_MAX_DAYS) throw badRequest(COACHING_MESSAGES.tooLong);
  return { from, to, zone, start: startOfDay(from, zone), end: startOfDay(addDays(to, 1), zone) };
}

/** The Mondays of the weeks that cover the period, in order. */
export function weeksOf(period: Pick<Period, 'from' | 'to'>): string[] {
  const out: string[] = [];
  for (let week = mondayOf(period.from); week <= period.to; week = addDays(week, 7)) out.push(week);
  return out;
}
