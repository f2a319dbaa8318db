import { sql, type SQL } from 'drizzle-orm';

/**
 * Keyset paging of a timeline merged from several sources (notes, history, recordings, meetings),
 * newest first. Every item has its instant (`at`, microseconds, as ISO text in UTC), its source's
 * rank and an id as text; items order by (at, rank, id) descending, ids compared byte by byte
 * (`collate "C"`, as JavaScript compares strings). A cursor is the last item's key: each source
 * reads the items after it, and the merge takes the newest.
 */
export type TimelineKey = { at: string; rank: number; id: string };

/** An instant as a timeline's ISO text: UTC, with microseconds (so two writes a microsecond apart stay apart). */
export const timelineAt = (column: SQL): SQL => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The condition "this source's item (`at`, `id`, of `rank`) comes after the cursor": true for the first page. */
export function afterCursor(cursor: TimelineKey | null, rank: number, at: SQL, id: SQL): SQL {
  if (!cursor) return sql`true`;
  const sameInstant = rank < cursor.rank ? sql`true` : rank > cursor.rank ? sql`false` : sql`${id} collate "C" < ${cursor.id} collate "C"`;
  return sql`(${at} < ${cursor.at}::timestamptz or (${at} = ${cursor.at}::timestamptz and ${sameInstant}))`;
}

/** Newest first: the order of `afterCursor`, for merging pages of several sources in JavaScript. */
export const compareNewestFirst = (a: TimelineKey, b: TimelineKey): number =>
  a.at !== b.at ? (a.at < b.at ? 1 : -1) : a.rank !== b.rank ? b.rank - a.rank : a.id === b.id ? 0 : a.id < b.id ? 1 : -1;

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~(\d)~([0-9A-Za-z-]{1,64})$/;

/** The cursor a client gets: the last item's key. */
export const encodeCursor = (key: TimelineKey): string => `${key.at}~${key.rank}~${key.id}`;

/** A client's cursor, or null when it is not one this server made. */
export function decodeCursor(text: string): TimelineKey | null {
  const m = CURSOR.exec(text);
  return m ? { at: m[1]!, rank: Number(m[2]), id: m[3]! } : null;
}
