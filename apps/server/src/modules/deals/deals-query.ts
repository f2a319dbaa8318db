import { sql, type SQL } from 'drizzle-orm';
import type { TDealListQuery, TDealSort } from '@pipewise/contract/deals';
import { users } from '../../db/schema/auth';
import { deals, pipelineStages, pipelines } from '../../db/schema/crm';
import { filterColumn, LIST_SOURCES, ref, type SharedColumn } from './deal-list-sources';
import { isUuid } from '../../lib/ids';
import { escapeLike } from '../../db/ranked-match';

/**
 * The searched text: deal_search.search_text (migration 0001), dealname, nextsteps and kdm
 * lower-cased and joined by U+001F (a unit separator no one types), so a plain LIKE over it finds
 * a term only inside one field. Its trigram index serves the substring search. A list with a
 * search reads deal_search as `d` (see `pageSource`), which has every column the filters and
 * sorts use, under the same names.
 */
const FIELD_SEPARATOR = '\x1f';

/**
 * The LIKE pattern a list search matches search_text with (lower-cased, escaped, anywhere), or null
 * for a term holding the field separator, whose fields are also checked one by one (see dealFilters):
 * the pattern alone does not decide its matches, so its totals are not kept per pattern.
 */
export function searchPattern(search: string | undefined): string | null {
  if (!search) return null;
  const term = search.toLowerCase();
  return term.includes(FIELD_SEPARATOR) ? null : `%${escapeLike(term)}%`;
}

/** Only a well-formed uuid may be cast with ::uuid (anything else would be a 500); other values match by label/email/name. */

/** A column the page can be ordered by: one that deals and deal_search both have. */
type PageColumn = SharedColumn<'deals' | 'search'>;
type SortKey = { column: PageColumn; direction: 'asc' | 'desc'; nullsLast?: true; lowerCased?: true };

const d = (column: PageColumn) => ref('d', LIST_SOURCES.search[column]);

/** Each sort's keys before the id tie-break (newest first) that every sort ends with. */
const SORTS: Record<TDealSort, SortKey[]> = {
  created_desc: [],
  amount_desc: [{ column: 'amount', direction: 'desc', nullsLast: true }],
  amount_asc: [{ column: 'amount', direction: 'asc', nullsLast: true }],
  closedate_asc: [{ column: 'closedate', direction: 'asc', nullsLast: true }],
  closedate_desc: [{ column: 'closedate', direction: 'desc', nullsLast: true }],
  dealname_asc: [{ column: 'dealname', direction: 'asc', lowerCased: true }],
  dealname_desc: [{ column: 'dealname', direction: 'desc', lowerCased: true }],
  // Lowest first: the deals at risk (the computed score, docs/confidence-score.md); unscored ones last either way.
  confidence_asc: [{ column: 'confidenceScore', direction: 'asc', nullsLast: true }],
  confidence_desc: [{ column: 'confidenceScore', direction: 'desc', nullsLast: true }],
};
const TIE_BREAK: SortKey = { column: 'id', direction: 'desc' };

const sortKeySql = (k: SortKey): SQL =>
  sql`${k.lowerCased ? sql`lower(${d(k.column)})` : d(k.column)} ${sql.raw(k.direction)}${k.nullsLast ? sql` nulls last` : sql``}`;

export const orderBy = (sort: TDealSort): SQL => sql.join([...SORTS[sort], TIE_BREAK].map(sortKeySql), sql`, `);

/**
 * The columns a search's matches must carry for `orderBy(sort)` besides id and amount (which
 * they carry anyway, for the page and the sum), as `, d.<column>...`.
 */
export function matchSortColumns(sort: TDealSort): SQL {
  const extra = [...new Set(SORTS[sort].map((k) => k.column))].filter((c) => c !== 'id' && c !== 'amount');
  return sql.join(extra.map((c) => sql`, ${d(c)}`));
}

/**
 * `column = any(array(subquery))`: the subquery runs once per statement, before the scan, so an
 * index on the column takes its ids as an index condition (and count/sum read that index alone).
 * `column in (subquery)` is planned as a join instead, which reads every deal of the workspace.
 */
const anyOf = (column: SQL, ids: SQL): SQL => sql`${column} = any(array(${ids}))`;

/** Deals whose owner is one of `userIds` (a subquery of user ids): the owners filter. */
export const ownerAmong = (userIds: SQL): SQL => anyOf(filterColumn('owners'), userIds);

const u = (column: keyof typeof users._.columns) => ref('u', users[column]);
const s = (column: keyof typeof pipelineStages._.columns) => ref('s', pipelineStages[column]);
const p = (column: keyof typeof pipelines._.columns) => ref('p', pipelines[column]);
const values = (list: string[]) =>
  sql.join(
    list.map((v) => sql`${v}`),
    sql`, `,
  );
const uuids = (list: string[]) =>
  sql.join(
    list.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * The WHERE clause of the deals list (table alias `d`, any of the list's tables): the scope (the
 * workspace and what the viewer sees: access `scope.deals(viewer, 'd')`) plus the filters,
 * combined with AND; values within one filter are alternatives. `organizationId` is the scope's
 * workspace, which the filters' own lookups (owners, stages, pipelines) stay in.
 */
export function dealFilters(organizationId: string, scope: SQL, q: Omit<TDealListQuery, 'sort' | 'page' | 'page_size' | 'email'>): SQL {
  const parts: SQL[] = [scope];
  if (q.owners.length > 0) {
    const lowered = q.owners.map((o) => o.toLowerCase());
    const ids = q.owners.filter(isUuid);
    parts.push(
      ownerAmong(sql`
      select ${u('id')} from users u where ${u('organizationId')} = ${organizationId} and (
        ${ids.length ? sql`${u('id')} in (${uuids(ids)}) or` : sql``}
        lower(${u('email')}) in (${values(lowered)})
        or lower(${u('firstName')} || ' ' || ${u('lastName')}) in (${values(lowered)}))`),
    );
  }
  if (q.stages.length > 0) {
    const ids = q.stages.filter(isUuid);
    const labels = q.stages.map((v) => v.toLowerCase());
    parts.push(
      anyOf(
        filterColumn('stages'),
        sql`
      select ${s('id')} from pipeline_stages s join pipelines p on ${p('id')} = ${s('pipelineId')}
      where ${p('organizationId')} = ${organizationId} and ${p('archivedAt')} is null and (
        ${ids.length ? sql`${s('id')} in (${uuids(ids)}) or` : sql``}
        lower(${s('label')}) in (${values(labels)}))`,
      ),
    );
  }
  if (q.pipelines.length > 0) {
    const lowered = q.pipelines.map((v) => v.toLowerCase());
    parts.push(
      anyOf(
        filterColumn('pipelines'),
        sql`
      select ${p('id')} from pipelines p where ${p('organizationId')} = ${organizationId} and ${p('archivedAt')} is null
        and (lower(${p('id')}::text) in (${values(lowered)})
          or lower(${p('label')}) in (${values(lowered)}))`,
      ),
    );
  }
  // Close-date bounds compare dates only; deals without a close date never match a date filter.
  if (q.close_from) parts.push(sql`${filterColumn('close_from')} >= ${q.close_from}::date`);
  if (q.close_to) parts.push(sql`${filterColumn('close_to')} <= ${q.close_to}::date`);
  if (q.search) {
    // The separator keeps a match from spanning two fields (name ending 'foo' + next steps starting
    // 'bar' is no 'foo bar'), so one LIKE suffices and the planner estimates it from the index's
    // statistics. Only a term holding the separator itself needs each field checked on its own.
    const term = q.search.toLowerCase();
    const pattern = `%${escapeLike(term)}%`;
    const f = (column: 'id' | 'dealname' | 'nextsteps' | 'kdm') => ref('f', deals[column]);
    parts.push(
      term.includes(FIELD_SEPARATOR)
        ? sql`${filterColumn('search')} like ${pattern} and exists (select 1 from deals f where ${f('id')} = ${ref('d', deals.id)}
            and (lower(${f('dealname')}) like ${pattern}
            or lower(coalesce(${f('nextsteps')}, '')) like ${pattern} or lower(coalesce(${f('kdm')}, '')) like ${pattern}))`
        : sql`${filterColumn('search')} like ${pattern}`,
    );
  }
  return sql.join(parts, sql` and `);
}
