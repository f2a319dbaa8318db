import { sql } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import { afterCursor, timelineAt, type TimelineKey } from '../../db/timeline-page';
import type { Viewer } from '../access/scopes';
import type { RecordRef } from './record-ref';

/** A note's rank in the activity timeline at the same instant (below the history, above recordings). */
const NOTE_RANK = 3;

export type NoteRecord = {
  key: TimelineKey;
  id: string;
  record: RecordRef;
  body: string;
  authorId: string | null;
  authorName: string | null;
  createdAt: string;
  updatedAt: string;
};

type Row = {
  id: string;
  at: string;
  record_type: RecordRef['type'];
  record_id: string;
  body: string;
  author_id: string | null;
  author_name: string | null;
  updated: string;
};

const toNote = (r: Row): NoteRecord => ({
  key: { at: r.at, rank: NOTE_RANK, id: r.id },
  id: r.id,
  record: { type: r.record_type, id: r.record_id },
  body: r.body,
  authorId: r.author_id,
  authorName: r.author_name,
  createdAt: r.at,
  updatedAt: r.updated,
});

const columns = sql`n.id::text as id, ${timelineAt(sql`n.created_at`)} as at, n.record_type, n.record_id, n.body, n.author_id,
  coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.email) as author_name,
  ${timelineAt(sql`n.updated_at`)} as updated`;

/**
 * The notes table. Who may read a note is decided by its record (the service checks that the
 * caller sees it); every statement names the workspace, so nothing crosses workspaces.
 */
export function createNotesRepo(db: DbOrTx) {
  return {
    /** A record's notes after `cursor`, newest first. */
    async forRecord(viewer: Viewer, record: RecordRef, cursor: TimelineKey | null, limit: number): Promise<NoteRecord[]> {
      const rows = await execute<Row>(
        db,
        sql`select ${columns} from notes n left join users u on u.id = n.author_id
        where n.organization_id = ${viewer.organizationId} and n.record_type = ${record.type} and n.record_id = ${record.id}
          and ${afterCursor(cursor, NOTE_RANK, sql`n.created_at`, sql`n.id::text`)}
        order by n.created_at desc, n.id::text collate "C" desc limit ${limit}`,
      );
      return rows.map(toNote);
    },

    async find(organizationId: string, id: string): Promise<NoteRecord | null> {
      const [row] = await execute<Row>(
        db,
        sql`select ${columns} from notes n left join users u on u.id = n.author_id
        where n.organization_id = ${organizationId} and n.id = ${id}`,
      );
      return row ? toNote(row) : null;
    },

    async insert(organizationId: string, authorId: string, record: RecordRef, body: string): Promise<string> {
      const [row] = await execute<{ id: string }>(
        db,
        sql`insert into notes (organization_id, record_type, record_id, author_id, body)
        values (${organizationId}, ${record.type}, ${record.id}, ${authorId}, ${body}) returning id::text as id`,
      );
      return row!.id;
    },

    async update(organizationId: string, id: string, body: string): Promise<void> {
      await execute(db, sql`update notes set body = ${body}, updated_at = now() where organization_id = ${organizationId} and id = ${id}`);
    },

    async remove(organizationId: string, id: string): Promise<void> {
      await execute(db, sql`delete from notes where organization_id = ${organizationId} and id = ${id}`);
    },
  };
}

export type NotesRepo = ReturnType<typeof createNotesRepo>;
