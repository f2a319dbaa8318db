import { OBJECT_TYPES, type TObjectType, type TParsedCommand } from '@pipewise/contract/assistant';
import type { Gazetteer } from '../understanding/gazetteer';
import { findMentions, type Mention } from '../understanding/mentions';
import {
  blankQuotes,
  cleanName,
  cleanValue,
  entityPlaceholder,
  FROM_TO,
  isWhollyQuoted,
  maskQuotes,
  unmask,
  wholeEntity,
  type MaskedText,
} from './command-text';
import { draftOf, type CommandDraft } from './command-forms';
import type { DateContext } from './date-parser';
import { aliasesFor, PROPERTY_LABELS } from './entity-fields';
import { inferType, scanFields, type LabelAt, type Marker } from './field-scanner';
import { candidatesOf, looseStageLabel, ownerValue, pipelineLabel, recordEntry, stageLabel } from './name-resolution';
import { COMMAND_WORDS } from './command-words';
import {
  looksLikeDomain,
  looksLikeEmail,
  normalizeDomain,
  readValue,
  splitName,
  type CommandProblem,
  type PropertyValue,
} from './field-values';

export type ParseOutcome = {
  parsed: TParsedCommand;
  problems: CommandProblem[];
  /** The record's name as typed, when the caller's names replaced it with a record's exact name. */
  typedIdentifier?: string;
};

/** What a command is read against: the moment and zone for dates, and the caller's names when known. */
export type ParseContext = DateContext & { names?: Gazetteer | null };

const NOT_UNDERSTOOD: ParseOutcome = { parsed: { operation: null, object_type: null, identifier: null, properties: {} }, problems: [] };

/** Examples by object type, for answers that say what to write. */
export const COMMAND_EXAMPLES: Record<TObjectType, { create: string; update: string }> = {
  deal: { create: 'create deal "Acme renewal" with amount 2.5 lakh and stage Discovery', update: 'update deal Acme renewal amount 5 lakh' },
  company: {
    create: 'create company Acme with domain acme.example and industry Fintech',
    update: 'update company acme.example industry Fintech',
  },
  contact: {
    create: 'create contact Priya Shah priya@acme.example phone +91 98765 43210 at Acme',
    update: 'update contact priya@acme.example job title CFO',
  },
};

const JOIN = '(?!(?:and|with|or|set|also|plus|then|pipeline|stage)\\b)';
const WORD = '[\\w&.\\ue002\\ue003-]+';
const IN_PIPELINE_OR_STAGE = new RegExp(
  `\\b(?:in|into|on|at|to)\\s+(?:the\\s+)?((?:${JOIN}${WORD}\\s+){0,3}?${JOIN}${WORD})\\s+(pipeline|stage)\\b(?!\\s+(?:to|is|as|=|:))`,
  'gi',
);

/** "in the Enterprise pipeline" and "at the Proposal stage" name their field after the value: put it first. */
function inPipelineOrStage(text: string): string {
  // The value holds no joining word ("to Rs 90k and stage to X" is two fields), and the field word
  // is not followed by a value of its own ("at the Proposal stage", not "to 90k and stage to X").
  return text.replace(IN_PIPELINE_OR_STAGE, (_m, value: string, field: string) => `${field.toLowerCase()} ${value}`);
}

const fieldOf = (type: TObjectType, property: string) => aliasesFor([type], false).find((a) => a.field.property === property);

/**
 * Swaps the names of the caller's records in the text for placeholders, so their words are not
 * read as field words ("Decision Maker Bought-In" is a stage, not the KDM field).
 */
function protectNames(masked: MaskedText, names: Gazetteer): Mention[] {
  const blank = blankQuotes(masked.text);
  // Never part of an email, a domain or a link ("meera@kaveri.example" is an email, not Kaveri).
  const found = findMentions(names, blank, { reserved: COMMAND_WORDS }).filter(
    (m) => !/[\w@./-]$/.test(blank.slice(0, m.start)) && !/^(?:[\w@/-]|\.\w)/.test(blank.slice(m.end)),
  );
  let text = '';
  let at = 0;
  found.forEach((m, i) => {
    text += masked.text.slice(at, m.start) + entityPlaceholder(i);
    at = m.end;
  });
  masked.text = text + masked.text.slice(at);
  masked.entities = found.map((m) => m.text);
  return found;
}

const bestKind = (m: Mention | undefined) => m?.candidates[0]?.entry.kind;
/** A mention that is a stage or pipeline, named in full or nearly ('review' alone is not Legal Review). */
const namesALabel = (m: Mention | undefined) =>
  (bestKind(m) === 'stage' || bestKind(m) === 'pipeline') && (m!.exact || m!.candidates[0]!.score >= 0.8);

/**
 * A stage or pipeline named without its field word after a joining word ("in Partners with Demo
 * Done", "move it to Negotiation"), or a contact's company after "at": a value that names its field.
 */
function namedValueMarkers(text: string, type: TObjectType, mentions: Mention[]): Marker[] {
  const out: Marker[] = [];
  for (const m of text.matchAll(/(?:\b(?:in|into|at|to|with|and|on|as)\s+(?:the\s+)?|,\s*)(\ue002(\d+)\ue003)/gi)) {
    const kind = bestKind(mentions[Number(m[2])]);
    const property =
      type === 'deal' && kind === 'stage'
        ? 'dealstage'
        : type === 'deal' && kind === 'pipeline'
          ? 'pipeline'
          : type === 'contact' && kind === 'company'
            ? 'company'
            : null;
    const field = property ? fieldOf(type, property) : undefined;
    if (!field) continue;
    const start = m.index + m[0].length - m[1]!.length;
    out.push({ start, end: start + m[1]!.length, candidates: [field], value: m[1]! });
  }
  return out;
}

type Pair = { property: string; raw: string; field: Parameters<typeof readValue>[0] };

/** The name a command gives its record, and the fields it sets, with quoted parts restored. */
function pairsOf(
  draft: CommandDraft,
  type: TObjectType,
  masked: MaskedText,
  mentions: Mention[],
  labelAt: LabelAt,
): { head: string; pairs: Pair[]; leftovers: string[] } {
  if (draft.fields) {
    // "set the amount of X to 90k and stage to Negotiation": the value may hold more fields.
    const pairs: Pair[] = [];
    const leftovers: string[] = [];
    for (const f of draft.fields) {
      // "move X to the Partners pipeline, stage Demo Done": the field after its value, then more fields.
      const raw =
        type === 'deal' && /\b(?:pipeline|stage)\b/i.test(f.raw) ? inPipelineOrStage(`to ${f.raw}`).replace(/^to\s+/i, '') : f.raw;
      const scanned = scanFields(raw, type, namedValueMarkers(raw, type, mentions), labelAt);
      // Only another field counts ("to ₹ 4,50,000/-" is the amount as written, not an amount and "/-").
      const more = scanned.pairs.some((p) => !p.standalone || p.field !== f.field) ? scanned : { head: raw, pairs: [], leftovers: [] };
      const own = more.pairs.length === 0 || cleanValue(more.head) !== '' || !more.pairs.some((p) => p.field === f.field);
      if (own) pairs.push({ property: f.field.property, raw: more.pairs.length ? more.head : raw, field: f.field });
      if (more.pairs.length) {
        pairs.push(...more.pairs.map((p) => ({ property: p.field.property, raw: p.raw, field: p.field })));
        leftovers.push(...more.leftovers.map((l) => unmask(cleanValue(l), masked)));
      }
    }
    return { head: draft.head, pairs, leftovers };
  }
  const rest = type === 'deal' ? inPipelineOrStage(draft.rest ?? '') : (draft.rest ?? '');
  const scanned = scanFields(rest, type, namedValueMarkers(rest, type, mentions), labelAt);
  const leftovers = scanned.leftovers.map((l) => unmask(cleanValue(l), masked));
  return { head: scanned.head, pairs: scanned.pairs.map((p) => ({ property: p.field.property, raw: p.raw, field: p.field })), leftovers };
}

function valueOf(raw: string, masked: MaskedText): string {
  if (isWhollyQuoted(raw)) return unmask(raw, masked).trim();
  const value = cleanValue(raw);
  return unmask(cleanValue(FROM_TO.exec(value)?.[1] ?? value), masked).trim();
}

/** A change of the amount by some ("reduce amount by 10k", "increase the value by 2 lakh"). */
const RELATIVE_CHANGE = /\b(?:reduce|decrease|lower|cut|increase|raise|hike|add)\b[^\d]*?\bby\s+(?:rs\.?\s*|₹\s*)?\d/i;

/** Emoji and their joiners, variation selectors and skin tones: a rep's '50k 🔥' is '50k'. */
const EMOJI = /\p{Extended_Pictographic}|[\u{1F3FB}-\u{1F3FF}]|\u200d|\ufe0f/gu;

/** A Hinglish request to change something ('... kar do', '... karo', '... set karo'), said after what to change. */
const HINGLISH_DO = /\s+(?:(?:set|update|change)\s+)?(?:kar(?:\s*do|o|\s*dena|\s*dijiye|\s*dijie)|badal\s*do|badlo)$/i;
/** '<record> ka <field>': 'ka' (of, also 'ki', 'ke') joins the record's name to one of its fields. */
const HINGLISH_OF = new RegExp(
  `^(.+?)\\s+k[aei]\\s+(?=(?:${[...new Set(aliasesFor(OBJECT_TYPES, false).map((a) => a.alias))]
    .map((a) => a.replace(/ /g, '\\s+'))
    .join('|')})\\b)`,
  'i',
);

/**
 * 'godavari dealer portal ka amount 9 lakh kar do' is 'update godavari dealer portal amount 9 lakh': the record,
 * 'ka' and its field, then the verb last. Anything else ending in 'kar do' is left as typed.
 */
function fromHinglish(text: string): string {
  if (!HINGLISH_DO.test(text) || !HINGLISH_OF.test(text) || draftOf(text)) return text;
  return `update ${text.replace(HINGLISH_DO, '').replace(HINGLISH_OF, '$1 ')}`;
}

/**
 * Reads a plain-language CRM command into the spec's parsed_command: create or update of a
 * deal, company or contact with CRM property names. Pure: no I/O; dates relative to `ctx.now`
 * in `ctx.timeZone`. What it cannot read is never guessed: an unknown form gives operation and
 * object type null, and an unreadable value is kept as typed and named in `problems`.
 */
export function parseCommand(input: string, ctx: ParseContext): ParseOutcome {
  const masked = maskQuotes(input.replace(EMOJI, ' ').replace(/\s+/g, ' ').trim());
  masked.text = fromHinglish(masked.text.replace(/[.!?]+$/, '').trim());
  const mentions = ctx.names ? protectNames(masked, ctx.names) : [];
  const text = masked.text;
  const draft = draftOf(text);
  if (!draft) return NOT_UNDERSTOOD;
  const type = draft.type ?? inferType(draft.rest ?? '') ?? typeOfNamed(draft, mentions);
  if (!type) return NOT_UNDERSTOOD;

  const { head: rawHead, pairs, leftovers } = pairsOf(draft, type, masked, mentions, ctx.names ? (i) => namesALabel(mentions[i]) : null);
  const problems: CommandProblem[] = [];
  const properties: Record<string, PropertyValue> = {};
  let headText = rawHead;
  // "update deal Orion renewal Negotiation": a stage or pipeline right after the deal's name.
  if (type === 'deal' && draft.operation === 'update' && !draft.fields) {
    const trailing = /^(.*\ue003)\s*(\ue002(\d+)\ue003)\s*$/.exec(cleanName(rawHead));
    const kind = trailing ? bestKind(mentions[Number(trailing[3])]) : undefined;
    if (trailing && (kind === 'stage' || kind === 'pipeline')) {
      headText = trailing[1]!;
      const field = fieldOf('deal', kind === 'stage' ? 'dealstage' : 'pipeline')!.field;
      pairs.unshift({ property: field.property, raw: trailing[2]!, field });
    }
  }
  let head = isWhollyQuoted(headText) ? unmask(headText, masked).trim() : unmask(cleanName(headText), masked).trim();
  const headEntity = wholeEntity(cleanName(headText));

  // "update contact priya@acme.example phone ...": a leading email or domain names the record.
  const first = pairs[0];
  if (
    draft.operation === 'update' &&
    head === '' &&
    first &&
    !draft.fields &&
    ['email', 'domain'].includes(first.property) &&
    rawHead.trim() === ''
  ) {
    head = valueOf(first.raw, masked);
    pairs.shift();
  }
  // "Priya Shah, CFO at Acme": a title after the contact's name.
  if (type === 'contact' && draft.operation === 'create' && head.includes(',') && !pairs.some((p) => p.property === 'jobtitle')) {
    const [name, ...title] = head.split(',');
    head = name!.trim();
    if (title.join(',').trim()) properties.jobtitle = title.join(',').trim();
  }
  for (const pair of pairs) {
    const entity = wholeEntity(cleanValue(pair.raw));
    const field = entity === null ? pair.field : stageOrPipeline(type, pair.field, mentions[entity]);
    const read = readValue(field, valueOf(pair.raw, masked), ctx);
    Object.assign(properties, read.properties);
    if (read.problem) problems.push(read.problem);
    else if (ctx.names) resolveNames(ctx.names, field.property, properties, entity === null ? null : mentions[entity]!);
  }
  // "reduce amount by 10k": a change by some is not the new amount; nothing is written until the rep says it.
  if (properties.amount !== undefined && RELATIVE_CHANGE.test(text) && !problems.some((p) => p.property === 'amount')) {
    problems.push({
      property: 'amount',
      message: 'I can set the amount, not raise or lower it by some: say the new amount, e.g. "amount 40k".',
    });
  }
  for (const words of leftovers) {
    if (words && !head && draft.operation === 'create') head = words;
    else if (words) problems.push({ property: 'command', message: `I did not understand "${words}" in your command.` });
  }
  let typedIdentifier: string | undefined;
  if (draft.operation === 'update' && head && !isWhollyQuoted(headText)) {
    // "update orion renewal move to Negotiation": a verb between the name and its field is no part of the name.
    const named = (text: string, known: Mention | null) =>
      ctx.names ? recordEntry(type, candidatesOf(ctx.names, text, known?.candidates ?? null)) : null;
    if (!named(head, headEntity === null ? null : mentions[headEntity]!)) {
      const cut = head.replace(TRAILING_VERB, '').trim();
      // "konkan pilot deal value 75k": a trailing "deal" is cut only when the name then resolves.
      const cutType = cut.replace(TRAILING_TYPE_WORD, '').trim();
      if (cutType && cutType !== cut && named(cutType, null)) head = cutType;
      else if (cut) head = cut;
    }
  }
  if (ctx.names && draft.operation === 'update' && head) {
    const found = recordEntry(type, candidatesOf(ctx.names, head, headEntity === null ? null : mentions[headEntity]!.candidates));
    if (found) {
      typedIdentifier = head;
      head = found.label;
      reresolveStage(ctx.names, properties, pairs, masked, mentions, found.parentId ?? null);
    }
  }
  if (draft.operation === 'create') return finishCreate(type, head, properties, problems);
  return { ...finishUpdate(type, head, properties, problems), ...(typedIdentifier === undefined ? {} : { typedIdentifier }) };
}

const TRAILING_VERB = new RegExp(
  '(?:\\s+(?:and|then|also|now|pls|please|kindly))?' +
    '\\s+(?:move|set|change|push|shift|make|mark|put|update|edit|modify|advance|bump|reduce|decrease|lower|increase|raise|hike)' +
    "(?:\\s+(?:the|its|it|this|that|deal|deal's))*$",
  'i',
);
const TRAILING_TYPE_WORD = /(?:\s+(?:the|its))?\s+(?:deal|deal's|opportunity)$/i;

/** With no type word nor field to tell, the type of the record named ("update Orion renewal to Negotiation"). */
function typeOfNamed(draft: CommandDraft, mentions: Mention[]): TObjectType | null {
  if (draft.operation !== 'update') return null;
  const entity = wholeEntity(cleanName(draft.fields ? draft.head : (draft.rest ?? '').split(/\ue003/)[0] + '\ue003'));
  const kind = entity === null ? undefined : bestKind(mentions[entity]);
  return kind === 'deal' || kind === 'company' || kind === 'contact' ? kind : null;
}

/** "move X to Partners": a value that names a pipeline is the pipeline, one that names a stage the stage. */
function stageOrPipeline(type: TObjectType, field: Pair['field'], mention: Mention | undefined): Pair['field'] {
  if (type !== 'deal' || !mention || (field.property !== 'dealstage' && field.property !== 'pipeline')) return field;
  const kinds = new Set(mention.candidates.map((c) => c.entry.kind));
  if (field.property === 'dealstage' && !kinds.has('stage') && kinds.has('pipeline')) return fieldOf('deal', 'pipeline')!.field;
  if (field.property === 'pipeline' && !kinds.has('pipeline') && kinds.has('stage')) return fieldOf('deal', 'dealstage')!.field;
  return field;
}

/** Stage, pipeline, owner and a contact's company by their exact names (an owner by email), when the caller's names say. */
export function resolveNames(names: Gazetteer, property: string, properties: Record<string, PropertyValue>, mention: Mention | null): void {
  const value = properties[property];
  if (typeof value !== 'string') return;
  const candidates = candidatesOf(names, value, mention?.candidates ?? null);
  if (property === 'pipeline') {
    const found = pipelineLabel(candidates);
    if (found) properties.pipeline = found.label;
    // A stage read before its pipeline: read again within it.
    if (found && typeof properties.dealstage === 'string') {
      properties.dealstage = stageLabel(candidatesOf(names, properties.dealstage, null), found.id) ?? properties.dealstage;
    }
  } else if (property === 'dealstage') {
    const pipeline = typeof properties.pipeline === 'string' ? pipelineLabel(candidatesOf(names, properties.pipeline, null)) : null;
    properties.dealstage = stageLabel(candidates, pipeline?.id ?? null) ?? looseStageLabel(names, value, pipeline?.id ?? null) ?? value;
  } else if (property === 'dealowner') {
    properties.dealowner = ownerValue(names, value, candidates) ?? value;
  } else if (property === 'company') {
    properties.company = recordEntry('company', candidates)?.label ?? value;
  }
}

/** Once the deal is known and no pipeline was named, its stage is read within the deal's own pipeline. */
function reresolveStage(
  names: Gazetteer,
  properties: Record<string, PropertyValue>,
  pairs: Pair[],
  masked: MaskedText,
  mentions: Mention[],
  pipelineId: string | null,
): void {
  if (!pipelineId || typeof properties.dealstage !== 'string' || properties.pipeline !== undefined) return;
  const pair = pairs.find((p) => p.property === 'dealstage');
  if (!pair) return;
  const entity = wholeEntity(cleanValue(pair.raw));
  const typed = valueOf(pair.raw, masked);
  const label =
    stageLabel(candidatesOf(names, typed, entity === null ? null : mentions[entity]!.candidates), pipelineId) ??
    looseStageLabel(names, typed, pipelineId);
  if (label) properties.dealstage = label;
}

function finishCreate(
  type: TObjectType,
  head: string,
  properties: Record<string, PropertyValue>,
  problems: CommandProblem[],
): ParseOutcome {
  let identifier: string | null = null;
  if (type === 'deal') {
    if (head) properties = { dealname: head, ...properties };
    identifier = typeof properties.dealname === 'string' ? properties.dealname : null;
  } else if (type === 'company') {
    if (head && looksLikeDomain(head) && properties.domain === undefined) properties = { domain: normalizeDomain(head), ...properties };
    if (head) properties = { name: head, ...properties };
    else if (typeof properties.domain === 'string' && properties.name === undefined)
      properties = { name: properties.domain, ...properties };
    identifier = typeof properties.name === 'string' ? properties.name : null;
  } else {
    if (head && looksLikeEmail(head) && properties.email === undefined) properties = { email: head.toLowerCase(), ...properties };
    else if (head) properties = { ...splitName(head), ...properties };
    const full = `${properties.firstname ?? ''} ${properties.lastname ?? ''}`.trim();
    identifier = full || (typeof properties.email === 'string' ? properties.email : null);
  }
  const nameProperty = type === 'deal' ? 'dealname' : type === 'company' ? 'name' : 'firstname';
  if (!properties[nameProperty]) {
    problems.push({ property: nameProperty, message: `Please give the ${type} a name, e.g. ${COMMAND_EXAMPLES[type].create}` });
  }
  return { parsed: { operation: 'create', object_type: type, identifier, properties }, problems };
}

function finishUpdate(
  type: TObjectType,
  head: string,
  properties: Record<string, PropertyValue>,
  problems: CommandProblem[],
): ParseOutcome {
  if (!head)
    problems.push({ property: 'identifier', message: `Please say which ${type} to update, e.g. ${COMMAND_EXAMPLES[type].update}` });
  if (Object.keys(properties).length === 0) {
    problems.push({ property: 'properties', message: `Please say what to change, e.g. ${COMMAND_EXAMPLES[type].update}` });
  }
  return { parsed: { operation: 'update', object_type: type, identifier: head || null, properties }, problems };
}

export const labelOf = (property: string) => PROPERTY_LABELS[property] ?? property;
