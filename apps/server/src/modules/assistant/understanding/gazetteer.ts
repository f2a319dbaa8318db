/**
 * The names a caller may see (deals, companies, contacts, people, CRM owners, pipelines, stages),
 * indexed once so a sentence can be scanned for them in well under a millisecond (mentions.ts).
 * Pure: the entries come from the caller's visible data (gazetteer-loader.ts), the index is
 * plain maps and arrays.
 */

export const ENTITY_KINDS = ['deal', 'company', 'contact', 'person', 'owner', 'pipeline', 'stage'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

export type GazetteerEntry = {
  kind: EntityKind;
  /** The record's id (deal id as text, uuid, pipeline or stage id). */
  id: string;
  /** The exact name as the CRM shows it: what a resolved mention is replaced with. */
  label: string;
  /** Other names of the same record: an email, a domain, a first name. */
  aliases?: string[];
  /** The caller's own record (a deal or company they own; for a person: the caller themself). */
  ownedByCaller?: boolean;
  /** A person's, owner's or contact's email: how an owner is named in a resolved command. */
  email?: string | null;
  /** A stage's pipeline id; a deal's pipeline id; a contact's company id. */
  parentId?: string | null;
};

/** One token of a text: its normalized form and where it sits in the original. */
export type Token = { norm: string; start: number; end: number };

const TOKEN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;
const ASCII_TOKEN = /[a-zA-Z0-9]+(?:'[a-zA-Z]+)?/g;

/** Every character is 7-bit ASCII: the fast path of tokenizing. */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** Lower case without accents; "Orion's" is "orion", "Bought-In" two tokens, punctuation and quotes nothing. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const ascii = isAscii(text);
  for (const m of text.matchAll(ascii ? ASCII_TOKEN : TOKEN)) {
    let norm = ascii ? m[0].toLowerCase() : m[0].normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    if (norm.includes("'") || norm.includes('’')) norm = norm.replace(/['’]s$/, '').replace(/['’]/g, '');
    if (norm) out.push({ norm, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** The names' words only, for building the index (no offsets). */
function words(text: string): string[] {
  if (!isAscii(text) || text.includes("'")) return tokenize(text).map((t) => t.norm);
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** The text as the index compares it: tokens joined by one space ("  Kaveri-Foods, Pvt. " is "kaveri foods pvt"). */
export const normalizeName = (text: string) =>
  tokenize(text)
    .map((t) => t.norm)
    .join(' ');

/** Trigrams of a token, padded so the start counts ("  k", " ka", "kav", ...). */
export function trigramsOf(token: string): string[] {
  const padded = `  ${token} `;
  const out: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) out.push(padded.slice(i, i + 3));
  return out;
}

export type Gazetteer = {
  entries: GazetteerEntry[];
  /** Normalized label or alias to the entries it names. */
  phrases: Map<string, number[]>;
  /** The most tokens a label or alias has (the longest phrase worth looking up). */
  maxPhraseTokens: number;
  /** Every distinct token, sorted (prefix lookups by binary search). */
  vocab: string[];
  /** Token to the entries whose label or alias holds it. */
  postings: Map<string, number[]>;
  /**
   * The same for the few-of-a-kind entries (pipelines, stages, people, owners): "sales" still finds
   * the Sales Pipeline when 10,000 deal names hold the word too.
   */
  fewPostings: Map<string, number[]>;
  /** Trigram to the vocabulary tokens (indexes into vocab) that hold it. */
  trigrams: Map<string, number[]>;
  /** Each entry's names as token lists: the label first, then the aliases. */
  variants: string[][][];
  /** How many entries of each kind (for callers that report sizes). */
  counts: Record<EntityKind, number>;
};

const FEW_KINDS: ReadonlySet<EntityKind> = new Set(['pipeline', 'stage', 'person', 'owner']);

/** The longest a phrase is indexed at (longer labels are still found, token by token). */
const MAX_PHRASE_TOKENS = 12;

/** Indexes the entries: exact phrases, token postings and token trigrams. Linear in the names' length. */
export function buildGazetteer(entries: readonly GazetteerEntry[]): Gazetteer {
  const phrases = new Map<string, number[]>();
  const postings = new Map<string, number[]>();
  const fewPostings = new Map<string, number[]>();
  const variants: string[][][] = [];
  const counts = Object.fromEntries(ENTITY_KINDS.map((k) => [k, 0])) as Record<EntityKind, number>;
  let maxPhraseTokens = 1;
  const list = [...entries];
  list.forEach((entry, i) => {
    counts[entry.kind]++;
    const names = [entry.label, ...(entry.aliases ?? [])];
    const own: string[][] = [];
    const seen = new Set<string>();
    for (const [n, name] of names.entries()) {
      const tokens = words(name);
      if (tokens.length === 0 || tokens.length > MAX_PHRASE_TOKENS) continue;
      const key = tokens.join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      // An email or a domain names its record only in full: "acme" alone is not vikram@acme.example.
      const whole = n > 0 && /[@.]/.test(name) && !/\s/.test(name.trim());
      maxPhraseTokens = Math.max(maxPhraseTokens, tokens.length);
      const at = phrases.get(key);
      if (at) at.push(i);
      else phrases.set(key, [i]);
      if (whole) continue;
      own.push(tokens);
      const few = FEW_KINDS.has(entry.kind);
      for (const token of new Set(tokens)) {
        for (const map of few ? [postings, fewPostings] : [postings]) {
          const p = map.get(token);
          if (!p) map.set(token, [i]);
          else if (p[p.length - 1] !== i) p.push(i);
        }
      }
    }
    variants.push(own);
  });
  const vocab = [...postings.keys()].sort();
  const trigrams = new Map<string, number[]>();
  vocab.forEach((token, v) => {
    if (token.length < 3 || /^\d+$/.test(token)) return;
    for (const g of new Set(trigramsOf(token))) {
      const t = trigrams.get(g);
      if (t) t.push(v);
      else trigrams.set(g, [v]);
    }
  });
  return { entries: list, phrases, maxPhraseTokens, vocab, postings, fewPostings, trigrams, variants, counts };
}
