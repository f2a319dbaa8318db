import { z } from 'zod';

export const OBJECT_TYPES = ['deal', 'company', 'contact'] as const;
export type TObjectType = (typeof OBJECT_TYPES)[number];
/** What a command creates or updates: a CRM record, or a task ("remind me to ...", created only). */
export const COMMAND_OBJECT_TYPES = [...OBJECT_TYPES, 'task'] as const;
export type TCommandObjectType = (typeof COMMAND_OBJECT_TYPES)[number];
export const OPERATIONS = ['create', 'update'] as const;

/** A pending operation lives this long on the server; a confirm after it is refused. */
export const PENDING_OPERATION_TTL_MS = 10 * 60 * 1000;

/** The spec's rule: a command starts with the word create or update, then whitespace. */
export const COMMAND_PATTERN = /^(create|update)\s/i;
/**
 * A task asked for ("remind me to ...", "add a task to ...", "to-do: ...", "add ... to my to-do list"):
 * sent to the command route like a create, and read there by the task reader (commands/task-command.ts).
 */
/**
 * A due day or time said before the task ("remind me in 2 days to ...", "remind me at 4pm to ...",
 * "remind me next Monday morning to ..."): regular-expression source, shared by the route choice
 * here and the server's reading of the task.
 */
export const TASK_WHEN =
  '(?:in\\s+\\d+\\s+\\w+|tomorrow|tmrw|today|tonight' +
  '|(?:this|next|on|at|by|before)\\s+[\\w:.]+(?:\\s+(?:am|pm|morning|afternoon|evening|night))?' +
  '|\\d{1,2}(?::\\d{2})?\\s*(?:am|pm)|(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:\\s+(?:morning|afternoon|evening))?)' +
  '(?:\\s+(?:morning|afternoon|evening|at\\s+\\d{1,2}(?::\\d{2})?\\s*(?:am|pm)?))?';
export const TASK_COMMAND_PATTERN = new RegExp(
  '^(?:(?:hey|hi|ok|okay)[,!]?\\s+)?(?:(?:please|pls|can you|could you|would you)\\s+)?' +
    '(?:remind me (?:to|that i (?:need|have) to|about|of)\\s' +
    '|(?:add|create|make|set(?: up)?|put in|new|schedule)\\s+(?:me\\s+)?(?:a\\s+|an\\s+)?(?:new\\s+)?' +
    '(?:task|to-?do|todo|reminder|to do)\\b' +
    '|(?:new\\s+)?(?:task|to-?do|todo|reminder)\\s*:' +
    `|remind me\\s+${TASK_WHEN}\\s+to\\s` +
    '|add\\s.+\\sto\\s+my\\s+(?:to-?do|todo|to do|task)s?(?:\\s+list)?(?:\\s+(?:for|on|by|due|before)\\s.+)?[?.!]*$' +
    '|i need to remember to\\s)',
  'i',
);
/** What the assistant sends to the command route: a create or update (the spec's rule), or a task. */
export const isCommandText = (text: string): boolean => COMMAND_PATTERN.test(text.trim()) || TASK_COMMAND_PATTERN.test(text.trim());
export const YES_WORDS = ['yes', 'y', 'yeah', 'yup', 'sure', 'ok'] as const;
export const NO_WORDS = ['no', 'n', 'nope', 'cancel', 'stop'] as const;

const ZPropertyValue = z.union([z.string(), z.number(), z.null()]);

/** What the parser read from the command (the spec's parsed_command). */
export const ZParsedCommand = z.object({
  operation: z.enum(OPERATIONS).nullable(),
  object_type: z.enum(COMMAND_OBJECT_TYPES).nullable(),
  /** The record's name (deal name, company name or domain, contact name or email). */
  identifier: z.string().nullable(),
  /**
   * CRM property names (dealname, amount, dealstage, pipeline, closedate, dealowner, domain, industry, city, email, phone,
   * jobtitle, company, ...) to values as read.
   */
  properties: z.record(z.string(), ZPropertyValue),
});
export type TParsedCommand = z.infer<typeof ZParsedCommand>;

/** POST /api/command/process-command: query parameters as in the spec; no body. */
export const ZProcessCommandQuery = z.object({
  command: z.string().trim().min(1, 'command is required').max(2000),
  email: z.string().max(254).optional(),
  hubId: z.string().max(100).optional(),
  userId: z.string().max(100).optional(),
  /** The caller's IANA time zone (e.g. Asia/Kolkata) for relative dates; the X-Timezone header says the same. */
  timeZone: z.string().max(64).optional(),
});

/** A write waiting for the user's yes: single use, held on the server for 10 minutes. */
export const ZPendingOperation = z.object({
  id: z.string(),
  operation: z.enum(OPERATIONS),
  object_type: z.enum(COMMAND_OBJECT_TYPES),
  identifier: z.string(),
  /** The record an update changes (null for a create). */
  record_id: z.string().nullable(),
  /** The resolved values that will be written (ids resolved to labels for display). */
  changes: z.array(z.object({ property: z.string(), label: z.string(), value: z.string() })),
  expires_at: z.string(),
});
export type TPendingOperation = z.infer<typeof ZPendingOperation>;

/** What a record view can show: the CRM objects, plus meetings (recordings) and calendar calls in the assistant's list answers. */
export const RECORD_VIEW_TYPES = [...OBJECT_TYPES, 'meeting', 'call', 'task'] as const;

/** One record of a selection (several matches) or a result, as property name/value pairs. */
export const ZRecordView = z.object({
  id: z.string(),
  object_type: z.enum(RECORD_VIEW_TYPES),
  properties: z.record(z.string(), z.string().nullable()),
  url: z.string().nullable(),
});
export type TRecordView = z.infer<typeof ZRecordView>;

/**
 * The answer of process-command (200, or 404 when the record to update is not found: then
 * `detail` holds the message too). status: confirm (a pending operation waits for yes),
 * select (several records match), not_found, not_understood (what the assistant can do),
 * invalid (a value it cannot read, named in the message).
 */
export const ZProcessCommandResponse = z.object({
  status: z.enum(['confirm', 'select', 'not_found', 'not_understood', 'invalid']),
  message: z.string(),
  detail: z.string().optional(),
  data: z.object({
    parsed_command: ZParsedCommand,
    pending_operation: ZPendingOperation.nullable(),
    results: z.array(ZRecordView),
    problems: z.array(z.object({ property: z.string(), message: z.string() })),
  }),
});
export type TProcessCommandResponse = z.infer<typeof ZProcessCommandResponse>;

/** POST /api/command/confirm: runs a pending operation once. */
export const ZConfirmRequest = z.object({ pending_operation_id: z.uuid('pending_operation_id must be an id') });
export const ZConfirmResponse = z.object({
  status: z.literal('success'),
  message: z.string(),
  data: ZRecordView,
});

/** POST /api/command/cancel: marks a pending operation used without running it (a 'no'). */
export const ZCancelResponse = z.object({ status: z.literal('success'), message: z.string() });

/** A record an answer comes from, linked in the UI. */
export const ZChatSource = z.object({
  type: z.enum(['deal', 'meeting', 'company', 'contact', 'call']),
  id: z.string(),
  label: z.string(),
  url: z.string().nullable(),
});
export type TChatSource = z.infer<typeof ZChatSource>;

export const ZChatAnswer = z.object({
  response: z.string(),
  sources: z.array(ZChatSource),
  /** True when a configured model answered; false for the offline path. */
  model: z.boolean(),
  /** Set when the model failed and the offline path answered instead, saying so. */
  note: z.string().nullable(),
});
export type TChatAnswer = z.infer<typeof ZChatAnswer>;

/** POST /api/chat/sales (home): answer read from data.response. */
export const ZSalesChatRequest = z.object({
  query: z.string().trim().min(1, 'query is required').max(2000),
  context: z.object({ account: z.string().trim().max(200).optional() }).default({}),
});
export const ZSalesChatResponse = z.object({ data: ZChatAnswer });
/** POST /api/chat/ (assistant panel): data becomes the bot reply ({message, ...}). */
export const ZPanelChatRequest = z.object({ query: z.string().trim().min(1, 'query is required').max(2000) });
export const ZPanelChatResponse = z.object({
  data: z.object({
    message: z.string(),
    sources: z.array(ZChatSource),
    results: z.array(ZRecordView),
    model: z.boolean(),
    note: z.string().nullable(),
    /** Set when a configured model proposed a create or update: process-command's answer, to confirm with yes or no. */
    command: ZProcessCommandResponse.nullable(),
  }),
});

/** GET /api/search?q=: the header search's grouped results. */
export const ZSearchQuery = z.object({
  q: z.string().trim().min(1, 'q is required').max(200),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});
export const ZSearchHit = z.object({ id: z.string(), label: z.string(), sublabel: z.string().nullable(), url: z.string() });
export const ZSearchResponse = z.object({
  deals: z.array(ZSearchHit),
  companies: z.array(ZSearchHit),
  contacts: z.array(ZSearchHit),
  people: z.array(ZSearchHit),
  meetings: z.array(ZSearchHit),
});
export type TSearchResponse = z.infer<typeof ZSearchResponse>;
