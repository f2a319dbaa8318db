/**
 * What the assistant's holdout files share: text helpers and the writing of their reports, and the forms in which
 * an answer may write a date or an amount (a check accepts any of them). No vitest here: a plain `npx tsx` bench
 * run imports it too. The routes they drive are in holdout-api.ts.
 */

export const lc = (s: string) => s.toLowerCase();
export const norm = (s: unknown) =>
  String(s ?? '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[."'!?]+$/, '')
    .trim();

/** Markdown lines within 140 characters: a long item continues on indented lines. */
export function wrap(text: string, width = 136): string {
  const words = text.replace(/\|/g, '/').split(' ');
  const lines: string[] = [];
  let cur = '';
  for (const w of words) {
    if (cur && (cur + ' ' + w).length > width) {
      lines.push(cur);
      cur = `  ${w}`;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  lines.push(cur);
  return lines.map((l) => (l.length > width + 3 ? l.slice(0, width) + '…' : l)).join('\n');
}
export const short = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n)}…` : s).replace(/\n/g, ' ⏎ ');

/** The day (YYYY-MM-DD) in the IANA zone `tz` at `at` (now unless given: a run gives the moment its server's clock is fixed at). */
export const todayIn = (tz: string, at: Date = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(at);
export function addDays(iso: string, n: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
export const dow = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
/** "next tuesday" in `tz` at `at`: the coming one (1..7 days ahead) or the one after it; reps mean either. */
export function nextWeekday(day: number, tz: string, at: Date = new Date()): string[] {
  const today = todayIn(tz, at);
  const ahead = (day - dow(today) + 7) % 7 || 7;
  return [addDays(today, ahead), addDays(today, ahead + 7)];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** The ways an answer may write the date `iso`. */
export function dateForms(iso: string): string[] {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const mon = MONTHS[m - 1]!;
  const m3 = mon.slice(0, 3);
  const dd = String(d).padStart(2, '0');
  const mm = String(m).padStart(2, '0');
  return [
    iso,
    `${d} ${m3} ${y}`,
    `${dd} ${m3} ${y}`,
    `${d} ${mon} ${y}`,
    `${m3} ${d}, ${y}`,
    `${mon} ${d}, ${y}`,
    `${dd}/${mm}/${y}`,
    `${d}/${m}/${y}`,
    `${d} ${m3}`,
    `${dd} ${m3}`,
    `${d} ${mon}`,
    `${m3} ${d}`,
    `${mon} ${d}`,
  ];
}

/** The ways an answer may write the amount (₹ figures, lakh, crore, k). */
export function amountForms(amount: number): string[] {
  const out = [String(amount), amount.toLocaleString('en-IN'), amount.toLocaleString('en-US')];
  const dec = (x: number) => [
    String(Math.round(x * 100) / 100),
    (Math.round(x * 100) / 100).toFixed(2),
    (Math.round(x * 10) / 10).toFixed(1),
  ];
  for (const v of dec(amount / 1e5)) out.push(`${v} lakh`, `${v}l`, `${v} l`, `${v} lac`);
  for (const v of dec(amount / 1e7)) out.push(`${v} cr`, `${v} crore`);
  if (amount % 1000 === 0) out.push(`${amount / 1000}k`);
  return out;
}
/** Whether `text` holds any of `forms`, ignoring case. */
export const containsAny = (text: string, forms: string[]) => forms.some((f) => lc(text).includes(lc(f)));

export type HoldoutResult = { cls: string; input: string; ok: boolean; got: string };

/**
 * A holdout's report in Markdown: `# title`, the `intro` lines, the table of classes (each, then commands,
 * questions and overall), the misses, and every item with what came back. `table` and `misses` are for the
 * console. Classes are sorted by name unless `sortClasses` is false (then in the order they first come).
 */
export function holdoutReport(title: string, intro: string[], results: HoldoutResult[], { sortClasses = true } = {}) {
  const names = [...new Set(results.map((r) => r.cls))];
  const classes = sortClasses ? names.sort() : names;
  const row = (name: string, rs: HoldoutResult[]) => {
    const ok = rs.filter((r) => r.ok).length;
    return `| ${name} | ${ok}/${rs.length} | ${((100 * ok) / rs.length).toFixed(1)}% |`;
  };
  const table = [
    '| class | passed | accuracy |',
    '|---|---|---|',
    ...classes.map((c) =>
      row(
        c,
        results.filter((r) => r.cls === c),
      ),
    ),
    row(
      '**commands**',
      results.filter((r) => r.cls.startsWith('cmd')),
    ),
    row(
      '**questions**',
      results.filter((r) => r.cls.startsWith('q')),
    ),
    row('**overall**', results),
  ].join('\n');
  const line = (r: HoldoutResult) => wrap(`- [${r.cls}] \`${r.input}\` → ${r.got}`);
  const misses = results.filter((r) => !r.ok).map(line);
  const text = [
    `# ${title}`,
    '',
    ...intro,
    '',
    table,
    '',
    `## Misses (${misses.length})`,
    '',
    ...(misses.length ? misses : ['None.']),
    '',
    '## Every item and what came back',
    '',
    ...results.map((r) => line({ ...r, cls: `${r.ok ? 'pass' : 'MISS'}, ${r.cls}` })),
    '',
  ].join('\n');
  return { table, misses, text };
}
