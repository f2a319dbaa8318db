import { EMAIL_PATTERN } from '@pipewise/contract/common';
import { parseAmount } from './amount-parser';
import { parseCloseDate, type DateContext } from './date-parser';
import { PROPERTY_LABELS, type FieldSpec } from './entity-fields';

export type CommandProblem = { property: string; message: string };
export type PropertyValue = string | number | null;

const DOMAIN_SHAPE = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}$/;

/** "https://www.Acme.example/about" -> "acme.example". */
export function normalizeDomain(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/?#].*$/, '');
}

export const looksLikeDomain = (value: string) =>
  DOMAIN_SHAPE.test(normalizeDomain(value)) && !value.includes('@') && !/\s/.test(value.trim());
export const looksLikeEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

/** "Priya Shah" -> first and last name (the first word is the first name; the rest, the last). */
export function splitName(full: string): { firstname: string; lastname: string } {
  const words = full.trim().split(/\s+/);
  return { firstname: words[0] ?? '', lastname: words.slice(1).join(' ') };
}

/**
 * A field's value as the command gave it, read by its kind: amounts to rupees, dates to
 * YYYY-MM-DD in the caller's zone, emails lower-cased, domains bare. A value that cannot be read
 * is kept as typed and named in a problem, so the answer can say what to write instead.
 */
export function readValue(
  field: FieldSpec,
  value: string,
  ctx: DateContext,
): { properties: Record<string, PropertyValue>; problem?: CommandProblem } {
  const label = PROPERTY_LABELS[field.property] ?? field.property;
  const p = field.property;
  if (value === '') return { properties: {}, problem: { property: p, message: `Please give a value for the ${label}.` } };
  switch (field.kind) {
    case 'amount': {
      if (/^[-−]\s*\d/.test(value))
        return { properties: { [p]: value }, problem: { property: p, message: `The ${label} cannot be negative ("${value}").` } };
      const rupees = parseAmount(value);
      if (rupees !== null) return { properties: { [p]: rupees } };
      return {
        properties: { [p]: value },
        problem: {
          property: p,
          message: `I could not read the amount "${value}". Write it like 50000, 50,000, Rs 50k, 2.5 lakh or 1.2 crore.`,
        },
      };
    }
    case 'date': {
      const day = parseCloseDate(value, ctx);
      if (day) return { properties: { [p]: day } };
      return {
        properties: { [p]: value },
        problem: {
          property: p,
          message: `I could not read the close date "${value}". Try 15 Dec, next Friday, in 2 weeks or end of month.`,
        },
      };
    }
    case 'email': {
      const email = value.toLowerCase();
      if (looksLikeEmail(email) && email.length <= 254) return { properties: { [p]: email } };
      return { properties: { [p]: value }, problem: { property: p, message: `"${value}" is not a valid email address.` } };
    }
    case 'phone': {
      const phone = value.replace(/\s+/g, ' ');
      const digits = phone.replace(/\D/g, '').length;
      if (/^\+?[\d\s().-]+$/.test(phone) && digits >= 7 && digits <= 15) return { properties: { [p]: phone } };
      return { properties: { [p]: value }, problem: { property: p, message: `"${value}" is not a phone number.` } };
    }
    case 'domain': {
      const domain = normalizeDomain(value);
      if (looksLikeDomain(domain)) return { properties: { [p]: domain } };
      return { properties: { [p]: value }, problem: { property: p, message: `"${value}" is not a domain like acme.example.` } };
    }
    case 'name':
      return { properties: { ...splitName(value) } };
    default:
      return { properties: { [p]: value } };
  }
}
