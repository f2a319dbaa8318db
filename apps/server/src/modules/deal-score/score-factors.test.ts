import { describe, expect, it } from 'vitest';
import { decisionMakerSeenAt } from './decision-maker';
import { dateInText, factorLine, scoreDeal, type DealSignals } from './score-factors';

const NOW = new Date('2026-11-20T10:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

/** A healthy open deal: every factor neutral or absent unless a row changes it. */
const base = (over: Partial<DealSignals> = {}): DealSignals => ({
  createdAt: daysAgo(60),
  closedate: '2026-12-15',
  nextsteps: null,
  kdm: null,
  stageLabel: 'Qualified To Buy',
  probability: 40,
  isClosed: false,
  isWon: false,
  stageOrder: 1,
  stageCount: 7,
  activity: [{ kind: 'note', at: daysAgo(10) }],
  nextTaskDue: null,
  overdueTasks: 0,
  closeDatePushes: 0,
  stageEnteredAt: daysAgo(10),
  stageMedianDays: null,
  sentiments: [],
  kdmAttendedAt: null,
  hasCalls: false,
  ...over,
});

const lines = (s: DealSignals) => scoreDeal(s, NOW).factors.map(factorLine);

describe('each factor from its signal', () => {
  it.each<[string, Partial<DealSignals>, string]>([
    ['activity in the last week', { activity: [{ kind: 'recording', at: daysAgo(2) }] }, '+5: active in the last week (a recorded call)'],
    ['21 days without activity', { activity: [{ kind: 'note', at: daysAgo(21) }] }, '-15: no activity for 21 days, the last was a note'],
    ['15 days without activity', { activity: [{ kind: 'change', at: daysAgo(15) }] }, '-10: no activity for 15 days, the last was an edit'],
    ['never any activity, created long ago', { activity: [] }, '-25: no activity for 60 days since it was created'],
    [
      'the latest of several kinds counts',
      {
        activity: [
          { kind: 'note', at: daysAgo(30) },
          { kind: 'task', at: daysAgo(1) },
        ],
      },
      '+5: active in the last week (a task done)',
    ],
    ['a task due in the future', { nextTaskDue: '2026-12-03' }, '+10: next step dated 3 Dec'],
    ['a date in the next steps text', { nextsteps: 'Pricing call on 3 December' }, '+10: next step dated 3 Dec'],
    ['a next step without a date', { nextsteps: 'Send the proposal' }, '±0: a next step is written but has no date'],
    ['no next step at all', {}, '-10: no next step'],
    ['overdue tasks', { overdueTasks: 2 }, '-5: 2 tasks overdue'],
    ['close date in the past', { closedate: '2026-11-12' }, '-15: close date 12 Nov has passed'],
    ['no close date', { closedate: null }, '-5: no close date'],
    ['close date pushed twice', { closeDatePushes: 2 }, '-10: close date pushed back 2 times'],
    ['close date pushed once', { closeDatePushes: 1 }, '-5: close date pushed back once'],
    [
      'long in the stage',
      { stageEnteredAt: daysAgo(48), stageMedianDays: 20 },
      "-10: 48 days in Qualified To Buy, the pipeline's median is 20",
    ],
    [
      'a little long in the stage',
      { stageEnteredAt: daysAgo(32), stageMedianDays: 20 },
      "-5: 32 days in Qualified To Buy, the pipeline's median is 20",
    ],
    ['last call positive', { sentiments: ['positive', 'negative'] }, "+5: the last call's sentiment was positive"],
    ['last call negative', { sentiments: ['negative', 'positive'] }, "-10: the last call's sentiment was negative"],
    ['last two calls negative', { sentiments: ['negative', 'negative'] }, "-15: the last 2 calls' sentiment was negative"],
    [
      'decision maker attended',
      { kdm: 'Anita Rao', kdmAttendedAt: daysAgo(8), hasCalls: true },
      '+10: the decision maker (Anita Rao) attended a call on 12 Nov',
    ],
    [
      'decision maker missing from the calls',
      { kdm: 'Anita Rao', hasCalls: true },
      '-5: the decision maker (Anita Rao) has not attended a call',
    ],
    ['no decision maker named', { kdm: null }, '-5: no decision maker named'],
  ])('%s', (_name, over, line) => {
    expect(lines(base(over))).toContain(line);
  });

  it('no factor where the signal says nothing: stage time within the median, no sentiment', () => {
    const all = lines(base({ stageEnteredAt: daysAgo(12), stageMedianDays: 20 })).join('\n');
    expect(all).not.toMatch(/days in Qualified To Buy|sentiment/);
  });

  it('starts from the stage probability, else from the stage position, and the factors add up (clamped to 0..100)', () => {
    const r = scoreDeal(base(), NOW);
    expect(r.factors[0]).toMatchObject({ kind: 'base', points: 40 });
    expect(r.score).toBe(r.factors.reduce((sum, f) => sum + f.points, 0));
    expect(scoreDeal(base({ probability: null, stageOrder: 0 }), NOW).factors[0]!.points).toBe(10);
    const worst = base({
      probability: 10,
      activity: [],
      closedate: '2026-01-01',
      closeDatePushes: 3,
      sentiments: ['negative', 'negative'],
    });
    expect(scoreDeal(worst, NOW).score).toBe(0);
    const best = base({
      probability: 95,
      nextTaskDue: '2026-12-01',
      kdm: 'A B',
      kdmAttendedAt: daysAgo(1),
      hasCalls: true,
      sentiments: ['positive'],
    });
    expect(scoreDeal(best, NOW).score).toBe(100);
  });

  it('won deals score 100 and lost ones 0, whatever the signals', () => {
    expect(scoreDeal(base({ isClosed: true, isWon: true, activity: [] }), NOW)).toMatchObject({ score: 100 });
    expect(scoreDeal(base({ isClosed: true, isWon: false, sentiments: ['positive'] }), NOW)).toMatchObject({ score: 0 });
  });
});

describe('dates in the next steps', () => {
  it.each([
    ['Demo on 3 Dec', '2026-12-03'],
    ['call them 2026-12-09 about pricing', '2026-12-09'],
    ['follow up next week', null],
    ['send proposal', null],
  ])('%s', (text, day) => expect(dateInText(text, NOW)).toBe(day));
});

describe('the decision maker on a call', () => {
  const at = daysAgo(3);
  it.each<[string, string | null, Parameters<typeof decisionMakerSeenAt>[2], boolean]>([
    ['same name, any case and a title', 'Anita Rao (CFO)', [{ name: 'anita  RAO', email: null, at }], true],
    ['accents aside', 'José Pérez', [{ name: 'Jose Perez', email: null, at }], true],
    ['a contact of the deal by email', 'Anita Rao', [{ name: null, email: 'ANITA@kaveri.in', at }], true],
    ['a contact of the deal by contact id', 'Anita Rao', [{ name: 'A. R.', email: null, contactId: 'c1', at }], true],
    ['someone else', 'Anita Rao', [{ name: 'Anita Sharma', email: 'as@x.in', at }], false],
    ['no decision maker', null, [{ name: 'Anita Rao', email: null, at }], false],
  ])('%s', (_name, kdm, attendances, seen) => {
    const contacts = [{ id: 'c1', name: 'Anita Rao', email: 'anita@kaveri.in' }];
    expect(decisionMakerSeenAt(kdm, contacts, attendances) !== null).toBe(seen);
  });
});
