import type { TObjectType, TParsedCommand } from '@pipewise/contract/assistant';
import type { DateContext } from '../commands/date-parser';
import { ENTITY_FIELDS } from '../commands/entity-fields';
import {
  looksLikeDomain,
  looksLikeEmail,
  normalizeDomain,
  readValue,
  splitName,
  type CommandProblem,
  type PropertyValue,
} from '../commands/field-values';
import type { TCreateArgs, TUpdateArgs } from './model-tool-args';

/** The model's values read like typed ones: "5 lakh" to rupees, "next Friday" to a date, emails lower-cased. */
function readProperties(type: TObjectType, given: Record<string, PropertyValue>, ctx: DateContext) {
  const properties: Record<string, PropertyValue> = {};
  const problems: CommandProblem[] = [];
  for (const [name, value] of Object.entries(given)) {
    const field = ENTITY_FIELDS[type].find((f) => f.property === name)!;
    const read = readValue(field, value === null ? '' : String(value).trim(), ctx);
    Object.assign(properties, read.properties);
    if (read.problem) problems.push(read.problem);
  }
  return { properties, problems };
}

/** A create_record call as the text parser would have read the same command. */
export function createCommandOf(args: TCreateArgs, ctx: DateContext): { parsed: TParsedCommand; problems: CommandProblem[] } {
  const { object_type: type, name } = args;
  const { properties, problems } = readProperties(type, args.properties, ctx);
  let named: Record<string, PropertyValue>;
  if (type === 'deal') named = { dealname: name };
  else if (type === 'company') named = looksLikeDomain(name) ? { name, domain: normalizeDomain(name) } : { name };
  else named = looksLikeEmail(name) ? { firstname: name.split('@')[0]!, email: name.toLowerCase() } : splitName(name);
  return { parsed: { operation: 'create', object_type: type, identifier: name, properties: { ...named, ...properties } }, problems };
}

/** An update_record call as the text parser would have read the same command. */
export function updateCommandOf(args: TUpdateArgs, ctx: DateContext): { parsed: TParsedCommand; problems: CommandProblem[] } {
  const { properties, problems } = readProperties(args.object_type, args.properties, ctx);
  if (Object.keys(args.properties).length === 0)
    problems.push({ property: 'properties', message: `Please say what to change on the ${args.object_type}.` });
  return { parsed: { operation: 'update', object_type: args.object_type, identifier: args.identifier, properties }, problems };
}
