/**
 * Amounts as people write them in India, to a number of rupees: 50000, 50,000, 5,00,000,
 * Rs 50k, ₹1.2L, 2.5 lakh, 1.2 crore, 3.5L, 1 cr, 2 million, INR 75,000/-.
 */

const UNITS: [RegExp, number][] = [
  [/^(k|thousand|thousands)$/, 1_000],
  [/^(l|lakh|lakhs|lac|lacs|lk|lkh)$/, 100_000],
  [/^(cr|crs|crore|crores)$/, 10_000_000],
  [/^(m|mn|million|millions)$/, 1_000_000],
  [/^(b|bn|billion|billions)$/, 1_000_000_000],
];

const CURRENCY_PREFIX = /^(?:rs\.?|inr|₹|rupees)\s*/;
const CURRENCY_SUFFIX = /\s*(?:\/-|rupees|rs\.?|inr|only)+$/;

/** The amount in rupees (up to 2 decimals), or null when the text is not an amount. */
export function parseAmount(text: string): number | null {
  let v = text.trim().toLowerCase().replace(/\.$/, '');
  v = v
    .replace(CURRENCY_PREFIX, '')
    .replace(CURRENCY_SUFFIX, '')
    .replace(/\s*\/-$/, '')
    .trim();
  const m = /^(\d[\d,]*(?:\.\d+)?|\.\d+)\s*([a-z]*)$/.exec(v);
  if (!m) return null;
  const digits = m[1]!;
  // Commas only as thousands separators (Indian or Western grouping), never inside decimals.
  if (digits.includes(',') && !/^\d{1,3}(,\d{2,3})*(\.\d+)?$/.test(digits)) return null;
  const value = Number(digits.replace(/,/g, ''));
  if (!Number.isFinite(value)) return null;
  const unit = m[2]!;
  let factor = 1;
  if (unit !== '') {
    const found = UNITS.find(([re]) => re.test(unit));
    if (!found) return null;
    factor = found[1];
  }
  const rupees = Math.round(value * factor * 100) / 100;
  return Number.isSafeInteger(Math.round(rupees)) ? rupees : null;
}

/**
 * An amount written with a currency or a unit ("Rs 50k", "2.5 lakh", "1 cr", "75 thousand", "80k"), which
 * reads as an amount even without the word amount before it; a currency word after it ("50 thousand
 * rupees", "2 lakh only", "3,75,000/-") is part of it.
 */
export const STANDALONE_AMOUNT = new RegExp(
  String.raw`(?<![\w.])(?:(?:rs\.?|inr|₹)\s*\d[\d,]*(?:\.\d+)?(?:\s*(?:k|l|lakhs?|lacs?|cr|crores?|thousands?|mn|million))?` +
    String.raw`|\d[\d,]*(?:\.\d+)?\s*(?:lakhs?|lacs?|crores?|cr|l|thousands?|k|mn|million))` +
    String.raw`(?:\s*(?:rupees|rs\b\.?|inr|only|\/-))*(?![\w])`,
  'gi',
);
