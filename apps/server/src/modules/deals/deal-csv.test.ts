import { describe, expect, it } from 'vitest';
import type { TDeal } from '@pipewise/contract/deals';
import { CSV_COLUMNS, csvCell, csvHeader, csvLine, csvRow } from './deal-csv';

describe('csvCell', () => {
  it.each([
    [null, ''],
    ['', ''],
    ['plain', 'plain'],
    [42, '42'],
    [-5, '-5'], // numbers are data, not formulas
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['"', '""""'],
    ['line1\nline2', '"line1\nline2"'],
    ['line1\r\nline2', '"line1\r\nline2"'],
    ['mid=dle', 'mid=dle'],
    [' =not first', ' =not first'],
  ])('%j -> %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each(['=1+1', '+91 98200', '-5% churn', '@SUM(A1)', '\tTAB', '\rCR'])(
    'prefixes a quote to %j, a formula for a spreadsheet',
    (value) => {
      const cell = csvCell(value);
      const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
      expect(unquoted).toBe(`'${value}`);
    },
  );

  it('quotes a defused formula that also holds a comma or quote', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });
});

describe('csv lines', () => {
  const deal: TDeal = {
    deal_id: '10001',
    dealname: 'Acme, "Big" deal',
    dealstage: 's',
    dealstage_label: 'Demo',
    competitors: [],
    dealowner: 'u',
    owner_id: 'u',
    owner_name: 'Tara Singh',
    owner_email: 'tara@x.example',
    pipeline: 'p',
    pipeline_label: 'Beta',
    amount: '1234567.89',
    closedate: null,
    nextsteps: 'Call\nthem',
    kdm: '=cmd',
    painpoints: null,
    summary: 'not exported',
    confidence_score: 80,
    confindence_score: 80,
    confidence_factors: null,
    company_id: null,
    company_name: null,
    version: 3,
    updated_at: '2025-01-01T00:00:00.000Z',
  };

  it('the header names every column and ends with CRLF', () => {
    expect(csvHeader()).toBe(`${CSV_COLUMNS.map((c) => c.header).join(',')}\r\n`);
    expect(CSV_COLUMNS.map((c) => c.header)).toEqual([
      'Deal ID',
      'Deal name',
      'Pipeline',
      'Stage',
      'Owner',
      'Owner email',
      'Amount (INR)',
      'Close date',
      'Company',
      'KDM',
      'Pain points',
      'Next steps',
      'Confidence',
    ]);
  });

  it('a row has one cell per column, quoted and defused', () => {
    expect(csvRow(deal)).toBe(`10001,"Acme, ""Big"" deal",Beta,Demo,Tara Singh,tara@x.example,1234567.89,,,'=cmd,,"Call\nthem",80\r\n`);
    expect(csvLine([])).toBe('\r\n');
  });
});
