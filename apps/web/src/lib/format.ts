/**
 * Number and date formatting shared by the screens. Amounts arrive from the API as exact decimal
 * strings; Intl formats such strings without going through a float, so large INR totals stay exact.
 */

import { onFirstUse } from './first-use';

const INDIAN_GROUPING = onFirstUse(() => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }));
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A string of digits plus one, carrying ('0999' -> '1000', '99' -> '100'). */
function plusOne(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return `${digits.slice(0, i)}${Number(digits[i]) + 1}${'0'.repeat(digits.length - i - 1)}`;
}

/**
 * A plain decimal string as en-IN's Intl.NumberFormat with at most 2 fraction digits writes it
 * (rounded half away from zero, exactly; 12,34,567.5), done on the string. Building that
 * formatter is the longest single step of the deals list's first render on a phone (it loads
 * ICU's locale data), a task React cannot split.
 */
function groupIndian(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? decimal.slice(1) : decimal).split('.');
  // The value in hundredths, rounded on the third fraction digit.
  let hundredths = `${whole}${fraction.padEnd(2, '0').slice(0, 2)}`;
  if ((fraction[2] ?? '0') >= '5') hundredths = plusOne(hundredths);
  const units = hundredths.slice(0, -2).replace(/^0+/, '') || '0';
  const cents = hundredths.slice(-2).replace(/0+$/, '');
  const lastThree = units.slice(-3);
  const rest = units.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${lastThree}` : lastThree;
  return `${negative ? '-' : ''}${grouped}${cents ? `.${cents}` : ''}`;
}

/** Indian digit grouping (12,34,56,789.5); anything that is not a plain decimal comes back unchanged. */
export function formatIndianNumber(value: string | number): string {
  if (typeof value === 'number') return Number.isFinite(value) ? INDIAN_GROUPING().format(value) : String(value);
  const trimmed = value.trim();
  if (!DECIMAL.test(trimmed)) return value;
  return groupIndian(trimmed);
}

/** The deals list's currency style: 'RS 12,34,567'. */
export function formatRs(value: string | number): string {
  return `RS ${formatIndianNumber(value)}`;
}

const SHORT_DATE = onFirstUse(() => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }));

/** A calendar date (yyyy-mm-dd) as '5 Mar 2026'; other text comes back unchanged. */
export function formatIsoDay(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : SHORT_DATE().format(date);
}

/** The first `limit` characters, with an ellipsis when something was cut. */
export function truncate(text: string, limit: number): { text: string; truncated: boolean } {
  if (text.length <= limit) return { text, truncated: false };
  return { text: `${text.slice(0, limit).trimEnd()}…`, truncated: true };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The timeline's date, MM/DD/YYYY in local time. */
export function timelineDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

/** The timeline's time, 12-hour ('3:05 PM'). */
export function timelineTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getHours() % 12 || 12;
  return `${hours}:${pad(date.getMinutes())} ${date.getHours() < 12 ? 'AM' : 'PM'}`;
}
