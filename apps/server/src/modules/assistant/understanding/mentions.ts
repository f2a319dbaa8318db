import { tokenize, trigramsOf, type EntityKind, type Gazetteer, type GazetteerEntry, type Token } from './gazetteer';

/**
 * The names a text mentions, longest first: exact (case, spaces, punctuation and quotes do not
 * count), then fuzzy by trigram similarity and prefixes for typos and partial names ("Orion" for
 * "Orion Logistics renewal", "Kavery Foods" for "Kaveri Foods Pvt Ltd"), the caller's own records
 * ahead of others that score the same. Pure and deterministic; the spans let a reader of field
 * words skip what is a name.
 */

export type MentionCandidate = {
  entry: GazetteerEntry;
  /** 1 for an exact name; less for a partial or misspelled one (never below the minimum score). */
  score: number;
  exact: boolean;
};

export type Mention = {
  /** Character offsets in the text, end exclusive. */
  start: number;
  end: number;
  text: string;
  /** True when the best candidate is named exactly (label or alias). */
  exact: boolean;
  /** Best first: score, then the caller's own, then the shorter label. */
  candidates: MentionCandidate[];
  /** True when more entries matched than `candidates` holds (a very common partial name). */
  truncated: boolean;
};

export type MentionOptions = {
  /** Only entries of these kinds (default: all). */
  kinds?: readonly EntityKind[];
  /**
   * Words that never anchor a fuzzy mention nor start or end one (field words, verbs: "stage",
   * "amount", "update"), on top of the English function words. Inside an exact name they still
   * count ("Decision Maker Bought-In").
   */
  reserved?: ReadonlySet<string>;
  /** The lowest score a fuzzy candidate may have (default 0.6). */
  minScore?: number;
  /** The most candidates a mention carries (default 20). */
  maxCandidates?: number;
};

/** Function words: never the anchor of a fuzzy match, and never its first or last word. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or of to in on at for with by is are was be as from into onto than then that this these those it its ' +
    'my our your his her their me we you he she they i what which who whom whose how when where why all any some no not ' +
    'do does did has have had will would can could should shall may might please pls also just now new set'
  ).split(' '),
);

const DEFAULT_MIN_SCORE = 0.6;
const DEFAULT_MAX_CANDIDATES = 20;
/** Entries aligned in full per text: the ones most anchors hit (bounds the work on a very common word). */
const MAX_ALIGNED = 64;
/** Vocabulary tokens a prefix may stand for (a shorter prefix says too little). */
const MAX_PREFIX_EXPANSION = 200;
/** A bonus that puts the caller's own record ahead of an otherwise equal one. */
const OWN_BONUS = 0.02;

/** Restricted Damerau-Levenshtein (a swap of two letters is one edit), stopping early past `max`. */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]![j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = v;
      best = Math.min(best, v);
    }
    if (i > 0 && best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

const isNumber = (t: string) => /^\d+$/.test(t);

/** Vocabulary tokens within reach of a typed token, with how alike they are (1 for the same token). */
type Matches = Map<string, number>;

const matchCache = new WeakMap<Gazetteer, Map<string, Matches>>();
const MATCH_CACHE_SIZE = 5000;

/** Tokens like `token` in the vocabulary: equal, extended by it (a prefix) or one or two edits away. */
function fuzzyMatches(g: Gazetteer, token: string): Matches {
  let cache = matchCache.get(g);
  if (!cache) matchCache.set(g, (cache = new Map()));
  const hit = cache.get(token);
  if (hit) return hit;
  const out: Matches = new Map();
  if (g.postings.has(token)) out.set(token, 1);
  if (token.length >= 3 && !isNumber(token)) {
    // Prefixes: "logi" for "logistics".
    let lo = 0;
    let hi = g.vocab.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (g.vocab[mid]! < token) lo = mid + 1;
      else hi = mid;
    }
    for (let v = lo, n = 0; v < g.vocab.length && g.vocab[v]!.startsWith(token) && n < MAX_PREFIX_EXPANSION; v++, n++) {
      const word = g.vocab[v]!;
      if (word !== token) out.set(word, 0.8 + (0.2 * token.length) / word.length);
    }
  }
  if (token.length >= 4 && !isNumber(token)) {
    // Typos: vocabulary tokens sharing enough trigrams, then checked by edit distance.
    const grams = [...new Set(trigramsOf(token))];
    const shared = new Map<number, number>();
    for (const gram of grams) for (const v of g.trigrams.get(gram) ?? []) shared.set(v, (shared.get(v) ?? 0) + 1);
    // Short words lose most trigrams to one swap ("gnaga", "ganga" share two): two are enough there.
    const need = token.length <= 6 ? 2 : Math.ceil(grams.length * 0.3);
    const maxEdits = token.length <= 5 ? 1 : 2;
    for (const [v, count] of shared) {
      if (count < need) continue;
      const word = g.vocab[v]!;
      if (out.has(word) || Math.abs(word.length - token.length) > maxEdits) continue;
      const d = editDistance(token, word, maxEdits);
      if (d <= maxEdits) out.set(word, Math.max(0.7, 1 - d / Math.max(word.length, token.length)));
    }
  }
  if (cache.size >= MATCH_CACHE_SIZE) cache.clear();
  cache.set(token, out);
  return out;
}

type Span = { from: number; to: number; score: number; exact: boolean; entry: number };

/**
 * The best stretch of the text's tokens around `anchor` that names the entry: each token matches
 * one of the name's tokens, in order (tokens of the name may be left out: "Orion renewal" for
 * "Orion Logistics renewal"), never starting or ending on a function word.
 */
function align(
  tokens: Token[],
  sims: Matches[],
  stop: boolean[],
  name: string[],
  anchor: number,
): { from: number; to: number; sum: number } | null {
  const sim = (j: number, k: number) => {
    const word = name[k]!;
    if (tokens[j]!.norm === word) return 1;
    return stop[j] ? 0 : (sims[j]!.get(word) ?? 0);
  };
  let start = -1;
  let startSim = 0;
  for (let k = 0; k < name.length; k++) {
    const s = sim(anchor, k);
    if (s > startSim) [start, startSim] = [k, s];
    if (s === 1) break;
  }
  if (start < 0) return null;
  const picked = new Map<number, number>([[anchor, startSim]]);
  let pos = start;
  let from = anchor;
  for (let j = anchor - 1; j >= 0 && pos > 0; j--) {
    let found = -1;
    for (let k = pos - 1; k >= 0; k--) {
      if (sim(j, k) > 0) {
        found = k;
        break;
      }
    }
    if (found < 0) break;
    picked.set(j, sim(j, found));
    pos = found;
    from = j;
  }
  pos = start;
  let to = anchor;
  for (let j = anchor + 1; j < tokens.length && pos < name.length - 1; j++) {
    let found = -1;
    for (let k = pos + 1; k < name.length; k++) {
      if (sim(j, k) > 0) {
        found = k;
        break;
      }
    }
    if (found < 0) break;
    picked.set(j, sim(j, found));
    pos = found;
    to = j;
  }
  while (from < to && stop[from]) from++;
  while (to > from && stop[to]) to--;
  if (stop[from]) return null;
  let sum = 0;
  for (let j = from; j <= to; j++) sum += picked.get(j) ?? 0;
  return { from, to, sum };
}

/** A word in more names than this does not anchor a fuzzy match (it still extends one): alone it says too little. */
const COMMON_WORD = 3000;

type Scratch = { count: Uint8Array; last: Int16Array; anchor: Int16Array; touched: Int32Array };
/** Scratch arrays per gazetteer, reset after each use (a 100k-name index allocates nothing per sentence). */
const scratch = new WeakMap<Gazetteer, Scratch>();

type Hit = { e: number; anchor: number };

/**
 * The entries most of the text's content words point to (rarest words first; a word in more than
 * COMMON_WORD names does not count), at most MAX_ALIGNED, the caller's own first among equals.
 */
function anchorHits(
  g: Gazetteer,
  tokens: Token[],
  sims: Matches[],
  stop: boolean[],
  kinds: Set<EntityKind> | null,
): { hits: Hit[]; cut: boolean } {
  let s = scratch.get(g);
  if (!s) {
    const n = g.entries.length;
    s = { count: new Uint8Array(n), last: new Int16Array(n).fill(-1), anchor: new Int16Array(n), touched: new Int32Array(n) };
    scratch.set(g, s);
  }
  const { count, last, anchor, touched } = s;
  let n = 0;
  const anchors: { j: number; lists: number[][]; size: number }[] = [];
  tokens.forEach((t, j) => {
    if (stop[j] || t.norm.length < 3 || isNumber(t.norm)) return;
    const words = [...sims[j]!.keys()];
    let lists = words.map((w) => g.postings.get(w) ?? []);
    let size = lists.reduce((sum, l) => sum + l.length, 0);
    // Too common among records: it still anchors the pipelines, stages and people it names.
    if (size > COMMON_WORD) {
      lists = words.map((w) => g.fewPostings.get(w) ?? []);
      size = lists.reduce((sum, l) => sum + l.length, 0);
    }
    if (size > 0 && size <= COMMON_WORD) anchors.push({ j, lists, size });
  });
  anchors.sort((a, b) => a.size - b.size);
  for (const { j, lists } of anchors) {
    for (const list of lists) {
      for (const e of list) {
        if (last[e] === j) continue;
        if (last[e] === -1) {
          if (kinds && !kinds.has(g.entries[e]!.kind)) continue;
          touched[n++] = e;
          anchor[e] = j;
        }
        last[e] = j;
        if (count[e]! < 100) count[e]!++;
      }
    }
  }
  // Rank: words hit, then the caller's own; keep the best MAX_ALIGNED without sorting them all.
  const rank = (e: number) => count[e]! * 2 + (g.entries[e]!.ownedByCaller ? 1 : 0);
  let floor = 0;
  if (n > MAX_ALIGNED) {
    const histogram = new Int32Array(202);
    for (let i = 0; i < n; i++) histogram[rank(touched[i]!)]!++;
    let above = 0;
    for (floor = 201; floor > 0 && above + histogram[floor]! < MAX_ALIGNED; floor--) above += histogram[floor]!;
  }
  const hits: Hit[] = [];
  for (let i = 0; i < n && hits.length < MAX_ALIGNED; i++) {
    const e = touched[i]!;
    if (rank(e) > floor) hits.push({ e, anchor: anchor[e]! });
  }
  for (let i = 0; i < n && hits.length < MAX_ALIGNED; i++) {
    const e = touched[i]!;
    if (rank(e) === floor) hits.push({ e, anchor: anchor[e]! });
  }
  for (let i = 0; i < n; i++) [count[touched[i]!], last[touched[i]!]] = [0, -1];
  return { hits, cut: n > MAX_ALIGNED };
}

/** Every mention in the text: non-overlapping, the longest first, each with its candidates. */
export function findMentions(g: Gazetteer, text: string, options: MentionOptions = {}): Mention[] {
  const tokens = tokenize(text);
  if (tokens.length === 0 || g.entries.length === 0) return [];
  const kinds = options.kinds ? new Set(options.kinds) : null;
  const minScore = options.minScore ?? DEFAULT_MIN_SCORE;
  const maxCandidates = options.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
  const reserved = options.reserved;
  const stop = tokens.map((t) => STOP_WORDS.has(t.norm) || (reserved?.has(t.norm) ?? false));
  const wanted = (i: number) => !kinds || kinds.has(g.entries[i]!.kind);
  const spans: Span[] = [];

  // Exact names: every stretch of tokens that is a label or alias.
  for (let i = 0; i < tokens.length; i++) {
    let key = '';
    for (let n = 1; n <= g.maxPhraseTokens && i + n <= tokens.length; n++) {
      key = n === 1 ? tokens[i]!.norm : `${key} ${tokens[i + n - 1]!.norm}`;
      if (n === 1 && stop[i]) continue;
      for (const e of g.phrases.get(key) ?? []) if (wanted(e)) spans.push({ from: i, to: i + n - 1, score: 1, exact: true, entry: e });
    }
  }

  // Fuzzy names: entries that the text's content words (or their typos and prefixes) point to.
  const sims = tokens.map((t, j) => (stop[j] ? new Map<string, number>() : fuzzyMatches(g, t.norm)));
  const aligned = anchorHits(g, tokens, sims, stop, kinds);
  for (const { e, anchor } of aligned.hits) {
    let best: Span | null = null;
    for (const name of g.variants[e]!) {
      const a = align(tokens, sims, stop, name, anchor);
      if (!a) continue;
      const length = a.to - a.from + 1;
      const score = (a.sum / length) * (0.55 + (0.45 * Math.min(length, name.length)) / name.length);
      if (score >= minScore && (!best || length > best.to - best.from + 1 || (length === best.to - best.from + 1 && score > best.score)))
        best = { from: a.from, to: a.to, score, exact: false, entry: e };
    }
    if (best) spans.push(best);
  }

  // The longest stretches first (then the best scored), none overlapping one already taken.
  const bySpan = new Map<string, Span[]>();
  for (const s of spans) {
    const key = `${s.from}:${s.to}`;
    const list = bySpan.get(key);
    if (list) list.push(s);
    else bySpan.set(key, [s]);
  }
  const groups = [...bySpan.values()].map((list) => {
    const byEntry = new Map<number, MentionCandidate>();
    for (const s of list) {
      const entry = g.entries[s.entry]!;
      const score = s.score + (entry.ownedByCaller ? OWN_BONUS : 0);
      const had = byEntry.get(s.entry);
      if (!had || score > had.score) byEntry.set(s.entry, { entry, score, exact: s.exact || (had?.exact ?? false) });
    }
    const candidates = [...byEntry.values()].sort(
      (a, b) => b.score - a.score || a.entry.label.length - b.entry.label.length || (a.entry.label < b.entry.label ? -1 : 1),
    );
    return { from: list[0]!.from, to: list[0]!.to, candidates };
  });
  groups.sort((a, b) => b.to - b.from - (a.to - a.from) || b.candidates[0]!.score - a.candidates[0]!.score || a.from - b.from);
  const taken: boolean[] = tokens.map(() => false);
  const out: Mention[] = [];
  for (const grp of groups) {
    let free = true;
    for (let j = grp.from; j <= grp.to; j++) if (taken[j]) free = false;
    if (!free) continue;
    for (let j = grp.from; j <= grp.to; j++) taken[j] = true;
    const start = tokens[grp.from]!.start;
    const end = tokens[grp.to]!.end;
    out.push({
      start,
      end,
      text: text.slice(start, end),
      exact: grp.candidates[0]!.exact,
      candidates: grp.candidates.slice(0, maxCandidates),
      truncated: grp.candidates.length > maxCandidates || aligned.cut,
    });
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * The candidates for a text that should be one name as a whole (a value after "stage", a record's
 * name after "update deal"): the mention that covers every content word of it, else none.
 */
export function matchWhole(g: Gazetteer, text: string, options: MentionOptions = {}): MentionCandidate[] {
  const mentions = findMentions(g, text, options);
  const m = mentions.length === 1 ? mentions[0]! : null;
  const outside = m ? tokenize(text.slice(0, m.start) + ' ' + text.slice(m.end)).filter((t) => !STOP_WORDS.has(t.norm)) : [];
  if (m && outside.length === 0) return m.candidates;
  return matchUnordered(g, text, options);
}

/** Entries looked at for a name typed out of order: those of its rarest word. */
const MAX_UNORDERED = 5000;

/**
 * A name typed with its words in another order ("mandovi regional pilot" for "Mandovi Media House -
 * Pilot for regional team"): every content word (or its typo or prefix) is a word of the name.
 * Scored below an in-order match of the same words, the caller's own ahead of equals.
 */
function matchUnordered(g: Gazetteer, text: string, options: MentionOptions): MentionCandidate[] {
  const typed = tokenize(text).filter((t) => !STOP_WORDS.has(t.norm) && !isNumber(t.norm));
  if (typed.length < 2 || typed.length > 12) return [];
  const kinds = options.kinds ? new Set(options.kinds) : null;
  const sims = typed.map((t) => fuzzyMatches(g, t.norm));
  if (sims.some((s) => s.size === 0)) return [];
  const lists = sims.map((s) => [...s.keys()].flatMap((w) => g.postings.get(w) ?? []));
  const rarest = lists.reduce((a, b) => (b.length < a.length ? b : a));
  if (rarest.length > MAX_UNORDERED) return [];
  const minScore = options.minScore ?? DEFAULT_MIN_SCORE;
  const byEntry = new Map<number, MentionCandidate>();
  for (const e of new Set(rarest)) {
    const entry = g.entries[e]!;
    if (kinds && !kinds.has(entry.kind)) continue;
    for (const name of g.variants[e]!) {
      let sum = 0;
      const used = new Set<number>();
      for (const s of sims) {
        let best = 0;
        let at = -1;
        name.forEach((word, k) => {
          const v = s.get(word) ?? 0;
          if (!used.has(k) && v > best) [best, at] = [v, k];
        });
        if (at < 0) break;
        used.add(at);
        sum += best;
      }
      if (used.size !== sims.length) continue;
      const score = 0.9 * (sum / sims.length) * (0.55 + (0.45 * Math.min(sims.length, name.length)) / name.length);
      if (score < minScore) continue;
      const own = score + (entry.ownedByCaller ? OWN_BONUS : 0);
      if (own > (byEntry.get(e)?.score ?? 0)) byEntry.set(e, { entry, score: own, exact: false });
    }
  }
  return [...byEntry.values()]
    .sort((a, b) => b.score - a.score || a.entry.label.length - b.entry.label.length || (a.entry.label < b.entry.label ? -1 : 1))
    .slice(0, options.maxCandidates ?? DEFAULT_MAX_CANDIDATES);
}

/**
 * The one candidate a name stands for, when it is clear: a single best, ahead of the next by
 * more than a rounding (the caller's own record counts as ahead), else null (ask which).
 */
export function clearWinner(candidates: readonly MentionCandidate[]): MentionCandidate | null {
  const [first, second] = candidates;
  if (!first) return null;
  return !second || first.score - second.score > 0.005 ? first : null;
}
