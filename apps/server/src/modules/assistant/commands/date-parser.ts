import * as chrono from 'chrono-node';

export type DateContext = {
  /** The moment the command was typed (injected, so parsing is repeatable). */
  now: Date;
  /** The workspace's or user's IANA zone when known; UTC otherwise. */
  timeZone?: string;
};

type Day = { y: number; m: number; d: number };

const pad = (n: number) => String(n).padStart(2, '0');
const iso = ({ y, m, d }: Day) => `${y}-${pad(m)}-${pad(d)}`;
const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** Today's calendar date in the zone. */
function today(ctx: DateContext): Day {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: ctx.timeZone ?? 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(ctx.now);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return { y: get('year'), m: get('month'), d: get('day') };
}

/**
 * The caller's wall clock as chrono reads a reference: a Date whose local fields (in whatever zone the
 * process runs) show the time it is in the caller's zone. chrono does its calendar arithmetic with local
 * getters; given an instant and an offset instead, its forward-date step compares a clock-shifted date
 * with a real instant, so the answer moved with the server's zone. In this frame every date chrono
 * builds and compares is the caller's, and the process zone drops out (a local time skipped by the
 * process zone's daylight-saving change moves by an hour, never to another day).
 */
export function wallClock(ctx: DateContext): Date {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: ctx.timeZone ?? 'UTC',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ctx.now);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return new Date(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

const PERIOD_END =
  /^(?:by\s+|on\s+)?(?:the\s+)?end\s+of\s+(?:the\s+)?(this\s+|next\s+|current\s+)?(month|quarter|year|financial year|fiscal year|fy)$/;

/** "end of month", "end of next quarter", "end of the year", "end of financial year": chrono reads these loosely. */
function periodEnd(text: string, ctx: DateContext): string | null {
  const m = PERIOD_END.exec(text);
  if (!m) return null;
  const next = m[1]?.trim() === 'next';
  const t = today(ctx);
  if (m[2] === 'month') {
    const month = t.m + (next ? 1 : 0);
    const y = t.y + Math.floor((month - 1) / 12);
    const mm = ((month - 1) % 12) + 1;
    return iso({ y, m: mm, d: lastDayOf(y, mm) });
  }
  if (m[2] === 'quarter') {
    const q = Math.floor((t.m - 1) / 3) + (next ? 1 : 0);
    const y = t.y + Math.floor(q / 4);
    const endMonth = (q % 4) * 3 + 3;
    return iso({ y, m: endMonth, d: lastDayOf(y, endMonth) });
  }
  if (m[2] === 'year') return iso({ y: t.y + (next ? 1 : 0), m: 12, d: 31 });
  // The Indian financial year ends on 31 March.
  const fyEnd = t.m <= 3 ? t.y : t.y + 1;
  return iso({ y: fyEnd + (next ? 1 : 0), m: 3, d: 31 });
}

/** Ends of periods as reps abbreviate them. */
const SHORT_ENDS: Record<string, string> = {
  eom: 'end of month',
  eoq: 'end of quarter',
  eoy: 'end of year',
  eofy: 'end of financial year',
};

/** Date words as reps shorten them ('tmrw', 'next tues', 'nxt wk'), spelt out before the date is read. */
const SHORT_WORDS: Record<string, string> = {
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmrow: 'tomorrow',
  tomm: 'tomorrow',
  tommorow: 'tomorrow',
  tomorow: 'tomorrow',
  tdy: 'today',
  nxt: 'next',
  wk: 'week',
  wks: 'weeks',
  mnth: 'month',
  mth: 'month',
  mnths: 'months',
  qtr: 'quarter',
  yr: 'year',
  tues: 'tuesday',
  weds: 'wednesday',
  thur: 'thursday',
  thurs: 'thursday',
};
const SHORT_WORD = new RegExp(`\\b(?:${Object.keys(SHORT_WORDS).join('|')})\\b`, 'g');

const onlyWeekday = (c: chrono.ParsedComponents) =>
  c.isCertain('weekday') && !c.isCertain('day') && !c.isCertain('month') && !c.isCertain('year');

function addDays({ y, m, d }: Day, days: number): Day {
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

/** A close date as YYYY-MM-DD, read in the zone relative to `now`, or null when it is not a date. */
export function parseCloseDate(input: string, ctx: DateContext): string | null {
  const text = input
    .trim()
    .toLowerCase()
    .replace(/[.,]$/, '')
    .replace(/\s+/g, ' ')
    .replace(SHORT_WORD, (w) => SHORT_WORDS[w]!);
  if (text === '') return null;
  const end = periodEnd(SHORT_ENDS[text] ?? text, ctx);
  if (end) return end;
  const exact = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (exact) {
    const day = { y: Number(exact[1]), m: Number(exact[2]), d: Number(exact[3]) };
    return day.m >= 1 && day.m <= 12 && day.d >= 1 && day.d <= lastDayOf(day.y, day.m) ? iso(day) : null;
  }
  const stripped = text.replace(/^(?:on|by|before)\s+/, '').replace(/^(?:the\s+)?day after tomorrow$/, 'in 2 days');
  // Numeric dates read day first (10/12/2025 is 10 December), as people write them in India;
  // en.GB would also read "Dec 15" as December 2015, so it is kept to numeric dates.
  const parser = /^\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?$/.test(stripped) ? chrono.en.GB : chrono.en.casual;
  const results = parser.parse(stripped, { instant: wallClock(ctx) }, { forwardDate: true });
  const hit = results[0];
  // The whole value must be the date: "sometime soonish" must not become a day from a stray word.
  if (!hit || results.length !== 1 || hit.index !== 0 || hit.text.length < stripped.length - 1) return null;
  const y = hit.start.get('year');
  const m = hit.start.get('month');
  const d = hit.start.get('day');
  if (y === null || m === null || d === null) return null;
  const day = { y, m, d };
  // A bare weekday said on that weekday ("thurs" on a Thursday) is next week's: today would be "today".
  if (onlyWeekday(hit.start) && !/^this\s/.test(stripped) && iso(day) === iso(today(ctx))) {
    return iso(addDays(day, 7));
  }
  return iso(day);
}
