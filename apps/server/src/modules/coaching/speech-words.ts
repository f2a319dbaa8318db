import type { TCallMention } from '@pipewise/contract/coaching';

/**
 * What a call's words hold, segment by segment: words, sentences, questions, filler words and mentions
 * (definitions: docs/coaching-statistics.md). Pure.
 */

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whitespace-separated tokens that hold at least one letter or digit ("—" and "..." are not words). */
export function countWords(text: string): number {
  return text.match(/[^\s\p{L}\p{N}]*[\p{L}\p{N}]\S*/gu)?.length ?? 0;
}

/** A sentence of a segment and where it starts in the segment's text. */
export type Sentence = { text: string; at: number };

/**
 * The segment's sentences: split after each run of `.`, `!` or `?` and at the end. A piece with no word
 * ("?", a closing quote) is no sentence.
 */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  const re = /[^.!?]*(?:[.!?]+|$)/g;
  for (let m = re.exec(text); m && m[0] !== ''; m = re.exec(text)) {
    if (WORD_CHAR.test(m[0])) out.push({ text: m[0], at: m.index });
    if (re.lastIndex >= text.length) break;
  }
  return out;
}

/** A sentence ending in a run of punctuation that holds `?` ("Really?", "Really?!"). */
export function isQuestion(sentence: string): boolean {
  const tail = /[.!?]+\s*$/.exec(sentence);
  return tail !== null && tail[0].includes('?');
}

/** Sentences of the segment that are questions (a transcript with punctuation). */
export function punctuatedQuestions(text: string): number {
  if (!text.includes('?')) return 0;
  return splitSentences(text).filter((s) => isQuestion(s.text)).length;
}

/** Whether any segment of the transcript holds `.`, `!` or `?`; if none does, questions are read from their forms. */
export function hasSentencePunctuation(texts: readonly string[]): boolean {
  return texts.some((t) => /[.!?]/.test(t));
}

/** The words that open a question in a transcript without punctuation (a speech engine's). */
const QUESTION_OPENERS = new Set(
  (
    'what why how when where who whom whose which can could would will do does did is are was were have has should shall ' + 'may might am'
  ).split(' '),
);

/**
 * Whether an unpunctuated segment opens with a question word ("what's", "how'd" count as "what", "how").
 * One question per segment at most.
 */
export function opensWithQuestionForm(text: string): boolean {
  const first = text
    .trim()
    .split(/\s+/)
    .find((t) => WORD_CHAR.test(t));
  if (!first) return false;
  const word = first
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .replace(/['’](?:s|re|ll|d|ve|m)$/u, '');
  return QUESTION_OPENERS.has(word);
}

/** Not part of a word on either side: letters, digits, apostrophes and hyphens join ("uh-huh" is no "uh"). */
const wholeWord = (body: string, joiners = "\\p{L}\\p{N}'’-") => new RegExp(`(?<![${joiners}])(?:${body})(?![${joiners}])`, 'giu');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A term of one or more words: the words with any whitespace between them. */
const termBody = (term: string) => term.trim().split(/\s+/).map(escape).join('\\s+');

const FILLERS = wholeWord(
  ['um', 'umm', 'uh', 'uhh', 'erm', 'er', 'ah', 'hmm', 'you know', 'i mean', 'basically', 'literally'].map(termBody).join('|'),
);

/** Filler words of a segment: um, umm, uh, uhh, erm, er, ah, hmm, "you know", "I mean", basically, literally. */
export function countFillers(text: string): number {
  return text.match(FILLERS)?.length ?? 0;
}

const PRICING = [
  'price',
  'prices',
  'pricing',
  'cost',
  'costs',
  'budget',
  'discount',
  'quote',
  'per seat',
  'per user',
  'license',
  'licence',
  'invoice',
];
const NEXT_STEPS = [
  'next step',
  'next steps',
  'follow up',
  'follow-up',
  'schedule',
  'calendar invite',
  'send over',
  'circle back',
  'action item',
  'action items',
];

/** `probe`: the term's first word in lower case; a segment without it cannot mention the term (spares the regex). */
type Term = { kind: TCallMention['kind']; term: string; re: RegExp; probe: string };

const term = (kind: TCallMention['kind'], name: string): Term => ({
  kind,
  term: name,
  re: wholeWord(termBody(name), '\\p{L}\\p{N}'),
  probe: name.toLowerCase().split(' ')[0]!,
});

// Built once: a regular expression compiles on its first use, which costs more than a call's whole search.
const FIXED_TERMS = [...PRICING.map((name) => term('pricing', name)), ...NEXT_STEPS.map((name) => term('next_steps', name))];
const competitorTerms = new Map<string, Term>();
/** A workspace's few competitor names come back call after call; kept (a bounded number) so each compiles once. */
function competitorTerm(name: string): Term {
  let t = competitorTerms.get(name);
  if (!t) {
    if (competitorTerms.size >= 1000) competitorTerms.clear();
    t = term('competitor', name);
    competitorTerms.set(name, t);
  }
  return t;
}

/**
 * The terms to look for on a workspace's calls: its competitors (as Settings spells them, any case, each once),
 * then the pricing words and next-step phrases. Only letters and digits join a competitor's name to a word
 * ("Salesforce's" mentions Salesforce).
 */
export function mentionTerms(competitors: readonly string[]): Term[] {
  const seen = new Set<string>();
  const names = competitors
    .map((c) => c.trim().replace(/\s+/g, ' '))
    .filter((c) => c && WORD_CHAR.test(c) && !seen.has(c.toLowerCase()) && seen.add(c.toLowerCase()));
  return [...names.map(competitorTerm), ...FIXED_TERMS];
}

/** A term found in a segment: the sentence it is in (its first mention there). */
export type SegmentMention = { kind: TCallMention['kind']; term: string; text: string };

/**
 * Each term mentioned in the segment, once, in the order they are first said, with the sentence(s) that first
 * mention holds ("monday.com" spans two by the sentence rule; both are given).
 */
export function segmentMentions(text: string, terms: readonly Term[]): SegmentMention[] {
  const found: (SegmentMention & { index: number })[] = [];
  const lower = text.toLowerCase();
  let sentences: Sentence[] | null = null;
  for (const t of terms) {
    if (!lower.includes(t.probe)) continue;
    t.re.lastIndex = 0;
    const m = t.re.exec(text);
    if (!m) continue;
    sentences ??= splitSentences(text);
    const first = sentences.findLast((s) => s.at <= m.index);
    const last = sentences.findLast((s) => s.at < m.index + m[0].length);
    const sentence = first && last ? text.slice(first.at, last.at + last.text.length) : text;
    found.push({ kind: t.kind, term: t.term, text: sentence.trim(), index: m.index });
  }
  return found.sort((a, b) => a.index - b.index).map(({ index: _index, ...m }) => m);
}
