/**
 * The Coaching page's period, kept in the URL so a link reopens it: `?period=90d`, or
 * `?period=custom&from=YYYY-MM-DD&to=YYYY-MM-DD`; nothing means the last 30 days. Days are the
 * viewer's calendar days, both ends included, as the API reads them (ZCoachingRange).
 */
export const PERIOD_KINDS = ['30d', '90d', 'custom'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

export const PERIOD_LABELS: Record<PeriodKind, string> = {
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  custom: 'Custom range',
};

export type Period = { kind: PeriodKind; from: string; to: string };
export type RangeErrors = { from?: string; to?: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** A local calendar day as YYYY-MM-DD. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whether `value` is a real calendar day written YYYY-MM-DD (not 2026-02-30). */
function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
}

/** The last `days` days up to today, today included. */
function lastDays(days: number, today: Date): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { from: isoDay(from), to: isoDay(today) };
}

/** What is wrong with a custom range, per field; null when it can be asked for. */
export function validateRange(from: string, to: string, today: Date = new Date()): RangeErrors | null {
  const errors: RangeErrors = {};
  if (from === '') errors.from = 'Choose a start date.';
  else if (!isDay(from)) errors.from = 'Enter the start date as YYYY-MM-DD.';
  else if (from > isoDay(today)) errors.from = 'The start date cannot be in the future.';
  if (to === '') errors.to = 'Choose an end date.';
  else if (!isDay(to)) errors.to = 'Enter the end date as YYYY-MM-DD.';
  else if (!errors.from && to < from) errors.to = 'The end date cannot be before the start date.';
  return errors.from || errors.to ? errors : null;
}

/** The period a URL asks for; a custom range that does not hold falls back to the last 30 days. */
export function periodOf(params: URLSearchParams, today: Date = new Date()): Period {
  const kind = params.get('period');
  if (kind === 'custom') {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    if (validateRange(from, to, today) === null) return { kind, from, to };
  }
  return kind === '90d' ? { kind, ...lastDays(90, today) } : { kind: '30d', ...lastDays(30, today) };
}

/** The URL query of a period (empty for the default), to link to it or keep it across the page's views. */
export function periodSearch(period: Period): string {
  if (period.kind === '30d') return '';
  const params = new URLSearchParams({ period: period.kind });
  if (period.kind === 'custom') {
    params.set('from', period.from);
    params.set('to', period.to);
  }
  return `?${params.toString()}`;
}
