/** How answers write amounts, dates and counts: one style everywhere. */

const RUPEES = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2, minimumFractionDigits: 0 });
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Rupees with Indian digit grouping: ₹2,50,000 (paise only when there are any). */
export function inr(amount: string | number | null): string {
  if (amount === null || amount === '') return 'no amount';
  const value = typeof amount === 'number' ? amount : Number(amount);
  return Number.isFinite(value) ? `₹${RUPEES.format(value)}` : 'no amount';
}

/** yyyy-mm-dd as '21 Nov 2025'. */
export function day(ymd: string | null): string {
  if (!ymd) return 'no close date';
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTH_NAMES[m - 1]} ${y}`;
}

/** '1 deal', '3 deals'. */
export const count = (n: number, noun: string, plural = `${noun}s`) => `${n.toLocaleString('en-IN')} ${n === 1 ? noun : plural}`;

/** 'a', 'a and b', 'a, b and c'. */
export function joinWords(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Cuts long text at a word boundary with an ellipsis. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : max).trimEnd()}…`;
}
