import type { TDeal } from '@pipewise/contract/deals';
import { formatIsoDay, formatRs } from '../../../lib/format';

export const DEAL_COLUMNS = [
  { id: 'dealname', label: 'Deal name', required: true, shownByDefault: true },
  { id: 'stage', label: 'Stage', required: false, shownByDefault: true },
  { id: 'owner', label: 'Owner', required: false, shownByDefault: true },
  { id: 'budget', label: 'Budget', required: false, shownByDefault: true },
  { id: 'kdm', label: 'KDM', required: false, shownByDefault: true },
  { id: 'painpoints', label: 'Painpoints', required: false, shownByDefault: true },
  { id: 'pipeline', label: 'Pipeline', required: false, shownByDefault: false },
  { id: 'closedate', label: 'Close date', required: false, shownByDefault: false },
  { id: 'company', label: 'Company', required: false, shownByDefault: false },
  { id: 'confidence', label: 'Confidence', required: false, shownByDefault: false },
] as const;

export type DealColumnId = (typeof DEAL_COLUMNS)[number]['id'];

const STORAGE_KEY = 'dealColumns';
const DEFAULT_COLUMNS: DealColumnId[] = DEAL_COLUMNS.filter((c) => c.shownByDefault).map((c) => c.id);
const isColumnId = (v: unknown): v is DealColumnId => DEAL_COLUMNS.some((c) => c.id === v);

/** The columns chosen with Edit Columns, in table order; the spec's six until someone changes them. */
export function loadVisibleColumns(): DealColumnId[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (!Array.isArray(stored)) return DEFAULT_COLUMNS;
    const chosen = new Set(stored.filter(isColumnId));
    return DEAL_COLUMNS.filter((c) => c.required || chosen.has(c.id)).map((c) => c.id);
  } catch {
    return DEFAULT_COLUMNS;
  }
}

export function saveVisibleColumns(ids: readonly DealColumnId[]): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(ids));
}

/** Shows or hides one column; the deal name always stays. */
export function toggleColumn(visible: readonly DealColumnId[], id: DealColumnId): DealColumnId[] {
  const column = DEAL_COLUMNS.find((c) => c.id === id);
  if (!column || column.required) return [...visible];
  const chosen = new Set(visible);
  if (chosen.has(id)) chosen.delete(id);
  else chosen.add(id);
  return DEAL_COLUMNS.filter((c) => chosen.has(c.id)).map((c) => c.id);
}

const NA = 'N/A';
const orNa = (value: string | null | undefined) => (value && value.trim() ? value : NA);

/** A cell's text; missing values read 'N/A'. */
export function cellText(deal: TDeal, id: DealColumnId): string {
  switch (id) {
    case 'dealname':
      return orNa(deal.dealname);
    case 'stage':
      return orNa(deal.dealstage_label);
    case 'owner':
      return orNa(deal.owner_name ?? deal.owner_email);
    case 'budget':
      return deal.amount === null ? NA : formatRs(deal.amount);
    case 'kdm':
      return orNa(deal.kdm);
    case 'painpoints':
      return orNa(deal.painpoints);
    case 'pipeline':
      return orNa(deal.pipeline_label);
    case 'closedate':
      return deal.closedate ? formatIsoDay(deal.closedate) : NA;
    case 'company':
      return orNa(deal.company_name);
    case 'confidence':
      return deal.confidence_score === null ? NA : `${deal.confidence_score}%`;
  }
}
