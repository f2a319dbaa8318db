import { z } from 'zod';
import { ZNote, ZPersonRef, ZRecordPageQuery } from './notes';

/** Where a change came from. */
export const CHANGE_SOURCES = ['screen', 'assistant', 'whatsapp', 'call_suggestion', 'hubspot_sync', 'api'] as const;
export type TChangeSource = (typeof CHANGE_SOURCES)[number];

/** GET /api/activity: one record's timeline, newest first, a page at a time. */
export const ZActivityQuery = ZRecordPageQuery;
export type TActivityQuery = z.infer<typeof ZActivityQuery>;

const at = z.string().describe('ISO instant');

/** A note on the record. */
export const ZActivityNote = z.object({ kind: z.literal('note'), id: z.string(), at, note: ZNote });

/**
 * A change: the record was created or deleted, or one field changed (`field` the column, e.g.
 * `amount`, `stage_id`; values as text, people, stages, pipelines, companies and contacts by name).
 */
export const ZActivityChange = z.object({
  kind: z.literal('change'),
  id: z.string(),
  at,
  actor: ZPersonRef,
  source: z.enum(CHANGE_SOURCES),
  operation: z.enum(['create', 'update', 'delete']),
  field: z.string().nullable(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  /** The call an accepted suggestion came from (when the reader sees it): the timeline says "from the call on <date>". */
  from_call: z.object({ recording_id: z.string(), at }).nullable().optional(),
});

/** A recording of the deal (of one of the company's deals), as the deal's timeline shows it. */
export const ZActivityRecording = z.object({
  kind: z.literal('recording'),
  id: z.string(),
  at,
  type: z.enum(['call', 'email', 'video']),
  title: z.string(),
  description: z.string().nullable(),
  deal_id: z.number().nullable(),
});

/** A calendar meeting the contact attended. */
export const ZActivityMeeting = z.object({ kind: z.literal('meeting'), id: z.string(), at, title: z.string().nullable() });

export const ZActivityItem = z.discriminatedUnion('kind', [ZActivityNote, ZActivityChange, ZActivityRecording, ZActivityMeeting]);
export type TActivityItem = z.infer<typeof ZActivityItem>;
export type TActivityChange = z.infer<typeof ZActivityChange>;
export type TActivityRecording = z.infer<typeof ZActivityRecording>;

export const ZActivityPage = z.object({ data: z.array(ZActivityItem), next_cursor: z.string().nullable() });
export type TActivityPage = z.infer<typeof ZActivityPage>;
