import { sql, type SQL } from 'drizzle-orm';
import type { TDealListQuery, TDealSort } from '@pipewise/contract/deals';

/** The search expression; it must match the trigram index in the schema exactly to use it. */
export const SEARCH_EXPRESSION = sql`lower(d.dealname || ' ' || coalesce(d.nextsteps, '') || ' ' || coalesce(d.kdm, ''))`;

export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const ORDER: Record<TDealSort, SQL> = {
  created_desc: sql`d.id desc`,
  amount_desc: sql`d.amount desc nulls last, d.id desc`,
  amount_asc: sql`d.amount asc nulls last, d.id desc`,
  closedate_asc: sql`d.closedate asc nulls last, d.id desc`,
  closedate_desc: sql`d.closedate desc nulls last, d.id desc`,
  dealname_asc: sql`lower(d.dealname) asc, d.id desc`,
  dealname_desc: sql`lower(d.dealname) desc, d.id desc`,
};
export const orderBy = (sort: TDealSort) => ORDER[sort];

/**
 * The WHERE clause of the deals list (table alias `d`): the visibility scope plus the filters,
 * combined with AND; values within one filter are alternatives.
 */
export function dealFilters(organizationId: string, scope: SQL, q: Omit<TDealListQuery, 'sort' | 'page' | 'page_size' | 'email'>): SQL {
  const parts: SQL[] = [sql`d.organization_id = ${organizationId}`, scope];
  if (q.owners.length > 0) {
    const lowered = q.owners.map((o) => o.toLowerCase());
    const uuids = q.owners.filter((o) => /^[0-9a-f-]{36}$/i.test(o));
    parts.push(sql`d.owner_id in (
      select u.id from users u where u.organization_id = ${organizationId} and (
        ${uuids.length ? sql`u.id in (${sql.join(uuids.map((id) => sql`${id}::uuid`), sql`, `)}) or` : sql``}
        lower(u.email) in (${sql.join(lowered.map((v) => sql`${v}`), sql`, `)})
        or lower(u.first_name || ' ' || u.last_name) in (${sql.join(lowered.map((v) => sql`${v}`), sql`, `)})))`);
  }
  if (q.stages.length > 0) {
    const uuids = q.stages.filter((s) => /^[0-9a-f-]{36}$/i.test(s));
    const labels = q.stages.map((s) => s.toLowerCase());
    parts.push(sql`d.stage_id in (
      select s.id from pipeline_stages s join pipelines p on p.id = s.pipeline_id
      where p.organization_id = ${organizationId} and (
        ${uuids.length ? sql`s.id in (${sql.join(uuids.map((id) => sql`${id}::uuid`), sql`, `)}) or` : sql``}
        lower(s.label) in (${sql.join(labels.map((v) => sql`${v}`), sql`, `)})))`);
  }
  if (q.pipelines.length > 0) {
    const values = q.pipelines.map((p) => p.toLowerCase());
    parts.push(sql`d.pipeline_id in (
      select p.id from pipelines p where p.organization_id = ${organizationId}
        and (lower(p.id::text) in (${sql.join(values.map((v) => sql`${v}`), sql`, `)})
          or lower(p.label) in (${sql.join(values.map((v) => sql`${v}`), sql`, `)})))`);
  }
  // Close-date bounds compare dates only; deals without a close date never match a date filter.
  if (q.close_from) parts.push(sql`d.closedate >= ${q.close_from}::date`);
  if (q.close_to) parts.push(sql`d.closedate <= ${q.close_to}::date`);
  if (q.search) parts.push(sql`${SEARCH_EXPRESSION} like ${`%${escapeLike(q.search.toLowerCase())}%`}`);
  return sql.join(parts, sql` and `);
}
