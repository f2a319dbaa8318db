import type { TDeal } from '@pipewise/contract/deals';

export const CSV_COLUMNS: { header: string; value: (d: TDeal) => string | number | null }[] = [
  { header: 'Deal ID', value: (d) => d.deal_id },
  { header: 'Deal name', value: (d) => d.dealname },
  { header: 'Pipeline', value: (d) => d.pipeline_label },
  { header: 'Stage', value: (d) => d.dealstage_label },
  { header: 'Owner', value: (d) => d.owner_name },
  { header: 'Owner email', value: (d) => d.owner_email },
  { header: 'Amount (INR)', value: (d) => d.amount },
  { header: 'Close date', value: (d) => d.closedate },
  { header: 'Company', value: (d) => d.company_name },
  { header: 'KDM', value: (d) => d.kdm },
  { header: 'Pain points', value: (d) => d.painpoints },
  { header: 'Next steps', value: (d) => d.nextsteps },
  { header: 'Confidence', value: (d) => d.confidence_score },
];

/** RFC 4180 quoting, and a leading quote on values a spreadsheet would run as a formula. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;
export const csvHeader = () => csvLine(CSV_COLUMNS.map((c) => c.header));
export const csvRow = (deal: TDeal) => csvLine(CSV_COLUMNS.map((c) => c.value(deal)));
