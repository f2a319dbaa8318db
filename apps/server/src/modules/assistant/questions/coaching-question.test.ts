import { describe, expect, it } from 'vitest';
import { readCoachingQuestion } from './coaching-question';
import { readSaidQuestion } from './said-question';

/** A Thursday: last week ran Monday 16 to Sunday 22 November. */
const TODAY = '2026-11-26';
const read = (q: string) => readCoachingQuestion(q, TODAY);

describe('what was my talk ratio last week', () => {
  it.each([
    'what was my talk ratio last week',
    'What was my talk ratio last week?',
    "what's my talk ratio for last week",
    'my talk ratio last week',
    'talk ratio last week',
    'wat was my tlak ratio last wk',
    'how much did I talk on my calls last week?',
    'What was my talk-to-listen ratio last week',
    'my talk/listen ratio last week',
    'what percentage of the time did I talk last week',
    'Did I talk too much last week?',
    'how was my talk time ratio last week',
    'talking vs listening last week, how did I do',
  ])('%s: the caller, Monday to Sunday of last week', (q) => {
    expect(read(q)).toEqual({ kind: 'talk_ratio', who: null, period: { from: '2026-11-16', to: '2026-11-22', label: 'last week' } });
  });

  it.each([
    ["what's my talk ratio", { from: '2026-10-28', to: TODAY, label: 'in the last 30 days' }],
    ['my talk ratio this month', { from: '2026-11-01', to: '2026-11-30' }],
    ['what was my talk ratio yesterday', { from: '2026-11-25', to: '2026-11-25', label: 'yesterday' }],
  ])('%s: the period named, else the last 30 days', (q, period) => {
    expect(read(q)).toMatchObject({ kind: 'talk_ratio', who: null, period });
  });

  it.each([
    ["what was Rahul's talk ratio last week", 'rahul'],
    ['talk ratio of Priya Nair last week', 'priya nair'],
    ['how much did rahul talk last week', 'rahul'],
  ])("%s: a colleague's", (q, who) => {
    expect(read(q)).toMatchObject({ kind: 'talk_ratio', who });
  });
});

describe('my talk ratio on one call', () => {
  it.each([
    ['what was my talk ratio on the call with Kaveri', 'kaveri'],
    ['how much did I talk in my last meeting with Kaveri Rao', 'kaveri rao'],
    ['my talk ratio on the Sahyadri call', 'sahyadri'],
    ['what was my talk ratio on my last call', null],
  ])('%s: that call', (q, withWhom) => {
    expect(read(q)).toEqual({ kind: 'call_talk', with: withWhom });
  });

  it('keeps "my calls" over a period as the period', () => {
    expect(read('what was my talk ratio on my calls last week')).toMatchObject({ kind: 'talk_ratio' });
  });
});

describe('who on my team talks the most', () => {
  it.each([
    'who on my team talks the most',
    'Who on my team talks the most?',
    'who talks the most on my team',
    'which rep talks the most',
    'who has the highest talk ratio',
    'who on the team has the highest talk ratio last month',
    'which of my reps talks the most on calls',
    'who talks most in calls',
    "who's the biggest talker on my team",
    'who dominates the conversation on my team',
    'rank my team by talk ratio',
    'my team’s talk ratios',
    'talk ratio by rep',
    'who listens the least',
    'who tlaks the most',
  ])('%s: the team, most talk first', (q) => {
    expect(read(q)).toMatchObject({ kind: 'team_talk', order: 'most' });
  });

  it.each([
    'who on my team talks the least',
    'who listens the most on my team',
    'which rep has the lowest talk ratio',
    'who is the best listener',
  ])('%s: the team, least talk first', (q) => {
    expect(read(q)).toMatchObject({ kind: 'team_talk', order: 'least' });
  });

  it('reads the period', () => {
    expect(read('who on my team talked the most last week')).toEqual({
      kind: 'team_talk',
      order: 'most',
      period: { from: '2026-11-16', to: '2026-11-22', label: 'last week' },
    });
  });
});

describe('how many questions did I ask on the call with Kaveri', () => {
  it.each([
    'how many questions did I ask on the call with Kaveri',
    'How many questions did I ask on the call with Kaveri?',
    'how many questions did I ask Kaveri',
    'how many questions did i ask kaveri on our last call',
    'number of questions I asked on my last call with Kaveri',
    'how many questions did I ask in the Kaveri call',
    'How many questions did I ask during my meeting with Kaveri?',
    'hw mny qs did i ask on the call with kaveri',
    'count the questions I asked in my call with kaveri',
    'did I ask enough questions on the call with Kaveri',
    'how many questions have I asked kaveri',
  ])('%s: mine, on the call with kaveri', (q) => {
    expect(read(q)).toEqual({ kind: 'call_questions', asker: 'me', with: 'kaveri' });
  });

  it.each([
    ['how many questions did we ask on the call with Kaveri Rao', 'team', 'kaveri rao'],
    ['how many questions were asked in the Sahyadri call', 'team', 'sahyadri'],
    ['how many questions did Rahul ask on the call with Kaveri', 'rahul', 'kaveri'],
    ['how many questions did I ask on my last call', 'me', null],
  ])('%s: asked by %s, the call with %s', (q, asker, withWhom) => {
    expect(read(q)).toEqual({ kind: 'call_questions', asker, with: withWhom });
  });
});

describe('near misses: other questions stay with their own answers', () => {
  it.each([
    'what did Kaveri say about pricing',
    'who talked about pricing',
    'who talks to Kaveri the most',
    'what questions did Kaveri ask',
    'what questions did I ask on the call with Kaveri',
    'which rep has the most pipeline',
    'who has the most deals',
    'top rep this quarter',
    'how many calls did I have with Kaveri last week',
    'how many deals are closing this month',
    'what was discussed in my last call with Kaveri',
    'what was my pipeline last week',
    'any questions raised by the customer about the rollout',
    'schedule a talk with Kaveri',
    'what is the ratio of won to lost deals',
    "what's the talk track for pricing objections",
    'how much is the Sahyadri deal worth',
  ])('%s is not a coaching question', (q) => {
    expect(read(q)).toBeNull();
  });

  it('leaves "what did Kaveri say about pricing" to the questions about what was said', () => {
    expect(readSaidQuestion('what did Kaveri say about pricing', TODAY)).not.toBeNull();
  });
});

describe('other words for the talk ratio', () => {
  it.each([
    ['whats my listening ratio last week', null],
    ['my speaking time share last week', null],
    ['what was my talk time last week', null],
    ['how talkative was I last week', null],
    ["what was Rohan's listening ratio last week", 'rohan'],
    ['how talkative is rohan last week', 'rohan'],
  ])('%s', (q, who) => {
    expect(read(q)).toMatchObject({ kind: 'talk_ratio', who, period: { from: '2026-11-16', to: '2026-11-22' } });
  });

  it.each(['how talkative is rohan on calls', 'how talkative has priya nair been'])('%s: a colleague over the last 30 days', (q) => {
    expect(read(q)).toMatchObject({ kind: 'talk_ratio', period: { label: 'in the last 30 days' } });
    expect((read(q) as { who: string }).who).toMatch(/^(rohan|priya nair)$/);
  });

  it.each(['schedule a talk with Kaveri next week', 'log a call: we talked about pricing', 'what time is my talk with Rohan'])(
    '%s: not a coaching question',
    (q) => expect(read(q)).toBeNull(),
  );
});
