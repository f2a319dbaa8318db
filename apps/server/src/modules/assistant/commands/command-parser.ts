import type { TObjectType, TParsedCommand } from '@pipewise/contract/assistant';
import { cleanName, cleanValue, FROM_TO, isWhollyQuoted, maskQuotes, unmask, type MaskedText } from './command-text';
import { draftOf, type CommandDraft } from './command-forms';
import type { DateContext } from './date-parser';
import { PROPERTY_LABELS } from './entity-fields';
import { inferType, scanFields } from './field-scanner';
import {
  looksLikeDomain,
  looksLikeEmail,
  normalizeDomain,
  readValue,
  splitName,
  type CommandProblem,
  type PropertyValue,
} from './field-values';

export type ParseOutcome = { parsed: TParsedCommand; problems: CommandProblem[] };

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

/** "in the Enterprise pipeline" and "at the Proposal stage" name their field after the value: put it first. */
function inPipelineOrStage(text: string): string {
  return text.replace(
    /\b(?:in|into|on|at|to)\s+(?:the\s+)?((?:[\w&.-]+\s+){0,3}?[\w&.-]+)\s+(pipeline|stage)\b/gi,
    (_m, value: string, field: string) => `${field.toLowerCase()} ${value}`,
  );
}

type Pair = { property: string; raw: string; field: Parameters<typeof readValue>[0] };

/** The name a command gives its record, and the fields it sets, with quoted parts restored. */
function pairsOf(draft: CommandDraft, type: TObjectType, masked: MaskedText): { head: string; pairs: Pair[]; leftovers: string[] } {
  if (draft.fields) {
    return {
      head: draft.head,
      pairs: draft.fields.map((f) => ({ property: f.field.property, raw: f.raw, field: f.field })),
      leftovers: [],
    };
  }
  const scanned = scanFields(type === 'deal' ? inPipelineOrStage(draft.rest ?? '') : (draft.rest ?? ''), type);
  const leftovers = scanned.leftovers.map((l) => unmask(cleanValue(l), masked));
  return { head: scanned.head, pairs: scanned.pairs.map((p) => ({ property: p.field.property, raw: p.raw, field: p.field })), leftovers };
}

function valueOf(raw: string, masked: MaskedText): string {
  if (isWhollyQuoted(raw)) return unmask(raw, masked).trim();
  const value = cleanValue(raw);
  return unmask(cleanValue(FROM_TO.exec(value)?.[1] ?? value), masked).trim();
}

/**
 * Reads a plain-language CRM command into the spec's parsed_command: create or update of a
 * deal, company or contact with CRM property names. Pure: no I/O; dates relative to `ctx.now`
 * in `ctx.timeZone`. What it cannot read is never guessed: an unknown form gives operation and
 * object type null, and an unreadable value is kept as typed and named in `problems`.
 */
export function parseCommand(input: string, ctx: DateContext): ParseOutcome {
  const masked = maskQuotes(input.replace(/\s+/g, ' ').trim());
  const text = masked.text.replace(/[.!?]+$/, '').trim();
  const draft = draftOf(text);
  if (!draft) return NOT_UNDERSTOOD;
  const type = draft.type ?? inferType(draft.rest ?? '');
  if (!type) return NOT_UNDERSTOOD;

  const { head: rawHead, pairs, leftovers } = pairsOf(draft, type, masked);
  const problems: CommandProblem[] = [];
  const properties: Record<string, PropertyValue> = {};
  let head = isWhollyQuoted(rawHead) ? unmask(rawHead, masked).trim() : unmask(cleanName(rawHead), masked).trim();

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
    const read = readValue(pair.field, valueOf(pair.raw, masked), ctx);
    Object.assign(properties, read.properties);
    if (read.problem) problems.push(read.problem);
  }
  for (const words of leftovers) {
    if (words && !head && draft.operation === 'create') head = words;
    else if (words) problems.push({ property: 'command', message: `I did not understand "${words}" in your command.` });
  }
  return draft.operation === 'create' ? finishCreate(type, head, properties, problems) : finishUpdate(type, head, properties, problems);
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
