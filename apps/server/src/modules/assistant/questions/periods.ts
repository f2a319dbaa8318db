import { addDays } from './time-zone';

/** An inclusive range of calendar days, with the words an answer names it by. */
export type DateRange = { from: string; to: string; label: string };

export const PERIODS = ['this_week', 'next_week', 'this_month', 'next_month', 'this_quarter', 'next_quarter', 'this_year'] as const;
export type PeriodName = (typeof PERIODS)[number];

export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const ymd = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
const lastOfMonth = (y: number, m: number) => ymd(y, m + 1, 0);
const parts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** A named period around `today` (yyyy-mm-dd); weeks run Monday to Sunday, quarters are calendar quarters. */
export function periodRange(name: PeriodName, today: string): DateRange {
  const [y, m] = parts(today);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const monday = addDays(today, -weekday);
  const q = Math.floor((m - 1) / 3);
  switch (name) {
    case 'this_week':
      return { from: monday, to: addDays(monday, 6), label: 'this week' };
    case 'next_week':
      return { from: addDays(monday, 7), to: addDays(monday, 13), label: 'next week' };
    case 'this_month':
      return { from: ymd(y, m - 1, 1), to: lastOfMonth(y, m - 1), label: 'this month' };
    case 'next_month':
      return { from: ymd(y, m, 1), to: lastOfMonth(y, m), label: 'next month' };
    case 'this_quarter':
      return { from: ymd(y, q * 3, 1), to: lastOfMonth(y, q * 3 + 2), label: 'this quarter' };
    case 'next_quarter':
      return { from: ymd(y, q * 3 + 3, 1), to: lastOfMonth(y, q * 3 + 5), label: 'next quarter' };
    case 'this_year':
      return { from: ymd(y, 0, 1), to: ymd(y, 11, 31), label: 'this year' };
  }
}

/** A month by index (0-11) of `year`, or of the current year. */
export function monthRange(month: number, year: number): DateRange {
  const name = MONTHS[month]!;
  return { from: ymd(year, month, 1), to: lastOfMonth(year, month), label: `in ${name[0]!.toUpperCase()}${name.slice(1)} ${year}` };
}

/** Quarter 1-4 of a calendar year. */
export function quarterRange(quarter: number, year: number): DateRange {
  return { from: ymd(year, (quarter - 1) * 3, 1), to: lastOfMonth(year, (quarter - 1) * 3 + 2), label: `in Q${quarter} ${year}` };
}
