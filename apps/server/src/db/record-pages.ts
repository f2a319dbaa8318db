import { sql, type SQL } from 'drizzle-orm';
import { execute, type DbOrTx } from './client';

/** The sorts of the built-in CRM's record lists (the companies and contacts screens). */
export type RecordSort = 'name_asc' | 'name_desc' | 'created_desc' | 'updated_desc';

/** Up to this offset a page reads few enough rows that probing the deals per row beats building the viewer's set. */
const EARLY_ROWS = 200;

/** One list of a table's records, as its module describes it to `readRecordPage`. */
export type RecordList = {
  /** The table's alias in `from`, e.g. `c` for `companies c`. */
  alias: string;
  from: SQL;
  /** The lower-cased name the name sorts order by. */
  nameKey: SQL;
  /** The list's filters (visibility, search, owner ...): `few` tests each row, `list` builds the viewer's set once. */
  where: (form: 'list' | 'few') => SQL;
  /** Its exact count. */
  count: SQL;
  /** A search the trigram index answers: its matches are read once, for the count and the page. */
  searched: boolean;
  /** The page's rows, given a select of their ids, in `order`. */
  rows: (ids: SQL, order: SQL) => SQL;
};

function orders(list: RecordList) {
  const col = (name: string) => sql.raw(`${list.alias}.${name}`);
  const order: Record<RecordSort, SQL> = {
    name_asc: sql`${list.nameKey}, ${col('id')}`,
    name_desc: sql`${list.nameKey} desc, ${col('id')} desc`,
    created_desc: sql`${col('created_at')} desc, ${col('id')} desc`,
    updated_desc: sql`${col('updated_at')} desc, ${col('id')} desc`,
  };
  // Each sort read from its other end (a deep page past the middle of the list).
  const reversed: Record<RecordSort, SQL> = {
    name_asc: order.name_desc,
    name_desc: order.name_asc,
    created_desc: sql`${col('created_at')}, ${col('id')}`,
    updated_desc: sql`${col('updated_at')}, ${col('id')}`,
  };
  return { order, reversed, id: col('id') };
}

/** Each sort over a search's matches (`m`: id, name_key, created_at, updated_at). */
const MATCH_ORDER: Record<RecordSort, SQL> = {
  name_asc: sql`m.name_key, m.id`,
  name_desc: sql`m.name_key desc, m.id desc`,
  created_desc: sql`m.created_at desc, m.id desc`,
  updated_desc: sql`m.updated_at desc, m.id desc`,
};

/**
 * One page of a record list and its exact total, picking the page's ids first (decision 0005) so
 * what each row shows is read for that page only, at any depth:
 * - a search reads its matches once, by its trigram index (most of its cost), for the count and the page;
 * - an early page walks the sort's index and probes each row (it stops after a few dozen);
 * - a deep page tests every row it skips: past the middle of the list it is read from the other end
 *   (the same rows in the reverse order, skipping fewer), which needs the count first.
 */
export async function readRecordPage<R>(
  db: DbOrTx,
  list: RecordList,
  sort: RecordSort,
  page: number,
  pageSize: number,
): Promise<{ rows: R[]; total: number }> {
  const { order, reversed, id } = orders(list);
  const offset = (page - 1) * pageSize;
  const ids = (where: SQL, by: SQL, skip: number, take: number) =>
    sql`select ${id} from ${list.from} where ${where} order by ${by} limit ${take} offset ${skip}`;

  if (list.searched) {
    const [found] = await execute<{ total: number; ids: string | null }>(
      db,
      sql`with m as materialized (
          select ${id} as id, ${list.nameKey} as name_key, ${sql.raw(`${list.alias}.created_at`)} as created_at,
            ${sql.raw(`${list.alias}.updated_at`)} as updated_at from ${list.from} where ${list.where('list')})
        select (select count(*) from m)::int as total, (select string_agg(p.id::text, ',') from (
          select m.id from m order by ${MATCH_ORDER[sort]} limit ${pageSize} offset ${offset}) p) as ids`,
    );
    const total = Number(found?.total ?? 0);
    const pageIds = found?.ids ? found.ids.split(',') : [];
    if (!pageIds.length) return { rows: [], total };
    const listed = sql.join(
      pageIds.map((x) => sql`${x}::uuid`),
      sql`, `,
    );
    return { rows: await execute<R>(db, list.rows(listed, order[sort])), total };
  }
  if (offset < EARLY_ROWS) {
    const [rows, [count]] = await Promise.all([
      execute<R>(db, list.rows(ids(list.where('few'), order[sort], offset, pageSize), order[sort])),
      execute<{ total: number }>(db, list.count),
    ]);
    return { rows, total: Number(count?.total ?? 0) };
  }
  const [count] = await execute<{ total: number }>(db, list.count);
  const total = Number(count?.total ?? 0);
  const take = Math.min(pageSize, total - offset);
  if (take <= 0) return { rows: [], total };
  const fromEnd = total - offset - take;
  const picked =
    fromEnd < offset
      ? ids(list.where(fromEnd < EARLY_ROWS ? 'few' : 'list'), reversed[sort], fromEnd, take)
      : ids(list.where('list'), order[sort], offset, take);
  return { rows: await execute<R>(db, list.rows(picked, order[sort])), total };
}
