import { describe, expect, it } from 'vitest';
import type { Caller } from '../../access/access-rules';
import { findLooseLabels } from '../understanding/loose-labels';
import type { Vocabulary } from './intents';
import { matchIntent } from './match-intent';
import { createNamedRecords, type NamedReads } from './named-records';
import { askedName } from './outside';
import { readDealFields } from './record-fields';

/** Questions typed the way reps type them (bench/assistant/holdout-3-cases.ts has more). */
const STAGES = ['Appointment Scheduled', 'Qualified to Buy', 'Decision Maker Bought-In', 'Negotiation', 'Legal Review', 'Renewal Sent'];
const vocab: Vocabulary = {
  callerId: 'u-rohan',
  owners: [
    { id: 'u-rohan', firstName: 'Rohan', lastName: 'Gupta', email: 'rohan@acme.example' },
    { id: 'u-kavya', firstName: 'Kavya', lastName: 'Reddy', email: 'kavya@acme.example' },
  ],
  stages: STAGES,
  pipelines: ['Sales Pipeline', 'Enterprise', 'Renewals'],
};
const TODAY = '2026-11-26';
const intent = (q: string) => matchIntent(q, vocab, TODAY);

describe('stages typed loosely', () => {
  it.each([
    ['decision maker bought in deals', 'Decision Maker Bought-In'],
    ['deals in negotation', 'Negotiation'],
    ['show me qualifed to buy deals', 'Qualified to Buy'],
    ['appointment schedule deals', 'Appointment Scheduled'],
    ['how many deals r in legal reveiw', 'Legal Review'],
  ])('%s is a filter on %s', (q, stage) => {
    const i = intent(q);
    expect(i.name).toBe('deal_stats');
    expect(i.name === 'deal_stats' && i.filters.stages).toEqual([stage]);
  });

  it('finds no stage in words that only look like one', () => {
    expect(findLooseLabels('deals to renew', [...STAGES, 'Renewed'])).toEqual([]);
    expect(findLooseLabels('sahyadri crm licence renewal owner', STAGES)).toEqual([]);
    expect(findLooseLabels('closed deals', ['Closed Won', 'Closed Lost'])).toEqual([]);
  });
});

describe('close dates as reps ask for them', () => {
  it('reads the next N days as a period from today', () => {
    expect(intent('deals closing in next 30 days')).toEqual({
      name: 'closing',
      range: { from: '2026-11-26', to: '2026-12-26', label: 'in the next 30 days' },
    });
  });

  it('lists only deals still to close for a period ahead, and counts every deal dated in it', () => {
    const list = intent("kavya's deals closing next month");
    expect(list.name === 'deal_stats' && list.filters.openOnly).toBe(true);
    const counted = intent('how many deals owned by kavya closing this quarter');
    expect(counted.name === 'deal_stats' && counted.filters.openOnly).toBeFalsy();
  });
});

describe('names asked about', () => {
  it('reads a lower-case name nobody has and a comparison of sizes', () => {
    expect(askedName('how big is the aurobindo steels deal')).toBe('aurobindo steels');
    expect(readDealFields('which is bigger coromandel analytics or mandovi data migration')).toContain('amount');
  });
});

const caller = { id: 'u-meera', organizationId: 'o1', role: 'user', email: 'meera@acme.example' } as Caller;
type Row = { id: string; name: string; company_id: string | null };
const DEALS: Row[] = [
  { id: '1', name: 'Krishna Electricals - Field force app', company_id: 'krishna' },
  { id: '2', name: 'Coromandel Auto Parts - Sales analytics rollout', company_id: 'coromandel' },
  { id: '3', name: 'Mandovi Media House - Data migration project', company_id: 'mandovi' },
  { id: '4', name: 'Tapti Cotton Mills - Enterprise licence expansion', company_id: 'tapti' },
];
const COMPANIES: Row[] = [
  { id: 'krishna', name: 'Krishna Electricals', company_id: null },
  { id: 'coromandel', name: 'Coromandel Auto Parts', company_id: null },
  { id: 'mandovi', name: 'Mandovi Media House', company_id: null },
  { id: 'tapti', name: 'Tapti Cotton Mills', company_id: null },
];
/** The caller's deals and accounts, read as the database reads them (every word, as a substring). */
const reads: NamedReads = {
  deals: {
    namingAll: async (_c, words) => DEALS.filter((d) => words.every((w) => d.name.toLowerCase().includes(w))),
    namesOfAccounts: async (_c, ids) => DEALS.filter((d) => ids.includes(d.company_id!)),
    nearNames: async () => [],
  },
  companies: { allNames: async () => COMPANIES },
  contacts: { nameCandidates: async () => [] },
};
const named = createNamedRecords(reads);

describe('named deals', () => {
  it('finds both deals named side by side', async () => {
    const found = await named.findSideBySide(caller, 'which is bigger coromandel analytics or mandovi data migration');
    expect(found.deals.map((d) => d.name).sort()).toEqual([
      'Coromandel Auto Parts - Sales analytics rollout',
      'Mandovi Media House - Data migration project',
    ]);
  });

  it("says which account's deal the caller does not have, without reading it as the account", async () => {
    const found = await named.find(caller, "what's the amount on krishna electricals enterprise licence expansion");
    expect(found.deals).toEqual([]);
    expect(found.unknownDeal).toBe('krishna electricals enterprise licence expansion');
    // Words no deal of the caller's has are no deal's name: the account is asked about.
    expect((await named.find(caller, 'anything open at krishna electricals')).unknownDeal).toBeUndefined();
  });
});
