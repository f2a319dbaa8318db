import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDeal, TDealListResponse } from '@pipewise/contract/deals';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { Db } from '../../db/client';
import { companies, contacts, dealStakeholders, deals, organizations, pipelineStages, pipelines, sessions, users } from '../../db/schema';
import { randomToken, sha256Hex } from '../../lib/secrets';
import { DEAL_MESSAGES } from './deals-service';

/*
 * API tests of the deals routes over a fixture with known deals, in a workspace of its own
 * ("Fixture Co"), next to the seeded demo workspace (Acme Sales) that serves as "another
 * workspace" and for the demo hierarchy. Every list answer is compared with an independent JS
 * filter/sort over the fixture.
 *
 * Fixture hierarchy: boss (admin) > mgr > rep1, rep2; boss > mgr2 > rep3.
 */

type Who = 'boss' | 'mgr' | 'rep1' | 'rep2' | 'mgr2' | 'rep3';
type FxUser = { key: Who; id: string; email: string; firstName: string; lastName: string; role: string; reportsTo?: Who };
type FxStage = { id: string; label: string; order: number; pipelineId: string };
type FxPipeline = { id: string; label: string; stages: FxStage[] };
type FxDeal = {
  id: number;
  dealname: string;
  ownerId: string | null;
  pipelineId: string;
  stageId: string;
  amount: string | null;
  closedate: string | null;
  nextsteps: string | null;
  kdm: string | null;
  painpoints: string | null;
  summary: string | null;
  confidence: number | null;
  companyId: string | null;
};
type ListQuery = Partial<Record<'owners' | 'stages' | 'pipelines' | 'close_from' | 'close_to' | 'search' | 'sort' | 'email', string>>;

const USERS: Omit<FxUser, 'id'>[] = [
  { key: 'boss', email: 'boss@fixture.example', firstName: 'Bea', lastName: 'Boss', role: 'admin' },
  { key: 'mgr', email: 'mgr@fixture.example', firstName: 'Mona', lastName: 'Manager', role: 'user', reportsTo: 'boss' },
  { key: 'rep1', email: 'rep1@fixture.example', firstName: 'Ravi', lastName: 'Kumar', role: 'user', reportsTo: 'mgr' },
  { key: 'rep2', email: 'rep2@fixture.example', firstName: 'Rita', lastName: 'Shah', role: 'user', reportsTo: 'mgr' },
  { key: 'mgr2', email: 'mgr2@fixture.example', firstName: 'Neel', lastName: 'Das', role: 'user', reportsTo: 'boss' },
  { key: 'rep3', email: 'rep3@fixture.example', firstName: 'Tara', lastName: 'Singh', role: 'user', reportsTo: 'mgr2' },
];
const VISIBLE: Record<Who, Who[] | 'all'> = {
  boss: 'all',
  mgr: ['mgr', 'rep1', 'rep2'],
  rep1: ['rep1'],
  rep2: ['rep2'],
  mgr2: ['mgr2', 'rep3'],
  rep3: ['rep3'],
};

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const OWNER_CYCLE: Who[] = ['rep1', 'rep2', 'rep3', 'mgr', 'mgr2', 'boss', 'rep1'];
const AMOUNTS = ['1000.00', '2500.50', '0.10', '0.20', null, '1234567.89', '1000.00', '99999999999.99', '750.25'];
const CLOSE_DATES = [
  '2025-02-28',
  '2025-03-01',
  '2025-03-15',
  '2025-03-31',
  '2025-04-01',
  null,
  '2024-12-31',
  '2026-01-01',
  '2025-03-01',
  '2025-03-31',
  '2025-05-10',
];
const NEXT_STEPS = ['Send proposal', 'Offer 50% discount', 'Ship 500 units', 'Call the CFO about Gamma rollout', null];
const KDMS = ['Anil Kapoor (CFO)', 'cfo_office', 'cfoXoffice \\ HQ', null];
const PAINS = ['Manual reporting', 'uniquepain in billing', null];
const KINDS = ['Renewal', 'Expansion', 'Pilot', 'Migration'];

let t: TestApp;
let db: Db;
let orgId: string;
let demoOrgId: string;
const U = {} as Record<Who, FxUser>;
let alpha: FxPipeline;
let beta: FxPipeline;
const fixture: FxDeal[] = [];
let csvDeal: FxDeal;
let stakeholderDeal: FxDeal;
let demoDealId: number;
const tokens = new Map<string, string>();

const stage = (p: FxPipeline, label: string) => p.stages.find((s) => s.label === label)!;
const userKeyOf = (id: string | null) => USERS.find((u) => U[u.key].id === id)?.key ?? null;

async function auth(who: string): Promise<Record<string, string>> {
  const email = who.includes('@') ? who : `${who}@fixture.example`;
  let token = tokens.get(email);
  if (!token) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!u) throw new Error(`no user ${email}`);
    token = randomToken();
    await db.insert(sessions).values({ userId: u.id, tokenHash: sha256Hex(token), expiresAt: new Date(Date.now() + 3_600_000) });
    tokens.set(email, token);
  }
  return { authorization: `Bearer ${token}` };
}

async function call(who: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: await auth(who), ...(payload === undefined ? {} : { payload: payload as object }) });
}

const qs = (q: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(q)
      .filter((e): e is [string, string | number] => e[1] !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

async function list(who: string, q: Record<string, string | number | undefined> = {}) {
  const res = await call(who, 'GET', `/api/deal/get-deals-user-hierarchy?${qs(q)}`);
  return res;
}
async function listOk(who: string, q: Record<string, string | number | undefined> = {}): Promise<TDealListResponse> {
  const res = await list(who, q);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TDealListResponse>();
}

// ---- the independent oracle -----------------------------------------------------------------

function visibleDeals(who: Who): FxDeal[] {
  const v = VISIBLE[who];
  if (v === 'all') return fixture;
  const ids = new Set(v.map((k) => U[k].id));
  return fixture.filter((d) => d.ownerId !== null && ids.has(d.ownerId));
}

const splitList = (v: string | undefined) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean)
    : [];

function oracleFilter(who: Who, q: ListQuery): FxDeal[] {
  const owners = splitList(q.owners);
  const stages = splitList(q.stages);
  const pipes = splitList(q.pipelines);
  const search = (q.search ?? '').trim().toLowerCase();
  const allStages = [...alpha.stages, ...beta.stages];
  const allPipes = [alpha, beta];
  return visibleDeals(who).filter((d) => {
    if (owners.length) {
      const u = USERS.map((x) => U[x.key]).find((x) => x.id === d.ownerId);
      if (!u) return false;
      const name = `${u.firstName} ${u.lastName}`.toLowerCase();
      if (!owners.some((o) => o === u.id || o === u.email || o === name)) return false;
    }
    if (stages.length) {
      const s = allStages.find((x) => x.id === d.stageId)!;
      if (!stages.some((v) => v === s.id || v === s.label.toLowerCase())) return false;
    }
    if (pipes.length) {
      const p = allPipes.find((x) => x.id === d.pipelineId)!;
      if (!pipes.some((v) => v === p.id || v === p.label.toLowerCase())) return false;
    }
    if (q.close_from && (d.closedate === null || d.closedate < q.close_from)) return false;
    if (q.close_to && (d.closedate === null || d.closedate > q.close_to)) return false;
    if (search && ![d.dealname, d.nextsteps, d.kdm].some((f) => f !== null && f.toLowerCase().includes(search))) return false;
    return true;
  });
}

const byIdDesc = (a: FxDeal, b: FxDeal) => b.id - a.id;
const cents = (a: string) => BigInt(a.replace('.', ''));
function nullsLast<T>(get: (d: FxDeal) => T | null, cmp: (x: T, y: T) => number) {
  return (a: FxDeal, b: FxDeal) => {
    const x = get(a);
    const y = get(b);
    if (x === null && y === null) return byIdDesc(a, b);
    if (x === null) return 1;
    if (y === null) return -1;
    return cmp(x, y) || byIdDesc(a, b);
  };
}
const bigCmp = (x: bigint, y: bigint) => (x < y ? -1 : x > y ? 1 : 0);
const strCmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const SORTS: Record<string, (a: FxDeal, b: FxDeal) => number> = {
  created_desc: byIdDesc,
  amount_desc: nullsLast(
    (d) => (d.amount === null ? null : cents(d.amount)),
    (x, y) => bigCmp(y, x),
  ),
  amount_asc: nullsLast((d) => (d.amount === null ? null : cents(d.amount)), bigCmp),
  closedate_asc: nullsLast((d) => d.closedate, strCmp),
  closedate_desc: nullsLast(
    (d) => d.closedate,
    (x, y) => strCmp(y, x),
  ),
  dealname_asc: (a, b) => strCmp(a.dealname.toLowerCase(), b.dealname.toLowerCase()) || byIdDesc(a, b),
  dealname_desc: (a, b) => strCmp(b.dealname.toLowerCase(), a.dealname.toLowerCase()) || byIdDesc(a, b),
};

/** The exact sum as numeric(18,2) text; '0' for nothing to add (coalesce(sum, 0)). */
function sumAmounts(ds: FxDeal[]): string {
  const present = ds.filter((d) => d.amount !== null);
  if (present.length === 0) return '0';
  const total = present.reduce((s, d) => s + cents(d.amount!), 0n);
  const str = total.toString().padStart(3, '0');
  return `${str.slice(0, -2)}.${str.slice(-2)}`;
}

function expectMatchesOracle(body: TDealListResponse, expected: FxDeal[], label: string) {
  expect(
    body.data.map((d) => Number(d.deal_id)),
    label,
  ).toEqual(expected.map((d) => d.id));
  expect(body.total, label).toBe(expected.length);
  if (expected.every((d) => d.amount === null)) expect(Number(body.total_amount), label).toBe(0);
  else expect(body.total_amount, label).toBe(sumAmounts(expected));
}

// ---- fixture --------------------------------------------------------------------------------

async function insertPipeline(label: string, order: number, stageLabels: string[], insertOrder: number[]): Promise<FxPipeline> {
  const [p] = await db.insert(pipelines).values({ organizationId: orgId, label, displayOrder: order }).returning({ id: pipelines.id });
  const stages: FxStage[] = [];
  // Inserted out of display order, so the API has to sort them.
  for (const i of insertOrder) {
    const [s] = await db
      .insert(pipelineStages)
      .values({ pipelineId: p!.id, label: stageLabels[i]!, displayOrder: i })
      .returning({ id: pipelineStages.id });
    stages.push({ id: s!.id, label: stageLabels[i]!, order: i, pipelineId: p!.id });
  }
  stages.sort((a, b) => a.order - b.order);
  return { id: p!.id, label, stages };
}

async function insertDeal(d: Omit<FxDeal, 'id'>): Promise<FxDeal> {
  const [row] = await db
    .insert(deals)
    .values({
      organizationId: orgId,
      dealname: d.dealname,
      ownerId: d.ownerId,
      pipelineId: d.pipelineId,
      stageId: d.stageId,
      amount: d.amount,
      closedate: d.closedate,
      nextsteps: d.nextsteps,
      kdm: d.kdm,
      painpoints: d.painpoints,
      summary: d.summary,
      confidenceScore: d.confidence,
      companyId: d.companyId,
    })
    .returning({ id: deals.id });
  return { ...d, id: Number(row!.id) };
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  db = t.database.db;
  const [demo] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.domain, 'acme.example'));
  demoOrgId = demo!.id;
  const [org] = await db
    .insert(organizations)
    .values({ name: 'Fixture Co', domain: 'fixture.example' })
    .returning({ id: organizations.id });
  orgId = org!.id;
  for (const u of USERS) {
    const [row] = await db
      .insert(users)
      .values({
        organizationId: orgId,
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        role: u.role,
        reportsTo: u.reportsTo ? U[u.reportsTo].id : null,
        isOnboarded: true,
      })
      .returning({ id: users.id });
    U[u.key] = { ...u, id: row!.id };
  }
  alpha = await insertPipeline('Alpha', 0, ['Lead', 'Proposal', 'Closed Won'], [2, 0, 1]);
  beta = await insertPipeline('Beta', 1, ['Lead', 'Demo', 'Closed Lost'], [1, 2, 0]);

  for (let i = 0; i < 56; i++) {
    const p = i % 2 === 0 ? alpha : beta;
    fixture.push(
      await insertDeal({
        dealname: `${LETTERS[Math.floor(i / 26)]}${LETTERS[i % 26]}k ${KINDS[i % 4]}`,
        ownerId: i === 13 ? null : U[OWNER_CYCLE[i % OWNER_CYCLE.length]!].id,
        pipelineId: p.id,
        stageId: p.stages[(i * 7) % 3]!.id,
        amount: AMOUNTS[i % AMOUNTS.length]!,
        closedate: CLOSE_DATES[i % CLOSE_DATES.length]!,
        nextsteps: NEXT_STEPS[i % NEXT_STEPS.length]!,
        kdm: KDMS[i % KDMS.length]!,
        painpoints: PAINS[i % PAINS.length]!,
        summary: 'Summary mentions gamma and cfo_office too',
        confidence: i % 5 === 0 ? null : 40 + i,
        companyId: null,
      }),
    );
  }
  const base = {
    pipelineId: alpha.id,
    stageId: stage(alpha, 'Lead').id,
    nextsteps: null,
    kdm: null,
    painpoints: null,
    summary: null,
    confidence: null,
    companyId: null,
  };
  // Two names equal but for case, with equal amount and date: only the id breaks the tie.
  fixture.push(await insertDeal({ ...base, dealname: 'zeta tie', ownerId: U.rep1.id, amount: '42.00', closedate: '2025-03-15' }));
  fixture.push(await insertDeal({ ...base, dealname: 'ZETA TIE', ownerId: U.rep1.id, amount: '42.00', closedate: '2025-03-15' }));
  // 'foo' ends the name and 'bar' starts the next steps: "foo bar" is in neither field.
  fixture.push(
    await insertDeal({
      ...base,
      dealname: 'xqk ends with foo',
      nextsteps: 'bar starts here',
      ownerId: U.rep2.id,
      amount: null,
      closedate: null,
    }),
  );
  const [company] = await db.insert(companies).values({ organizationId: orgId, name: '@Evil Co' }).returning({ id: companies.id });
  csvDeal = await insertDeal({
    ...base,
    pipelineId: beta.id,
    stageId: stage(beta, 'Demo').id,
    dealname: 'Acme, "Big" deal\nline two',
    ownerId: U.rep3.id,
    amount: '1234567.89',
    closedate: '2025-03-31',
    kdm: '=HYPERLINK("http://evil.example","x")',
    nextsteps: '+91 98200 00000',
    painpoints: '-5% churn',
    confidence: 77,
    companyId: company!.id,
  });
  fixture.push(csvDeal);
  stakeholderDeal = fixture.find((d) => d.ownerId === U.rep3.id)!;
  const cs = await db
    .insert(contacts)
    .values([
      { organizationId: orgId, firstname: 'Zoe', lastname: 'Last', companyId: company!.id },
      { organizationId: orgId, firstname: 'Adam', lastname: 'First', companyId: company!.id },
    ])
    .returning({ id: contacts.id });
  await db.insert(dealStakeholders).values([
    { dealId: stakeholderDeal.id, contactId: cs[0]!.id, position: 'Decision maker', displayOrder: 0 },
    { dealId: stakeholderDeal.id, contactId: cs[1]!.id, position: null, displayOrder: 1 },
  ]);
  const [demoDeal] = await db.select({ id: deals.id }).from(deals).where(eq(deals.organizationId, demoOrgId)).limit(1);
  demoDealId = Number(demoDeal!.id);
});
afterAll(() => t?.close());

// ---- list: filters --------------------------------------------------------------------------

describe('GET /api/deal/get-deals-user-hierarchy filters', () => {
  it('the fixture has the edges the tests rely on', () => {
    expect(fixture).toHaveLength(60);
    expect(fixture.filter((d) => d.closedate === null).length).toBeGreaterThan(3);
    expect(fixture.filter((d) => d.amount === null).length).toBeGreaterThan(3);
    expect(fixture.filter((d) => d.ownerId === null)).toHaveLength(1);
  });

  const cases: [string, Who, () => ListQuery][] = [
    ['no filter', 'boss', () => ({})],
    ['owner by id', 'boss', () => ({ owners: U.rep1.id })],
    ['owner by id in upper case', 'boss', () => ({ owners: U.rep1.id.toUpperCase() })],
    ['owner by email, any case', 'boss', () => ({ owners: 'REP1@Fixture.Example' })],
    ['owner by name, any case', 'boss', () => ({ owners: 'rAVI kUMAR' })],
    ['several owners are alternatives', 'boss', () => ({ owners: `${U.rep1.email}, Tara Singh,${U.mgr.id}` })],
    ['unknown owner', 'boss', () => ({ owners: 'nobody@fixture.example' })],
    ['owner of another workspace', 'boss', () => ({ owners: 'asha@acme.example,Asha Rao' })],
    ['owner outside the viewer team', 'mgr', () => ({ owners: U.rep3.id })],
    ['stage by id', 'boss', () => ({ stages: stage(alpha, 'Proposal').id })],
    ['stage by label matches that label in every pipeline', 'boss', () => ({ stages: 'LEAD' })],
    ['stages by id and label', 'boss', () => ({ stages: `${stage(alpha, 'Proposal').id},demo` })],
    ['pipeline by label, any case', 'boss', () => ({ pipelines: 'aLpHa' })],
    ['pipeline by id', 'boss', () => ({ pipelines: beta.id })],
    ['pipeline by id in upper case', 'boss', () => ({ pipelines: beta.id.toUpperCase() })],
    ['both pipelines', 'boss', () => ({ pipelines: 'alpha,BETA' })],
    ['unknown pipeline', 'boss', () => ({ pipelines: 'Gamma' })],
    ['close range inclusive', 'boss', () => ({ close_from: '2025-03-01', close_to: '2025-03-31' })],
    ['close range of one day', 'boss', () => ({ close_from: '2025-03-01', close_to: '2025-03-01' })],
    ['close from only', 'boss', () => ({ close_from: '2025-03-31' })],
    ['close to only', 'boss', () => ({ close_to: '2025-03-01' })],
    ['close range reversed', 'boss', () => ({ close_from: '2025-04-01', close_to: '2025-03-01' })],
    ['empty date bounds are no bounds', 'boss', () => ({ close_from: '', close_to: '' })],
    ['search in dealname, any case', 'boss', () => ({ search: 'RENEWAL' })],
    ['search in nextsteps', 'boss', () => ({ search: 'gAmMa' })],
    ['search in kdm', 'boss', () => ({ search: 'anil kapoor' })],
    ['search is trimmed', 'boss', () => ({ search: '  cfo_office  ' })],
    ['search % is literal', 'boss', () => ({ search: '50%' })],
    ['search _ is literal', 'boss', () => ({ search: 'cfo_office' })],
    ['search lone _', 'boss', () => ({ search: '_' })],
    ['search backslash', 'boss', () => ({ search: '\\' })],
    ['search not over painpoints', 'boss', () => ({ search: 'uniquepain' })],
    ['search not over the owner name', 'boss', () => ({ search: 'ravi' })],
    ['search does not span two fields', 'boss', () => ({ search: 'foo bar' })],
    ['search holding the field separator does not span two fields either', 'boss', () => ({ search: 'foo\x1fbar' })],
    ['AND: owners x pipeline', 'boss', () => ({ owners: 'rep1@fixture.example,rep2@fixture.example', pipelines: 'alpha' })],
    ['AND: pipeline x stage label', 'boss', () => ({ pipelines: 'beta', stages: 'lead' })],
    [
      'AND: every filter',
      'boss',
      () => ({
        owners: 'Ravi Kumar,rep3@fixture.example',
        pipelines: 'alpha,beta',
        stages: 'lead,demo,proposal',
        close_from: '2025-03-01',
        close_to: '2025-12-31',
        search: 'i',
      }),
    ],
    ['manager view', 'mgr', () => ({})],
    ['manager view with a search', 'mgr', () => ({ search: 'cfo' })],
    ['rep view', 'rep1', () => ({})],
    ['rep view with a date range', 'rep1', () => ({ close_from: '2025-03-01', close_to: '2025-03-31' })],
    ['second manager view', 'mgr2', () => ({ pipelines: 'beta' })],
  ];
  it.each(cases)('%s (as %s) matches the oracle', async (label, who, query) => {
    const q = query();
    const body = await listOk(who, { ...q, page_size: 100 });
    const expected = oracleFilter(who, q).sort(SORTS.created_desc);
    expectMatchesOracle(body, expected, label);
  });

  it('several filter cases select a real, non-trivial subset', () => {
    for (const [label, who, query] of cases) {
      const n = oracleFilter(who, query()).length;
      if (/unknown|another workspace|outside|reversed|not over|span/.test(label)) expect(n, label).toBe(0);
      else expect(n, label).toBeGreaterThan(0);
      const narrowing = Object.values(query()).some(Boolean) && !['empty date bounds are no bounds', 'both pipelines'].includes(label);
      if (narrowing) expect(n, label).toBeLessThan(visibleDeals(who).length);
    }
  });

  it('date bounds are inclusive on both ends and drop deals without a close date', async () => {
    const inRange = await listOk('boss', { close_from: '2025-03-01', close_to: '2025-03-31', page_size: 100 });
    const dates = new Set(inRange.data.map((d) => d.closedate));
    expect(dates).toEqual(new Set(['2025-03-01', '2025-03-15', '2025-03-31']));

    const from = await listOk('boss', { close_from: '2025-03-31', page_size: 100 });
    expect(from.data.some((d) => d.closedate === '2025-03-31')).toBe(true);
    expect(from.data.some((d) => d.closedate === '2026-01-01')).toBe(true);
    expect(from.data.every((d) => d.closedate !== null && d.closedate >= '2025-03-31')).toBe(true);

    const to = await listOk('boss', { close_to: '2025-03-01', page_size: 100 });
    expect(to.data.some((d) => d.closedate === '2025-03-01')).toBe(true);
    expect(to.data.some((d) => d.closedate === '2024-12-31')).toBe(true);
    expect(to.data.every((d) => d.closedate !== null && d.closedate <= '2025-03-01')).toBe(true);

    // Any bound at all leaves out the deals without a close date.
    const wide = await listOk('boss', { close_from: '1900-01-01', page_size: 100 });
    expect(wide.total).toBe(fixture.filter((d) => d.closedate !== null).length);
    const wideTo = await listOk('boss', { close_to: '2999-12-31', page_size: 100 });
    expect(wideTo.total).toBe(wide.total);
    const none = await listOk('boss', { page_size: 100 });
    expect(none.total).toBe(60);
  });

  it('% and _ in a search are plain characters', async () => {
    const pct = await listOk('boss', { search: '50%', page_size: 100 });
    expect(pct.total).toBeGreaterThan(0);
    expect(pct.data.every((d) => d.nextsteps?.includes('50%'))).toBe(true); // not 'Ship 500 units'
    const under = await listOk('boss', { search: 'cfo_office', page_size: 100 });
    expect(under.total).toBeGreaterThan(0);
    expect(under.data.every((d) => d.kdm === 'cfo_office')).toBe(true); // not 'cfoXoffice'
    const pctOnly = await listOk('boss', { search: '%', page_size: 100 });
    expect(pctOnly.total).toBe(pct.total);
  });

  it('a search of blanks is no search', async () => {
    expect((await listOk('boss', { search: '   ' })).total).toBe(60);
  });

  it.each([
    [{ close_from: '2025-02-30' }, 'close_from must be a date as yyyy-mm-dd'],
    [{ close_from: '2025-3-1' }, 'close_from must be a date as yyyy-mm-dd'],
    [{ close_to: '31-03-2025' }, 'close_to must be a date as yyyy-mm-dd'],
    [{ close_to: '2025-03-31T00:00:00Z' }, 'close_to must be a date as yyyy-mm-dd'],
    [{ close_to: 'tomorrow' }, 'close_to must be a date as yyyy-mm-dd'],
  ])('invalid date %j -> 400 with a clear message', async (q, message) => {
    const res = await list('boss', q);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(message);
  });

  it.each([
    ['a run of hyphens as a stage', { stages: '-'.repeat(36) }],
    ['36 hex digits as a stage', { stages: 'a'.repeat(36) }],
    ['a run of hyphens as an owner', { owners: '-'.repeat(36) }],
    ['36 hex digits as an owner', { owners: '0'.repeat(36) }],
  ])('%s is no match, never a server error', async (_label, q) => {
    const body = await listOk('boss', q);
    expect(body.total).toBe(0);
    expect(body.data).toEqual([]);
  });

  it('rows carry deal_id, labels, owner and both confidence spellings', async () => {
    const body = await listOk('boss', { search: 'Acme, "Big"' });
    expect(body.total).toBe(1);
    const row = body.data[0]!;
    expect(row).toMatchObject({
      deal_id: String(csvDeal.id),
      dealname: csvDeal.dealname,
      dealstage: stage(beta, 'Demo').id,
      dealstage_label: 'Demo',
      dealowner: U.rep3.id,
      owner_id: U.rep3.id,
      owner_name: 'Tara Singh',
      owner_email: 'rep3@fixture.example',
      pipeline: beta.id,
      pipeline_label: 'Beta',
      amount: '1234567.89',
      closedate: '2025-03-31',
      confidence_score: 77,
      confindence_score: 77,
      company_id: csvDeal.companyId,
      company_name: '@Evil Co',
      version: 1,
    });
    expect(row.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const unowned = await listOk('boss', { page_size: 100 });
    const u = unowned.data.find((d) => d.owner_id === null)!;
    expect(u).toMatchObject({ dealowner: null, owner_name: null, owner_email: null });
  });
});

// ---- list: paging, totals, sorts ------------------------------------------------------------

describe('GET /api/deal/get-deals-user-hierarchy paging, totals and sorts', () => {
  it('defaults to page 1 of 25', async () => {
    const body = await listOk('boss');
    expect(body.page).toBe(1);
    expect(body.page_size).toBe(25);
    expect(body.data).toHaveLength(25);
    expect(body.total).toBe(60);
    expect(body.total_amount).toBe(sumAmounts(fixture));
  });

  it.each([10, 25, 50, 100])('page size %i', async (size) => {
    const body = await listOk('boss', { page_size: size });
    expect(body.page_size).toBe(size);
    expect(body.data).toHaveLength(Math.min(size, 60));
  });

  it.each(['20', '0', '-10', '1000', 'abc', '25.5'])('page_size=%s -> 400', async (size) => {
    const res = await list('boss', { page_size: size });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('page_size must be one of 10, 25, 50, 100');
  });

  it.each([
    ['0', 'page starts at 1'],
    ['-1', 'page starts at 1'],
    ['1.5', 'page must be a whole number'],
  ])('page=%s -> 400 %s', async (page, message) => {
    const res = await list('boss', { page });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(message);
  });

  it.each(['abc', '1e400'])('page=%s -> 400', async (page) => {
    expect((await list('boss', { page })).statusCode).toBe(400);
  });

  it('totals cover the whole filtered set on every page; the last page is partial; beyond the end is empty', async () => {
    const q = { pipelines: 'alpha' };
    const expected = oracleFilter('boss', q).sort(SORTS.created_desc);
    expect(expected.length).toBeGreaterThan(10);
    expect(expected.length % 10).not.toBe(0);
    const pages = Math.ceil(expected.length / 10);
    for (let page = 1; page <= pages + 1; page++) {
      const body = await listOk('boss', { ...q, page, page_size: 10 });
      expect(body.page).toBe(page);
      expect(body.total).toBe(expected.length);
      expect(body.total_amount).toBe(sumAmounts(expected));
      expect(body.data.map((d) => Number(d.deal_id))).toEqual(expected.slice((page - 1) * 10, page * 10).map((d) => d.id));
    }
    const last = await listOk('boss', { ...q, page: pages, page_size: 10 });
    expect(last.data).toHaveLength(expected.length % 10);
    const far = await listOk('boss', { ...q, page: 1_000_000, page_size: 100 });
    expect(far.data).toEqual([]);
    expect(far.total).toBe(expected.length);
  });

  it('the default page size over 60 deals gives 25, 25, 10 and then nothing', async () => {
    const sizes = [];
    for (const page of [1, 2, 3, 4]) sizes.push((await listOk('boss', { page })).data.length);
    expect(sizes).toEqual([25, 25, 10, 0]);
  });

  it('a huge page number is refused or empty, never a server error', async () => {
    const res = await list('boss', { page: '100000000000000000000' });
    expect([200, 400]).toContain(res.statusCode);
    if (res.statusCode === 200) expect(res.json().data).toEqual([]);
  });

  it('total_amount is the exact numeric sum as a string', async () => {
    // 0.10 + 0.20 and 99999999999.99 several times: a float sum would be off.
    const q = { search: 'k ' };
    const expected = oracleFilter('boss', q);
    const body = await listOk('boss', q);
    expect(body.total_amount).toBe(sumAmounts(expected));
    expect(body.total_amount).toMatch(/^\d+\.\d{2}$/);
    const tiny = await listOk('boss', { owners: U.rep1.id, search: 'zeta tie' });
    expect(tiny.total_amount).toBe('84.00');
    const none = await listOk('boss', { search: 'no such deal at all' });
    expect(none.total).toBe(0);
    expect(Number(none.total_amount)).toBe(0);
    const nullsOnly = await listOk('boss', { search: 'xqk ends' });
    expect(nullsOnly.total).toBe(1);
    expect(Number(nullsOnly.total_amount)).toBe(0);
  });

  it.each(Object.keys(SORTS))('sort=%s matches the oracle, with ties broken by id', async (sort) => {
    const body = await listOk('boss', { sort, page_size: 100 });
    expect(body.data.map((d) => Number(d.deal_id))).toEqual([...fixture].sort(SORTS[sort]).map((d) => d.id));
  });

  it('amount sorts put deals without an amount last both ways', async () => {
    for (const sort of ['amount_asc', 'amount_desc']) {
      const data = (await listOk('boss', { sort, page_size: 100 })).data;
      const firstNull = data.findIndex((d) => d.amount === null);
      expect(firstNull).toBeGreaterThan(0);
      expect(data.slice(firstNull).every((d) => d.amount === null)).toBe(true);
    }
  });

  it('pages of a sort with many ties join up into the full order, no row twice or missing', async () => {
    for (const sort of ['amount_desc', 'closedate_asc', 'dealname_asc']) {
      const ids: number[] = [];
      for (let page = 1; page <= 6; page++)
        ids.push(...(await listOk('boss', { sort, page, page_size: 10 })).data.map((d) => Number(d.deal_id)));
      expect(ids).toEqual([...fixture].sort(SORTS[sort]).map((d) => d.id));
    }
  });

  it.each(Object.keys(SORTS))("a team member's search sorted %s pages through its matches in that order", async (sort) => {
    // A scoped search orders its page from the matched rows themselves (deals-repo.ts).
    const q = { search: 'i' };
    const expected = oracleFilter('mgr', q).sort(SORTS[sort]);
    expect(expected.length).toBeGreaterThan(12);
    const ids: number[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 10); page++)
      ids.push(...(await listOk('mgr', { ...q, sort, page, page_size: 10 })).data.map((d) => Number(d.deal_id)));
    expect(ids).toEqual(expected.map((d) => d.id));
    const owned = await listOk('boss', { ...q, owners: 'rep1@fixture.example,rep2@fixture.example', sort, page: 2, page_size: 10 });
    const ownedExpected = oracleFilter('boss', { ...q, owners: 'rep1@fixture.example,rep2@fixture.example' }).sort(SORTS[sort]);
    expect(ownedExpected.length).toBeGreaterThan(12);
    expect(owned.total).toBe(ownedExpected.length);
    expect(owned.data.map((d) => Number(d.deal_id))).toEqual(ownedExpected.slice(10, 20).map((d) => d.id));
  });

  it('an unknown sort -> 400', async () => {
    const res = await list('boss', { sort: 'amount; drop table deals' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^sort must be one of/);
  });

  it('combines filters, sort and paging', async () => {
    const q = { pipelines: 'beta', close_from: '2025-03-01' };
    const expected = oracleFilter('boss', q).sort(SORTS.amount_desc);
    const body = await listOk('boss', { ...q, sort: 'amount_desc', page: 2, page_size: 10 });
    expect(body.total).toBe(expected.length);
    expect(body.data.map((d) => Number(d.deal_id))).toEqual(expected.slice(10, 20).map((d) => d.id));
  });
});

// ---- visibility -----------------------------------------------------------------------------

describe('deals visibility', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/deal/get-deals-user-hierarchy' });
    expect(res.statusCode).toBe(401);
  });

  it.each<Who>(['boss', 'mgr', 'rep1', 'rep2', 'mgr2', 'rep3'])('%s sees exactly the deals of their subtree', async (who) => {
    const body = await listOk(who, { page_size: 100 });
    expectMatchesOracle(body, visibleDeals(who).sort(SORTS.created_desc), who);
    const owners = new Set(body.data.map((d) => userKeyOf(d.owner_id)));
    const v = VISIBLE[who];
    if (v !== 'all') for (const o of owners) expect(v).toContain(o);
  });

  it("?email=subordinate narrows to that person's subtree", async () => {
    expectMatchesOracle(
      await listOk('boss', { email: 'mgr@fixture.example', page_size: 100 }),
      visibleDeals('mgr').sort(byIdDesc),
      'boss as mgr',
    );
    expectMatchesOracle(
      await listOk('boss', { email: 'rep3@fixture.example', page_size: 100 }),
      visibleDeals('rep3').sort(byIdDesc),
      'boss as rep3',
    );
    expectMatchesOracle(
      await listOk('mgr', { email: 'REP2@fixture.example', page_size: 100 }),
      visibleDeals('rep2').sort(byIdDesc),
      'mgr as rep2',
    );
    expectMatchesOracle(
      await listOk('mgr', { email: 'mgr@fixture.example', page_size: 100 }),
      visibleDeals('mgr').sort(byIdDesc),
      'mgr as self',
    );
    // Filters still apply on top.
    const q = { email: 'mgr@fixture.example', pipelines: 'alpha' };
    expectMatchesOracle(await listOk('boss', { ...q, page_size: 100 }), oracleFilter('mgr', q).sort(byIdDesc), 'boss as mgr, alpha');
  });

  it.each([
    ['mgr', 'rep3@fixture.example', "a peer's report"],
    ['mgr', 'mgr2@fixture.example', 'a peer'],
    ['rep1', 'rep2@fixture.example', 'a peer rep'],
    ['rep1', 'mgr@fixture.example', 'the own manager'],
    ['mgr', 'boss@fixture.example', 'the admin above'],
    ['boss', 'asha@acme.example', 'a user of another workspace'],
    ['rep1', 'nobody@fixture.example', 'an unknown email'],
  ])('%s with ?email=%s (%s) -> 403, no data', async (who, email) => {
    const res = await list(who, { email });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You can only see deals of people on your team.' });
  });

  it('deals of another workspace never appear', async () => {
    const fixtureIds = new Set(fixture.map((d) => String(d.id)));
    const asha = await listOk('asha@acme.example', { page_size: 100, search: 'k' });
    expect(asha.data.some((d) => fixtureIds.has(d.deal_id))).toBe(false);
    const ashaAll = await listOk('asha@acme.example', { page_size: 100 });
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(deals)
      .where(eq(deals.organizationId, demoOrgId));
    expect(ashaAll.total).toBe(count!.n);
    // Another workspace's pipeline and stage ids match nothing here.
    const demoPipelines = await db.select({ id: pipelines.id }).from(pipelines).where(eq(pipelines.organizationId, demoOrgId));
    expect((await listOk('boss', { pipelines: demoPipelines.map((p) => p.id).join(',') })).total).toBe(0);
    expect((await listOk('asha@acme.example', { pipelines: alpha.id })).total).toBe(0);
    expect((await listOk('asha@acme.example', { stages: stage(alpha, 'Lead').id })).total).toBe(0);
    expect((await listOk('asha@acme.example', { owners: U.rep1.id })).total).toBe(0);
  });

  it('demo hierarchy: a manager sees their reports, a rep only their own, an admin the workspace', async () => {
    const demoUsers = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.organizationId, demoOrgId));
    const idOf = (name: string) => demoUsers.find((u) => u.email === `${name}@acme.example`)!.id;
    const countOwned = async (names: string[]) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int`, s: sql<string>`coalesce(sum(${deals.amount}), 0)::text` })
        .from(deals)
        .where(inArray(deals.ownerId, names.map(idOf)));
      return row!;
    };
    const meera = await listOk('meera@acme.example');
    const meeraTeam = await countOwned(['meera', 'kavya', 'rohan', 'sneha']);
    expect(meera.total).toBe(meeraTeam.n);
    expect(meera.total_amount).toBe(meeraTeam.s);
    expect((await listOk('asha@acme.example', { email: 'meera@acme.example' })).total).toBe(meeraTeam.n);
    const rahul = await listOk('rahul@acme.example', { page_size: 100 });
    expect(rahul.total).toBe((await countOwned(['rahul'])).n);
    expect(rahul.data.every((d) => d.owner_email === 'rahul@acme.example')).toBe(true);
    const [all] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(deals)
      .where(eq(deals.organizationId, demoOrgId));
    expect((await listOk('vikram@acme.example')).total).toBe(all!.n);
    // An admin subordinate sees the workspace, so viewing as them does too.
    expect((await listOk('asha@acme.example', { email: 'vikram@acme.example' })).total).toBe(all!.n);
    expect((await list('meera@acme.example', { email: 'rahul@acme.example' })).statusCode).toBe(403);
    expect((await list('kavya@acme.example', { email: 'rohan@acme.example' })).statusCode).toBe(403);
  });

  it('get_deal_by_id: visible deal -> data; invisible, other-workspace and missing deals -> the same 404', async () => {
    const mine = fixture.find((d) => d.ownerId === U.rep1.id)!;
    const ok = await call('mgr', 'GET', `/api/deal/get_deal_by_id/${mine.id}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ data: TDeal }>().data).toMatchObject({ deal_id: String(mine.id), dealname: mine.dealname, owner_id: U.rep1.id });

    const rep3Deal = fixture.find((d) => d.ownerId === U.rep3.id)!;
    const unowned = fixture.find((d) => d.ownerId === null)!;
    for (const [who, id] of [
      ['mgr', rep3Deal.id],
      ['rep1', fixture.find((d) => d.ownerId === U.rep2.id)!.id],
      ['rep1', fixture.find((d) => d.ownerId === U.mgr.id)!.id],
      ['mgr', unowned.id],
      ['boss', demoDealId],
      ['asha@acme.example', mine.id],
      ['boss', 999_999_999],
    ] as const) {
      const res = await call(who, 'GET', `/api/deal/get_deal_by_id/${id}`);
      expect(res.statusCode, `${who} ${id}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Deal not found' });
    }
    expect((await call('boss', 'GET', `/api/deal/get_deal_by_id/${unowned.id}`)).statusCode).toBe(200);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const res = await call('boss', 'GET', `/api/deal/get_deal_by_id/${bad}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().detail, bad).toBe('Deal not found');
    }
  });

  it('stakeholders: visible deal -> ordered list; invisible or missing deal -> 404', async () => {
    const ok = await call('mgr2', 'GET', `/api/deal/get-stackholders-for-deal?deal_id=${stakeholderDeal.id}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual([
      {
        id: expect.any(String),
        firstname: 'Zoe',
        lastname: 'Last',
        position: 'Decision maker',
        email: expect.toBeOneOf([expect.any(String), null]),
      },
      { id: expect.any(String), firstname: 'Adam', lastname: 'First', position: null, email: expect.toBeOneOf([expect.any(String), null]) },
    ]);
    for (const who of ['mgr', 'rep1', 'asha@acme.example']) {
      const res = await call(who, 'GET', `/api/deal/get-stackholders-for-deal?deal_id=${stakeholderDeal.id}`);
      expect(res.statusCode, who).toBe(404);
      expect(res.json()).toEqual({ detail: 'Deal not found' });
    }
    const missing = await call('boss', 'GET', '/api/deal/get-stackholders-for-deal?deal_id=999999999');
    expect(missing.statusCode).toBe(404);
    const none = await call('boss', 'GET', `/api/deal/get-stackholders-for-deal?deal_id=${fixture[0]!.id}`);
    expect(none.json()).toEqual({ data: [] });
  });
});

// ---- stages, owners -------------------------------------------------------------------------

describe('GET /api/deal/get-deal-stages and /api/deal/owners', () => {
  it('lists the workspace pipelines in order with their ordered stages', async () => {
    const res = await call('rep1', 'GET', '/api/deal/get-deal-stages');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        results: [alpha, beta].map((p) => ({
          pipelineId: p.id,
          label: p.label,
          stages: p.stages.map((s) => ({ stageId: s.id, label: s.label, displayOrder: s.order })),
        })),
      },
    });
    const demo = await call('asha@acme.example', 'GET', '/api/deal/get-deal-stages');
    const labels = demo.json().data.results.map((p: { label: string }) => p.label);
    expect(labels.length).toBeGreaterThan(0);
    expect(labels).not.toContain('Alpha');
    expect(labels).not.toContain('Beta');
  });

  it.each<Who>(['boss', 'mgr', 'rep1', 'mgr2'])('owners for %s are exactly the visible users', async (who) => {
    const res = await call(who, 'GET', '/api/deal/owners');
    expect(res.statusCode).toBe(200);
    const v = VISIBLE[who];
    const expected = (v === 'all' ? USERS.map((u) => u.key) : v).map((k) => U[k]);
    const data = res.json<{
      data: { id: string; email: string; name: string; hubspot_user_id: string; firstname: string; lastname: string }[];
    }>().data;
    expect(new Set(data.map((o) => o.email))).toEqual(new Set(expected.map((u) => u.email)));
    expect(data).toHaveLength(expected.length);
    const rep1 = data.find((o) => o.id === U.rep1.id);
    if (rep1)
      expect(rep1).toEqual({
        id: U.rep1.id,
        hubspot_user_id: U.rep1.id,
        name: 'Ravi Kumar',
        firstname: 'Ravi',
        lastname: 'Kumar',
        email: 'rep1@fixture.example',
      });
  });

  it('owners of the demo manager meera', async () => {
    const res = await call('meera@acme.example', 'GET', '/api/deal/owners');
    expect(
      res
        .json()
        .data.map((o: { email: string }) => o.email)
        .sort(),
    ).toEqual(['kavya', 'meera', 'rohan', 'sneha'].map((n) => `${n}@acme.example`));
  });
});

// ---- export ---------------------------------------------------------------------------------

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) throw new Error('CSV does not end with CRLF');
  return rows;
}

describe('GET /api/deal/export', () => {
  it('streams the filtered deals as CSV: header plus exactly `total` rows, in list order', async () => {
    const q = { pipelines: 'beta', close_from: '2025-03-01', sort: 'amount_desc' };
    const res = await call('boss', 'GET', `/api/deal/export?${qs(q)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="pipewise-deals-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'Deal ID',
      'Deal name',
      'Pipeline',
      'Stage',
      'Owner',
      'Owner email',
      'Amount (INR)',
      'Close date',
      'Company',
      'KDM',
      'Pain points',
      'Next steps',
      'Confidence',
    ]);
    const expected = oracleFilter('boss', q).sort(SORTS.amount_desc);
    const listed = await listOk('boss', q);
    expect(rows.length - 1).toBe(listed.total);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(expected.map((d) => d.id));
    expect(rows.every((r) => r.length === 13)).toBe(true);
  });

  it('exports only what the caller sees and honours ?email of a subordinate', async () => {
    const mine = parseCsv((await call('rep1', 'GET', '/api/deal/export')).body);
    expect(
      mine
        .slice(1)
        .map((r) => Number(r[0]))
        .sort(),
    ).toEqual(
      visibleDeals('rep1')
        .map((d) => d.id)
        .sort(),
    );
    const asRep3 = parseCsv((await call('boss', 'GET', '/api/deal/export?email=rep3@fixture.example')).body);
    expect(
      asRep3
        .slice(1)
        .map((r) => Number(r[0]))
        .sort(),
    ).toEqual(
      visibleDeals('rep3')
        .map((d) => d.id)
        .sort(),
    );
    const empty = await call('boss', 'GET', '/api/deal/export?search=no%20such%20deal');
    expect(parseCsv(empty.body)).toHaveLength(1);
  });

  it('quotes commas, quotes and newlines and defuses formulas', async () => {
    const res = await call('boss', 'GET', `/api/deal/export?${qs({ search: 'Acme, "Big"' })}`);
    expect(res.body).toContain('"Acme, ""Big"" deal\nline two"');
    const rows = parseCsv(res.body);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual([
      String(csvDeal.id),
      'Acme, "Big" deal\nline two',
      'Beta',
      'Demo',
      'Tara Singh',
      'rep3@fixture.example',
      '1234567.89',
      '2025-03-31',
      "'@Evil Co",
      `'=HYPERLINK("http://evil.example","x")`,
      "'-5% churn",
      "'+91 98200 00000",
      '77',
    ]);
  });

  it('an invisible ?email -> 403 JSON before any CSV; a bad filter -> 400', async () => {
    const res = await call('mgr', 'GET', '/api/deal/export?email=rep3@fixture.example');
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json()).toEqual({ detail: 'You can only see deals of people on your team.' });
    const bad = await call('boss', 'GET', '/api/deal/export?close_from=2025-13-01');
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/deal/export' })).statusCode).toBe(401);
  });
});

// ---- update ---------------------------------------------------------------------------------

describe('PUT /api/deal/:id', () => {
  const fresh = (over: Partial<Omit<FxDeal, 'id'>> = {}) =>
    insertDeal({
      dealname: 'Update target',
      ownerId: U.rep1.id,
      pipelineId: alpha.id,
      stageId: stage(alpha, 'Lead').id,
      amount: '100.00',
      closedate: '2025-03-01',
      nextsteps: null,
      kdm: null,
      painpoints: null,
      summary: null,
      confidence: null,
      companyId: null,
      ...over,
    });
  const put = (who: string, id: number, body: unknown) => call(who, 'PUT', `/api/deal/${id}`, body);
  const getDeal = async (id: number) => (await call('boss', 'GET', `/api/deal/get_deal_by_id/${id}`)).json<{ data: TDeal }>().data;

  it('accepts the {properties: {...}} form and answers {success: true, data}', async () => {
    const d = await fresh();
    const res = await put('mgr', d.id, {
      properties: {
        dealstage: stage(alpha, 'Proposal').id,
        hubspot_owner_id: U.rep2.id,
        amount: '1,23,456.5',
        closedate: '2025-06-15T00:00:00.000Z',
        pipeline: alpha.id,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ success: boolean; data: TDeal }>();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      deal_id: String(d.id),
      dealstage: stage(alpha, 'Proposal').id,
      dealstage_label: 'Proposal',
      owner_id: U.rep2.id,
      amount: '123456.50',
      closedate: '2025-06-15',
      pipeline: alpha.id,
      version: 2,
    });
    expect(await getDeal(d.id)).toEqual(body.data);
  });

  it('accepts the flat form, with owner by email, stage by label, numeric amount', async () => {
    const d = await fresh();
    const res = await put('rep1', d.id, {
      dealstage: 'closed won',
      dealowner: 'REP1@fixture.example',
      amount: 2500.5,
      closedate: '2025-07-01',
      nextsteps: 'Sign',
      kdm: 'CEO',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      dealstage: stage(alpha, 'Closed Won').id,
      owner_id: U.rep1.id,
      amount: '2500.50',
      closedate: '2025-07-01',
      nextsteps: 'Sign',
      kdm: 'CEO',
    });
    expect(res.json().success).toBe(true);
  });

  it.each([
    ['1,000', '1000.00'],
    ['  42  ', '42.00'],
    ['0', '0.00'],
    ['0.5', '0.50'],
    ['.25', '0.25'],
    ['007.10', '7.10'],
    ['99999999999.99', '99999999999.99'],
  ])('amount %j is stored as %s', async (amount, stored) => {
    const d = await fresh();
    const res = await put('rep1', d.id, { properties: { amount } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.amount).toBe(stored);
  });

  it.each([
    ['', 'Amount cannot be empty'],
    ['   ', 'Amount cannot be empty'],
    [',', 'Amount cannot be empty'],
    ['-5', 'Amount must be a number of at least 0 with up to 2 decimals'],
    ['12.345', 'Amount must be a number of at least 0 with up to 2 decimals'],
    ['12a', 'Amount must be a number of at least 0 with up to 2 decimals'],
    ['1e5', 'Amount must be a number of at least 0 with up to 2 decimals'],
    ['1.2.3', 'Amount must be a number of at least 0 with up to 2 decimals'],
    [-1, 'Amount must be a number of at least 0 with up to 2 decimals'],
    ['12345678901234567', 'Amount is too large'],
  ])('amount %j -> 400 %s, nothing saved', async (amount, message) => {
    const d = await fresh();
    for (const body of [{ properties: { amount } }, { amount }]) {
      const res = await put('rep1', d.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(message);
    }
    expect(await getDeal(d.id)).toMatchObject({ amount: '100.00', version: 1 });
  });

  it('invalid close date -> 400; empty close date clears it', async () => {
    const d = await fresh();
    const bad = await put('rep1', d.id, { properties: { closedate: '2025-02-30' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Close date must be a date as yyyy-mm-dd');
    const cleared = await put('rep1', d.id, { properties: { closedate: '' } });
    expect(cleared.json().data.closedate).toBeNull();
  });

  it('owner: only people the caller can see; a rep assigning to a peer -> 403, nothing saved', async () => {
    const d = await fresh();
    const res = await put('rep1', d.id, { properties: { hubspot_owner_id: U.rep2.id } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You can only assign deals to people on your team.' });
    expect(res.json().detail).toBe(DEAL_MESSAGES.ownerNotVisible);
    const up = await put('mgr', d.id, { properties: { hubspot_owner_id: U.boss.id } });
    expect(up.statusCode).toBe(403);
    const peer = await put('mgr', d.id, { dealowner: 'rep3@fixture.example' });
    expect(peer.statusCode).toBe(403);
    expect(await getDeal(d.id)).toMatchObject({ owner_id: U.rep1.id, version: 1 });
    // A manager may hand it to another report; the admin to anyone in the workspace.
    expect((await put('mgr', d.id, { dealowner: U.rep2.id })).json().data.owner_id).toBe(U.rep2.id);
    expect((await put('boss', d.id, { dealowner: 'rep3@fixture.example' })).json().data.owner_id).toBe(U.rep3.id);
  });

  it('owner of another workspace or unknown -> 400 Unknown deal owner', async () => {
    const d = await fresh();
    for (const owner of ['asha@acme.example', 'nobody@fixture.example', '00000000-0000-0000-0000-000000000000']) {
      const res = await put('boss', d.id, { properties: { hubspot_owner_id: owner } });
      expect(res.statusCode, owner).toBe(400);
      expect(res.json().detail).toBe('Unknown deal owner');
    }
  });

  it('a rep cannot unassign a deal (it would vanish from their view); an admin can', async () => {
    const d = await fresh();
    const res = await put('rep1', d.id, { properties: { hubspot_owner_id: '' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(DEAL_MESSAGES.ownerNotVisible);
    expect(await getDeal(d.id)).toMatchObject({ owner_id: U.rep1.id, version: 1 });
    const admin = await put('boss', d.id, { properties: { hubspot_owner_id: null } });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.owner_id).toBeNull();
  });

  it('the stage must belong to the deal pipeline', async () => {
    const d = await fresh();
    const res = await put('rep1', d.id, { properties: { dealstage: stage(beta, 'Demo').id } });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Unknown deal stage for this pipeline');
    const byLabel = await put('rep1', d.id, { properties: { dealstage: 'Demo' } });
    expect(byLabel.statusCode).toBe(400);
    const nonsense = await put('rep1', d.id, { properties: { dealstage: 'not-a-stage' } });
    expect(nonsense.statusCode).toBe(400);
    expect(await getDeal(d.id)).toMatchObject({ dealstage: stage(alpha, 'Lead').id, version: 1 });
  });

  it('a pipeline change without a stage -> 400 Please Select Deal Stage Again; with a stage of it -> ok', async () => {
    const d = await fresh();
    const res = await put('rep1', d.id, { properties: { pipeline: beta.id } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Please Select Deal Stage Again' });
    const wrongStage = await put('rep1', d.id, { properties: { pipeline: 'beta', dealstage: stage(alpha, 'Proposal').id } });
    expect(wrongStage.statusCode).toBe(400);
    expect(wrongStage.json().detail).toBe('Unknown deal stage for this pipeline');
    expect(await getDeal(d.id)).toMatchObject({ pipeline: alpha.id, version: 1 });
    // The same pipeline again is no change, so no stage is needed.
    expect((await put('rep1', d.id, { properties: { pipeline: 'ALPHA', amount: '5' } })).statusCode).toBe(200);
    const ok = await put('rep1', d.id, { properties: { pipeline: 'Beta', dealstage: stage(beta, 'Demo').id } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      pipeline: beta.id,
      pipeline_label: 'Beta',
      dealstage: stage(beta, 'Demo').id,
      dealstage_label: 'Demo',
    });
    const unknown = await put('rep1', d.id, { properties: { pipeline: 'Gamma', dealstage: 'Lead' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe('Unknown pipeline');
  });

  it('optimistic concurrency: the second writer with a stale version gets 409 and the first change stays', async () => {
    const d = await fresh();
    const a = await getDeal(d.id);
    const b = await getDeal(d.id);
    expect(a.version).toBe(b.version);
    const first = await put('rep1', d.id, { properties: { amount: '111' }, version: a.version });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ amount: '111.00', version: a.version + 1 });
    const second = await put('mgr', d.id, { properties: { amount: '222', dealstage: 'Proposal' }, version: b.version });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ detail: DEAL_MESSAGES.conflict });
    expect(second.json().detail).toMatch(/changed by someone else/);
    expect(await getDeal(d.id)).toMatchObject({ amount: '111.00', dealstage: stage(alpha, 'Lead').id, version: a.version + 1 });
    // Flat form carries the version too; with the fresh version the second writer succeeds.
    expect((await put('mgr', d.id, { amount: '333', version: b.version })).statusCode).toBe(409);
    const retry = await put('mgr', d.id, { amount: '333', version: a.version + 1 });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toMatchObject({ amount: '333.00', version: a.version + 2 });
  });

  it('two concurrent writers of the same version: exactly one wins', async () => {
    const d = await fresh();
    const [x, y] = await Promise.all([
      put('rep1', d.id, { properties: { amount: '1' }, version: 1 }),
      put('mgr', d.id, { properties: { amount: '2' }, version: 1 }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const winner = x.statusCode === 200 ? '1.00' : '2.00';
    expect(await getDeal(d.id)).toMatchObject({ amount: winner, version: 2 });
  });

  it('a PUT on an invisible, other-workspace or missing deal -> 404 and nothing changes', async () => {
    const d = await fresh({ ownerId: U.rep3.id });
    for (const [who, id] of [
      ['mgr', d.id],
      ['rep1', d.id],
      ['asha@acme.example', d.id],
      ['boss', demoDealId],
      ['boss', 999_999_999],
    ] as const) {
      const res = await put(who, id, { properties: { amount: '1' } });
      expect(res.statusCode, `${who} ${id}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Deal not found' });
    }
    expect(await getDeal(d.id)).toMatchObject({ amount: '100.00', version: 1 });
  });

  it('refuses a typed confidence score in either spelling (it is computed, decision 0019) and changes nothing', async () => {
    const d = await fresh();
    for (const body of [{ properties: { confindence_score: 70 } }, { confidence_score: 40 }, { confidence_score: null, amount: '5' }]) {
      const res = await put('rep1', d.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail).toContain('The confidence score is computed');
    }
    expect(await getDeal(d.id)).toMatchObject({ amount: '100.00', version: 1 });
  });

  it("company_id must be a company of the workspace: another workspace's or a missing one -> 400, nothing leaks", async () => {
    const d = await fresh();
    const [demoCompany] = await db.select({ id: companies.id }).from(companies).where(eq(companies.organizationId, demoOrgId)).limit(1);
    for (const companyId of [demoCompany!.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await put('boss', d.id, { properties: { company_id: companyId } });
      expect(res.statusCode, companyId).toBe(400);
      expect(res.json()).toEqual({ detail: 'Unknown company' });
    }
    const created = await call('boss', 'POST', '/api/deal/', {
      dealname: 'Foreign company',
      pipeline: 'Alpha',
      dealstage: 'Lead',
      company_id: demoCompany!.id,
    });
    expect(created.statusCode).toBe(400);
    expect(await getDeal(d.id)).toMatchObject({ company_id: null, company_name: null, version: 1 });
    const own = await put('boss', d.id, { properties: { company_id: csvDeal.companyId } });
    expect(own.json().data).toMatchObject({ company_id: csvDeal.companyId, company_name: '@Evil Co' });
    expect((await put('boss', d.id, { company_id: null })).json().data.company_id).toBeNull();
  });

  it('properties win over flat fields in a mixed body', async () => {
    const d = await fresh();
    const res = await put('rep1', d.id, { amount: '1', kdm: 'flat', properties: { amount: '2' } });
    expect(res.json().data).toMatchObject({ amount: '2.00', kdm: 'flat' });
  });

  it('needs a session; Bearer needs no CSRF token', async () => {
    const d = await fresh();
    const res = await t.app.inject({ method: 'PUT', url: `/api/deal/${d.id}`, payload: { amount: '1' } });
    expect([401, 403]).toContain(res.statusCode);
    expect(await getDeal(d.id)).toMatchObject({ amount: '100.00' });
  });
});

// ---- create ---------------------------------------------------------------------------------

describe('POST /api/deal/', () => {
  const post = (who: string, body: unknown) => call(who, 'POST', '/api/deal/?hubId=123', body);

  it('creates a deal owned by the caller that then appears in the list', async () => {
    const res = await post('rep2', {
      dealname: 'Brand new Omega deal',
      pipeline: 'Beta',
      dealstage: 'Demo',
      amount: '12,000',
      closedate: '2025-09-30',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ success: boolean; data: TDeal }>();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      dealname: 'Brand new Omega deal',
      owner_id: U.rep2.id,
      pipeline: beta.id,
      dealstage: stage(beta, 'Demo').id,
      amount: '12000.00',
      closedate: '2025-09-30',
      confidence_score: null,
      confindence_score: null,
      version: 1,
    });
    const listed = await listOk('rep2', { search: 'omega' });
    expect(listed.data.map((d) => d.deal_id)).toEqual([body.data.deal_id]);
    expect((await listOk('mgr', { search: 'omega' })).total).toBe(1);
    expect((await listOk('rep1', { search: 'omega' })).total).toBe(0);
  });

  it('a manager may create for a report, not for a peer', async () => {
    const ok = await post('mgr', { dealname: 'For rep1', pipeline: alpha.id, dealstage: stage(alpha, 'Lead').id, dealowner: U.rep1.id });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.owner_id).toBe(U.rep1.id);
    const no = await post('mgr', { dealname: 'For rep3', pipeline: alpha.id, dealstage: 'Lead', hubspot_owner_id: U.rep3.id });
    expect(no.statusCode).toBe(403);
    expect(no.json().detail).toBe(DEAL_MESSAGES.ownerNotVisible);
  });

  it.each([
    ['a stage of another pipeline', { pipeline: 'Alpha', dealstage: 'Demo' }, 'Unknown deal stage for this pipeline'],
    ['an unknown stage', { pipeline: 'Alpha', dealstage: 'Nope' }, 'Unknown deal stage for this pipeline'],
    ['an unknown pipeline', { pipeline: 'Gamma', dealstage: 'Lead' }, 'Unknown pipeline'],
    ['another workspace pipeline', { pipeline: 'Sales Pipeline', dealstage: 'Lead' }, 'Unknown pipeline'],
    ['no stage', { pipeline: 'Alpha' }, undefined],
    ['an empty name', { dealname: '  ', pipeline: 'Alpha', dealstage: 'Lead' }, 'Deal name is required'],
    ['an empty amount', { pipeline: 'Alpha', dealstage: 'Lead', amount: '' }, 'Amount cannot be empty'],
  ])('%s -> 400, nothing created', async (_label, over, message) => {
    const [before] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(deals)
      .where(eq(deals.organizationId, orgId));
    const res = await post('rep1', { dealname: 'Invalid create', ...over });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().detail).toBe(message);
    const [after] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(deals)
      .where(eq(deals.organizationId, orgId));
    expect(after!.n).toBe(before!.n);
  });

  it('a rep cannot create an unowned deal (it would be invisible to them)', async () => {
    const res = await post('rep1', { dealname: 'Orphan', pipeline: 'Alpha', dealstage: 'Lead', dealowner: '' });
    expect(res.statusCode).toBe(403);
    expect((await listOk('boss', { search: 'orphan' })).total).toBe(0);
  });
});
