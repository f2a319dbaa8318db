import type { TDeal, TDealListResponse, TOwner, TPipeline } from '@pipewise/contract/deals';

/** Shared by the deals tests: two pipelines whose stage labels overlap, as in the demo data. */
export const PIPELINES: TPipeline[] = [
  {
    pipelineId: 'p-sales',
    label: 'Sales Pipeline',
    stages: [
      { stageId: 's-appt', label: 'Appointment Scheduled', displayOrder: 0 },
      { stageId: 's-contract', label: 'Contract Sent', displayOrder: 1 },
      { stageId: 's-won', label: 'Closed Won', displayOrder: 2 },
      { stageId: 's-lost', label: 'Closed Lost', displayOrder: 3 },
    ],
  },
  {
    pipelineId: 'p-ent',
    label: 'Enterprise',
    stages: [
      { stageId: 'e-disc', label: 'Discovery', displayOrder: 0 },
      { stageId: 'e-nego', label: 'Negotiation', displayOrder: 1 },
      { stageId: 'e-legal', label: 'Legal Review', displayOrder: 2 },
      { stageId: 'e-won', label: 'Closed Won', displayOrder: 3 },
    ],
  },
];

export const OWNERS: TOwner[] = [
  { id: 'u-asha', hubspot_user_id: 'u-asha', name: 'Asha Rao', firstname: 'Asha', lastname: 'Rao', email: 'asha@acme.test' },
  { id: 'u-rahul', hubspot_user_id: 'u-rahul', name: 'Rahul Verma', firstname: 'Rahul', lastname: 'Verma', email: 'rahul@acme.test' },
];

export function dealFixture(overrides: Partial<TDeal> = {}): TDeal {
  return {
    deal_id: '101',
    dealname: 'Kaveri Foods - Dealer portal',
    dealstage: 'e-nego',
    dealstage_label: 'Negotiation',
    competitors: [],
    dealowner: 'u-asha',
    owner_id: 'u-asha',
    owner_name: 'Asha Rao',
    owner_email: 'asha@acme.test',
    pipeline: 'p-ent',
    pipeline_label: 'Enterprise',
    amount: '1250000.00',
    closedate: '2026-12-31',
    nextsteps: 'Share revised proposal',
    kdm: 'Neha Iyer (CFO)',
    painpoints: 'Forecasts are off by more than 30% each quarter.',
    summary: `${'Strong interest from the business team after the demo. '.repeat(4)}The end.`,
    confidence_score: 72,
    confindence_score: 72,
    confidence_factors: [
      { kind: 'base', points: 62, reason: 'starts at 62 for the Negotiation stage (stage 2 of 4)' },
      { kind: 'activity', points: -15, reason: 'no activity for 21 days, the last was a note' },
      { kind: 'next_step', points: 10, reason: 'next step dated 3 Dec' },
      { kind: 'decision_maker', points: 10, reason: 'the decision maker (Neha Iyer (CFO)) attended a call on 12 Nov' },
      { kind: 'sentiment', points: 5, reason: "the last call's sentiment was positive" },
    ],
    company_id: 'c1',
    company_name: 'Kaveri Foods',
    version: 3,
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function listFixture(deals: TDeal[], total = deals.length, overrides: Partial<TDealListResponse> = {}): TDealListResponse {
  return { data: deals, total, total_amount: '2239120000.00', page: 1, page_size: 25, ...overrides };
}
