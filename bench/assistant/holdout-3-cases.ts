import type { TDeal } from '@pipewise/contract/deals';

/**
 * Holdout 3 of the assistant: questions and commands typed the way sales reps type them (typos, shorthand,
 * Indian number forms, lower-case names, no punctuation, a little Hinglish), written from the demo seed
 * (apps/server/src/cli/seed-crm*.ts: its deals, accounts and contacts are the same on every machine; only the
 * close dates move with the day it is seeded). Asked as rohan@acme.example (a Mid-Market rep who owns 40 of
 * the 300 deals) and his manager meera@acme.example (her team: Kavya, Rohan, Sneha and her own deals).
 * Written before the assistant was run on any of them; bench/assistant/holdout-3.ts runs them.
 */

/** A close date: an ISO day, N days from today, the next such weekday (0 Sunday), or the end of this (0) or next (1) month. */
export type DateWant = string | { days: number } | { weekday: number } | { endOfMonth: 0 | 1 };

/** What a list's expectation is computed from: today in Asia/Kolkata, the people's ids, the periods around today. */
export type Facts = {
  today: string;
  /** The caller's user id. */
  me: string;
  person: (key: 'rohan' | 'meera' | 'kavya' | 'sneha') => string;
  open: (d: TDeal) => boolean;
  addDays: (iso: string, n: number) => string;
  periods: Record<'thisWeek' | 'nextWeek' | 'thisMonth' | 'nextMonth' | 'thisQuarter', [string, string]>;
};

export type CommandCase = {
  cls: string;
  text: string;
  as?: 'rohan' | 'meera';
  tz?: string;
  op: 'create' | 'update';
  type?: 'deal' | 'company' | 'contact';
  /** The deal an update must name (its exact name among the caller's deals). */
  deal?: string;
  /** A create's name, or a contact's or company's (any of them). */
  identifier?: string | string[];
  props: Record<string, unknown>;
  /** A deal the caller cannot see: no update of any deal may be prepared, and nothing of it may come back. */
  hidden?: string;
};

export type QuestionExpect =
  /** One or more named deals: each cited (linked) and named, with the field's value. */
  | { kind: 'field'; deals: string[]; field: 'amount' | 'stage' | 'closedate' | 'nextsteps' | 'painpoints' | 'kdm' | 'owner' | 'summary' }
  /** A contact named, with the field's value. */
  | { kind: 'contact'; contact: string; field: 'phone' | 'email' | 'company' | 'jobtitle' }
  /** An account named, only its deals cited. */
  | { kind: 'account'; company: string }
  /** Deals that match: only they may be cited, some when any match, a 'none' answer when none; count or total when asked. */
  | { kind: 'list'; where: (d: TDeal, f: Facts) => boolean; count?: boolean; sum?: boolean }
  /** Counts per stage or owner: every group named with its count. */
  | { kind: 'groups'; by: 'stage' | 'owner'; openOnly?: boolean; where?: (d: TDeal, f: Facts) => boolean }
  /** Outside the CRM (or a made-up name): a short can't-style answer with no figure and no deal. */
  | { kind: 'outside'; name?: string }
  /** A deal the caller cannot see: a plain "I could not find", nothing of the deal. */
  | { kind: 'hidden'; deal: string };

export type QuestionCase = { cls: string; text: string; as?: 'rohan' | 'meera'; expect: QuestionExpect };

const within = (d: TDeal, [from, to]: [string, string]) => !!d.closedate && d.closedate >= from && d.closedate <= to;
const stage = (label: string) => (d: TDeal) => d.dealstage_label === label;

// ---------- questions (73) ----------

const ONE = 'q: one deal';
const CONTACT = 'q: contact';
const ACCOUNT = 'q: account';
const LIST = 'q: filters';
const COUNT = 'q: counts and totals';
const GROUPS = 'q: per stage/owner';
const COMPARE = 'q: comparisons';
const TEAM = 'q: manager';
const HIDDEN = 'q: manager, other team';
const OUT = 'q: outside';

export const QUESTIONS: QuestionCase[] = [
  // One named deal, shortened and misspelt (13).
  {
    cls: ONE,
    text: 'periyar call recording how much',
    expect: { kind: 'field', deals: ['Periyar Rubber Products - Call recording add-on'], field: 'amount' },
  },
  {
    cls: ONE,
    text: 'wats the amt on coromandel analytics rollout',
    expect: { kind: 'field', deals: ['Coromandel Auto Parts - Sales analytics rollout'], field: 'amount' },
  },
  {
    cls: ONE,
    text: 'narmada chemicals annual support contract stage??',
    expect: { kind: 'field', deals: ['Narmada Chemicals - Annual support contract'], field: 'stage' },
  },
  {
    cls: ONE,
    text: 'whr r we on vindhya steel expansion',
    expect: { kind: 'field', deals: ['Vindhya Steel - Enterprise licence expansion'], field: 'stage' },
  },
  {
    cls: ONE,
    text: 'mandovi data migration closing kab hai',
    expect: { kind: 'field', deals: ['Mandovi Media House - Data migration project'], field: 'closedate' },
  },
  {
    cls: ONE,
    text: 'nxt stp for tapti dealer portal',
    expect: { kind: 'field', deals: ['Tapti Cotton Mills - Dealer portal'], field: 'nextsteps' },
  },
  {
    cls: ONE,
    text: 'deccan pharma dealer portal - pain points?',
    expect: { kind: 'field', deals: ['Deccan Pharma Labs - Dealer portal'], field: 'painpoints' },
  },
  {
    cls: ONE,
    text: 'kdm on doon pilot',
    expect: { kind: 'field', deals: ['Doon Valley Organics - Pilot for regional team'], field: 'kdm' },
  },
  {
    cls: ONE,
    text: 'who owns the ganga marketing automation deal',
    expect: { kind: 'field', deals: ['Ganga Textiles - Marketing automation'], field: 'owner' },
  },
  {
    cls: ONE,
    text: 'summary of westren ghats call recording',
    expect: { kind: 'field', deals: ['Western Ghats Realty - Call recording add-on'], field: 'summary' },
  },
  {
    cls: ONE,
    text: 'banas dairy expansion value',
    expect: { kind: 'field', deals: ['Banas Dairy Cooperative - Enterprise licence expansion'], field: 'amount' },
  },
  {
    cls: ONE,
    text: 'when is palghat marketing automation closing',
    expect: { kind: 'field', deals: ['Palghat Precision Tools - Marketing automation'], field: 'closedate' },
  },
  {
    cls: ONE,
    text: 'godavri dealer portal decision maker',
    expect: { kind: 'field', deals: ['Godavari Healthcare - Dealer portal'], field: 'kdm' },
  },

  // Contacts (9).
  { cls: CONTACT, text: 'vivek iyer number', expect: { kind: 'contact', contact: 'Vivek Iyer', field: 'phone' } },
  { cls: CONTACT, text: 'where does suresh agarwal work', expect: { kind: 'contact', contact: 'Suresh Agarwal', field: 'company' } },
  { cls: CONTACT, text: 'email of shalini das', expect: { kind: 'contact', contact: 'Shalini Das', field: 'email' } },
  { cls: CONTACT, text: 'who is manish menon', expect: { kind: 'contact', contact: 'Manish Menon', field: 'jobtitle' } },
  { cls: CONTACT, text: 'neha agarwal ka number', expect: { kind: 'contact', contact: 'Neha Agarwal', field: 'phone' } },
  { cls: CONTACT, text: 'joseph reddy mobile no', expect: { kind: 'contact', contact: 'Joseph Reddy', field: 'phone' } },
  { cls: CONTACT, text: 'which company is pooja menon from', expect: { kind: 'contact', contact: 'Pooja Menon', field: 'company' } },
  { cls: CONTACT, text: 'abhishek malhotra designation', expect: { kind: 'contact', contact: 'Abhishek Malhotra', field: 'jobtitle' } },
  { cls: CONTACT, text: 'mail id for karan deshpande', expect: { kind: 'contact', contact: 'Karan Deshpande', field: 'email' } },

  // Accounts (5).
  { cls: ACCOUNT, text: 'whats happening with godavari healthcare', expect: { kind: 'account', company: 'Godavari Healthcare' } },
  { cls: ACCOUNT, text: 'banas dairy deals', expect: { kind: 'account', company: 'Banas Dairy Cooperative' } },
  { cls: ACCOUNT, text: 'how much pipeline in saraswati edutech', expect: { kind: 'account', company: 'Saraswati EduTech' } },
  { cls: ACCOUNT, text: 'sundarbun fisheries status', expect: { kind: 'account', company: 'Sundarban Fisheries' } },
  { cls: ACCOUNT, text: 'kanchenjunga telecom ka kya scene hai', expect: { kind: 'account', company: 'Kanchenjunga Telecom' } },

  // Filters: stages (typos, label words), dates, my deals (16).
  { cls: LIST, text: 'decision maker bought in deals', expect: { kind: 'list', where: stage('Decision Maker Bought-In') } },
  { cls: LIST, text: 'deals in negotation', expect: { kind: 'list', where: stage('Negotiation') } },
  { cls: LIST, text: 'show me qualifed to buy deals', expect: { kind: 'list', where: stage('Qualified to Buy') } },
  { cls: LIST, text: 'appointment schedule deals', expect: { kind: 'list', where: stage('Appointment Scheduled') } },
  { cls: LIST, text: 'renewal sent wale deals', expect: { kind: 'list', where: stage('Renewal Sent') } },
  { cls: LIST, text: 'my deals in enterprise pipeline', expect: { kind: 'list', where: (d) => d.pipeline_label === 'Enterprise' } },
  {
    cls: LIST,
    text: 'my deals closing this qtr',
    expect: { kind: 'list', where: (d, f) => f.open(d) && within(d, f.periods.thisQuarter) },
  },
  { cls: LIST, text: 'deals closing this month', expect: { kind: 'list', where: (d, f) => f.open(d) && within(d, f.periods.thisMonth) } },
  { cls: LIST, text: 'anything closing nxt month', expect: { kind: 'list', where: (d, f) => f.open(d) && within(d, f.periods.nextMonth) } },
  {
    cls: LIST,
    text: 'deals closing in next 30 days',
    expect: { kind: 'list', where: (d, f) => f.open(d) && within(d, [f.today, f.addDays(f.today, 30)]) },
  },
  {
    cls: LIST,
    text: 'which of my deals r past due',
    expect: { kind: 'list', where: (d, f) => f.open(d) && !!d.closedate && d.closedate < f.today },
  },
  { cls: LIST, text: 'overdue opps', expect: { kind: 'list', where: (d, f) => f.open(d) && !!d.closedate && d.closedate < f.today } },
  { cls: LIST, text: 'deals w/o nxt step', expect: { kind: 'list', where: (d, f) => f.open(d) && !d.nextsteps?.trim() } },
  { cls: LIST, text: 'top 3 deals', expect: { kind: 'list', where: (d, f) => f.open(d) } },
  {
    cls: LIST,
    text: 'biggest open deal in renewals pipeline',
    expect: { kind: 'list', where: (d, f) => f.open(d) && d.pipeline_label === 'Renewals' },
  },
  { cls: LIST, text: 'closed won deals', expect: { kind: 'list', where: stage('Closed Won') } },

  // Counts and totals (6).
  { cls: COUNT, text: 'kitne deals in negotiation', expect: { kind: 'list', where: stage('Negotiation'), count: true } },
  { cls: COUNT, text: 'how many deals r in legal reveiw', expect: { kind: 'list', where: stage('Legal Review'), count: true } },
  { cls: COUNT, text: 'total value of deals in solution design', expect: { kind: 'list', where: stage('Solution Design'), sum: true } },
  {
    cls: COUNT,
    text: 'how many deals do i have in sales pipeline',
    expect: { kind: 'list', where: (d) => d.pipeline_label === 'Sales Pipeline', count: true },
  },
  { cls: COUNT, text: 'no of deals in upcoming stage', expect: { kind: 'list', where: stage('Upcoming'), count: true } },
  { cls: COUNT, text: 'sum of churned deals', expect: { kind: 'list', where: stage('Churned'), sum: true } },

  // Per stage and per owner (3).
  { cls: GROUPS, text: 'stage wise breakup', expect: { kind: 'groups', by: 'stage' } },
  { cls: GROUPS, text: 'deal count per stage', expect: { kind: 'groups', by: 'stage' } },
  { cls: GROUPS, as: 'meera', text: 'pipeline by rep', expect: { kind: 'groups', by: 'owner', openOnly: true } },

  // Comparisons (3).
  {
    cls: COMPARE,
    text: 'which is bigger coromandel analytics or mandovi data migration',
    expect: {
      kind: 'field',
      deals: ['Coromandel Auto Parts - Sales analytics rollout', 'Mandovi Media House - Data migration project'],
      field: 'amount',
    },
  },
  {
    cls: COMPARE,
    text: 'compare ganga marketing automation vs doon pilot amount',
    expect: {
      kind: 'field',
      deals: ['Ganga Textiles - Marketing automation', 'Doon Valley Organics - Pilot for regional team'],
      field: 'amount',
    },
  },
  {
    cls: COMPARE,
    text: 'close dates of narmada support contract and tapti dealer portal',
    expect: {
      kind: 'field',
      deals: ['Narmada Chemicals - Annual support contract', 'Tapti Cotton Mills - Dealer portal'],
      field: 'closedate',
    },
  },

  // The manager over her team (7).
  {
    cls: TEAM,
    as: 'meera',
    text: 'palghat annual support contract amt',
    expect: { kind: 'field', deals: ['Palghat Precision Tools - Annual support contract'], field: 'amount' },
  },
  {
    cls: TEAM,
    as: 'meera',
    text: 'krishna field force app kdm',
    expect: { kind: 'field', deals: ['Krishna Electricals - Field force app'], field: 'kdm' },
  },
  {
    cls: TEAM,
    as: 'meera',
    text: "kavya's deals closing next month",
    expect: { kind: 'list', where: (d, f) => d.owner_id === f.person('kavya') && f.open(d) && within(d, f.periods.nextMonth) },
  },
  {
    cls: TEAM,
    as: 'meera',
    text: 'sneha ke deals in proposal',
    expect: { kind: 'list', where: (d, f) => d.owner_id === f.person('sneha') && d.dealstage_label === 'Proposal' },
  },
  {
    cls: TEAM,
    as: 'meera',
    text: 'how many deals does rohan have',
    expect: { kind: 'list', where: (d, f) => d.owner_id === f.person('rohan'), count: true },
  },
  {
    cls: TEAM,
    as: 'meera',
    text: 'overdue deals in my team',
    expect: { kind: 'list', where: (d, f) => f.open(d) && !!d.closedate && d.closedate < f.today },
  },
  {
    cls: TEAM,
    as: 'meera',
    text: 'team deals closing this week',
    expect: { kind: 'list', where: (d, f) => f.open(d) && within(d, f.periods.thisWeek) },
  },

  // The manager naming deals of another team (4): a plain "I could not find".
  {
    cls: HIDDEN,
    as: 'meera',
    text: "what's the amount on krishna electricals enterprise licence expansion",
    expect: { kind: 'hidden', deal: 'Krishna Electricals - Enterprise licence expansion' },
  },
  {
    cls: HIDDEN,
    as: 'meera',
    text: 'nxt step for mandovi pilot for regional team',
    expect: { kind: 'hidden', deal: 'Mandovi Media House - Pilot for regional team' },
  },
  {
    cls: HIDDEN,
    as: 'meera',
    text: 'who is kdm on chambal fertilisers annual support contract',
    expect: { kind: 'hidden', deal: 'Chambal Fertilisers Trading - Annual support contract' },
  },
  {
    cls: HIDDEN,
    as: 'meera',
    text: 'kanchenjunga call recording add-on stage',
    expect: { kind: 'hidden', deal: 'Kanchenjunga Telecom - Call recording add-on' },
  },

  // Outside the CRM, and names nobody has (7).
  { cls: OUT, text: 'weather in bangalore today', expect: { kind: 'outside' } },
  { cls: OUT, text: 'who won the match yesterday', expect: { kind: 'outside' } },
  { cls: OUT, text: 'write a linkedin post about our product', expect: { kind: 'outside' } },
  { cls: OUT, text: 'kdm at Zentrix Labs', expect: { kind: 'outside', name: 'Zentrix Labs' } },
  { cls: OUT, text: 'how big is the aurobindo steels deal', expect: { kind: 'outside', name: 'aurobindo steels' } },
  { cls: OUT, text: 'tell me a joke', expect: { kind: 'outside' } },
  { cls: OUT, text: 'whats 15% of 80 lakh', expect: { kind: 'outside' } },
];

// ---------- commands (60), as rohan ----------

const SHORT = 'cmd: shorthand fields';
const CREATE = 'cmd: creates';
const TWO_PIPES = 'cmd: misspelt deal, stage in two pipelines';
const WORDS = 'cmd: values with field words';
const TWO = 'cmd: two changes';
const AMOUNT = 'cmd: amounts';
const DATE = 'cmd: close dates';
const STAGES = 'cmd: stage names';
const NOT_MINE = 'cmd: deals of others';
const PEOPLE = 'cmd: contacts and companies';
const HINGLISH = 'cmd: hinglish';

export const COMMANDS: CommandCase[] = [
  // Shorthand field words (10).
  {
    cls: SHORT,
    text: 'update periyar call recording nxt step send revised quote',
    op: 'update',
    deal: 'Periyar Rubber Products - Call recording add-on',
    props: { nextsteps: 'send revised quote' },
  },
  {
    cls: SHORT,
    text: 'update tapti dealer portal nxt stp demo to plant head',
    op: 'update',
    deal: 'Tapti Cotton Mills - Dealer portal',
    props: { nextsteps: 'demo to plant head' },
  },
  {
    cls: SHORT,
    text: 'update coromandel analytics kdm ritu menon cfo',
    op: 'update',
    deal: 'Coromandel Auto Parts - Sales analytics rollout',
    props: { kdm: 'ritu menon cfo' },
  },
  {
    cls: SHORT,
    text: 'update ganga annual support amt 4.5 lakh',
    op: 'update',
    deal: 'Ganga Textiles - Annual support contract',
    props: { amount: 450000 },
  },
  {
    cls: SHORT,
    text: 'update deccan dealer portal cls date 15 jan 2027',
    op: 'update',
    deal: 'Deccan Pharma Labs - Dealer portal',
    props: { closedate: '2027-01-15' },
  },
  {
    cls: SHORT,
    text: 'update vindhya expansion close dt 31/12/2026',
    op: 'update',
    deal: 'Vindhya Steel - Enterprise licence expansion',
    props: { closedate: '2026-12-31' },
  },
  {
    cls: SHORT,
    text: 'update banas dairy data migration nxt steps: share sow',
    op: 'update',
    deal: 'Banas Dairy Cooperative - Data migration project',
    props: { nextsteps: 'share sow' },
  },
  {
    cls: SHORT,
    text: 'update western ghats call recording amt 12L',
    op: 'update',
    deal: 'Western Ghats Realty - Call recording add-on',
    props: { amount: 1200000 },
  },
  {
    cls: SHORT,
    text: 'update mandovi data migration pain pts manual reporting every monday',
    op: 'update',
    deal: 'Mandovi Media House - Data migration project',
    props: { painpoints: 'manual reporting every monday' },
  },
  {
    cls: SHORT,
    text: 'update narmada support contract decision mkr gaurav sharma',
    op: 'update',
    deal: 'Narmada Chemicals - Annual support contract',
    props: { kdm: 'gaurav sharma' },
  },

  // Creates with the amount but not the word (7).
  {
    cls: CREATE,
    text: 'create deal Thar Solar rooftop monitoring 75 thousand',
    op: 'create',
    identifier: 'Thar Solar rooftop monitoring',
    props: { amount: 75000 },
  },
  {
    cls: CREATE,
    text: 'create deal konkan agro cold chain app 2.5 lakh',
    op: 'create',
    identifier: 'konkan agro cold chain app',
    props: { amount: 250000 },
  },
  {
    cls: CREATE,
    text: 'create deal Mahanadi Mining safety audit 1.2 cr stage discovery',
    op: 'create',
    identifier: 'Mahanadi Mining safety audit',
    props: { amount: 12000000, dealstage: 'Discovery' },
  },
  {
    cls: CREATE,
    text: 'new deal kanchenjunga fibre rollout for 80k close date end of month',
    op: 'create',
    identifier: 'kanchenjunga fibre rollout',
    props: { amount: 80000, closedate: { endOfMonth: 0 } },
  },
  {
    cls: CREATE,
    text: 'create deal doon valley organics farm sensors 3 lakhs in sales pipeline',
    op: 'create',
    identifier: 'doon valley organics farm sensors',
    props: { amount: 300000, pipeline: 'Sales Pipeline' },
  },
  {
    cls: CREATE,
    text: 'create deal rann salt brine monitoring 50 thousand rupees',
    op: 'create',
    identifier: 'rann salt brine monitoring',
    props: { amount: 50000 },
  },
  {
    cls: CREATE,
    text: 'add deal Periyar latex tracking worth 6.5 lakh',
    op: 'create',
    identifier: 'Periyar latex tracking',
    props: { amount: 650000 },
  },

  // A misspelt deal name and a stage that two pipelines have (6).
  {
    cls: TWO_PIPES,
    text: 'update narmda chemicals annual support contract stage closed won',
    op: 'update',
    deal: 'Narmada Chemicals - Annual support contract',
    props: { dealstage: 'Closed Won' },
  },
  {
    cls: TWO_PIPES,
    text: 'update sarswati edutech enterprise licence expansion stage closed lost',
    op: 'update',
    deal: 'Saraswati EduTech - Enterprise licence expansion',
    props: { dealstage: 'Closed Lost' },
  },
  {
    cls: TWO_PIPES,
    text: 'update coromandal auto parts sales analytics rollout stage closed lost',
    op: 'update',
    deal: 'Coromandel Auto Parts - Sales analytics rollout',
    props: { dealstage: 'Closed Lost' },
  },
  {
    cls: TWO_PIPES,
    text: 'update ganga textile marketing automaton stage closed won',
    op: 'update',
    deal: 'Ganga Textiles - Marketing automation',
    props: { dealstage: 'Closed Won' },
  },
  {
    cls: TWO_PIPES,
    text: 'update kanchenjunga telecm crm licence renewal to closed lost',
    op: 'update',
    deal: 'Kanchenjunga Telecom - CRM licence renewal',
    props: { dealstage: 'Closed Lost' },
  },
  {
    cls: TWO_PIPES,
    text: 'update palghat precison tools pilot for regional team stage closed lost',
    op: 'update',
    deal: 'Palghat Precision Tools - Pilot for regional team',
    props: { dealstage: 'Closed Lost' },
  },

  // Free text that holds field words (6).
  {
    cls: WORDS,
    text: 'update periyar data migration pain points owner of each lead is unclear, stage changes not tracked',
    op: 'update',
    deal: 'Periyar Rubber Products - Data migration project',
    props: { painpoints: 'owner of each lead is unclear, stage changes not tracked' },
  },
  {
    cls: WORDS,
    text: 'update hampi expansion next step confirm stage gate review with cfo',
    op: 'update',
    deal: 'Hampi Heritage Travels - Enterprise licence expansion',
    props: { nextsteps: 'confirm stage gate review with cfo' },
  },
  {
    cls: WORDS,
    text: 'update godavari dealer portal summary amount approved by board, pipeline review next week',
    op: 'update',
    deal: 'Godavari Healthcare - Dealer portal',
    props: { summary: 'amount approved by board, pipeline review next week' },
  },
  {
    cls: WORDS,
    text: 'update thar solar support contract pain point close date slips every quarter',
    op: 'update',
    deal: 'Thar Solar Systems - Annual support contract',
    props: { painpoints: 'close date slips every quarter' },
  },
  {
    cls: WORDS,
    text: 'update banas dairy pilot next steps send amount breakup and stage plan',
    op: 'update',
    deal: 'Banas Dairy Cooperative - Pilot for regional team',
    props: { nextsteps: 'send amount breakup and stage plan' },
  },
  {
    cls: WORDS,
    text: 'update sundarban analytics summary lost to competitor on price, stage closed lost',
    op: 'update',
    deal: 'Sundarban Fisheries - Sales analytics rollout',
    props: { summary: 'lost to competitor on price', dealstage: 'Closed Lost' },
  },

  // Two changes in one message (5).
  {
    cls: TWO,
    text: 'update palghat marketing automation amt 95k and stage renewal sent',
    op: 'update',
    deal: 'Palghat Precision Tools - Marketing automation',
    props: { amount: 95000, dealstage: 'Renewal Sent' },
  },
  {
    cls: TWO,
    text: 'update western ghats dealer portal stage contract sent, cls date next friday',
    op: 'update',
    deal: 'Western Ghats Realty - Dealer portal',
    props: { dealstage: 'Contract Sent', closedate: { weekday: 5 } },
  },
  {
    cls: TWO,
    text: 'update aravalli crm renewal stage upcoming and amount 8.5 lakh',
    op: 'update',
    deal: 'Aravalli Cement Works - CRM licence renewal',
    props: { dealstage: 'Upcoming', amount: 850000 },
  },
  {
    cls: TWO,
    text: 'update godavari crm renewal stage in conversation and close date in 3 weeks',
    op: 'update',
    deal: 'Godavari Healthcare - CRM licence renewal',
    props: { dealstage: 'In Conversation', closedate: { days: 21 } },
  },
  {
    cls: TWO,
    text: 'update marine drive field force app amount 1.1 cr, stage qualified to buy',
    op: 'update',
    deal: 'Marine Drive Capital - Field force app',
    props: { amount: 11000000, dealstage: 'Qualified to Buy' },
  },

  // Amounts as reps write them (7).
  {
    cls: AMOUNT,
    text: 'update rann salt field force app amount Rs. 3,75,000/-',
    op: 'update',
    deal: 'Rann Salt Works - Field force app',
    props: { amount: 375000 },
  },
  {
    cls: AMOUNT,
    text: 'update mahanadi field force app value 1.25 crore',
    op: 'update',
    deal: 'Mahanadi Mining - Field force app',
    props: { amount: 12500000 },
  },
  {
    cls: AMOUNT,
    text: 'update doon marketing automation amt 60k',
    op: 'update',
    deal: 'Doon Valley Organics - Marketing automation',
    props: { amount: 60000 },
  },
  {
    cls: AMOUNT,
    text: 'update hampi crm renewal amount ₹ 18 lakhs',
    op: 'update',
    deal: 'Hampi Heritage Travels - CRM licence renewal',
    props: { amount: 1800000 },
  },
  {
    cls: AMOUNT,
    text: 'update saraswati annual support contract deal value 2.75L',
    op: 'update',
    deal: 'Saraswati EduTech - Annual support contract',
    props: { amount: 275000 },
  },
  {
    cls: AMOUNT,
    text: 'update godavari data migration amount 45 thousand',
    op: 'update',
    deal: 'Godavari Healthcare - Data migration project',
    props: { amount: 45000 },
  },
  {
    cls: AMOUNT,
    text: 'update rann salt annual support contract amt 1.5 lac',
    op: 'update',
    deal: 'Rann Salt Works - Annual support contract',
    props: { amount: 150000 },
  },

  // Close dates in the rep's words (6).
  {
    cls: DATE,
    text: 'update godavari annual support contract close date tmrw',
    op: 'update',
    deal: 'Godavari Healthcare - Annual support contract',
    props: { closedate: { days: 1 } },
  },
  {
    cls: DATE,
    text: 'update banas dairy expansion cls date end of next month',
    op: 'update',
    deal: 'Banas Dairy Cooperative - Enterprise licence expansion',
    props: { closedate: { endOfMonth: 1 } },
  },
  {
    cls: DATE,
    text: 'update palghat pilot close date in 10 days',
    op: 'update',
    deal: 'Palghat Precision Tools - Pilot for regional team',
    props: { closedate: { days: 10 } },
  },
  {
    cls: DATE,
    text: 'update vindhya expansion close date day after tmrw',
    op: 'update',
    deal: 'Vindhya Steel - Enterprise licence expansion',
    props: { closedate: { days: 2 } },
  },
  {
    cls: DATE,
    text: 'update tapti dealer portal close date next tues',
    op: 'update',
    deal: 'Tapti Cotton Mills - Dealer portal',
    props: { closedate: { weekday: 2 } },
  },
  {
    cls: DATE,
    text: 'update ganga marketing automation closing date 1st feb 2027',
    op: 'update',
    deal: 'Ganga Textiles - Marketing automation',
    props: { closedate: '2027-02-01' },
  },

  // Stage names typed loosely (4).
  {
    cls: STAGES,
    text: 'change the stage of banas dairy expansion to renewal sent',
    op: 'update',
    deal: 'Banas Dairy Cooperative - Enterprise licence expansion',
    props: { dealstage: 'Renewal Sent' },
  },
  {
    cls: STAGES,
    text: 'move thar solar support contract to renewal snt',
    op: 'update',
    deal: 'Thar Solar Systems - Annual support contract',
    props: { dealstage: 'Renewal Sent' },
  },
  {
    cls: STAGES,
    text: 'update saraswati annual support contract stage negotation',
    op: 'update',
    deal: 'Saraswati EduTech - Annual support contract',
    props: { dealstage: 'Negotiation' },
  },
  {
    cls: STAGES,
    text: 'update mahanadi field force app stage renewal sent',
    op: 'update',
    deal: 'Mahanadi Mining - Field force app',
    props: { dealstage: 'Renewal Sent' },
  },

  // Deals of other reps (3): no update of any deal is prepared, nothing of theirs comes back.
  {
    cls: NOT_MINE,
    text: 'update sundarban pilot for regional team amount 5 lakh',
    op: 'update',
    props: {},
    hidden: 'Sundarban Fisheries - Pilot for regional team',
  },
  {
    cls: NOT_MINE,
    text: 'update krishna electricals field force app stage closed won',
    op: 'update',
    props: {},
    hidden: 'Krishna Electricals - Field force app',
  },
  {
    cls: NOT_MINE,
    text: 'update shivalik packaging annual support contract nxt step call cfo',
    op: 'update',
    props: {},
    hidden: 'Shivalik Packaging - Annual support contract',
  },

  // Contacts and companies (4).
  {
    cls: PEOPLE,
    text: 'update contact vivek iyer phone 98450 12345',
    op: 'update',
    type: 'contact',
    identifier: 'Vivek Iyer',
    props: { phone: '9845012345' },
  },
  {
    cls: PEOPLE,
    text: 'update contact shalini das email shalini.d@banasdairy.example',
    op: 'update',
    type: 'contact',
    identifier: 'Shalini Das',
    props: { email: 'shalini.d@banasdairy.example' },
  },
  {
    cls: PEOPLE,
    text: 'update company thar solar systems city jaipur',
    op: 'update',
    type: 'company',
    identifier: 'Thar Solar Systems',
    props: { city: 'jaipur' },
  },
  {
    cls: PEOPLE,
    text: 'update contact neha agarwal title cfo',
    op: 'update',
    type: 'contact',
    identifier: 'Neha Agarwal',
    props: { jobtitle: 'cfo' },
  },

  // Hinglish (2).
  {
    cls: HINGLISH,
    text: 'godavari dealer portal ka amount 9 lakh kar do',
    op: 'update',
    deal: 'Godavari Healthcare - Dealer portal',
    props: { amount: 900000 },
  },
  {
    cls: HINGLISH,
    text: 'doon pilot ka stage contract sent karo',
    op: 'update',
    deal: 'Doon Valley Organics - Pilot for regional team',
    props: { dealstage: 'Contract Sent' },
  },
];
