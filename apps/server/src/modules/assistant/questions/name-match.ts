import { trigramsOf } from '../understanding/gazetteer';
import { editDistance } from '../understanding/mentions';

/**
 * How a question's words meet a record's name: word by word, exactly, by a prefix (partial
 * names: 'pharm' for Pharma) or by trigram similarity (typos: 'kavery' for Kaveri). Pure
 * functions, so the rules are tested without a database.
 */

/** Words that carry no name: question words, fillers, and the field and list words around a name. */
const STOP = new Set(
  (
    'a an the and or but of for to in on at by with from about into over under as is are was were be been being am do does did done ' +
    "has have had having what whats what's who whos who's whom whose which when where why how hows how's can could would should will " +
    'shall may might must i me my mine we us our ours you your yours they them their theirs it its this that these those there here ' +
    'any some all each every no not none please pls plz tell show give get list find let know need want see check look up me ' +
    'deal deals opportunity opportunities opp opps account accounts company companies client clients customer customers contact ' +
    'contacts person people record records pipewise ' +
    'next step steps nextstep nextsteps pain painpoint painpoints points point pains challenge challenges problem problems issue issues ' +
    'kdm kdms decision decisions maker makers key stakeholder stakeholders buyer economic champion ' +
    'amount value worth size big large much money revenue price acv ticket total ' +
    'stage stages status phase where stand standing stands far ' +
    'close closing closes closed date dates due expected eta ' +
    'owner owners owns own owned handling handles handle manages managing rep reps assigned working ' +
    'summary summarise summarize overview details detail brief latest update updates info information going happening on ' +
    'email phone number mobile role title job designation works work ' +
    'again also just only currently current now today right so then than like ok okay hey hi hello thanks thank ' +
    'quick quickly one single specific particular name named called regarding re abt wrt per pipeline pipelines wk week'
  ).split(/\s+/),
);

/** Words of a name that do not identify it on their own ('Pvt Ltd', 'Co', '&'). */
const WEAK = new Set('pvt ltd limited co inc llp llc corp corporation company group the and of & - services solutions'.split(' '));

/** The lower-case words of a text (letters, digits, and & . ' - inside a word), possessives dropped. */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}&.'’-]*/gu) ?? [])
    .map((w) => w.replace(/['’]s$/, '').replace(/[.'’-]+$/, ''))
    .filter(Boolean);
}

/** The words of a question that may be part of a name. */
export function contentWords(text: string): string[] {
  return [...new Set(wordsOf(text).filter((w) => !STOP.has(w) && (w.length >= 2 || /\d/.test(w))))];
}

/** Trigram similarity of two words, as pg_trgm computes it (shared over all trigrams). */
export function similarity(a: string, b: string): number {
  const x = new Set(trigramsOf(a));
  const y = new Set(trigramsOf(b));
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}

/**
 * How well a question word stands for a name word: 1 exact, 0.9 a prefix of 3+ letters, 0.8 one
 * typo (two in words of 8+ letters), else trigram similarity above 0.45, else 0.
 */
export function wordScore(asked: string, name: string): number {
  if (asked === name) return 1;
  if (asked.length >= 4 && name.startsWith(asked)) return 0.9;
  // A plural or possessive of the name word ('kaveris'), not a longer word that starts with it.
  if (name.length >= 4 && asked.startsWith(name) && asked.length - name.length <= 2) return 0.85;
  if (asked.length < 4 || name.length < 4) return 0;
  // Short words only for a longer name word with the same first letter ('hapi' for Hampi, not 'down' for Doon).
  const typoable = asked.length >= 5 || (asked.length === 4 && name.length >= 5 && asked[0] === name[0]);
  if (typoable && (asked[0] === name[0] || asked[1] === name[1])) {
    const edits = editDistance(asked, name, 2);
    if (edits <= (Math.min(asked.length, name.length) >= 8 ? 2 : 1)) return 0.8;
  }
  const s = similarity(asked, name);
  return s >= 0.45 ? Math.min(0.8, s + 0.2) : 0;
}

export type NameMatch = {
  /** Sum of the best score of each strong name word (0 when the name is not mentioned). */
  score: number;
  /** Share of the name's strong words the question has. */
  coverage: number;
  /** The question words used. */
  used: string[];
  /** Whether the name's first strong word is among them. */
  first: boolean;
};

/** The name's strong words. */
export const nameWords = (name: string) => wordsOf(name).filter((w) => !WEAK.has(w));

/** How much of `name` the question words mention. */
export function matchName(asked: string[], name: string): NameMatch {
  const words = nameWords(name);
  if (words.length === 0) return { score: 0, coverage: 0, used: [], first: false };
  let score = 0;
  let matched = 0;
  const used: string[] = [];
  let first = false;
  for (const [i, w] of words.entries()) {
    let best = 0;
    let by = '';
    for (const a of asked) {
      const s = wordScore(a, w);
      if (s > best) [best, by] = [s, a];
    }
    if (best > 0) {
      score += best;
      matched++;
      used.push(by);
      if (i === 0) first = true;
    }
  }
  return { score, coverage: matched / words.length, used: [...new Set(used)], first };
}
