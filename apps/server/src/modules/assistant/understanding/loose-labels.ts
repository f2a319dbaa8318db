import { tokenize } from './gazetteer';
import { editDistance, STOP_WORDS } from './mentions';

/**
 * Stage and pipeline labels as reps type them: 'negotation', 'qualifed to buy', 'appointment schedule',
 * 'legal reveiw', 'renewal snt', 'decision maker bought in'. A label is a few words out of a few dozen, so each
 * typed word is compared with each label word directly: the same word, a long prefix of it, one typo (two in
 * words of 8+ letters), or its consonants ('snt' for sent). Pure.
 */

const consonants = (w: string) => w.replace(/[aeiou]/g, '');

/** How well a typed word stands for a label word: 1 the same, 0.9 a prefix, 0.8 a typo or its consonants, else 0. */
export function looseWordScore(typed: string, word: string): number {
  if (typed === word) return 1;
  if (typed.length >= 5 && word.startsWith(typed) && typed.length >= word.length * 0.75) return 0.9;
  if (typed.length >= 5 && word.length >= 5 && typed[0] === word[0]) {
    if (editDistance(typed, word, 2) <= (Math.min(typed.length, word.length) >= 8 ? 2 : 1)) return 0.8;
  }
  if (typed.length >= 3 && word.length >= 4 && typed === consonants(word) && typed[0] === word[0]) return 0.8;
  return 0;
}

export type LooseLabel = { label: string; from: number; to: number; score: number };

/**
 * Where in `text` a label is typed loosely: a run of the text's words, one per label word in order (the
 * label's function words such as 'to' or 'in' may be left out), every word of the run used. Exact matches are
 * found too (score 1 per word). The longest, best-scored first; none overlapping. Offsets are characters.
 */
export function findLooseLabels(text: string, labels: readonly string[]): LooseLabel[] {
  const found = allLooseLabels(text, labels).sort((a, b) => b.to - b.from - (a.to - a.from) || b.score - a.score);
  const out: LooseLabel[] = [];
  for (const f of found) if (!out.some((o) => o.from < f.to && f.from < o.to)) out.push(f);
  return out;
}

/** Every loose match of every label, overlapping ones included. */
function allLooseLabels(text: string, labels: readonly string[]): LooseLabel[] {
  const tokens = tokenize(text);
  const found: LooseLabel[] = [];
  for (const label of new Set(labels)) {
    const words = tokenize(label).map((t) => t.norm);
    const strong = words.filter((w) => !STOP_WORDS.has(w));
    if (strong.length === 0) continue;
    for (let i = 0; i < tokens.length; i++) {
      let j = i;
      let k = 0;
      let sum = 0;
      let matched = 0;
      while (k < words.length && j < tokens.length) {
        const s = looseWordScore(tokens[j]!.norm, words[k]!);
        if (s > 0) {
          sum += s;
          if (!STOP_WORDS.has(words[k]!)) matched++;
          j++;
          k++;
        } else if (STOP_WORDS.has(words[k]!)) k++;
        else break;
      }
      if (matched === strong.length && k === words.length && j > i) {
        found.push({ label, from: tokens[i]!.start, to: tokens[j - 1]!.end, score: sum / (j - i) });
      }
    }
  }
  return found;
}

/** The labels a whole value names loosely ('renewal snt' is Renewal Sent): the best scored (several on a tie), or none. */
export function looseLabelOf(value: string, labels: readonly string[]): string[] {
  const typed = tokenize(value).filter((t) => !STOP_WORDS.has(t.norm));
  if (typed.length === 0) return [];
  const hits = allLooseLabels(value, labels).filter((h) => {
    const inside = typed.filter((t) => t.start >= h.from && t.end <= h.to);
    return inside.length === typed.length;
  });
  if (hits.length === 0) return [];
  const best = Math.max(...hits.map((h) => h.score));
  return [...new Set(hits.filter((h) => h.score === best).map((h) => h.label))];
}
