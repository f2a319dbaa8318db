import type { DealFilters, Vocabulary } from './intents';
import { findLooseLabels } from '../understanding/loose-labels';
import { addDays } from './time-zone';
import { MONTHS, PERIODS, monthRange, periodRange, quarterRange, type DateRange, type PeriodName } from './periods';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const phrase = (words: string) => new RegExp(`(?<![\\w-])${escape(words.toLowerCase()).replace(/\s+/g, '\\s+')}(?![\\w-])`, 'i');

/** Removes a match so a shorter label inside it cannot match again. */
const blank = (text: string, re: RegExp) => text.replace(re, ' ');

/** Owners named in the question: 'my deals', a full name, an email, or a first name. */
export function readOwners(text: string, vocab: Vocabulary): { ids: string[]; rest: string } {
  let rest = text;
  const ids = new Set<string>();
  if (/\b(my|mine|i own|i have|owned by me|assigned to me)\b/i.test(rest) && !/\bmy team\b/i.test(rest)) ids.add(vocab.callerId);
  for (const o of vocab.owners) {
    for (const name of [o.email, `${o.firstName} ${o.lastName}`.trim()]) {
      if (name && phrase(name).test(rest)) {
        ids.add(o.id);
        rest = blank(rest, phrase(name));
      }
    }
  }
  for (const o of vocab.owners) {
    const first = o.firstName.trim();
    if (first.length >= 3 && new RegExp(`(?<![\\w-])${escape(first)}(?:'s)?(?![\\w-])`, 'i').test(rest)) ids.add(o.id);
  }
  for (const o of vocab.owners)
    if (ids.has(o.id)) rest = blank(rest, new RegExp(`(?<![\\w-])${escape(o.firstName.trim())}(?:'s)?(?![\\w-])`, 'gi'));
  return { ids: [...ids], rest };
}

/**
 * Labels (stages or pipelines) named in the question, longest first; then the `loose` ones (stages) as reps type
 * them: 'negotation', 'qualifed to buy', 'decision maker bought in' (findLooseLabels).
 */
export function readLabels(text: string, labels: string[], loose: string[] = []): { found: string[]; rest: string } {
  let rest = text;
  const found: string[] = [];
  for (const label of [...new Set(labels)].sort((a, b) => b.length - a.length)) {
    const re = phrase(label);
    if (re.test(rest)) {
      found.push(label);
      rest = blank(rest, new RegExp(re.source, 'gi'));
    }
  }
  for (const hit of findLooseLabels(rest, loose)) {
    if (!found.includes(hit.label)) found.push(hit.label);
  }
  for (const hit of findLooseLabels(rest, loose).sort((a, b) => b.from - a.from)) {
    rest = `${rest.slice(0, hit.from)} ${rest.slice(hit.to)}`;
  }
  return { found, rest };
}

const ISO = '(\\d{4}-\\d{2}-\\d{2})';

/** The close-date range the question names: a period, a month, a quarter or ISO dates. */
export function readCloseRange(text: string, today: string): DateRange | null {
  const t = text.toLowerCase();
  const year = Number(today.slice(0, 4));
  for (const name of PERIODS) {
    if (new RegExp(`\\b${name.replace('_', '\\s+')}\\b`).test(t)) return periodRange(name as PeriodName, today);
  }
  let m =
    new RegExp(`\\bbetween\\s+${ISO}\\s+and\\s+${ISO}`).exec(t) ?? new RegExp(`\\bfrom\\s+${ISO}\\s+(?:to|until|till)\\s+${ISO}`).exec(t);
  if (m) return { from: m[1]!, to: m[2]!, label: `between ${m[1]} and ${m[2]}` };
  m = new RegExp(`\\b(?:before|by|until)\\s+${ISO}`).exec(t);
  if (m) return { from: '0001-01-01', to: m[1]!, label: `on or before ${m[1]}` };
  m = new RegExp(`\\b(?:after|from|since)\\s+${ISO}`).exec(t);
  if (m) return { from: m[1]!, to: '9999-12-31', label: `on or after ${m[1]}` };
  // 'in the next 30 days', 'within 2 weeks', 'coming 3 months': from today on.
  m = /\b(?:next|coming|within(?:\s+the\s+next)?|in\s+(?:the\s+)?(?:next|coming))\s+(\d{1,3})\s+(days?|weeks?|months?)\b/.exec(t);
  if (m) {
    const days = Number(m[1]) * (m[2]!.startsWith('week') ? 7 : m[2]!.startsWith('month') ? 30 : 1);
    return { from: today, to: addDays(today, days), label: `in the next ${m[1]} ${m[2]}` };
  }
  m = /\bq([1-4])(?:\s+(?:of\s+)?(\d{4}))?\b/.exec(t);
  if (m) return quarterRange(Number(m[1]), m[2] ? Number(m[2]) : year);
  m = new RegExp(`\\b(${MONTHS.join('|')})(?:\\s+(\\d{4}))?\\b`).exec(t);
  if (m && !(m[1] === 'may' && !m[2] && !/\b(in|during|of|for|closing|close|closes)\s+may\b/.test(t))) {
    return monthRange(MONTHS.indexOf(m[1]!), m[2] ? Number(m[2]) : year);
  }
  return null;
}

/** Text to search the list for: quoted, or after 'mentioning', 'containing', 'named', 'called', 'matching'. */
export function readSearch(text: string): string | null {
  const quoted = /["“']([^"”']{2,80})["”']/.exec(text);
  if (quoted) return quoted[1]!.trim();
  const m =
    /\b(?:mentioning|mention|containing|contain|named|called|matching|with the (?:word|text|name))\s+([\w&.-]+(?:\s+[\w&.-]+)?)/i.exec(
      text,
    );
  if (!m) return null;
  return m[1]!.replace(/\s+(?:in|by|owned|closing|and|for|with)$/i, '').trim() || null;
}

/** "open deals", "deals still open": open describes the deals ("what's open with Kaveri" asks about the account). */
const OPEN_DEALS = new RegExp(
  '\\b(?:open|active|live)\\s+(?:deals?|opportunit(?:y|ies)|ones|pipeline)\\b|' +
    '\\b(?:deals?|opportunit(?:y|ies))\\s+(?:that\\s+are\\s+|which\\s+are\\s+|are\\s+)?(?:still\\s+)?(?:open|active|live)\\b',
  'i',
);

/** Every list filter the question sets. */
export function readFilters(question: string, vocab: Vocabulary, today: string): DealFilters {
  const search = readSearch(question);
  const withoutSearch = search ? question.replace(search, ' ') : question;
  const owners = readOwners(withoutSearch, vocab);
  const pipelines = readLabels(owners.rest, vocab.pipelines);
  const stages = readLabels(pipelines.rest.replace(/\bpipelines?\b/gi, ' '), vocab.stages, vocab.stages);
  const wonLost = stages.found.length
    ? []
    : vocab.stages.filter((s) => (/\bwon\b/i.test(stages.rest) && /won/i.test(s)) || (/\blost\b/i.test(stages.rest) && /lost/i.test(s)));
  return {
    owners: owners.ids,
    stages: [...stages.found, ...new Set(wonLost)],
    pipelines: pipelines.found,
    close: readCloseRange(stages.rest, today),
    search,
    ...(OPEN_DEALS.test(stages.rest) ? { openOnly: true } : {}),
  };
}

export const hasFilters = (f: DealFilters) =>
  f.owners.length > 0 || f.stages.length > 0 || f.pipelines.length > 0 || f.close !== null || f.search !== null || f.openOnly === true;
