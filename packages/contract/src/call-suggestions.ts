import { z } from 'zod';
import { zInt32 } from './bounds';

/** Issue 30, item 3: suggested CRM updates from a processed recording linked to a deal. */

export const CALL_SUGGESTION_FIELDS = [
  'next_step',
  'close_date',
  'amount',
  'pain_points',
  'decision_maker',
  'competitors',
  'stage',
  'task',
] as const;
export type TCallSuggestionField = (typeof CALL_SUGGESTION_FIELDS)[number];

/** How each field is named on screen. */
export const CALL_SUGGESTION_LABELS: Record<TCallSuggestionField, string> = {
  next_step: 'Next step',
  close_date: 'Close date',
  amount: 'Deal value',
  pain_points: 'Pain points',
  decision_maker: 'Decision maker',
  competitors: 'Competitors',
  stage: 'Stage',
  task: 'Task',
};

export const ZCallSuggestionParams = z.object({ id: z.uuid('Recording not found') });
export const ZCallSuggestionActionParams = z.object({ id: z.uuid('Recording not found'), sid: z.uuid('Suggestion not found') });

/** One suggestion: the proposed value beside the deal's current one, and the sentence it came from. */
export const ZCallSuggestion = z.object({
  id: z.string(),
  recording_id: z.string(),
  deal_id: z.number(),
  field: z.enum(CALL_SUGGESTION_FIELDS),
  label: z.string(),
  /** The proposed value as text: a YYYY-MM-DD date, an amount in rupees, a stage's label, a name, a sentence. */
  value: z.string(),
  /** A next step's or a task's day when one was said (YYYY-MM-DD). */
  date: z.string().nullable(),
  /** The deal's current value as text (null: empty); pain points and competitors are added to it. */
  current: z.string().nullable(),
  /** 'append': accepting adds the value to the field's list or text; 'replace': it becomes the field's value; 'task': a new task. */
  mode: z.enum(['append', 'replace', 'task']),
  quote: z.string(),
  speaker: z.string().nullable(),
  start_seconds: z.number().nullable(),
  status: z.enum(['open', 'accepted', 'dismissed']),
});
export type TCallSuggestion = z.infer<typeof ZCallSuggestion>;

export const ZCallSuggestionsResponse = z.object({
  data: z.array(ZCallSuggestion),
  /** The deal they are for (null: the recording is linked to no deal the caller sees), with the version an accept checks. */
  deal: z.object({ id: z.number(), name: z.string(), version: z.number() }).nullable(),
  /** When the call took place (ISO instant). */
  call_at: z.string(),
});
export type TCallSuggestionsResponse = z.infer<typeof ZCallSuggestionsResponse>;

/** Accept: optionally an edited value (and day), and the deal's version the caller saw (409 when it changed). */
export const ZCallSuggestionAcceptBody = z
  .object({
    value: z.string().trim().min(1, 'The value cannot be empty').max(10_000, 'The value is too long').optional(),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'The date must be YYYY-MM-DD')
      .nullable()
      .optional(),
    version: zInt32('version').optional(),
  })
  .default({});
export type TCallSuggestionAcceptBody = z.infer<typeof ZCallSuggestionAcceptBody>;

export const ZCallSuggestionDecision = z.object({
  suggestion: ZCallSuggestion,
  /** The deal's version after the write (to accept the next one without a reload). */
  deal_version: z.number().nullable(),
  /** The task created (an accepted task, or a next step with a day). */
  task_id: z.string().nullable(),
});
export type TCallSuggestionDecision = z.infer<typeof ZCallSuggestionDecision>;

/** GET /api/deals/{id}/call-suggestions: the deal's open suggestions, per call. */
export const ZDealCallSuggestionsResponse = z.object({
  data: z.array(z.object({ recording_id: z.string(), title: z.string(), at: z.string(), open: z.number() })),
});
export type TDealCallSuggestionsResponse = z.infer<typeof ZDealCallSuggestionsResponse>;
