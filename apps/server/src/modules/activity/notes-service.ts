import type { TNote, TNotesPage } from '@pipewise/contract/notes';
import type { DbOrTx } from '../../db/client';
import { decodeCursor, encodeCursor, type TimelineKey } from '../../db/timeline-page';
import { badRequest, HttpError, notFound } from '../../lib/http-error';
import type { Caller } from '../access/access-rules';
import { assertCan, can } from '../access/policies';
import type { NoteRecord, NotesRepo } from './notes-repo';
import type { RecordRef, RecordVisibility } from './record-ref';

export const NOTE_MESSAGES = {
  notFound: 'Note not found',
  badCursor: 'cursor is not valid: start again from the first page.',
} as const;

/** The note as the API answers it, for this caller (whether they may edit or delete it). */
export function toNote(caller: Caller, n: NoteRecord): TNote {
  return {
    id: n.id,
    record_type: n.record.type,
    record_id: n.record.id,
    body: n.body,
    author: n.authorId ? { id: n.authorId, name: n.authorName ?? '' } : null,
    created_at: n.createdAt,
    updated_at: n.updatedAt,
    can_edit: can(caller, 'note.edit', { authorId: n.authorId }),
    can_delete: can(caller, 'note.delete', { authorId: n.authorId }),
  };
}

/** A client's cursor, or a 400 when it is not one this server gave out. */
export function cursorOf(text: string | undefined): TimelineKey | null {
  if (text === undefined || text === '') return null;
  const key = decodeCursor(text);
  if (!key) throw badRequest(NOTE_MESSAGES.badCursor);
  return key;
}

/**
 * Notes on deals, companies and contacts. Whoever sees the record reads its notes and may add
 * one; its author edits it (access policy `note.edit`), its author or an admin deletes it
 * (`note.delete`). A note on a record the caller does not see does not exist for them (404).
 */
export function createNotesService(deps: { db: DbOrTx; repo: (on: DbOrTx) => NotesRepo; visibility: RecordVisibility }) {
  const { db, repo, visibility } = deps;

  /** The caller's workspace's note whose record they see, else 404. */
  async function mustSee(caller: Caller, id: string): Promise<NoteRecord> {
    const note = await repo(db).find(caller.organizationId, id);
    if (!note) throw notFound(NOTE_MESSAGES.notFound);
    try {
      await visibility(caller, note.record);
    } catch (e) {
      // A note on a record the caller does not see is itself not there for them.
      throw e instanceof HttpError && e.statusCode === 404 ? notFound(NOTE_MESSAGES.notFound) : e;
    }
    return note;
  }

  return {
    async list(caller: Caller, record: RecordRef, cursorText: string | undefined, limit: number): Promise<TNotesPage> {
      const cursor = cursorOf(cursorText);
      await visibility(caller, record);
      const rows = await repo(db).forRecord(caller, record, cursor, limit + 1);
      const page = rows.slice(0, limit);
      return {
        data: page.map((n) => toNote(caller, n)),
        next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1]!.key) : null,
      };
    },

    async create(caller: Caller, record: RecordRef, body: string): Promise<TNote> {
      await visibility(caller, record);
      const id = await repo(db).insert(caller.organizationId, caller.id, record, body);
      return toNote(caller, (await repo(db).find(caller.organizationId, id))!);
    },

    async update(caller: Caller, id: string, body: string): Promise<TNote> {
      const note = await mustSee(caller, id);
      assertCan(caller, 'note.edit', { authorId: note.authorId });
      await repo(db).update(caller.organizationId, id, body);
      return toNote(caller, (await repo(db).find(caller.organizationId, id))!);
    },

    async remove(caller: Caller, id: string): Promise<void> {
      const note = await mustSee(caller, id);
      assertCan(caller, 'note.delete', { authorId: note.authorId });
      await repo(db).remove(caller.organizationId, id);
    },

    /** A record's notes for its activity timeline (the caller has been checked to see the record). */
    forTimeline: (caller: Caller, record: RecordRef, cursor: TimelineKey | null, limit: number) =>
      repo(db).forRecord(caller, record, cursor, limit),
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
