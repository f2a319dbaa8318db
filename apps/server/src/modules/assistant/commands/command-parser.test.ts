import { describe, expect, it } from 'vitest';
import { parseAmount } from './amount-parser';
import { parseCommand } from './command-parser';
import { parseCloseDate } from './date-parser';
import { checkCase, loadLabelledCommands } from '../../../../test/assistant/labelled-commands';

const set = loadLabelledCommands();
const now = new Date('2025-11-19T10:00:00Z'); // a Wednesday
const parse = (command: string) => parseCommand(command, { now });

describe('the labelled command set (bench/assistant/commands.json)', () => {
  it('has at least 200 commands covering every object type, both operations and the not-understood case', () => {
    expect(set.cases.length).toBeGreaterThanOrEqual(200);
    const kinds = new Set(set.cases.map((c) => `${c.expected.operation}/${c.expected.object_type}`));
    expect([...kinds].sort()).toEqual([
      'create/company',
      'create/contact',
      'create/deal',
      'null/null',
      'update/company',
      'update/contact',
      'update/deal',
    ]);
  });

  it('parses at least 95% of the set exactly', () => {
    const results = set.cases.map((c) => ({ command: c.command, ...checkCase(set, c) }));
    const misses = results.filter((r) => !r.match);
    expect(
      1 - misses.length / results.length,
      misses.map((m) => `${m.command} -> ${JSON.stringify(m.parsed)}`).join('\n'),
    ).toBeGreaterThanOrEqual(0.95);
  });
});

describe('parseCommand', () => {
  it("reads the spec's examples", () => {
    expect(parse('create deal "Acme renewal" with amount 2.5 lakh and stage Discovery').parsed).toEqual({
      operation: 'create',
      object_type: 'deal',
      identifier: 'Acme renewal',
      properties: { dealname: 'Acme renewal', amount: 250000, dealstage: 'Discovery' },
    });
    expect(parse('create contact Priya Shah priya@acme.example phone +91 98765 43210 at Acme').parsed.properties).toEqual({
      firstname: 'Priya',
      lastname: 'Shah',
      email: 'priya@acme.example',
      phone: '+91 98765 43210',
      company: 'Acme',
    });
    expect(parse('update company acme.example industry Fintech').parsed).toMatchObject({
      operation: 'update',
      object_type: 'company',
      identifier: 'acme.example',
    });
  });

  it('keeps keywords inside quotes as part of the name', () => {
    expect(parse('create deal "Stage Two amount review" stage Proposal').parsed.properties).toEqual({
      dealname: 'Stage Two amount review',
      dealstage: 'Proposal',
    });
  });

  it('never guesses: anything else gives operation and object type null', () => {
    for (const text of ['hello', 'delete deal Acme', 'update me on Acme', 'create', '', '   ', 'x'.repeat(2000)]) {
      expect(parse(text).parsed, text).toEqual({ operation: null, object_type: null, identifier: null, properties: {} });
    }
  });

  it('keeps an unreadable value as typed and names it in a problem', () => {
    const { parsed, problems } = parse('update deal Acme amount a lot and close date whenever');
    expect(parsed.properties).toEqual({ amount: 'a lot', closedate: 'whenever' });
    expect(problems.map((p) => p.property)).toEqual(['amount', 'closedate']);
    expect(problems[0]!.message).toContain('2.5 lakh');
  });

  it('asks for a name or a change when the command has none', () => {
    expect(parse('create deal with amount 5 lakh').problems.map((p) => p.property)).toEqual(['dealname']);
    expect(parse('update deal Acme renewal').problems.map((p) => p.property)).toEqual(['properties']);
  });

  it('stays fast on long and hostile input', () => {
    const started = performance.now();
    parse(`create deal ${'amount stage '.repeat(150)}`);
    parse(`update contact ${'a@b.co '.repeat(200)}`);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('parseAmount', () => {
  it.each([
    ['50000', 50000],
    ['50,000', 50000],
    ['5,00,000', 500000],
    ['Rs 50k', 50000],
    ['2.5 lakh', 250000],
    ['1.2 crore', 12000000],
    ['3.5L', 350000],
    ['1 cr', 10000000],
    ['₹1,20,000/-', 120000],
    ['2 million', 2000000],
  ])('%s is %d rupees', (text, rupees) => expect(parseAmount(text)).toBe(rupees));

  it.each(['lots', '1,2,3', '5 apples', '', '1e309'])('"%s" is not an amount', (text) => expect(parseAmount(text)).toBeNull());
});

describe('parseCloseDate', () => {
  it.each([
    ['next Friday', '2025-11-28'],
    ['15 Dec', '2025-12-15'],
    ['end of month', '2025-11-30'],
    ['end of quarter', '2025-12-31'],
    ['end of next quarter', '2026-03-31'],
    ['in 2 weeks', '2025-12-03'],
    ['10/12/2025', '2025-12-10'],
    ['2026-02-28', '2026-02-28'],
  ])('%s is %s', (text, day) => expect(parseCloseDate(text, { now })).toBe(day));

  it("reads relative dates in the caller's zone", () => {
    // 20:00 UTC on 30 Nov is already 1 Dec in India.
    const late = new Date('2025-11-30T20:00:00Z');
    expect(parseCloseDate('end of month', { now: late })).toBe('2025-11-30');
    expect(parseCloseDate('end of month', { now: late, timeZone: 'Asia/Kolkata' })).toBe('2025-12-31');
    expect(parseCloseDate('tomorrow', { now: late, timeZone: 'Asia/Kolkata' })).toBe('2025-12-02');
  });

  it.each(['someday', '2025-02-30', 'next', 'Friday or Monday'])('"%s" is not a date', (text) =>
    expect(parseCloseDate(text, { now })).toBeNull(),
  );
});
