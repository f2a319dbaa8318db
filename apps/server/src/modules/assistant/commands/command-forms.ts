import { OBJECT_TYPES, type TObjectType } from '@pipewise/contract/assistant';
import { escapeRegExp } from './command-text';
import { aliasesFor, TYPE_WORDS, type FieldSpec } from './entity-fields';

/** What a command's words come to before values are read. */
export type CommandDraft = {
  operation: 'create' | 'update';
  type: TObjectType | null;
  /** The record's name as written (placeholders for quoted parts still in). */
  head: string;
  /** Fields already split off by a special form ("change the stage of X to Y"). */
  fields?: { field: FieldSpec; type: TObjectType; raw: string }[];
  /** The text after the name, still to scan for fields (general form). */
  rest?: string;
};

const typeAlternation = OBJECT_TYPES.flatMap((t) => TYPE_WORDS[t]).join('|');
export const typeOfWord = (word: string | undefined): TObjectType | null =>
  word ? (OBJECT_TYPES.find((t) => TYPE_WORDS[t].includes(word.toLowerCase())) ?? null) : null;

const POLITE = String.raw`^(?:please\s+)?(?:(?:can|could|would)\s+you\s+)?(?:please\s+)?`;
const fieldAliases = aliasesFor(OBJECT_TYPES, false, true);
const fieldAlternation = [...new Set(fieldAliases.map((a) => a.alias))].map((a) => escapeRegExp(a).replace(/ /g, '\\s+')).join('|');

const FIELD_OF = new RegExp(
  `${POLITE}(?:change|update|set|modify|edit)\\s+(?:the\\s+)?(${fieldAlternation})\\s+(?:of|for|on)\\s+` +
    `(?:the\\s+)?(?:(${typeAlternation})\\s+)?(.+?)\\s+(?:to|as|=|into)\\s+(.+)$`,
  'i',
);
const MOVE = new RegExp(
  `${POLITE}(?:move|mark|put|shift|advance|progress)\\s+(?:the\\s+)?(?:(deal|opportunity)\\s+)?` +
    `(.+?)\\s+(?:to|as|into|in)\\s+(?:the\\s+)?(.+)$`,
  'i',
);
const ASSIGN = new RegExp(`${POLITE}(?:re)?assign\\s+(?:the\\s+)?(?:(deal|opportunity)\\s+)?(.+?)\\s+to\\s+(.+)$`, 'i');
const RENAME = new RegExp(`${POLITE}rename\\s+(?:the\\s+)?(${typeAlternation})\\s+(.+?)\\s+(?:to|as)\\s+(.+)$`, 'i');
const GENERAL = new RegExp(
  `${POLITE}(create|add|new|make|register|update|change|edit|modify|set)\\b\\s*(?:(?:a|an|the|new|this|that)\\s+)*` +
    `(?:(${typeAlternation})\\b[\\s:,-]*)?(.*)$`,
  'i',
);

const fieldFor = (type: TObjectType, property: string) => aliasesFor([type], false).find((a) => a.field.property === property)!.field;

/** "change the stage of Acme renewal to Proposal", "set the amount for deal X to 5 lakh". */
function fieldOfForm(text: string): CommandDraft | null {
  const m = FIELD_OF.exec(text);
  if (!m) return null;
  const alias = m[1]!.toLowerCase().replace(/\s+/g, ' ');
  const candidates = fieldAliases.filter((a) => a.alias === alias);
  const named = typeOfWord(m[2]);
  const match = named ? candidates.find((c) => c.type === named) : candidates.length === 1 ? candidates[0] : undefined;
  if (!match) return null;
  return { operation: 'update', type: match.type, head: m[3]!, fields: [{ field: match.field, type: match.type, raw: m[4]! }] };
}

/** "move Acme renewal to Negotiation", "mark X as Closed Won", "move X to the Enterprise pipeline". */
function moveForm(text: string): CommandDraft | null {
  const m = MOVE.exec(text);
  if (!m) return null;
  const target = m[3]!.trim();
  const pipeline = /^(?:pipeline\s+(.+)|(.+?)\s+pipeline)$/i.exec(target);
  const field = fieldFor('deal', pipeline ? 'pipeline' : 'dealstage');
  const raw = pipeline ? (pipeline[1] ?? pipeline[2]!) : target.replace(/^stage\s+/i, '').replace(/\s+stage$/i, '');
  return { operation: 'update', type: 'deal', head: m[2]!, fields: [{ field, type: 'deal', raw }] };
}

/** "assign Acme renewal to Priya", "reassign deal X to me". */
function assignForm(text: string): CommandDraft | null {
  const m = ASSIGN.exec(text);
  if (!m) return null;
  return { operation: 'update', type: 'deal', head: m[2]!, fields: [{ field: fieldFor('deal', 'dealowner'), type: 'deal', raw: m[3]! }] };
}

/** "rename deal Acme renewal to Acme renewal 2026". */
function renameForm(text: string): CommandDraft | null {
  const m = RENAME.exec(text);
  if (!m) return null;
  const type = typeOfWord(m[1])!;
  const field =
    type === 'contact'
      ? aliasesFor(['contact'], false).find((a) => a.field.kind === 'name')!.field
      : fieldFor(type, type === 'deal' ? 'dealname' : 'name');
  return { operation: 'update', type, head: m[2]!, fields: [{ field, type, raw: m[3]! }] };
}

/** "create deal X with ...", "update company Y industry Z", "add a new contact ...". */
function generalForm(text: string): CommandDraft | null {
  const m = GENERAL.exec(text);
  if (!m) return null;
  const verb = m[1]!.toLowerCase();
  const operation = ['create', 'add', 'new', 'make', 'register'].includes(verb) ? 'create' : 'update';
  return { operation, type: typeOfWord(m[2]), head: '', rest: m[3]! };
}

/** The command's shape, trying the special forms before the general one. */
export function draftOf(text: string): CommandDraft | null {
  return fieldOfForm(text) ?? renameForm(text) ?? assignForm(text) ?? moveForm(text) ?? generalForm(text);
}
