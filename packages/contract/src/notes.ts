import { z } from 'zod';

/** The records notes, history and activity attach to. */
export const RECORD_TYPES = ['deal', 'company', 'contact'] as const;
export type TRecordType = (typeof RECORD_TYPES)[number];

/** The longest note, in characters (after trimming). */
export const NOTE_MAX_LENGTH = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEAL_ID = /^[1-9][0-9]{0,14}$/;

const recordFields = {
  record_type: z.enum(RECORD_TYPES, `record_type must be one of ${RECORD_TYPES.join(', ')}`),
  record_id: z.string().trim().min(1, 'record_id is required').max(64, 'record_id is not a record id'),
};

/** A page of a newest-first list: `cursor` is the previous page's `next_cursor`. */
const pageFields = {
  cursor: z.string().max(200, 'cursor is not valid').optional(),
  limit: z.coerce.number('limit must be a whole number').int('limit must be a whole number').min(1).max(100).default(20),
};

/** A deal is named by its number, a company or contact by its id. */
function checkRecordId(v: { record_type: TRecordType; record_id: string }, ctx: z.RefinementCtx): void {
  const ok = v.record_type === 'deal' ? DEAL_ID.test(v.record_id) : UUID.test(v.record_id);
  if (!ok) ctx.addIssue({ code: 'custom', path: ['record_id'], message: `record_id is not a ${v.record_type} id` });
}

/** `record_type` and `record_id` as a request names a record. */
export const ZRecordRef = z.object(recordFields).superRefine(checkRecordId);
export type TRecordRef = z.infer<typeof ZRecordRef>;

/** A record's newest-first list, a page at a time. */
export const ZRecordPageQuery = z.object({ ...recordFields, ...pageFields }).superRefine(checkRecordId);

export const ZNotesQuery = ZRecordPageQuery;
export type TNotesQuery = z.infer<typeof ZNotesQuery>;

/** A note's text: trimmed, not empty, at most NOTE_MAX_LENGTH characters. */
export const ZNoteBody = z.object({
  body: z
    .string('Write the note first.')
    .trim()
    .min(1, 'Write the note first.')
    .max(NOTE_MAX_LENGTH, `A note can be at most ${NOTE_MAX_LENGTH.toLocaleString('en-US')} characters.`),
});
export type TNoteBody = z.infer<typeof ZNoteBody>;

/** Who wrote or changed something: a person of the workspace (null: the system, or someone since removed). */
export const ZPersonRef = z.object({ id: z.string(), name: z.string() }).nullable();

export const ZNote = z.object({
  id: z.string(),
  record_type: z.enum(RECORD_TYPES),
  record_id: z.string(),
  body: z.string(),
  author: ZPersonRef,
  created_at: z.string(),
  updated_at: z.string(),
  /** The caller may edit it (its author). */
  can_edit: z.boolean(),
  /** The caller may delete it (its author, or an admin). */
  can_delete: z.boolean(),
});
export type TNote = z.infer<typeof ZNote>;

export const ZNotesPage = z.object({ data: z.array(ZNote), next_cursor: z.string().nullable() });
export type TNotesPage = z.infer<typeof ZNotesPage>;

export const ZNoteIdParams = z.object({ id: z.uuid('Note not found') });
