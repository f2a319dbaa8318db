import { describe, expect, it } from 'vitest';
import { extractSuggestions, teamMatcher } from './suggestion-extractor';
import { segmentsFromText } from './transcript-sentences';
import type { DealSnapshot, ExtractionInput } from './suggestion-types';
import { defaultPipelineStages } from '../../../test/default-stages';

const STAGES = defaultPipelineStages('s');

const DEAL: DealSnapshot = {
  dealname: 'Kaveri Foods - Dealer portal',
  stageId: 's1',
  amount: 2_000_000,
  closedate: null,
  nextsteps: null,
  painpoints: null,
  kdm: null,
  competitors: [],
};

/** Thursday 12 November 2026, 23:30 in Kolkata (still the 12th in UTC: 18:00). */
const RECORDED_AT = new Date('2026-11-12T18:00:00Z');

function run(lines: [string, string][], deal: Partial<DealSnapshot> = {}, more: Partial<ExtractionInput> = {}) {
  return extractSuggestions({
    segments: lines.map(([speaker, text], seq) => ({ seq, startSeconds: seq * 10, speaker, text })),
    deal: { ...DEAL, ...deal },
    stages: STAGES,
    recordedAt: RECORDED_AT,
    timeZone: 'Asia/Kolkata',
    team: ['Rahul Sharma'],
    ...more,
  });
}
const only = (lines: [string, string][], field: string, deal: Partial<DealSnapshot> = {}, more: Partial<ExtractionInput> = {}) =>
  run(lines, deal, more).filter((p) => p.field === field);

describe('extractSuggestions', () => {
  it.each([
    [
      'next_step',
      [['Rahul Sharma', 'Next step is a security review with your IT team on Tuesday.']],
      { value: 'A security review with your IT team on Tuesday.', date: '2026-11-17' },
    ],
    ['close_date', [['Kaveri Iyer', 'We want to sign by the 28th of November.']], { value: '2026-11-28' }],
    ['close_date', [['Kaveri Iyer', 'Finance says we will sign by the end of the month.']], { value: '2026-11-30' }],
    ['amount', [['Kaveri Iyer', 'The approved budget is 18 lakh for the first year.']], { value: 1_800_000 }],
    ['amount', [['Kaveri Iyer', 'We agreed internally on twenty two lakh for the licence.']], { value: 2_200_000 }],
    ['pain_points', [['Kaveri Iyer', 'Our biggest problem is that reps update the CRM days after a call.']], { speaker: 'Kaveri Iyer' }],
    ['decision_maker', [['Kaveri Iyer', 'Arjun Mehta, our CFO, makes the final call on this.']], { value: 'Arjun Mehta' }],
    ['decision_maker', [['Gautam Bose', 'I make the final call on tooling.']], { value: 'Gautam Bose' }],
    ['competitors', [['Kaveri Iyer', "We're also evaluating Freshsales."]], { value: 'Freshsales' }],
    ['stage', [['Kaveri Iyer', 'Our CEO has signed off on the project.']], { value: 'Decision Maker Bought-In', stageId: 's3' }],
    [
      'task',
      [['Rahul Sharma', "I'll send the revised pricing by Thursday."]],
      { value: "I'll send the revised pricing by Thursday.", date: '2026-11-19' },
    ],
  ] as const)('proposes %s from what was said', (field, lines, expected) => {
    const found = only(lines as unknown as [string, string][], field);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ ...expected, quote: lines[0][1], startSeconds: 0 });
  });

  it('reads relative days against the call’s date in the uploader’s zone, not the server’s or UTC', () => {
    const lines: [string, string][] = [['Rahul Sharma', "I'll send the deck tomorrow."]];
    expect(only(lines, 'task')[0]!.date).toBe('2026-11-13');
    expect(only(lines, 'task', {}, { timeZone: 'America/Los_Angeles' })[0]!.date).toBe('2026-11-13');
    expect(only(lines, 'task', {}, { recordedAt: new Date('2026-11-12T19:00:00Z'), timeZone: 'Asia/Tokyo' })[0]!.date).toBe('2026-11-14');
  });

  it.each([
    ['a question', 'Could you sign by the 28th of November?'],
    ['a hypothetical', 'If the board agrees we could sign by the end of the month.'],
    ['the past', 'We signed with our last vendor on the 3rd of March, three years ago.'],
    ['a denial', "We won't sign before the 28th of November."],
  ])('proposes no close date from %s', (_kind, text) => {
    expect(only([['Kaveri Iyer', text]], 'close_date')).toEqual([]);
  });

  it.each([
    ['another company’s price', 'Another vendor quoted us 9 lakh, and it was a disaster.'],
    ['a headcount', 'The total is 120 seats in phase one.'],
    ['a share', 'The budget allows a 10 percent discount.'],
    ['a monthly figure', 'Our budget is 3,000 rupees per user per month.'],
    ['a question', 'Is the budget 18 lakh?'],
  ])('proposes no amount from %s', (_kind, text) => {
    expect(only([['Kaveri Iyer', text]], 'amount')).toEqual([]);
  });

  it('moves a stage forward only, never backward nor to a won or lost stage', () => {
    const lines: [string, string][] = [['Kaveri Iyer', 'The demo is scheduled for next Friday.']];
    expect(only(lines, 'stage', { stageId: 's1' })).toMatchObject([{ value: 'Presentation Scheduled' }]);
    expect(only(lines, 'stage', { stageId: 's4' })).toEqual([]);
    expect(only([['Rahul Sharma', "Let's move this to Closed Won."]], 'stage')).toEqual([]);
    expect(only([['Rahul Sharma', "Let's move this to Negotiation."]], 'stage')).toEqual([]);
  });

  it('drops a value equal to the deal’s, or a date before the call', () => {
    expect(only([['Kaveri Iyer', 'The approved budget is 20 lakh.']], 'amount')).toEqual([]);
    expect(only([['Kaveri Iyer', 'We will sign by the 28th of November.']], 'close_date', { closedate: '2026-11-28' })).toEqual([]);
    expect(only([['Kaveri Iyer', "We're also evaluating Freshsales."]], 'competitors', { competitors: ['freshsales'] })).toEqual([]);
    expect(only([['Kaveri Iyer', 'We will sign on 2026-01-05.']], 'close_date')).toEqual([]);
  });

  it.each([
    ['Priya Nair', true],
    ['priya nair', true],
    ['Priya', true],
    ['Priya Sharma', false],
    ['Rahul', false],
    ['Speaker 2', true],
    [null, false],
  ] as const)('knows the team’s voices: %s is the team: %s', (speaker, team) => {
    expect(teamMatcher(['Priya Nair', 'Rahul Sharma', 'Rahul Verma', 'Speaker 2'])(speaker)).toBe(team);
  });

  it('takes tasks from the team’s promises only, not the customer’s', () => {
    expect(only([['Kaveri Iyer', "I'll send the security questionnaire by Friday."]], 'task')).toEqual([]);
  });

  it('reads a transcript with no segments from its "Name: text" lines', () => {
    const segments = segmentsFromText('Rahul Sharma: Where are we on budget?\nKaveri Iyer: The budget approved is 15 lakh.\n');
    expect(segments).toEqual([
      { seq: 0, startSeconds: 0, speaker: 'Rahul Sharma', text: 'Where are we on budget?' },
      { seq: 1, startSeconds: 0, speaker: 'Kaveri Iyer', text: 'The budget approved is 15 lakh.' },
    ]);
    expect(run([]).length).toBe(0);
    expect(
      extractSuggestions({ segments, deal: DEAL, stages: STAGES, recordedAt: RECORDED_AT, timeZone: 'UTC', team: ['Rahul Sharma'] }),
    ).toMatchObject([{ field: 'amount', value: 1_500_000, speaker: 'Kaveri Iyer' }]);
  });
});
