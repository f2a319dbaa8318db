import { OBJECT_TYPES, type TObjectType } from '@pipewise/contract/assistant';
import { STANDALONE_AMOUNT } from './amount-parser';
import { isOnlyLinks, escapeRegExp } from './command-text';
import { parseCloseDate } from './date-parser';
import { aliasesFor, type AliasMatch, type FieldSpec } from './entity-fields';

/** A field named in the command: a keyword and the text up to the next one, or a value that names itself (an email). */
export type Marker = {
  start: number;
  end: number;
  /** The fields the keyword can mean (one per object type that has it). */
  candidates: AliasMatch[];
  /** For a self-naming value (email, phone, domain, amount with its unit): the value itself. */
  value?: string;
};

export type ScannedFields = {
  /** The text before the first field: the record's name. */
  head: string;
  pairs: { field: FieldSpec; type: TObjectType; raw: string; standalone: boolean }[];
  /** Words between fields that belong to none. */
  leftovers: string[];
};

const EMAIL = /(?<![\w.+-])[^\s@,;:()"]+@[^\s@,;:()"]+\.[a-z]{2,}(?![\w])/gi;
const PHONE = /(?<![\w+@.])\+?\(?\d[\d\s().-]{6,18}\d(?![\w@])/g;
const DOMAIN = /(?<![\w@.-])(?:https?:\/\/)?(?:www\.)?[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:\/\S*)?(?![\w@])/gi;

const STANDALONE: Record<TObjectType, { property: string; pattern: RegExp; accept?: (v: string) => boolean }[]> = {
  deal: [{ property: 'amount', pattern: STANDALONE_AMOUNT }],
  company: [{ property: 'domain', pattern: DOMAIN }],
  contact: [
    { property: 'email', pattern: EMAIL },
    { property: 'phone', pattern: PHONE, accept: (v) => v.replace(/\D/g, '').length >= 10 && v.replace(/\D/g, '').length <= 13 },
  ],
};

const keywordCache = new Map<string, { re: RegExp; byAlias: Map<string, AliasMatch[]> }>();

/** One regex over every alias of the types (compiled once per set of types). */
function keywordRegex(types: readonly TObjectType[], withWeak: boolean) {
  const key = `${types.join(',')}|${withWeak}`;
  let cached = keywordCache.get(key);
  if (!cached) {
    const all = aliasesFor(types, withWeak);
    const byAlias = new Map<string, AliasMatch[]>();
    for (const a of all) byAlias.set(a.alias, [...(byAlias.get(a.alias) ?? []), a]);
    const alternation = [...byAlias.keys()].map((a) => escapeRegExp(a).replace(/ /g, '\\s+')).join('|');
    cached = { re: new RegExp(`(?<![\\w@.\\ue000-])(?:${alternation})(?![\\w@]|[.-]\\w)`, 'gi'), byAlias };
    keywordCache.set(key, cached);
  }
  return cached;
}

export function keywordMarkers(text: string, types: readonly TObjectType[], withWeak: boolean): Marker[] {
  const { re, byAlias } = keywordRegex(types, withWeak);
  return [...text.matchAll(re)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    candidates: byAlias.get(m[0].toLowerCase().replace(/\s+/g, ' '))!,
  }));
}

function standaloneMarkers(text: string, type: TObjectType): Marker[] {
  const fields = aliasesFor([type], false);
  return STANDALONE[type].flatMap(({ property, pattern, accept }) => {
    const field = fields.find((a) => a.field.property === property)!;
    return [...text.matchAll(pattern)]
      .filter((m) => !accept || accept(m[0]))
      .map((m) => ({ start: m.index, end: m.index + m[0].length, candidates: [field], value: m[0].trim() }));
  });
}

const overlaps = (a: Marker, b: Marker) => a.start < b.end && b.start < a.end;
/** A value may hold keywords ("call CFO and close date talk") until a comma, "and" or "with" ends it. */
const endsWithSeparator = (text: string) => /(?:[,;]|\band|\bwith)\s*$/i.test(text);

/**
 * After free text, a date field's word whose words up to the next separator are no date is part of the
 * text: 'next step send pricing and close date to finance' is one next step.
 */
function notADate(m: Marker, text: string): boolean {
  if (m.candidates[0]!.field.kind !== 'date') return false;
  const words = text
    .slice(m.end)
    .split(/[,;]|\band\b|\bwith\b/i)[0]!
    .replace(/^\s*(?:(?:to|is|as|be|on|by)\s+|[=:]\s*)/i, '');
  return words.trim() !== '' && parseCloseDate(words, { now: new Date() }) === null;
}

/**
 * Whether the caller's name read at a placeholder (\ue002n\ue003) is a stage or pipeline; null when the caller's
 * names were not read (no placeholders then).
 */
export type LabelAt = ((entity: number) => boolean) | null;

/**
 * After free text, a stage or pipeline word whose words up to the next separator do not start with a stage or
 * pipeline of the caller's is part of the text: 'pain points owner is unclear, stage changes not tracked' is one
 * pain point, 'summary approved, pipeline review next week' one summary.
 */
function notALabel(m: Marker, text: string, labelAt: LabelAt): boolean {
  if (!labelAt || !['dealstage', 'pipeline'].includes(m.candidates[0]!.field.property)) return false;
  const words = text
    .slice(m.end)
    .split(/[,;]|\band\b|\bwith\b/i)[0]!
    .replace(/^\s*(?:(?:to|is|as|be|on|in|at)\s+|[=:]\s*)*(?:the\s+)?/i, '');
  const entity = /^\ue002(\d+)\ue003/.exec(words);
  return words.trim() !== '' && !(entity && labelAt(Number(entity[1])));
}

/** The markers in order, with keywords inside self-naming values and values that follow their keyword dropped. */
function orderedMarkers(text: string, type: TObjectType, extra: Marker[], labelAt: LabelAt): Marker[] {
  const keywords = keywordMarkers(text, [type], true);
  const values = [...standaloneMarkers(text, type), ...extra].filter((v) => !keywords.some((k) => overlaps(k, v)));
  const kept = keywords.filter((k) => !values.some((v) => overlaps(k, v)));
  const all = [...kept, ...values].sort((a, b) => a.start - b.start);
  const out: Marker[] = [];
  for (const m of all) {
    const prev = out[out.length - 1];
    // "phone +91 98765 43210": the number is the keyword's value, not a second field.
    const gap = text.slice(prev?.end ?? 0, m.start);
    if (m.value !== undefined && prev && prev.value === undefined && (isOnlyLinks(gap) || /^\s*from\s+\S.*\s+to\s*$/i.test(gap))) continue;
    // "stage Decision Maker Bought-In", "next step to close date review": a field word right after
    // another field's word (nothing but "to" or "is" between) starts that field's value.
    if (
      m.value === undefined &&
      prev &&
      prev.value === undefined &&
      prev.candidates[0]!.field !== m.candidates[0]!.field &&
      /^\s*(?:(?:to|is|as|be)\s+|[=:]\s*)?$/i.test(gap)
    )
      continue;
    if (
      prev &&
      prev.value === undefined &&
      prev.candidates[0]!.field.kind === 'freetext' &&
      (!endsWithSeparator(text.slice(prev.end, m.start)) || notADate(m, text) || notALabel(m, text, labelAt))
    )
      continue;
    out.push(m);
  }
  return out;
}

/**
 * Splits the text after "create deal" / "update contact" into the record's name and its fields. `labelAt`: when
 * the caller's names were read, which of their placeholders are stages or pipelines.
 */
export function scanFields(text: string, type: TObjectType, extra: Marker[] = [], labelAt: LabelAt = null): ScannedFields {
  const markers = orderedMarkers(text, type, extra, labelAt);
  const head = text.slice(0, markers[0]?.start ?? text.length);
  const pairs: ScannedFields['pairs'] = [];
  const leftovers: string[] = [];
  markers.forEach((m, i) => {
    const until = markers[i + 1]?.start ?? text.length;
    const field = m.candidates[0]!.field;
    if (m.value !== undefined) {
      pairs.push({ field, type, raw: m.value, standalone: true });
      const rest = text.slice(m.end, until);
      if (!isOnlyLinks(rest)) leftovers.push(rest);
    } else {
      const prev = pairs[pairs.length - 1];
      const raw = text.slice(m.end, until);
      // "pipeline Sales Pipeline": a keyword with nothing after it, right after its own field, is part of that value.
      if (prev && !prev.standalone && prev.field === field && isOnlyLinks(raw)) prev.raw += text.slice(m.start, until);
      else pairs.push({ field, type, raw, standalone: false });
    }
  });
  return { head, pairs, leftovers };
}

/** The object type the fields named in a command belong to, when exactly one has them all. */
export function inferType(text: string): TObjectType | null {
  const markers = keywordMarkers(text, OBJECT_TYPES, false);
  let types = new Set<TObjectType>(OBJECT_TYPES);
  for (const m of markers) {
    const these = new Set(m.candidates.map((c) => c.type));
    if (these.size === OBJECT_TYPES.length) continue; // "name" says nothing about the type
    types = new Set([...types].filter((t) => these.has(t)));
  }
  return markers.length > 0 && types.size === 1 ? [...types][0]! : null;
}
