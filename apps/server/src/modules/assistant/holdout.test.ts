import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDeal } from '@pipewise/contract/deals';
import { execute } from '../../db/client';
import { companies, contacts } from '../../db/schema';
import { findUser, signIn, type TestSession } from '../../../test/sessions';
import {
  addDays,
  amountForms,
  containsAny,
  dateForms,
  lc,
  nextWeekday,
  norm,
  short,
  todayIn,
  holdoutReport,
  type HoldoutResult,
} from '../../../test/assistant/holdout-kit';
import { holdoutApi, type HoldoutAnswer, type HoldoutApi } from '../../../test/assistant/holdout-api';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * A holdout check of the assistant: commands and questions phrased the way reps type them on a phone, over the
 * demo workspace, signed in as Rahul. Expected values come from the deals API (and the contacts table), never
 * from the assistant. Every miss is reported; the file fails only when overall accuracy drops below 90%.
 */

const TZ = 'Asia/Kolkata';
/**
 * The one moment of the run: the demo is seeded at it, the server's clock stays on it and every expected
 * "today" is read from it, so a run that crosses a midnight (in Kolkata, Los Angeles or UTC) still agrees.
 */
const NOW = new Date();
const REPORT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../bench/results/assistant-holdout.md');

let t: TestApp;
let rahul: TestSession;
const people: Record<string, { id: string; email: string; name: string }> = {};

type Outcome = { ok: boolean; got: string };
type Item = { cls: string; input: string; run: () => Promise<Outcome> };
const items: Item[] = [];
const results: HoldoutResult[] = [];

// ---------- helpers ----------

/** The next 15 January (or whatever month/day) from today. */
function nextOccurrence(month: number, day: number): string {
  const today = todayIn(TZ, NOW);
  const year = Number(today.slice(0, 4));
  const pad = (n: number) => String(n).padStart(2, '0');
  const thisYear = `${year}-${pad(month)}-${pad(day)}`;
  return thisYear >= today ? thisYear : `${year + 1}-${pad(month)}-${pad(day)}`;
}

// ---------- API ----------

let api: HoldoutApi;
type Answer = HoldoutAnswer;

// ---------- the caller's deals ----------

let visible: TDeal[] = [];
const byId = new Map<string, TDeal>();
const CLOSED = /^(Closed|Renewed|Churned)/;
const isOpen = (d: TDeal) => !CLOSED.test(d.dealstage_label);

const PRODUCT_KEY: Record<string, string> = {
  'CRM licence renewal': 'crm renewal',
  'Sales analytics rollout': 'analytics rollout',
  'Field force app': 'field force',
  'Annual support contract': 'support contract',
  'Data migration project': 'data migration',
  'Dealer portal': 'dealer portal',
  'Call recording add-on': 'call recording',
  'Marketing automation': 'marketing automation',
  'Enterprise licence expansion': 'licence expansion',
  'Pilot for regional team': 'regional pilot',
};
const companyOf = (d: TDeal) => d.dealname.split(' - ')[0]!;
const productOf = (d: TDeal) => d.dealname.split(' - ')[1] ?? '';
const partial = (d: TDeal) => lc(`${companyOf(d).split(' ')[0]} ${PRODUCT_KEY[productOf(d)] ?? productOf(d)}`);
/** A typo a thumb makes: one letter of the company's first word dropped, rest lower case. */
function typo(d: TDeal): string {
  const [first, ...rest] = companyOf(d).split(' ');
  const w = first!.length > 5 ? first!.slice(0, 3) + first!.slice(4) : first! + first!.slice(-1);
  return lc([w, ...rest].join(' ') + ' ' + productOf(d));
}
const noDash = (d: TDeal) => lc(`${companyOf(d)} ${productOf(d)}`);

/** Deals whose name, partial name and company are unambiguous among what Rahul sees. */
function pools() {
  const nameCount = new Map<string, number>();
  for (const d of visible) nameCount.set(d.dealname, (nameCount.get(d.dealname) ?? 0) + 1);
  const partialUnique = (d: TDeal) => {
    const tokens = partial(d).split(' ');
    return visible.filter((x) => tokens.every((tk) => lc(x.dealname).includes(tk))).length === 1;
  };
  const ok = visible
    .filter((d) => nameCount.get(d.dealname) === 1 && partialUnique(d) && isOpen(d) && d.closedate)
    .sort((a, b) => Number(a.deal_id) - Number(b.deal_id));
  console.log(`pools: ${ok.length} deals (of ${visible.length} visible)`);
  return {
    all: ok,
    sales: ok.filter((d) => d.pipeline_label === 'Sales Pipeline'),
    ent: ok.filter((d) => d.pipeline_label === 'Enterprise'),
    ren: ok.filter((d) => d.pipeline_label === 'Renewals'),
  };
}

// ---------- command expectations ----------

type Expect = {
  operation: 'create' | 'update';
  object_type: 'deal' | 'company' | 'contact';
  /** Update: the deal it must resolve to. Create: the name typed (case-insensitive). */
  deal?: TDeal;
  identifier?: string | string[];
  props: Record<string, unknown>;
};
function valueMatches(key: string, got: unknown, want: unknown): boolean {
  if (got === undefined) return false;
  if (key === 'amount') return Number(got) === Number(want);
  if (key === 'closedate') return (Array.isArray(want) ? want : [want]).includes(String(got).slice(0, 10));
  if (key === 'dealowner' || key === 'hubspot_owner_id' || key === 'owner') {
    const p = people[want as string]!;
    return [p.id, p.email, p.name].some((v) => norm(v) === norm(got));
  }
  if (key === 'phone') return String(got).replace(/\D/g, '').endsWith(String(want).replace(/\D/g, '').slice(-10));
  if (Array.isArray(want)) return want.some((w) => norm(w) === norm(got));
  return norm(got) === norm(want);
}
/** Keys a parser may add on its own: the pipeline a stage brings, name parts of a contact or company. */
const DERIVED = new Set(['pipeline', 'dealname', 'name', 'firstname', 'lastname']);
function cmd(cls: string, input: string, exp: Expect) {
  items.push({
    cls,
    input,
    run: async () => {
      const body = await api.command(rahul, input);
      const pc = body.data?.parsed_command;
      const why: string[] = [];
      if (!pc) return { ok: false, got: `${body.status}: ${short(body.message ?? '')}` };
      if (pc.operation !== exp.operation) why.push(`operation ${pc.operation}`);
      if (pc.object_type !== exp.object_type) why.push(`object ${pc.object_type}`);
      if (exp.deal) {
        if (norm(pc.identifier) !== norm(exp.deal.dealname)) why.push(`identifier "${pc.identifier}"`);
        const rid = body.data.pending_operation?.record_id;
        // A rep may not assign to a peer: then no operation is pending, and parsed_command alone is checked.
        const refused = body.status === 'invalid' && exp.props.dealowner && exp.props.dealowner !== 'rahul';
        if (!refused && rid !== exp.deal.deal_id) why.push(`record ${rid ?? 'none'} (want ${exp.deal.deal_id})`);
      } else if (exp.identifier) {
        const ids = Array.isArray(exp.identifier) ? exp.identifier : [exp.identifier];
        if (!ids.some((i) => norm(i) === norm(pc.identifier))) why.push(`identifier "${pc.identifier}"`);
      }
      for (const [k, v] of Object.entries(exp.props)) {
        const got = pc.properties[k] ?? (k === 'dealowner' ? (pc.properties.hubspot_owner_id ?? pc.properties.owner) : undefined);
        if (!valueMatches(k, got, v)) why.push(`${k}=${JSON.stringify(got)}`);
      }
      for (const k of Object.keys(pc.properties)) {
        const defaulted = exp.operation === 'create' && exp.object_type === 'deal' && k === 'dealstage';
        if (!(k in exp.props) && !DERIVED.has(k) && !defaulted && !(k === 'hubspot_owner_id' && 'dealowner' in exp.props)) {
          why.push(`extra ${k}=${JSON.stringify(pc.properties[k])}`);
        }
      }
      const wantStatus = exp.props.dealowner && exp.props.dealowner !== 'rahul' ? ['confirm', 'invalid'] : ['confirm'];
      if (!wantStatus.includes(body.status)) why.push(`status ${body.status}`);
      return { ok: why.length === 0, got: `${why.length ? why.join('; ') : 'ok'} | ${body.status}: ${short(body.message ?? '', 120)}` };
    },
  });
}

// ---------- question expectations ----------

const CANT = new RegExp(
  "can(['’]?t| ?not)|could ?n['’]?o?t|unable|not able|only (answer|help)|don['’]?t (have|know)|" +
    'no (account|deal|company|record)|outside|not find|no .*named|i (help|answer) with',
  'i',
);
const dealSources = (a: Answer) => a.sources.filter((x) => x.type === 'deal').map((x) => x.id);
function q(cls: string, input: string, check: (a: Answer) => string[] | Promise<string[]>) {
  items.push({
    cls,
    input,
    run: async () => {
      const a = await api.ask(rahul, input);
      const why = await check(a);
      const got = `[${a.route}] ${short(a.text)} (sources: ${a.sources.length})`;
      return { ok: why.length === 0, got: `${why.length ? why.join('; ') : 'ok'} | ${got}` };
    },
  });
}
/** About one deal: it is linked, named, and the answer holds the value. */
function dealQ(input: string, d: TDeal, field: keyof TDeal, forms: (fresh: TDeal) => string[]) {
  q('q: one deal', input, async (a) => {
    const fresh = await api.getDeal(rahul, d.deal_id);
    const why: string[] = [];
    const src = a.sources.find((x) => x.type === 'deal' && x.id === d.deal_id);
    if (!src || !src.url) why.push(src ? 'deal not linked (no url)' : 'deal not in sources');
    if (!lc(a.text).includes(lc(fresh.dealname)) && !lc(a.text).includes(lc(companyOf(fresh)))) why.push('deal not named');
    if (!containsAny(a.text, forms(fresh))) why.push(`${String(field)} "${short(String(fresh[field]), 50)}" missing`);
    return why;
  });
}
const textStart = (s: string | null) => [String(s ?? '').slice(0, 40)];
/** A list answer: every deal it cites is in `allowed`; it cites at least one when `want` is not empty. */
function listQ(input: string, allowed: () => Set<string>, want: () => Set<string> = allowed, exact = false) {
  q('q: filter', input, (a) => {
    const why: string[] = [];
    const cited = dealSources(a);
    const bad = cited.filter((id) => !allowed().has(id));
    if (bad.length) why.push(`${bad.length} of ${cited.length} cited deals do not match (e.g. ${byId.get(bad[0]!)?.dealname ?? bad[0]})`);
    if (want().size > 0 && cited.length === 0) why.push(`no deal cited (want ${want().size})`);
    if (exact && [...want()].some((id) => !cited.includes(id))) why.push(`missed some of ${want().size} expected`);
    return why;
  });
}
function outsideQ(input: string, madeUp?: string) {
  q('q: outside', input, (a) => {
    const why: string[] = [];
    if (dealSources(a).length) why.push(`${dealSources(a).length} deals cited`);
    if (visible.some((d) => a.text.includes(d.dealname))) why.push('names a deal');
    if (!CANT.test(a.text)) why.push("no can't-style sentence");
    if (a.text.length > 500) why.push(`long (${a.text.length} chars)`);
    if (madeUp && !lc(a.text).includes(lc(madeUp)) && !/could not find|couldn['’]t find|no (account|company|deal)/i.test(a.text)) {
      why.push('does not say the name is unknown');
    }
    return why;
  });
}

// ---------- the run ----------

beforeAll(async () => {
  t = await createTestApp({ seed: true, seededAt: NOW, now: () => NOW });
  api = holdoutApi(t, { tz: TZ, firstAsk: 'sales' });
  rahul = await signIn(t.database.db, 'rahul@acme.example');
  for (const [key, email, name] of [
    ['rahul', 'rahul@acme.example', 'Rahul Verma'],
    ['priya', 'priya@acme.example', 'Priya Nair'],
    ['arjun', 'arjun@acme.example', 'Arjun Mehta'],
  ] as const) {
    people[key] = { id: (await findUser(t.database.db, email)).id, email, name };
  }
  visible = await api.dealsOf(rahul);
  // Two open deals lose their next step, so "deals without a next step" has an answer to give.
  const noNext = visible
    .filter((d) => !CLOSED.test(d.dealstage_label))
    .sort((a, b) => Number(b.deal_id) - Number(a.deal_id))
    .slice(0, 2);
  await execute(
    t.database.db,
    sql`update deals set nextsteps = null where id in (${sql.join(
      noNext.map((d) => sql`${Number(d.deal_id)}`),
      sql`, `,
    )})`,
  );
  visible = await Promise.all(visible.map((d) => (noNext.includes(d) ? api.getDeal(rahul, d.deal_id) : d)));
  for (const d of visible) byId.set(d.deal_id, d);
}, 120_000);
afterAll(() => t?.close());

function buildItems() {
  const P = pools();
  const at = <T>(xs: T[], i: number) => xs[i % xs.length]!;
  const [s, e, r, a] = [
    (i: number) => at(P.sales, i),
    (i: number) => at(P.ent, i),
    (i: number) => at(P.ren, i),
    (i: number) => at(P.all, i),
  ];
  const today = todayIn(TZ, NOW);
  // Companies Rahul sees (through his deals), for contacts created at one of them.
  const seenCos = [...new Set(visible.map((d) => d.company_name).filter((n): n is string => !!n))].sort();
  const co = (i: number) => seenCos[(i * 5 + 1) % seenCos.length]!;
  const up = (d: TDeal, props: Record<string, unknown>): Expect => ({ operation: 'update', object_type: 'deal', deal: d, props });
  const mk = (identifier: string | string[], props: Record<string, unknown>, object_type: Expect['object_type'] = 'deal'): Expect => ({
    operation: 'create',
    object_type,
    identifier,
    props,
  });

  // Commands: two changes in one update.
  const two = 'cmd: two changes';
  cmd(
    two,
    `update ${lc(s(0).dealname)} set amount to Rs 90k and stage to Contract Sent`,
    up(s(0), { amount: 90000, dealstage: 'Contract Sent' }),
  );
  cmd(two, `update ${partial(e(0))} amount 3.5L and stage negotiation`, up(e(0), { amount: 350000, dealstage: 'Negotiation' }));
  cmd(
    two,
    `update ${e(1).dealname} set stage to Proposal and close date to 2027-01-20`,
    up(e(1), { dealstage: 'Proposal', closedate: '2027-01-20' }),
  );
  cmd(
    two,
    `update ${partial(s(1))} stage presentation scheduled, amount 2,50,000`,
    up(s(1), { dealstage: 'Presentation Scheduled', amount: 250000 }),
  );
  cmd(
    two,
    `update deal ${lc(r(0).dealname)} set stage to In Conversation and next step to call the CFO on monday`,
    up(r(0), {
      dealstage: 'In Conversation',
      nextsteps: 'call the CFO on monday',
    }),
  );
  cmd(
    two,
    `update ${partial(e(2))} set pipeline to Renewals and stage to Upcoming`,
    up(e(2), { pipeline: 'Renewals', dealstage: 'Upcoming' }),
  );
  cmd(
    two,
    `update ${lc(s(2).dealname)} amount ₹1.2 cr and close date 31 dec 2026`,
    up(s(2), { amount: 12000000, closedate: '2026-12-31' }),
  );
  cmd(
    two,
    `update ${partial(e(3))} set close date to tomorrow and amount to 75 thousand`,
    up(e(3), {
      closedate: addDays(today, 1),
      amount: 75000,
    }),
  );
  cmd(
    two,
    `update ${lc(r(1).dealname)} next step send renewal quote and amount 4 lakh`,
    up(r(1), {
      nextsteps: 'send renewal quote',
      amount: 400000,
    }),
  );
  cmd(
    two,
    `update ${partial(s(3))} stage qualified to buy and owner rahul`,
    up(s(3), { dealstage: 'Qualified to Buy', dealowner: 'rahul' }),
  );
  cmd(
    two,
    `update ${e(4).dealname} set amount to 1.5 million and stage to legal review`,
    up(e(4), { amount: 1500000, dealstage: 'Legal Review' }),
  );
  cmd(two, `update ${typo(e(0))} stage solution design and amount 12 lakhs`, up(e(0), { dealstage: 'Solution Design', amount: 1200000 }));

  // Commands: names that contain field words.
  const fw = 'cmd: names with field words';
  cmd(fw, `update ${lc(s(4).dealname)} stage to decision maker bought-in`, up(s(4), { dealstage: 'Decision Maker Bought-In' }));
  cmd(fw, `update ${partial(s(5))} move to Decision Maker Bought-In stage`, up(s(5), { dealstage: 'Decision Maker Bought-In' }));
  cmd(fw, `update ${s(6).dealname} stage qualified to buy`, up(s(6), { dealstage: 'Qualified to Buy' }));
  cmd(fw, `update ${partial(r(2))} set stage to renewal sent`, up(r(2), { dealstage: 'Renewal Sent' }));
  cmd(fw, `update ${lc(r(3).dealname)} stage in conversation`, up(r(3), { dealstage: 'In Conversation' }));
  cmd(
    fw,
    'create deal Banas Dairy milk route app in pipeline Sales Pipeline with stage Appointment Scheduled amount 60k',
    mk('Banas Dairy milk route app', { pipeline: 'Sales Pipeline', dealstage: 'Appointment Scheduled', amount: 60000 }),
  );
  cmd(
    fw,
    `update ${lc(e(5).dealname)} set pipeline to sales pipeline and stage to decision maker bought-in`,
    up(e(5), {
      pipeline: 'Sales Pipeline',
      dealstage: 'Decision Maker Bought-In',
    }),
  );
  cmd(
    fw,
    'create deal hampi travels booking engine pipeline renewals stage renewal sent amount 1 lakh',
    mk('hampi travels booking engine', {
      pipeline: 'Renewals',
      dealstage: 'Renewal Sent',
      amount: 100000,
    }),
  );
  cmd(fw, `update ${partial(s(7))} set deal stage to contract sent`, up(s(7), { dealstage: 'Contract Sent' }));
  cmd(
    fw,
    `update ${lc(e(6).dealname)} stage legal review and next step: legal to review msa redlines`,
    up(e(6), {
      dealstage: 'Legal Review',
      nextsteps: 'legal to review msa redlines',
    }),
  );

  // Commands: partial and misspelt deal names.
  const pn = 'cmd: partial/misspelt names';
  cmd(pn, `update ${partial(a(0))} next step share proposal by friday`, up(a(0), { nextsteps: 'share proposal by friday' }));
  cmd(pn, `update ${typo(a(1))} amount 5 lakh`, up(a(1), { amount: 500000 }));
  cmd(pn, `update ${partial(a(2))} set close date to 2027-02-15`, up(a(2), { closedate: '2027-02-15' }));
  cmd(pn, `update ${typo(s(8))} stage closed won`, up(s(8), { dealstage: 'Closed Won' }));
  cmd(pn, `update ${partial(a(3))} pain points reps dont update crm on mobile`, up(a(3), { painpoints: 'reps dont update crm on mobile' }));
  cmd(pn, `update ${partial(a(4))} kdm Neha Sharma (CFO)`, up(a(4), { kdm: 'Neha Sharma (CFO)' }));
  cmd(pn, `update ${typo(a(5))} next steps: send security questionnaire`, up(a(5), { nextsteps: 'send security questionnaire' }));
  cmd(pn, `update ${partial(a(6))} amount 2 lakh`, up(a(6), { amount: 200000 }));
  cmd(pn, `update ${noDash(a(7))} amount 3 lakh`, up(a(7), { amount: 300000 }));
  cmd(
    pn,
    `update ${typo(a(8))} summary: cfo wants a discount before signing`,
    up(a(8), { summary: 'cfo wants a discount before signing' }),
  );

  // Commands: amounts as reps write them.
  const am = 'cmd: amounts';
  const amounts: [string, number][] = [
    ['Rs 80k', 80000],
    ['₹1.2 cr', 12000000],
    ['2,50,000', 250000],
    ['3.5L', 350000],
    ['75 thousand', 75000],
    ['1.5 million', 1500000],
    ['rs. 45,000', 45000],
    ['INR 2 lakh', 200000],
    ['12 lakhs', 1200000],
    ['1 crore', 10000000],
    ['50k', 50000],
    ['₹3,75,000', 375000],
    ['2.25 lac', 225000],
    ['0.8 cr', 8000000],
    ['1,20,000 rupees', 120000],
    ['Rs 4.5 lakhs', 450000],
  ];
  const verbs = ['amount', 'set amount to', 'amount to', 'value', 'deal value', 'amt'];
  amounts.forEach(([text, n], i) => {
    const d = a(10 + i);
    const name = i % 3 === 0 ? lc(d.dealname) : i % 3 === 1 ? partial(d) : d.dealname;
    cmd(am, `update ${name} ${verbs[i % verbs.length]} ${text}`, up(d, { amount: n }));
  });

  // Commands: owners by first name.
  const ow = 'cmd: owners';
  cmd(ow, `update ${lc(a(30).dealname)} owner priya`, up(a(30), { dealowner: 'priya' }));
  cmd(ow, `update ${partial(a(31))} assign to arjun`, up(a(31), { dealowner: 'arjun' }));
  cmd(ow, `update ${a(32).dealname} set owner to Priya Nair`, up(a(32), { dealowner: 'priya' }));
  cmd(ow, `update ${typo(a(33))} change owner to rahul`, up(a(33), { dealowner: 'rahul' }));
  cmd(
    ow,
    'create deal Sundarban Fisheries cold chain amount 2L stage discovery owner arjun',
    mk('Sundarban Fisheries cold chain', {
      amount: 200000,
      dealstage: 'Discovery',
      dealowner: 'arjun',
    }),
  );
  cmd(ow, `update ${partial(a(34))} set deal owner to me`, up(a(34), { dealowner: 'rahul' }));

  // Commands: close dates.
  const cd = 'cmd: close dates';
  cmd(cd, `update ${lc(a(35).dealname)} close date next friday`, up(a(35), { closedate: nextWeekday(5, TZ, NOW) }));
  cmd(cd, `update ${partial(a(36))} close date tomorrow`, up(a(36), { closedate: addDays(today, 1) }));
  cmd(cd, `update ${a(37).dealname} closing date 15 jan`, up(a(37), { closedate: nextOccurrence(1, 15) }));
  cmd(cd, `update ${partial(a(38))} close date 31/12/2026`, up(a(38), { closedate: '2026-12-31' }));
  cmd(cd, `update ${typo(a(39))} set close date to 2027-03-31`, up(a(39), { closedate: '2027-03-31' }));
  cmd(cd, `update ${lc(a(40).dealname)} close date 10th feb 2027`, up(a(40), { closedate: '2027-02-10' }));
  cmd(cd, `update ${partial(a(41))} push close date to next monday`, up(a(41), { closedate: nextWeekday(1, TZ, NOW) }));
  cmd(cd, `update ${a(42).dealname} close date today`, up(a(42), { closedate: today }));

  // Commands: creates.
  const cr = 'cmd: creates';
  cmd(
    cr,
    'create deal Kaveri Foods - Van Sales App amount 6 lakh stage discovery',
    mk('Kaveri Foods - Van Sales App', {
      amount: 600000,
      dealstage: 'Discovery',
    }),
  );
  cmd(
    cr,
    'create deal pilot for nilgiri tea north zone amount 80k stage qualified to buy',
    mk('pilot for nilgiri tea north zone', {
      amount: 80000,
      dealstage: 'Qualified to Buy',
    }),
  );
  cmd(
    cr,
    'create deal Zenith Motors fleet tracking with amount ₹1.2 cr in pipeline enterprise stage proposal close date 2027-03-15',
    mk('Zenith Motors fleet tracking', { amount: 12000000, pipeline: 'Enterprise', dealstage: 'Proposal', closedate: '2027-03-15' }),
  );
  cmd(
    cr,
    'create deal ganga textiles loom analytics amount 2,50,000 stage appointment scheduled',
    mk('ganga textiles loom analytics', {
      amount: 250000,
      dealstage: 'Appointment Scheduled',
    }),
  );
  cmd(
    cr,
    'create deal thar solar o&m contract amount 3.5L stage negotiation owner priya',
    mk('thar solar o&m contract', {
      amount: 350000,
      dealstage: 'Negotiation',
      dealowner: 'priya',
    }),
  );
  cmd(cr, 'create deal Deccan Pharma QA audit tool with amount 75 thousand', mk('Deccan Pharma QA audit tool', { amount: 75000 }));
  cmd(
    cr,
    'create company Zenith Robotics domain zenithrobotics.example industry Robotics city Pune',
    mk('Zenith Robotics', { domain: 'zenithrobotics.example', industry: 'Robotics', city: 'Pune' }, 'company'),
  );
  cmd(
    cr,
    'create company bharat freight lines with domain bharatfreight.example',
    mk(['bharat freight lines', 'bharatfreight.example'], { domain: 'bharatfreight.example' }, 'company'),
  );
  cmd(
    cr,
    'create company Orchid Hotels city Udaipur industry Hospitality',
    mk('Orchid Hotels', { city: 'Udaipur', industry: 'Hospitality' }, 'company'),
  );
  cmd(
    cr,
    'create company acme widgets india, domain acmewidgets.example, city chennai',
    mk(['acme widgets india', 'acmewidgets.example'], { domain: 'acmewidgets.example', city: 'chennai' }, 'company'),
  );
  cmd(cr, 'create company Lotus Diagnostics industry healthcare', mk('Lotus Diagnostics', { industry: 'healthcare' }, 'company'));
  cmd(
    cr,
    'create company Sahyadri Agro domain sahyadriagro.example',
    mk(['Sahyadri Agro', 'sahyadriagro.example'], { domain: 'sahyadriagro.example' }, 'company'),
  );
  cmd(
    cr,
    `create contact Rhea Kapoor email rhea.kapoor@kaverifoods.example company ${co(0).replace(/ (Pvt Ltd|Co)$/, '')}`,
    mk(
      ['Rhea Kapoor', 'rhea.kapoor@kaverifoods.example'],
      { email: 'rhea.kapoor@kaverifoods.example', company: [co(0), ...companyIds(co(0))] },
      'contact',
    ),
  );
  cmd(
    cr,
    `create contact arvind rao phone +91 9876543210 at ${lc(co(1))}`,
    mk('arvind rao', { phone: '+91 9876543210', company: [co(1), ...companyIds(co(1))] }, 'contact'),
  );
  cmd(
    cr,
    'create contact Meera Das, jobtitle Head of Procurement, email meera.das@gangatextiles.example',
    mk(
      ['Meera Das', 'meera.das@gangatextiles.example'],
      { jobtitle: 'Head of Procurement', email: 'meera.das@gangatextiles.example' },
      'contact',
    ),
  );
  cmd(
    cr,
    'create contact sanjay mehta email sanjay@tharsolar.example job title CFO',
    mk(['sanjay mehta', 'sanjay@tharsolar.example'], { email: 'sanjay@tharsolar.example', jobtitle: 'CFO' }, 'contact'),
  );
  cmd(
    cr,
    'create contact Fatima Sheikh with email fatima.sheikh@example.com and phone 98450 12345',
    mk(['Fatima Sheikh', 'fatima.sheikh@example.com'], { email: 'fatima.sheikh@example.com', phone: '9845012345' }, 'contact'),
  );
  cmd(
    cr,
    `create contact Karthik Iyer title IT Director company ${co(2)}`,
    mk('Karthik Iyer', { jobtitle: 'IT Director', company: [co(2), ...companyIds(co(2))] }, 'contact'),
  );

  // Questions about one named deal.
  const amt = (d: TDeal) => amountForms(Number(d.amount));
  const date = (d: TDeal) => dateForms(d.closedate ?? 'none');
  const stage = (d: TDeal) => [d.dealstage_label];
  const kdm = (d: TDeal) => [String(d.kdm ?? '').split(' (')[0]!];
  const owner = (d: TDeal) => [d.owner_name ?? 'no owner'];
  const qd = (i: number) => a(50 + i);
  dealQ(`how big is ${partial(qd(0))}`, qd(0), 'amount', amt);
  dealQ(`what's the amount on ${lc(qd(1).dealname)}`, qd(1), 'amount', amt);
  dealQ(`${typo(qd(2))} deal size?`, qd(2), 'amount', amt);
  dealQ(`value of ${partial(qd(3))} deal`, qd(3), 'amount', amt);
  dealQ(`what stage is ${partial(qd(4))} in`, qd(4), 'dealstage_label', stage);
  dealQ(`${qd(5).dealname}: stage?`, qd(5), 'dealstage_label', stage);
  dealQ(`where is ${typo(qd(6))} at`, qd(6), 'dealstage_label', stage);
  dealQ(`which stage is the ${noDash(qd(7))} deal`, qd(7), 'dealstage_label', stage);
  dealQ(`when does ${partial(qd(8))} close`, qd(8), 'closedate', date);
  dealQ(`close date for ${lc(qd(9).dealname)}?`, qd(9), 'closedate', date);
  dealQ(`${typo(qd(10))} expected closing date`, qd(10), 'closedate', date);
  dealQ(`when is ${partial(qd(11))} closing`, qd(11), 'closedate', date);
  dealQ(`What is the next step for ${qd(12).dealname}?`, qd(12), 'nextsteps', (d) => textStart(d.nextsteps));
  dealQ(`next steps on ${partial(qd(13))}`, qd(13), 'nextsteps', (d) => textStart(d.nextsteps));
  dealQ(`${typo(qd(14))}: next step?`, qd(14), 'nextsteps', (d) => textStart(d.nextsteps));
  dealQ(`whats next for ${partial(qd(15))}`, qd(15), 'nextsteps', (d) => textStart(d.nextsteps));
  dealQ(`${qd(16).dealname}: pain points?`, qd(16), 'painpoints', (d) => textStart(d.painpoints));
  dealQ(`what are the pain points at ${partial(qd(17))}`, qd(17), 'painpoints', (d) => textStart(d.painpoints));
  dealQ(`pain points ${typo(qd(18))}`, qd(18), 'painpoints', (d) => textStart(d.painpoints));
  dealQ(`customer pain on ${partial(qd(19))}?`, qd(19), 'painpoints', (d) => textStart(d.painpoints));
  dealQ(`who's the KDM on ${partial(qd(20))}`, qd(20), 'kdm', kdm);
  dealQ(`key decision maker for ${lc(qd(21).dealname)}?`, qd(21), 'kdm', kdm);
  dealQ(`${typo(qd(22))} decision maker`, qd(22), 'kdm', kdm);
  dealQ(`kdm ${partial(qd(23))}`, qd(23), 'kdm', kdm);
  dealQ(`who owns ${partial(qd(24))}`, qd(24), 'owner_name', owner);
  dealQ(`owner of ${qd(25).dealname}?`, qd(25), 'owner_name', owner);
  dealQ(`who is handling ${typo(qd(26))}`, qd(26), 'owner_name', owner);
  dealQ(`whose deal is ${partial(qd(27))}`, qd(27), 'owner_name', owner);
  dealQ(`summarise ${partial(qd(28))}`, qd(28), 'summary', (d) => textStart(d.summary));
  dealQ(`give me a summary of ${lc(qd(29).dealname)}`, qd(29), 'summary', (d) => textStart(d.summary));
  dealQ(`summary of ${typo(qd(30))}`, qd(30), 'summary', (d) => textStart(d.summary));
  dealQ(`${partial(qd(31))} summary pls`, qd(31), 'summary', (d) => textStart(d.summary));

  // Questions about one named account.
  const companiesSeen = [...new Set(visible.map(companyOf))].sort();
  const acct = (i: number) => companiesSeen[(i * 3) % companiesSeen.length]!;
  const accountQ = (input: string, company: string) =>
    q('q: account', input, (ans) => {
      const why: string[] = [];
      if (!lc(ans.text).includes(lc(company))) why.push(`"${company}" not named`);
      const deals = dealSources(ans);
      const cos = ans.sources.filter((x) => x.type === 'company');
      if (!deals.length && !cos.length) why.push('nothing cited');
      const foreign = deals.filter((id) => !byId.get(id) || companyOf(byId.get(id)!) !== company);
      if (foreign.length) why.push(`${foreign.length} deals of other accounts cited`);
      if (cos.some((c) => !lc(c.label).startsWith(lc(company)))) why.push('another company cited');
      return why;
    });
  const typoWord = (s: string) => {
    const [w, ...rest] = s.split(' ');
    return lc([w!.length > 5 ? w!.slice(0, 3) + w!.slice(4) : w + w!.slice(-1), ...rest].join(' '));
  };
  accountQ(`how are things with ${lc(acct(0))}`, acct(0));
  accountQ(`deals at ${acct(1)}`, acct(1));
  accountQ(`what's happening with ${typoWord(acct(2))}`, acct(2));
  accountQ(`${acct(3)} pipeline?`, acct(3));
  accountQ(`what's open with ${lc(acct(4))}`, acct(4));
  accountQ(`tell me about the ${acct(5)} account`, acct(5));
  accountQ(`how much is ${lc(acct(6))} worth to us`, acct(6));
  accountQ(`any deals with ${typoWord(acct(7))}?`, acct(7));

  // Questions about one named contact.
  for (const [i, c] of contactPool.slice(0, 6).entries()) {
    const name = `${c.firstname} ${c.lastname}`;
    const asks: [string, string[]][] = [
      [`what's ${name}'s email`, [c.email ?? '-']],
      [`phone number of ${lc(name)}`, [c.phone ?? '-', (c.phone ?? '-').replace(/^\+91 /, '')]],
      [`who is ${name}`, [c.jobtitle ?? '-', c.company]],
      [`${lc(name)} contact details`, [c.email ?? '-', c.phone ?? '-']],
      [`how do i reach ${name}`, [c.email ?? '-', c.phone ?? '-']],
      [`which company is ${lc(name)} at`, [c.company.replace(/ (Pvt Ltd|Co)$/, '')]],
    ];
    const [input, forms] = asks[i]!;
    q('q: contact', input, (ans) => {
      const why: string[] = [];
      if (!lc(ans.text).includes(lc(name))) why.push('contact not named');
      if (!containsAny(ans.text, forms)) why.push(`none of ${JSON.stringify(forms)}`);
      return why;
    });
  }

  // Filters.
  const open = () => new Set(visible.filter(isOpen).map((d) => d.deal_id));
  const where = (f: (d: TDeal) => boolean) => () => new Set(visible.filter(f).map((d) => d.deal_id));
  const noNext = where((d) => isOpen(d) && !d.nextsteps);
  listQ('deals without a next step', noNext, noNext, true);
  listQ('which of my deals have no next steps', noNext, noNext, true);
  listQ('deals missing next step?', noNext, noNext, true);
  const overdue = where((d) => isOpen(d) && !!d.closedate && d.closedate < today);
  listQ('overdue deals', overdue);
  listQ('which deals are past their close date', overdue);
  listQ('deals that should have closed already', overdue);
  listQ('deals with no activity', open, () => new Set());
  listQ('deals nobody touched in 30 days', open, () => new Set());
  const mondayNext = nextWeekday(1, TZ, NOW)[0]!;
  const nextWeek = where((d) => isOpen(d) && !!d.closedate && d.closedate >= mondayNext && d.closedate <= addDays(mondayNext, 6));
  const soon = where((d) => isOpen(d) && !!d.closedate && d.closedate > today && d.closedate <= addDays(mondayNext, 6));
  listQ('deals closing next week', soon, nextWeek);
  listQ("what's closing next week?", soon, nextWeek);
  listQ('which deals close next wk', soon, nextWeek);
  const inStage = (label: string) => where((d) => d.dealstage_label === label);
  listQ('deals in negotiation', inStage('Negotiation'));
  listQ('show deals in contract sent', inStage('Contract Sent'));
  listQ('list my proposal stage deals', inStage('Proposal'));
  listQ('my deals at decision maker bought-in', inStage('Decision Maker Bought-In'));
  const mine = where((d) => d.owner_id === people.rahul!.id);
  listQ('my deals', mine);
  listQ(
    "rahul's open deals",
    where((d) => d.owner_id === people.rahul!.id && isOpen(d)),
  );
  listQ('deals owned by rahul', mine);

  // Outside the CRM.
  outsideQ("what's the weather in mumbai today");
  outsideQ('will it rain tomorrow in bangalore');
  outsideQ('who won the 2011 cricket world cup');
  outsideQ('what is the capital of australia');
  outsideQ('write me a poem about sales');
  outsideQ('tell me a joke');
  outsideQ('how big is the Quintrex Dynamics deal', 'Quintrex Dynamics');
  outsideQ("what's happening with Zorblax Industries", 'Zorblax Industries');
  outsideQ('next step for Fabrikam Holdings?', 'Fabrikam Holdings');
  outsideQ('pain points at Hyperion Biotech', 'Hyperion Biotech');
  outsideQ('translate hello into french');
  outsideQ('who is the prime minister of india');
  outsideQ('recommend a good movie for tonight');
  outsideQ('summarise the latest news');
  outsideQ('book me a flight to delhi');
  outsideQ('what is the share price of infosys');
}

let companyRows: { id: string; name: string }[] = [];
const companyIds = (name: string) => companyRows.filter((c) => c.name === name).map((c) => c.id);
let contactPool: {
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  jobtitle: string | null;
  company: string;
}[] = [];

describe('assistant holdout (reps phrasing, demo workspace, signed in as Rahul)', () => {
  it('parses 80 commands and answers 80 questions at 90% or better overall', async () => {
    // Company ids and contacts the expectations need, then the items.
    companyRows = (await t.database.db.select({ id: companies.id, name: companies.name }).from(companies)).map((c) => ({
      id: String(c.id),
      name: c.name,
    }));
    const seenCompanies = [...new Set(visible.map((d) => d.company_name).filter((n): n is string => !!n))];
    const rows = await t.database.db
      .select({
        firstname: contacts.firstname,
        lastname: contacts.lastname,
        email: contacts.email,
        phone: contacts.phone,
        jobtitle: contacts.jobtitle,
        company: companies.name,
      })
      .from(contacts)
      .innerJoin(companies, eq(companies.id, contacts.companyId))
      .where(inArray(companies.name, seenCompanies));
    const all = await t.database.db.select({ firstname: contacts.firstname, lastname: contacts.lastname }).from(contacts);
    const count = (c: { firstname: string | null; lastname: string | null }) =>
      all.filter((x) => x.firstname === c.firstname && x.lastname === c.lastname).length;
    contactPool = rows
      .filter((c) => count(c) === 1)
      .map((c) => ({ ...c, firstname: c.firstname ?? '', lastname: c.lastname ?? '' }))
      .sort((x, y) => `${x.lastname}${x.firstname}`.localeCompare(`${y.lastname}${y.firstname}`));
    buildItems();

    for (const item of items) {
      let outcome: Outcome;
      try {
        outcome = await item.run();
      } catch (err) {
        outcome = { ok: false, got: `error: ${(err as Error).message}` };
      }
      results.push({ cls: item.cls, input: item.input, ...outcome });
    }

    const cmds = results.filter((r) => r.cls.startsWith('cmd'));
    const qs = results.filter((r) => r.cls.startsWith('q'));
    const {
      table,
      misses,
      text: report,
    } = holdoutReport(
      'Assistant holdout',
      [
        `Run ${new Date().toISOString()} (time zone ${TZ}) by apps/server/src/modules/assistant/holdout.test.ts:`,
        `${cmds.length} commands (POST /api/command/process-command, parsed_command checked) and ${qs.length} questions`,
        '(POST /api/chat/sales and /api/chat/ alternately), phrased as reps type them, over the demo workspace signed in',
        'as rahul@acme.example. Expected values come from the deals API and the contacts table, not from the assistant.',
        'The file fails only below 90% overall; every miss is listed.',
      ],
      results,
      { sortClasses: false },
    );
    console.log(`\n${table}\n\nMisses:\n${misses.join('\n')}\n`);
    // The committed report changes only on purpose: HOLDOUT_RESULTS=1 npx vitest run ... holdout.test.ts
    if (process.env.HOLDOUT_RESULTS === '1') {
      mkdirSync(dirname(REPORT), { recursive: true });
      writeFileSync(REPORT, report);
    }

    expect(results).toHaveLength(160);
    const accuracy = results.filter((r) => r.ok).length / results.length;
    expect(accuracy, `overall accuracy ${(accuracy * 100).toFixed(1)}%`).toBeGreaterThanOrEqual(0.9);
  }, 300_000);
});
