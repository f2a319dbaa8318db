import { parseAmount, STANDALONE_AMOUNT } from '../assistant/commands/amount-parser';
import { parseCloseDate, type DateContext } from '../assistant/commands/date-parser';
import { pattern } from './regex-text';

/**
 * Dates and amounts as said in a call, read with the assistant's own parsers (date-parser.ts,
 * amount-parser.ts). Spoken forms are written out first ("eighteen lakh", "the fifteenth").
 */

const WEEKDAY = '(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?';
const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|' +
  'sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const ORDINAL = '\\d{1,2}(?:st|nd|rd|th)?';
/**
 * The date phrases a call fixes a day with: a weekday, a day of a month, today or tomorrow, "in 3 days",
 * "end of the month". A month alone ("in March"), "next week" or a time alone names no day, so it proposes none.
 */
const DATE_PHRASE = new RegExp(
  [
    `(?:(?:this|next|coming)\\s+)?${WEEKDAY}(?:\\s*,?\\s*(?:the\\s+)?${ORDINAL}(?:\\s+(?:of\\s+)?${MONTH})?)?`,
    `(?:the\\s+)?${ORDINAL}\\s+(?:of\\s+)?${MONTH}(?:\\s*,?\\s*\\d{4})?`,
    `${MONTH}\\s+(?:the\\s+)?${ORDINAL}(?:\\s*,?\\s*\\d{4})?`,
    `\\d{4}-\\d{2}-\\d{2}`,
    `\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?`,
    `(?:the\\s+)?day after tomorrow`,
    `tomorrow`,
    `today`,
    `in\\s+(?:\\d+|a|one|two|three|four|five|six|seven|ten|fourteen)\\s+(?:days?|weeks?)`,
    `(?:the\\s+)?end\\s+of\\s+(?:the\\s+|this\\s+|next\\s+)?(?:month|quarter|year|financial year|fiscal year)`,
  ]
    // Whole words only: "Monica" is not Monday, "Marcus" not March.
    .map((alt) => `\\b(?:${alt})\\b`)
    .join('|'),
  'gi',
);

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SPOKEN_ORDINALS: Record<string, string> = {
  first: '1st',
  second: '2nd',
  third: '3rd',
  fourth: '4th',
  fifth: '5th',
  sixth: '6th',
  seventh: '7th',
  eighth: '8th',
  ninth: '9th',
  tenth: '10th',
  eleventh: '11th',
  twelfth: '12th',
  thirteenth: '13th',
  fourteenth: '14th',
  fifteenth: '15th',
  sixteenth: '16th',
  seventeenth: '17th',
  eighteenth: '18th',
  nineteenth: '19th',
  twentieth: '20th',
  thirtieth: '30th',
  'thirty first': '31st',
};
const TENS = 'twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety';
const UNITS_WORDS = 'one|two|three|four|five|six|seven|eight|nine';

/** "twenty first" → "21st", "the fifteenth" → "the 15th". */
function ordinalsToDigits(text: string): string {
  return text
    .replace(
      new RegExp(`\\b(twenty|thirty)[ -](first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)\\b`, 'gi'),
      (_m, t: string, o: string) => {
        const n = NUMBER_WORDS[t.toLowerCase()]! + Number(SPOKEN_ORDINALS[o.toLowerCase()]!.replace(/\D/g, ''));
        return `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;
      },
    )
    .replace(
      pattern('gi')`\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|
        fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth)\b`,
      (w) => SPOKEN_ORDINALS[w.toLowerCase()]!,
    );
}

/** "eighteen lakh" → "18 lakh", "two point five crore" → "2.5 crore", "fifty thousand" → "50 thousand". */
export function spokenNumbersToDigits(text: string): string {
  const word = `(?:(?:${TENS})(?:[ -](?:${UNITS_WORDS}))?|${Object.keys(NUMBER_WORDS)
    .filter((w) => w !== 'a')
    .join('|')})`;
  return compoundNumbersToDigits(text)
    .replace(
      new RegExp(`\\b(${word})\\s+point\\s+(${UNITS_WORDS}|zero)\\b`, 'gi'),
      (_m, a: string, b: string) => `${wordValue(a)}.${b.toLowerCase() === 'zero' ? 0 : NUMBER_WORDS[b.toLowerCase()]}`,
    )
    .replace(new RegExp(`\\b(${word})(?=\\s+(?:hundred|thousand|lakhs?|lacs?|crores?|million|k)\\b)`, 'gi'), (w) => String(wordValue(w)))
    .replace(/\b(\d+(?:\.\d+)?)\s+hundred\s+thousand\b/gi, (_m, n: string) => `${Number(n) * 100} thousand`)
    .replace(/\b(\d+)\s+hundred\b/gi, (_m, n: string) => String(Number(n) * 100));
}

const NUMBER_TOKEN = `(?:(?:${TENS})(?:[ -](?:${UNITS_WORDS}))?|${Object.keys(NUMBER_WORDS).join('|')}|hundred|thousand)`;
const NUMBER_RUN = new RegExp(`\\b${NUMBER_TOKEN}(?:(?:\\s+and\\s+|[ -]|\\s+)${NUMBER_TOKEN})*\\b`, 'gi');

/**
 * Numbers said with "hundred" in them, as digits: "a hundred and four thousand five hundred" → "104.5 thousand",
 * "sixty-four thousand eight hundred" → "64.8 thousand", "four hundred" → "400". A run without "hundred" is left
 * to the simpler rules ("fifty thousand", "eighteen lakh").
 */
function compoundNumbersToDigits(text: string): string {
  return text.replace(NUMBER_RUN, (run, offset: number) => {
    const tokens = run.toLowerCase().split(/\s+and\s+|\s+/);
    // "a" counts only before hundred or thousand; a run ends before a trailing "a" or "and".
    while (tokens.length && /^(?:a|and)$/.test(tokens[tokens.length - 1]!)) tokens.pop();
    if (!tokens.includes('hundred') || tokens.length < 2) return run;
    let total = 0;
    let current = 0;
    for (const t of tokens) {
      if (t === 'hundred') current = (current || 1) * 100;
      else if (t === 'thousand') {
        total += (current || 1) * 1000;
        current = 0;
      } else current += wordValue(t);
    }
    const value = total + current;
    const used = run.slice(0, run.toLowerCase().lastIndexOf(tokens[tokens.length - 1]!) + tokens[tokens.length - 1]!.length);
    const rest = run.slice(used.length);
    const unitAfter = /^\s*(?:lakhs?|lacs?|crores?|million)\b/i.test(text.slice(offset + run.length));
    const digits = value >= 1000 && !unitAfter ? `${value / 1000} thousand` : String(value);
    return `${digits}${rest}`;
  });
}

function wordValue(w: string): number {
  const parts = w.toLowerCase().split(/[ -]/);
  return parts.reduce((sum, p) => sum + (NUMBER_WORDS[p] ?? 0), 0);
}

/** A day said in the sentence (YYYY-MM-DD), read against the call's date in its zone; null when none or several differ. */
export function saidDate(sentence: string, ctx: DateContext, { bareOrdinals = false } = {}): string | null {
  // "Tuesday next week" is next week's Tuesday, as "next Tuesday" is.
  const text = ordinalsToDigits(sentence).replace(new RegExp(`\\b(${WEEKDAY})\\s+(?:of\\s+)?next\\s+week\\b`, 'gi'), 'next $1');
  const days = new Set<string>();
  for (const m of text.matchAll(DATE_PHRASE)) {
    const day = parseCloseDate(m[0].replace(/^the\s+/i, ''), ctx);
    if (day) days.add(day);
  }
  // "by the end of March": that month's last day, this year unless the month is already behind the call.
  const today = parseCloseDate('today', ctx);
  for (const m of text.matchAll(END_OF_MONTH)) {
    if (!today) break;
    const month = MONTH_PREFIXES.indexOf(m[1]!.slice(0, 3).toLowerCase()) + 1;
    const [y, mo] = today.split('-').map(Number) as [number, number];
    const year = month >= mo ? y : y + 1;
    days.add(`${year}-${String(month).padStart(2, '0')}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`);
  }
  // "the 24th" alone: the next 24th after the call.
  // Only where the conversation settles a day (a meeting accepted): a close date said as "the 15th" may be of a month named before.
  for (const m of bareOrdinals ? text.matchAll(BARE_ORDINAL) : []) {
    if (!today) break;
    const n = Number(m[1]);
    const [y, mo, d] = today.split('-').map(Number) as [number, number, number];
    const fits = (year: number, month: number) => n <= new Date(Date.UTC(year, month, 0)).getUTCDate();
    let [year, month] = n > d && fits(y, mo) ? [y, mo] : mo === 12 ? [y + 1, 1] : [y, mo + 1];
    if (!fits(year, month)) [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
    days.add(`${year}-${String(month).padStart(2, '0')}-${String(n).padStart(2, '0')}`);
  }
  // "the first Monday of December".
  for (const m of text.matchAll(NTH_WEEKDAY_OF_MONTH)) {
    if (!today) break;
    const nth = ['1st', '2nd', '3rd', '4th'].indexOf(m[1]!.toLowerCase());
    const weekday = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].indexOf(m[2]!.slice(0, 3).toLowerCase());
    const month = MONTH_PREFIXES.indexOf(m[3]!.slice(0, 3).toLowerCase()) + 1;
    const [y, mo] = today.split('-').map(Number) as [number, number];
    const year = month >= mo ? y : y + 1;
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    const day = 1 + ((weekday - first + 7) % 7) + 7 * nth;
    days.add(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
    // The weekday alone ("Monday") in the same phrase names no other day.
    const alone = parseCloseDate(m[2]!, ctx);
    if (alone) days.delete(alone);
  }
  return days.size === 1 ? [...days][0]! : null;
}

const BARE_ORDINAL = new RegExp(`\\bthe\\s+(\\d{1,2})(?:st|nd|rd|th)\\b(?!\\s+(?:of\\s+)?(?:${MONTH}|${WEEKDAY})\\b)`, 'gi');
const NTH_WEEKDAY_OF_MONTH = new RegExp(`\\b(1st|2nd|3rd|4th)\\s+(${WEEKDAY})\\s+(?:of|in)\\s+(${MONTH})\\b`, 'gi');

const MONTH_PREFIXES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const END_OF_MONTH = new RegExp(`\\bend\\s+of\\s+(${MONTH})\\b`, 'gi');

/** What follows an amount when it counts people or things, or is a share: not money. */
const NOT_MONEY_AFTER = pattern('i')`^\s*(?:%|percent|per ?cent|people|employees|users|seats|licen[cs]es|reps|agents|staff|stores|
    branches|locations|outlets|sites|customers|clients|members|hours|days|weeks|months|years|minutes)\b`;
const PER_PERIOD_AFTER = pattern(
  'i',
)`^\s*(?:rupees\s+|dollars\s+|euros?\s+|francs\s+|pounds\s+)?(?:(?:a|every|each|\/)\s*(?:month|week|user|seat|head|
    licen[cs]e)\b|per\s+(?!year\b|annum\b)\w+)|^\s*(?:monthly|weekly)\b`;

/** The rupee amounts said in the sentence (with a currency or a unit), in order; headcounts, shares and monthly figures are not. */
export function saidAmounts(sentence: string): number[] {
  const text = spokenNumbersToDigits(sentence);
  const out: number[] = [];
  for (const m of text.matchAll(STANDALONE_AMOUNT)) {
    const after = text.slice(m.index + m[0].length);
    if (NOT_MONEY_AFTER.test(after) || PER_PERIOD_AFTER.test(after)) continue;
    const value = parseAmount(m[0]);
    if (value !== null && value > 0) out.push(value);
  }
  return out;
}
