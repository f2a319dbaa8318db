/**
 * Words reps shorten when they type fast, spelt out before a question is read: 'anything closing nxt wk'
 * asks about next week. Whole words only, so a name that merely contains one ('Nxtra Labs') is left as it is.
 */
const SHORTHAND: Record<string, string> = {
  nxt: 'next',
  wk: 'week',
  wks: 'weeks',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmrow: 'tomorrow',
  tomm: 'tomorrow',
  tdy: 'today',
  mnth: 'month',
  mth: 'month',
  qtr: 'quarter',
  yr: 'year',
  mtg: 'meeting',
  mtgs: 'meetings',
  ppl: 'people',
  b4: 'before',
  'w/o': 'without',
};

const WORD = new RegExp(
  `(?<![\\w/])(${Object.keys(SHORTHAND)
    .map((w) => w.replace('/', '\\/'))
    .join('|')})(?![\\w/])`,
  'gi',
);

export const expandShorthand = (question: string): string => question.replace(WORD, (w) => SHORTHAND[w.toLowerCase()] ?? w);
