/**
 * Number and date formatting shared by the screens. Amounts arrive from the API as exact decimal
 * strings; Intl formats such strings without going through a float, so large INR totals stay exact.
 */

import { onFirstUse } from './first-use';

const INDIAN_GROUPING = onFirstUse(() => new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }));
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Indian digit grouping (12,34,56,789.5); anything that is not a plain decimal comes back unchanged. */
export function formatIndianNumber(value: string | number): string {
  if (typeof value === 'number') return Number.isFinite(value) ? INDIAN_GROUPING().format(value) : String(value);
  const trimmed = value.trim();
  if (!DECIMAL.test(trimmed)) return value;
  return INDIAN_GROUPING().format(trimmed as `${number}`);
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
