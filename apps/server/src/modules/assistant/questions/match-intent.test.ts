import { describe, expect, it } from 'vitest';
import { splitAccountPrefix, trailingAccount } from './account-prefix';
import type { Vocabulary } from './intents';
import { matchIntent, readQuestion } from './match-intent';
import { periodRange } from './periods';

const vocab: Vocabulary = {
  callerId: 'u-asha',
  owners: [
    { id: 'u-asha', firstName: 'Asha', lastName: 'Rao', email: 'asha@acme.example' },
    { id: 'u-rahul', firstName: 'Rahul', lastName: 'Verma', email: 'rahul@acme.example' },
    { id: 'u-priya', firstName: 'Priya', lastName: 'Nair', email: 'priya@acme.example' },
  ],
  stages: ['Discovery', 'Proposal', 'Closed Won', 'Closed Lost', 'Renewal Sent', 'Decision Maker Bought-In'],
  pipelines: ['Sales Pipeline', 'Enterprise', 'Renewals'],
};
const TODAY = '2026-11-18'; // a Wednesday
const intent = (q: string) => matchIntent(q, vocab, TODAY);

describe('matchIntent', () => {
  it.each([
    ['Which deals are closing this week?', 'closing'],
    ['deals closing this quarter', 'closing'],
    ['What closes next month?', 'closing'],
    ['Show me pipeline totals by stage', 'pipeline_by'],
    ['pipeline by owner', 'pipeline_by'],
    ['Which team member has the most pipeline?', 'top_owner'],
    ['Who has the biggest pipeline?', 'top_owner'],
    ['What are our largest deals?', 'largest'],
    ['top 3 deals', 'largest'],
    ['Who is the top rep by pipeline?', 'top_owner'],
    ['Which deals have no next steps?', 'no_next_steps'],
    ['deals missing next steps', 'no_next_steps'],
    ['Which deals are stuck?', 'stuck'],
    ['deals with no update for 45 days', 'stuck'],
    ['Which deals are past their close date?', 'overdue'],
    ['show overdue deals', 'overdue'],
    ['What was discussed in the last meeting with Kaveri Foods?', 'last_meeting'],
    ['key points from our latest call', 'last_meeting'],
    ['What are the pain points of Kaveri Foods?', 'account_people'],
    ['Who are the decision makers?', 'account_people'],
    ["What are today's calls?", 'calls'],
    ['meetings tomorrow', 'calls'],
    ['How many deals in Discovery?', 'deal_stats'],
    ['total value of deals owned by Rahul closing in December', 'deal_stats'],
    ['count of deals in the Renewals pipeline', 'deal_stats'],
    ['How many deals close between 2027-01-01 and 2027-03-31?', 'deal_stats'],
    ['anything about data residency', 'search'],
    ['budget approval from the CFO', 'search'],
  ])('%s -> %s', (question, expected) => {
    expect(intent(question).name).toBe(expected);
  });

  it('reads the period of a closing question (weeks start on Monday)', () => {
    expect(intent('deals closing this week')).toEqual({
      name: 'closing',
      range: { from: '2026-11-16', to: '2026-11-22', label: 'this week' },
    });
    expect(intent('closing this quarter')).toMatchObject({ range: { from: '2026-10-01', to: '2026-12-31' } });
    expect(intent('closing next quarter')).toMatchObject({ range: { from: '2027-01-01', to: '2027-03-31' } });
    expect(periodRange('next_month', '2026-12-05')).toMatchObject({ from: '2027-01-01', to: '2027-01-31' });
  });

  it('reads list filters: owners by name or "my", stages, pipelines, a month, quoted search text', () => {
    expect(intent('total value of deals owned by Rahul closing in December')).toEqual({
      name: 'deal_stats',
      measure: 'sum',
      filters: {
        owners: ['u-rahul'],
        stages: [],
        pipelines: [],
        close: { from: '2026-12-01', to: '2026-12-31', label: 'in December 2026' },
        search: null,
      },
    });
    expect(intent('how many of my deals are in Proposal in the Enterprise pipeline?')).toMatchObject({
      measure: 'count',
      filters: { owners: ['u-asha'], stages: ['Proposal'], pipelines: ['Enterprise'] },
    });
    expect(intent('How many deals mentioning "security questionnaire"?')).toMatchObject({ filters: { search: 'security questionnaire' } });
    expect(intent('deals in Closed Won for Priya Nair')).toMatchObject({ filters: { owners: ['u-priya'], stages: ['Closed Won'] } });
    expect(intent('how many deals have we won?')).toMatchObject({ filters: { stages: ['Closed Won'] } });
    expect(intent('deals closing between 2026-01-01 and 2026-03-31 in Discovery')).toMatchObject({
      filters: { close: { from: '2026-01-01', to: '2026-03-31' }, stages: ['Discovery'] },
    });
  });

  it('reads how many days count as stuck, and how many largest deals to list', () => {
    expect(intent('deals stuck for 2 weeks')).toEqual({ name: 'stuck', days: 14 });
    expect(intent('stalled deals')).toEqual({ name: 'stuck', days: 30 });
    expect(intent('top 7 deals')).toMatchObject({ name: 'largest', limit: 7 });
    expect(intent('biggest deals')).toMatchObject({ name: 'largest', limit: 5 });
    expect(intent('my biggest deals')).toMatchObject({ name: 'largest', filters: { owners: ['u-asha'] } });
  });

  it('tells which breakdown is asked for', () => {
    expect(intent('pipeline totals by stage')).toEqual({ name: 'pipeline_by', by: 'stage' });
    expect(intent('deal value per pipeline')).toEqual({ name: 'pipeline_by', by: 'pipeline' });
    expect(intent('pipeline by rep')).toEqual({ name: 'pipeline_by', by: 'owner' });
  });
});

describe('accounts', () => {
  it('takes the home screen prefix off the question', () => {
    expect(splitAccountPrefix('For account Kaveri Foods: deals closing this month')).toEqual({
      account: 'Kaveri Foods',
      question: 'deals closing this month',
    });
    expect(splitAccountPrefix('deals closing this month')).toEqual({ account: null, question: 'deals closing this month' });
  });

  it('finds an account named at the end of an account question', () => {
    expect(trailingAccount('What was discussed in the last meeting with Kaveri Foods?')).toBe('Kaveri Foods');
    expect(trailingAccount('pain points for deccan pharma labs')).toBe('deccan pharma labs');
    expect(trailingAccount('key points from the last meeting with me')).toBeNull();
  });

  it('prefers the prefix, then the context account, then an account named in the question', () => {
    expect(readQuestion('For account Kaveri: pain points', 'Other', vocab, TODAY).account).toBe('Kaveri');
    expect(readQuestion('pain points', 'Ganga Textiles', vocab, TODAY).account).toBe('Ganga Textiles');
    expect(readQuestion('decision makers at Vindhya Steel', null, vocab, TODAY).account).toBe('Vindhya Steel');
    expect(readQuestion('deals closing this week', null, vocab, TODAY).account).toBeNull();
  });
});
