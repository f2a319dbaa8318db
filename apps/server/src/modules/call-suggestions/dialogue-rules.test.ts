import { describe, expect, it } from 'vitest';
import { saidAmounts, saidDate } from './said-values';
import { extractSuggestions } from './suggestion-extractor';
import type { DealSnapshot } from './suggestion-types';
import { defaultPipelineStages } from '../../../test/default-stages';

const STAGES = defaultPipelineStages('s');

const DEAL: DealSnapshot = {
  dealname: 'Harbour Freight - Yard',
  stageId: 's1',
  amount: null,
  closedate: null,
  nextsteps: null,
  painpoints: null,
  kdm: null,
  competitors: [],
};

/** Wednesday 18 November 2026, 10:00 in Berlin. */
const RECORDED_AT = new Date('2026-11-18T09:00:00Z');
const CTX = { now: RECORDED_AT, timeZone: 'Europe/Berlin' };

function run(lines: [string, string][], deal: Partial<DealSnapshot> = {}) {
  return extractSuggestions({
    segments: lines.map(([speaker, text], seq) => ({ seq, startSeconds: seq * 10, speaker, text })),
    deal: { ...DEAL, ...deal },
    stages: STAGES,
    recordedAt: RECORDED_AT,
    timeZone: 'Europe/Berlin',
    team: ['Sara Lind'],
  });
}
const field = (lines: [string, string][], name: string, deal: Partial<DealSnapshot> = {}) =>
  run(lines, deal).filter((p) => p.field === name);

describe('meetings agreed across turns', () => {
  const call: [string, string][] = [
    ['Sara Lind', 'Would a demo for your planners make sense?'],
    ['Jonas Weber', 'Yes. Can we do next Thursday?'],
    ['Sara Lind', 'Next Thursday works.'],
  ];

  it('makes the accepted demo the next step, dated, and moves the deal to Presentation Scheduled', () => {
    expect(field(call, 'next_step')).toMatchObject([{ value: expect.stringMatching(/^Demo for your planners/), date: '2026-11-26' }]);
    expect(field(call, 'stage')).toMatchObject([{ value: 'Presentation Scheduled' }]);
  });

  it('does not take a deadline accepted for a piece of work as a meeting', () => {
    const deadline: [string, string][] = [
      ['Sara Lind', "I'll send the security questionnaire by Friday."],
      ['Jonas Weber', 'Friday works.'],
    ];
    expect(field(deadline, 'next_step')).toEqual([]);
    expect(field(deadline, 'stage')).toEqual([]);
  });

  it('reads "Tuesday next week" as next week\'s Tuesday and "the first Monday of December"', () => {
    expect(saidDate('We can do a review call on Tuesday next week.', CTX)).toBe('2026-11-24');
    expect(saidDate('The managers meet on the first Monday of December.', CTX)).toBe('2026-12-07');
    expect(saidDate('Monica will want to sign before the holidays.', CTX)).toBeNull();
  });
});

describe('decision makers and stage moves across turns', () => {
  it('takes the name given in answer to "who signs off?" and the stage when that person says they will approve', () => {
    const call: [string, string][] = [
      ['Sara Lind', 'Who signs off on a purchase like this?'],
      ['Jonas Weber', 'Our managing director, Petra Hahn.'],
      ['Petra Hahn', "I'll approve it at our board meeting."],
    ];
    expect(field(call, 'decision_maker')).toMatchObject([{ value: 'Petra Hahn' }]);
    expect(field(call, 'stage', { stageId: 's2' })).toMatchObject([{ value: 'Decision Maker Bought-In' }]);
  });

  it('moves to Qualified To Buy when the customer confirms a budget and the decision maker is known, no demo booked', () => {
    const call: [string, string][] = [
      ['Jonas Weber', 'Yes, there is a budget for it, approved by the board.'],
      ['Jonas Weber', 'Our chief operating officer, Petra Hahn, makes the final call.'],
    ];
    expect(field(call, 'stage', { stageId: 's0' })).toMatchObject([{ value: 'Qualified To Buy' }]);
    expect(field(call.slice(0, 1), 'stage', { stageId: 's0' })).toEqual([]);
  });

  it('does not move the stage when the approval depends on a pilot', () => {
    const call: [string, string][] = [['Petra Hahn', "If the pilot works, I'll sign for all sites."]];
    expect(field(call, 'stage', { stageId: 's2', kdm: 'Petra Hahn' })).toEqual([]);
  });

  it('moves to Contract Sent when the contract is sent in the call and received', () => {
    const call: [string, string][] = [
      ['Jonas Weber', 'The order form is all we need now.'],
      ['Sara Lind', "I'm sending it through DocuSign right now."],
      ['Jonas Weber', 'Here it is, in my inbox.'],
    ];
    expect(field(call, 'stage', { stageId: 's3' })).toMatchObject([{ value: 'Contract Sent' }]);
    // Without the customer seeing it, it is only a promise.
    expect(field(call.slice(0, 2), 'stage', { stageId: 's3' })).toEqual([]);
  });
});

describe('amounts and close dates as said', () => {
  it('reads compound spoken numbers and skips per-unit prices, ranges and side prices', () => {
    expect(saidAmounts('a hundred and four thousand five hundred per year')).toEqual([104_500]);
    expect(
      field([['Sara Lind', 'It is two hundred dollars per store per month, so sixty-four thousand eight hundred a year.']], 'amount'),
    ).toMatchObject([{ value: 64_800 }]);
    expect(field([['Sara Lind', 'It is usually between fifteen and twenty thousand a year.']], 'amount')).toEqual([]);
    expect(field([['Sara Lind', 'Onboarding is normally a separate eight thousand.']], 'amount')).toEqual([]);
  });

  it('reads "the 15th" as of the month named just before', () => {
    const call: [string, string][] = [
      ['Jonas Weber', 'The financing round closes on January 14th.'],
      ['Jonas Weber', "I'll sign the day after, on the 15th."],
    ];
    expect(field(call, 'close_date')).toMatchObject([{ value: '2027-01-15' }]);
  });
});

describe('tasks, pains and competitors', () => {
  it('does not make a task of what is done in the call or promised after signature', () => {
    expect(field([['Sara Lind', 'Okay, let me share my screen.']], 'task')).toEqual([]);
    expect(field([['Sara Lind', "I'll send the onboarding plan once signed."]], 'task')).toEqual([]);
    // The agreed meeting is the next step, not also a task.
    expect(field([['Sara Lind', "I'll schedule a review call with your planners."]], 'task')).toEqual([]);
    expect(field([['Sara Lind', "I'll send you two customer references by Thursday."]], 'task')).toMatchObject([{ date: '2026-11-19' }]);
  });

  it("keeps the customer's sentences around a pain, and a wish is no pain", () => {
    const pains = field(
      [
        ['Jonas Weber', 'We lose two trucks a day to idle time.'],
        ['Jonas Weber', 'The biggest problem is that yard slots are booked by hand.'],
      ],
      'pain_points',
    );
    expect(pains).toMatchObject([{ value: expect.stringMatching(/lose two trucks.*by hand/) }]);
    expect(field([['Jonas Weber', 'The problem is we now want to add the Austrian depots.']], 'pain_points')).toEqual([]);
  });

  it('takes vendors the customer had demos from or uses for this need', () => {
    const names = field([['Jonas Weber', 'We had demos from Yardly and Gatehouse.']], 'competitors').map((p) => p.value);
    expect(names).toEqual(['Yardly', 'Gatehouse']);
    expect(field([['Jonas Weber', 'We use Dockmaster for slot booking today.']], 'competitors')).toMatchObject([{ value: 'Dockmaster' }]);
  });

  it('does not take a system for another job or a day as a competitor', () => {
    expect(field([['Jonas Weber', 'We use DATEV for payroll, so it must connect.']], 'competitors')).toEqual([]);
    expect(field([['Jonas Weber', "So we're looking at January 15th instead."]], 'competitors')).toEqual([]);
  });
});
