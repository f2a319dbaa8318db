import { z } from 'zod';
import { OBJECT_TYPES, type TObjectType } from '@pipewise/contract/assistant';
import { DEAL_SORTS } from '@pipewise/contract/deals';
import type { ToolCall, ToolSpec } from '../../../adapters/llm/llm-port';
import { ENTITY_FIELDS } from '../commands/entity-fields';

/** The properties a command may set per object type, as the typed commands name them. */
const PROPERTY_NAMES: Record<TObjectType, string[]> = {
  deal: ENTITY_FIELDS.deal.map((f) => f.property),
  company: ENTITY_FIELDS.company.map((f) => f.property),
  contact: ENTITY_FIELDS.contact.map((f) => f.property),
};

const ZProperties = z
  .record(z.string(), z.union([z.string().max(2000), z.number(), z.null()]))
  .describe(
    'CRM properties to set, by name. deal: ' +
      `${PROPERTY_NAMES.deal.join(', ')}; company: ${PROPERTY_NAMES.company.join(', ')}; contact: ${PROPERTY_NAMES.contact.join(', ')}. ` +
      "Amounts in rupees (500000 or '5 lakh'), dates as YYYY-MM-DD or words ('next Friday'), stage/pipeline/owner by name.",
  );

/** A property named for the wrong object type is a malformed call, not something to guess at. */
const knownProperties = (a: { object_type: TObjectType; properties: Record<string, unknown> }, ctx: z.RefinementCtx) => {
  for (const name of Object.keys(a.properties)) {
    if (!PROPERTY_NAMES[a.object_type].includes(name))
      ctx.addIssue({ code: 'custom', path: ['properties', name], message: `${name} is not a ${a.object_type} property` });
  }
};

export const ZSearchArgs = z.object({
  query: z.string().trim().min(1).max(200).describe('Words to look for, e.g. a company, person or topic'),
  limit: z.number().int().min(1).max(10).default(5),
});

export const ZFindDealsArgs = z.object({
  owner: z.string().trim().min(1).max(254).optional().describe("The owner's full name or email"),
  stage: z.string().trim().min(1).max(100).optional().describe('A deal stage label, e.g. Discovery'),
  pipeline: z.string().trim().min(1).max(100).optional().describe('A pipeline label'),
  close_date_from: z.iso.date().optional().describe('Earliest close date, YYYY-MM-DD'),
  close_date_to: z.iso.date().optional().describe('Latest close date, YYYY-MM-DD'),
  search: z.string().trim().min(1).max(200).optional().describe('Text in the deal name, next steps or KDM'),
  sort: z.enum(DEAL_SORTS).default('created_desc'),
  limit: z.number().int().min(1).max(20).default(10),
});

export const ZCreateArgs = z
  .object({
    object_type: z.enum(OBJECT_TYPES),
    name: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .describe("The new record's name: deal name, company name or domain, contact's full name or email"),
    properties: ZProperties.default({}),
  })
  .superRefine(knownProperties);

export const ZUpdateArgs = z
  .object({
    object_type: z.enum(OBJECT_TYPES),
    identifier: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .describe('The record to change: deal name (or #id), company name or domain, contact name or email'),
    properties: ZProperties,
  })
  .superRefine(knownProperties);

export type TSearchArgs = z.infer<typeof ZSearchArgs>;
export type TFindDealsArgs = z.infer<typeof ZFindDealsArgs>;
export type TCreateArgs = z.infer<typeof ZCreateArgs>;
export type TUpdateArgs = z.infer<typeof ZUpdateArgs>;

export const TOOL_ARGS = {
  search_records: ZSearchArgs,
  find_deals: ZFindDealsArgs,
  create_record: ZCreateArgs,
  update_record: ZUpdateArgs,
} as const;
export type ToolName = keyof typeof TOOL_ARGS;

const DESCRIPTIONS: Record<ToolName, string> = {
  search_records:
    'Search the deals (name, next steps, KDM, pain points) and meeting recordings (title, summary, transcript) the user can see.',
  find_deals: 'List the deals the user can see, filtered by owner, stage, pipeline, close date range or text, with amounts in INR.',
  create_record: 'Propose creating a deal, company or contact. Nothing is written: the user is asked to confirm with yes or no.',
  update_record: 'Propose changing a deal, company or contact. Nothing is written: the user is asked to confirm with yes or no.',
};

/** JSON Schema for a model: no $schema line, and a date's `format` without zod's long calendar regex (small models choke on it). */
function forModel(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return JSON.parse(JSON.stringify(rest), (key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value) && 'format' in value && 'pattern' in value) {
      const { pattern: _pattern, ...kept } = value as Record<string, unknown>;
      return kept;
    }
    return value;
  }) as Record<string, unknown>;
}

/** The tools as the model sees them: JSON Schema of the same zod schemas that check the calls. */
export const TOOL_SPECS: ToolSpec[] = (Object.keys(TOOL_ARGS) as ToolName[]).map((name) => ({
  name,
  description: DESCRIPTIONS[name],
  parameters: forModel(TOOL_ARGS[name]),
}));

/** A tool call whose name is known and whose arguments passed their schema. */
export type CheckedCall = { [K in ToolName]: { id: string; name: K; args: z.infer<(typeof TOOL_ARGS)[K]> } }[ToolName];

/** A tool call the model got wrong: its answer cannot be trusted, so the offline path answers. */
export class MalformedToolCall extends Error {
  override name = 'MalformedToolCall';
}

/** Checks a call against the tools offered (`allowed`): unknown tool, bad JSON or bad arguments throw. */
export function checkCall(call: ToolCall, allowed: readonly ToolName[]): CheckedCall {
  const name = call.name as ToolName;
  if (!allowed.includes(name)) throw new MalformedToolCall(`unknown tool ${JSON.stringify(call.name.slice(0, 60))}`);
  let raw: unknown;
  try {
    raw = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
  } catch {
    throw new MalformedToolCall(`${name}: arguments are not JSON`);
  }
  const parsed = TOOL_ARGS[name].safeParse(raw);
  if (!parsed.success)
    throw new MalformedToolCall(`${name}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  return { id: call.id, name, args: parsed.data } as CheckedCall;
}
