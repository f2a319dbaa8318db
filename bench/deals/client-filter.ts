import type { TDeal, TDealListQuery } from '@pipewise/contract/deals';

/**
 * The deals list semantics written again in plain JavaScript over every visible deal: what a
 * client would do with a fetch-all answer (the product specification's approach). It doubles as an independent
 * check of the server's SQL: the bench compares totals and page ids of the three paths.
 */
export type ListAnswer = { ids: string[]; total: number; total_amount: string };

const lower = (v: string | null | undefined) => (v ?? '').toLowerCase();

const cents = (amount: string) => {
  const [whole = '0', frac = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
};
const formatCents = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;

type Compare = (a: TDeal, b: TDeal) => number;
const byIdDesc: Compare = (a, b) => Number(b.deal_id) - Number(a.deal_id);
const nullsLast =
  (key: (d: TDeal) => number | string | null, dir: 1 | -1): Compare =>
  (a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === y) return byIdDesc(a, b);
    if (x === null) return 1;
    if (y === null) return -1;
    return (x < y ? -1 : 1) * dir;
  };
const SORTS: Record<TDealListQuery['sort'], Compare> = {
  created_desc: byIdDesc,
  amount_desc: nullsLast((d) => (d.amount === null ? null : Number(d.amount)), -1),
  amount_asc: nullsLast((d) => (d.amount === null ? null : Number(d.amount)), 1),
  closedate_asc: nullsLast((d) => d.closedate, 1),
  closedate_desc: nullsLast((d) => d.closedate, -1),
  dealname_asc: nullsLast((d) => d.dealname.toLowerCase(), 1),
  dealname_desc: nullsLast((d) => d.dealname.toLowerCase(), -1),
  confidence_asc: nullsLast((d) => d.confidence_score, 1),
  confidence_desc: nullsLast((d) => d.confidence_score, -1),
};

export function filterInClient(all: TDeal[], q: TDealListQuery): ListAnswer {
  const owners = q.owners.map(lower);
  const stages = q.stages.map(lower);
  const pipelines = q.pipelines.map(lower);
  const search = q.search ? q.search.toLowerCase() : '';
  const matches = all.filter(
    (d) =>
      (owners.length === 0 || owners.some((o) => o === lower(d.owner_id) || o === lower(d.owner_email) || o === lower(d.owner_name))) &&
      (stages.length === 0 || stages.some((s) => s === lower(d.dealstage) || s === lower(d.dealstage_label))) &&
      (pipelines.length === 0 || pipelines.some((p) => p === lower(d.pipeline) || p === lower(d.pipeline_label))) &&
      (!q.close_from || (d.closedate !== null && d.closedate >= q.close_from)) &&
      (!q.close_to || (d.closedate !== null && d.closedate <= q.close_to)) &&
      (!search || [d.dealname, d.nextsteps, d.kdm].some((field) => lower(field).includes(search))),
  );
  let sum = 0n;
  for (const d of matches) if (d.amount !== null) sum += cents(d.amount);
  const offset = (q.page - 1) * q.page_size;
  const page = matches.sort(SORTS[q.sort]).slice(offset, offset + q.page_size);
  return { ids: page.map((d) => d.deal_id), total: matches.length, total_amount: formatCents(sum) };
}
