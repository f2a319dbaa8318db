import { z } from 'zod';

/*
 * What the database can store, so that a value that passes validation never fails in SQL:
 * PostgreSQL `integer` is 32-bit, `date` has no year 0, `numeric(18,2)` holds 16 digits before
 * the point. Every request schema builds on these instead of bare z.number() or date checks.
 */

export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** A whole number an `integer` column holds, refused with the field's own message otherwise. */
export const zInt32 = (label: string) =>
  z
    .number(`${label} must be a whole number`)
    .int(`${label} must be a whole number`)
    .min(INT32_MIN, `${label} is out of range`)
    .max(INT32_MAX, `${label} is out of range`);

/** The dates the product works with: a CRM has no close dates before 1900 or after 9999. */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '9999-12-31';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written yyyy-mm-dd (2024-02-29 yes, 2025-02-29 no), in any year. */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A calendar day between DATE_MIN and DATE_MAX: what a `date` column and the product accept. */
export function isValidIsoDate(value: string): boolean {
  return isCalendarDate(value) && value >= DATE_MIN && value <= DATE_MAX;
}

/** Why a date string is refused, or null when it is a storable day. */
export function dateProblem(value: string, label: string): string | null {
  if (!isCalendarDate(value)) return `${label} must be a date as yyyy-mm-dd`;
  if (!isValidIsoDate(value)) return `${label} must be between ${DATE_MIN} and ${DATE_MAX}`;
  return null;
}

/** Free text of at most `max` characters (the columns are `text`; the bound keeps rows sane). */
export const zText = (max: number, label: string) => z.string().max(max, `${label} must be at most ${max} characters`);
