import { describe, expect, it } from 'vitest';
import { buildGazetteer, type GazetteerEntry } from '../understanding/gazetteer';
import { parseCommand } from './command-parser';
import { parseCloseDate } from './date-parser';

/**
 * Commands typed the way reps type them (bench/assistant/holdout-3-cases.ts has more): shorthand field words,
 * amounts without the word amount, free text holding a stage or pipeline word, stages misspelt, Hinglish.
 */
const ENTRIES: GazetteerEntry[] = [
  { kind: 'deal', id: '1', label: 'Periyar Rubber Products - Call recording add-on', ownedByCaller: true, parentId: 'sales' },
  { kind: 'deal', id: '2', label: 'Thar Solar Systems - Annual support contract', ownedByCaller: true, parentId: 'renewals' },
  { kind: 'deal', id: '3', label: 'Sundarban Fisheries - Sales analytics rollout', ownedByCaller: true, parentId: 'enterprise' },
  { kind: 'company', id: 'c1', label: 'Periyar Rubber Products' },
  { kind: 'pipeline', id: 'sales', label: 'Sales Pipeline' },
  { kind: 'pipeline', id: 'enterprise', label: 'Enterprise' },
  { kind: 'pipeline', id: 'renewals', label: 'Renewals' },
  ...['Appointment Scheduled', 'Contract Sent', 'Closed Won', 'Closed Lost'].map((label, i) => ({
    kind: 'stage' as const,
    id: `s${i}`,
    label,
    parentId: 'sales',
  })),
  ...['Proposal', 'Negotiation', 'Legal Review', 'Closed Won', 'Closed Lost'].map((label, i) => ({
    kind: 'stage' as const,
    id: `e${i}`,
    label,
    parentId: 'enterprise',
  })),
  ...['Upcoming', 'In Conversation', 'Renewal Sent', 'Renewed'].map((label, i) => ({
    kind: 'stage' as const,
    id: `r${i}`,
    label,
    parentId: 'renewals',
  })),
];
const names = buildGazetteer(ENTRIES);
const now = new Date('2026-11-26T06:00:00Z'); // a Thursday
const parse = (text: string) => parseCommand(text, { now, timeZone: 'Asia/Kolkata', names });
const PERIYAR = 'Periyar Rubber Products - Call recording add-on';

describe('commands in reps shorthand', () => {
  it.each([
    ['update periyar call recording nxt step send revised quote', { nextsteps: 'send revised quote' }],
    ['update periyar call recording nxt stp demo to plant head', { nextsteps: 'demo to plant head' }],
    ['update periyar call recording cls date 15 jan 2027', { closedate: '2027-01-15' }],
    ['update periyar call recording close dt 31/12/2026', { closedate: '2026-12-31' }],
    ['update periyar call recording pain pts manual reporting every monday', { painpoints: 'manual reporting every monday' }],
    ['update periyar call recording decision mkr gaurav sharma', { kdm: 'gaurav sharma' }],
  ])('%s', (text, properties) => {
    const { parsed, problems } = parse(text);
    expect(problems).toEqual([]);
    expect(parsed).toEqual({ operation: 'update', object_type: 'deal', identifier: PERIYAR, properties });
  });

  it('reads dates as reps shorten them', () => {
    const ctx = { now, timeZone: 'Asia/Kolkata' };
    expect(parseCloseDate('day after tmrw', ctx)).toBe('2026-11-28');
    expect(parseCloseDate('tmrw', ctx)).toBe('2026-11-27');
    expect(parseCloseDate('next tues', ctx)).toBe('2026-12-01');
    expect(parseCloseDate('thurs', ctx)).toBe('2026-12-03');
  });
});

describe('amounts in a create without the word amount', () => {
  it.each([
    ['create deal Thar Solar rooftop monitoring 75 thousand', 'Thar Solar rooftop monitoring', 75000],
    ['create deal rann salt brine monitoring 50 thousand rupees', 'rann salt brine monitoring', 50000],
    ['new deal kanchenjunga fibre rollout for 80k', 'kanchenjunga fibre rollout', 80000],
    ['create deal konkan agro cold chain app 2.5 lakh', 'konkan agro cold chain app', 250000],
  ])('%s', (text, dealname, amount) => {
    const { parsed, problems } = parse(text);
    expect(problems).toEqual([]);
    expect(parsed.properties).toMatchObject({ dealname, amount });
  });
});

describe('free text that holds a stage or pipeline word', () => {
  it('keeps a stage word followed by no stage in the text', () => {
    const { parsed, problems } = parse(
      'update periyar call recording pain points owner of each lead is unclear, stage changes not tracked',
    );
    expect(problems).toEqual([]);
    expect(parsed.properties).toEqual({ painpoints: 'owner of each lead is unclear, stage changes not tracked' });
    expect(parse('update periyar call recording summary amount approved by board, pipeline review next week').parsed.properties).toEqual({
      summary: 'amount approved by board, pipeline review next week',
    });
    expect(parse('update periyar call recording next steps send amount breakup and stage plan').parsed.properties).toEqual({
      nextsteps: 'send amount breakup and stage plan',
    });
  });

  it('still reads a stage after the text when one is named', () => {
    const { parsed, problems } = parse('update sundarban analytics summary lost to competitor on price, stage closed lost');
    expect(problems).toEqual([]);
    expect(parsed.properties).toEqual({ summary: 'lost to competitor on price', dealstage: 'Closed Lost' });
  });
});

describe('stages and Hinglish as reps type them', () => {
  it('reads a misspelt stage within the deal’s pipeline', () => {
    expect(parse('move thar solar support contract to renewal snt').parsed.properties).toEqual({ dealstage: 'Renewal Sent' });
    expect(parse('update sundarban analytics stage negotation').parsed.properties).toEqual({ dealstage: 'Negotiation' });
  });

  it("reads '<deal> ka <field> <value> kar do' as an update, and leaves other 'kar do' text unread", () => {
    expect(parse('periyar call recording ka amount 9 lakh kar do').parsed).toEqual({
      operation: 'update',
      object_type: 'deal',
      identifier: PERIYAR,
      properties: { amount: 900000 },
    });
    expect(parse('thar solar support contract ka stage renewal sent karo').parsed.properties).toEqual({ dealstage: 'Renewal Sent' });
    expect(parse('bhai periyar ko call kar do').parsed.operation).toBeNull();
  });
});
