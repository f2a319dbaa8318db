import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDeal } from '@pipewise/contract/deals';
import { execute } from '../../db/client';
import { companies, contacts, pipelineStages, pipelines } from '../../db/schema';
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
 * A second holdout of the assistant, written apart from the first: 70 commands and 70 questions typed the way a
 * Mid-Market rep (Kavya) types them on a phone, and 10 questions asked by her manager (Meera). Every command is
 * confirmed with yes and the record read back through the deals API; expected values come from the deals API and
 * the tables, never from the assistant. Every miss is reported; the file fails only below 80% overall.
 */

const TZ = 'Asia/Kolkata';
const TZ_WEST = 'America/Los_Angeles';
/**
 * The one moment of the run: the demo is seeded at it, the server's clock stays on it and every expected
 * "today" is read from it, so a run that crosses a midnight (in Kolkata, Los Angeles or UTC) still agrees.
 */
const NOW = new Date();
const REPORT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../bench/results/assistant-holdout-2.md');

let t: TestApp;
let rep: TestSession;
let manager: TestSession;
const people: Record<string, { id: string; email: string; name: string }> = {};

type Outcome = { ok: boolean; got: string; input: string };
type Item = { cls: string; run: () => Promise<Outcome> };
const items: Item[] = [];
const results: HoldoutResult[] = [];

// ---------- helpers ----------

/** End of this month in the caller's zone. */
function endOfMonth(tz = TZ): string {
  const [y, m] = todayIn(tz, NOW).split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** A figure of money in the text (₹ 4,20,000, Rs 3 lakh, 1.2 cr, 420000): an outside answer must hold none. */
const MONEY = /₹\s?\d|\brs\.?\s?\d|\binr\s?\d|\d(\.\d+)?\s?(lakh|lac|crore|cr)\b|\d{1,3}(,\d{2,3}){2,}|\b\d{5,}\b/i;

// ---------- API ----------

let api: HoldoutApi;
type Answer = HoldoutAnswer;

// ---------- what the callers see ----------

let visible: TDeal[] = [];
let teamDeals: TDeal[] = [];
let allDeals: TDeal[] = [];
const byId = new Map<string, TDeal>();
const CLOSED = /^(Closed|Renewed|Churned)/;
const isOpen = (d: TDeal) => !CLOSED.test(d.dealstage_label);
/** Stage ids to labels, and pipeline labels to their stage labels. */
const stageLabel = new Map<string, string>();
const pipelineLabel = new Map<string, string>();
const stagesOf = new Map<string, string[]>();

const companyOf = (d: TDeal) => d.dealname.split(' - ')[0]!;
const productOf = (d: TDeal) => d.dealname.split(' - ')[1] ?? '';
/** A rep's short form: the company's first word and the product's last word ("ganga rollout", "vindhya add-on"). */
const shortName = (d: TDeal) => lc(`${companyOf(d).split(' ')[0]} ${productOf(d).split(' ').slice(-1)[0]}`);
/** Thumb typo: two letters of the company's first word swapped, the rest lower case, no dash. */
function swapTypo(d: TDeal): string {
  const [first, ...rest] = companyOf(d).split(' ');
  const w = first!.length > 4 ? first!.slice(0, 2) + first![3] + first![2] + first!.slice(4) : first!;
  return lc([w, ...rest].join(' ') + ' ' + productOf(d));
}
/** Company without its suffix word and the product: "kaveri foods field force app". */
const loose = (d: TDeal) => lc(`${companyOf(d)} ${productOf(d)}`);

function uniquePools(deals: TDeal[]) {
  const nameCount = new Map<string, number>();
  for (const d of deals) nameCount.set(d.dealname, (nameCount.get(d.dealname) ?? 0) + 1);
  const shortUnique = (d: TDeal) => {
    const tokens = shortName(d).split(' ');
    return deals.filter((x) => tokens.every((tk) => lc(x.dealname).includes(tk))).length === 1;
  };
  return deals
    .filter((d) => nameCount.get(d.dealname) === 1 && shortUnique(d) && isOpen(d) && d.closedate)
    .sort((a, b) => Number(a.deal_id) - Number(b.deal_id));
}

// ---------- commands ----------

type Props = Record<string, unknown>;
type Expect = {
  operation: 'create' | 'update';
  object_type: 'deal' | 'company' | 'contact';
  deal?: TDeal;
  identifier?: string | string[];
  props: Props;
};
function valueMatches(key: string, got: unknown, want: unknown): boolean {
  if (got === undefined || got === null) return false;
  if (key === 'amount') return Number(got) === Number(want);
  if (key === 'closedate') return (Array.isArray(want) ? want : [want]).includes(String(got).slice(0, 10));
  if (key === 'dealstage') return norm(got) === norm(want) || norm(stageLabel.get(String(got))) === norm(want);
  if (key === 'pipeline') return norm(got) === norm(want) || norm(pipelineLabel.get(String(got))) === norm(want);
  if (key === 'dealowner') {
    const p = people[want as string]!;
    return [p.id, p.email, p.name].some((v) => norm(v) === norm(got));
  }
  if (key === 'phone') return String(got).replace(/\D/g, '').endsWith(String(want).replace(/\D/g, '').slice(-10));
  if (Array.isArray(want)) return want.some((w) => norm(w) === norm(got));
  return norm(got) === norm(want);
}
/** The deal as stored has the value (read back through the deals API after yes). */
function storedMatches(d: TDeal, key: string, want: unknown): boolean {
  switch (key) {
    case 'amount':
      return Number(d.amount) === Number(want);
    case 'dealstage':
      return norm(d.dealstage_label) === norm(want);
    case 'pipeline':
      return norm(d.pipeline_label) === norm(want);
    case 'closedate':
      return (Array.isArray(want) ? want : [want]).includes(String(d.closedate).slice(0, 10));
    case 'dealowner':
      return d.owner_id === people[want as string]!.id;
    default:
      return norm((d as unknown as Record<string, unknown>)[key]) === norm(want);
  }
}
const DERIVED = new Set(['pipeline', 'dealname', 'name', 'firstname', 'lastname']);

function cmd(cls: string, make: () => Promise<{ input: string; exp: Expect; tz?: string }>) {
  items.push({
    cls,
    run: async () => {
      const { input, exp, tz } = await make();
      const body = await api.command(rep, input, tz);
      const pc = body.data?.parsed_command;
      const why: string[] = [];
      if (!pc) return { input, ok: false, got: `${body.status}: ${short(body.message ?? '')}` };
      if (pc.operation !== exp.operation) why.push(`operation ${pc.operation}`);
      if (pc.object_type !== exp.object_type) why.push(`object ${pc.object_type}`);
      const pending = body.data.pending_operation;
      if (exp.deal) {
        if (norm(pc.identifier) !== norm(exp.deal.dealname)) why.push(`identifier "${pc.identifier}"`);
        if (pending?.record_id !== exp.deal.deal_id) why.push(`record ${pending?.record_id ?? 'none'} (want ${exp.deal.dealname})`);
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
      if (body.status !== 'confirm' || !pending) why.push(`status ${body.status}`);
      // Yes: only when what was parsed is right, so a wrong write never lands in later items' data.
      if (why.length === 0 && pending) {
        const done = await api.confirm(rep, pending.id);
        if (done.status !== 200 || !done.data) why.push(`yes → HTTP ${done.status} ${short(done.text, 80)}`);
        else if (exp.object_type === 'deal') {
          const stored = await api.getDeal(rep, exp.deal?.deal_id ?? done.data.id);
          if (!stored?.deal_id) why.push('deal not readable after yes');
          else {
            if (!exp.deal && !valueMatches('dealname', stored.dealname, exp.identifier)) why.push(`stored name "${stored.dealname}"`);
            for (const [k, v] of Object.entries(exp.props)) {
              if (!storedMatches(stored, k, v)) why.push(`after yes ${k} is ${JSON.stringify((stored as Record<string, unknown>)[k])}`);
            }
          }
        } else {
          const values = Object.values(done.data.properties).map(norm);
          for (const [k, v] of Object.entries(exp.props)) {
            if (k === 'company') continue;
            const wants = (Array.isArray(v) ? v : [v]).map(norm);
            const ok = k === 'phone' ? valueMatches('phone', done.data.properties.phone, v) : values.some((x) => wants.includes(x));
            if (!ok) why.push(`after yes no ${k} ${JSON.stringify(v)}`);
          }
        }
      }
      return {
        input,
        ok: why.length === 0,
        got: `${why.length ? why.join('; ') : 'ok'} | ${body.status}: ${short(body.message ?? '', 120)}`,
      };
    },
  });
}

// ---------- questions ----------

const CANT = new RegExp(
  "can(['’]?t| ?not)|could ?n['’]?o?t|unable|not able|only (answer|help)|don['’]?t (have|know)|" +
    'no (account|deal|company|record|contact)|outside|not find|no .*named|i (help|answer) with',
  'i',
);
/** An answer that there are no such deals. */
const NONE = /could not find any|couldn['’]t find any|no (open )?deals|there are no|none of|\b0 deals/i;
const dealSources = (a: Answer) => a.sources.filter((x) => x.type === 'deal').map((x) => x.id);
function q(cls: string, input: string, check: (a: Answer) => string[] | Promise<string[]>, who: TestSession = rep) {
  items.push({
    cls,
    run: async () => {
      const a = await api.ask(who, input);
      const why = await check(a);
      const got = `[${a.route}] ${short(a.text)} (sources: ${a.sources.length})`;
      return { input, ok: why.length === 0, got: `${why.length ? why.join('; ') : 'ok'} | ${got}` };
    },
  });
}
function dealQ(input: string, d: TDeal, field: keyof TDeal, forms: (fresh: TDeal) => string[], cls = 'q: one deal', who = rep) {
  q(
    cls,
    input,
    async (a) => {
      const fresh = await api.getDeal(who, d.deal_id);
      const why: string[] = [];
      const src = a.sources.find((x) => x.type === 'deal' && x.id === d.deal_id);
      if (!src || !src.url) why.push(src ? 'deal not linked (no url)' : 'deal not in sources');
      if (!lc(a.text).includes(lc(fresh.dealname)) && !lc(a.text).includes(lc(companyOf(fresh)))) why.push('deal not named');
      if (!containsAny(a.text, forms(fresh))) why.push(`${String(field)} "${short(String(fresh[field]), 50)}" missing`);
      const others = dealSources(a).filter((id) => id !== d.deal_id);
      if (others.length > 2) why.push(`${others.length} other deals cited`);
      return why;
    },
    who,
  );
}
const textStart = (s: string | null) => [String(s ?? '').slice(0, 40)];
function listQ(input: string, allowed: () => Set<string>, want: () => Set<string> = allowed, exact = false, cls = 'q: filter', who = rep) {
  q(
    cls,
    input,
    (a) => {
      const why: string[] = [];
      const cited = dealSources(a);
      const bad = cited.filter((id) => !allowed().has(id));
      if (bad.length) why.push(`${bad.length} of ${cited.length} cited deals do not match (e.g. ${byId.get(bad[0]!)?.dealname ?? bad[0]})`);
      if (want().size > 0 && cited.length === 0) why.push(`no deal cited (want ${want().size})`);
      if (want().size === 0 && cited.length === 0 && !NONE.test(a.text)) why.push('neither deals nor a "none" answer');
      if (exact && [...want()].some((id) => !cited.includes(id))) why.push(`missed some of ${want().size} expected`);
      return why;
    },
    who,
  );
}
function outsideQ(input: string, madeUp?: string, cls = 'q: outside', who = rep, seen: () => TDeal[] = () => visible) {
  q(
    cls,
    input,
    (a) => {
      const why: string[] = [];
      if (dealSources(a).length) why.push(`${dealSources(a).length} deals cited`);
      if (seen().some((d) => a.text.includes(d.dealname))) why.push('names a deal');
      if (MONEY.test(a.text)) why.push(`a figure: "${a.text.match(MONEY)![0]}"`);
      if (!CANT.test(a.text)) why.push("no can't-style sentence");
      if (a.text.length > 500) why.push(`long (${a.text.length} chars)`);
      if (
        madeUp &&
        !lc(a.text).includes(lc(madeUp)) &&
        !/could not find|couldn['’]t find|no (account|company|deal|contact)/i.test(a.text)
      ) {
        why.push('does not say the name is unknown');
      }
      return why;
    },
    who,
  );
}

// ---------- the run ----------

beforeAll(async () => {
  t = await createTestApp({ seed: true, seededAt: NOW, now: () => NOW });
  api = holdoutApi(t, { tz: TZ, firstAsk: 'panel' });
  rep = await signIn(t.database.db, 'kavya@acme.example');
  manager = await signIn(t.database.db, 'meera@acme.example');
  for (const [key, email] of [
    ['kavya', 'kavya@acme.example'],
    ['meera', 'meera@acme.example'],
    ['rohan', 'rohan@acme.example'],
    ['sneha', 'sneha@acme.example'],
  ] as const) {
    const u = await findUser(t.database.db, email);
    const name = `${key[0]!.toUpperCase()}${key.slice(1)}`;
    people[key] = { id: u.id, email, name };
  }
  const stageRows = await t.database.db
    .select({ id: pipelineStages.id, label: pipelineStages.label, pid: pipelines.id, pipeline: pipelines.label })
    .from(pipelineStages)
    .innerJoin(pipelines, eq(pipelines.id, pipelineStages.pipelineId))
    .where(eq(pipelines.organizationId, rep.organizationId));
  for (const s of stageRows) {
    stageLabel.set(String(s.id), s.label);
    pipelineLabel.set(String(s.pid), s.pipeline);
    stagesOf.set(s.pipeline, [...(stagesOf.get(s.pipeline) ?? []), s.label]);
  }
  visible = await api.dealsOf(rep);
  // Two open deals lose their next step and one its close date moves into the past, so the filters have answers.
  const open = visible.filter(isOpen).sort((a, b) => Number(b.deal_id) - Number(a.deal_id));
  const noNext = open.slice(0, 2);
  await execute(
    t.database.db,
    sql`update deals set nextsteps = null where id in (${sql.join(
      noNext.map((d) => sql`${Number(d.deal_id)}`),
      sql`, `,
    )})`,
  );
  visible = await api.dealsOf(rep);
  teamDeals = await api.dealsOf(manager);
  const asha = await signIn(t.database.db, 'asha@acme.example');
  allDeals = await api.dealsOf(asha);
  for (const d of [...allDeals, ...teamDeals, ...visible]) byId.set(d.deal_id, d);
}, 120_000);
afterAll(() => t?.close());

let companyRows: { id: string; name: string }[] = [];
let contactPool: {
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  jobtitle: string | null;
  company: string;
}[] = [];

function buildItems() {
  const pool = uniquePools(visible);
  console.log(`pool: ${pool.length} deals (of ${visible.length} the rep sees, ${teamDeals.length} the manager sees)`);
  const at = (i: number) => pool[i % pool.length]!;
  const inPipe = (p: string) => pool.filter((d) => d.pipeline_label === p);
  const pick = (p: string, i: number) => {
    const xs = inPipe(p);
    return xs.length ? xs[i % xs.length]! : at(i);
  };
  const today = todayIn(TZ, NOW);
  /** Reads the deal again when the item runs: earlier items may have moved it. */
  const fresh = (d: TDeal) => api.getDeal(rep, d.deal_id);
  /** A stage of the deal's pipeline other than its current one, the first of `prefer` that fits. */
  const otherStage = (d: TDeal, prefer: string[]) =>
    prefer.find((s) => (stagesOf.get(d.pipeline_label) ?? []).includes(s) && s !== d.dealstage_label) ??
    (stagesOf.get(d.pipeline_label) ?? []).find((s) => s !== d.dealstage_label && !CLOSED.test(s))!;
  const up = (d: TDeal, props: Props): Expect => ({ operation: 'update', object_type: 'deal', deal: d, props });
  const mk = (identifier: string | string[], props: Props, object_type: Expect['object_type'] = 'deal'): Expect => ({
    operation: 'create',
    object_type,
    identifier,
    props,
  });
  const U = (cls: string, base: TDeal, f: (d: TDeal) => [string, Props], tz?: string) =>
    cmd(cls, async () => {
      const d = await fresh(base);
      const [input, props] = f(d);
      return { input, exp: up(d, props), tz };
    });
  const C = (cls: string, input: string, exp: Expect) => cmd(cls, async () => ({ input, exp }));

  // ---- Commands: two changes in one message (14).
  const two = 'cmd: two changes';
  const sp = (i: number) => pick('Sales Pipeline', i);
  const ep = (i: number) => pick('Enterprise', i);
  const rp = (i: number) => pick('Renewals', i);
  U(two, sp(0), (d) => {
    const st = otherStage(d, ['Contract Sent', 'Presentation Scheduled']);
    return [`update ${shortName(d)} amt rs 80k and stage ${lc(st)}`, { amount: 80000, dealstage: st }];
  });
  U(two, ep(0), (d) => {
    const st = otherStage(d, ['Negotiation', 'Proposal']);
    return [`update ${loose(d)} - stage to ${lc(st)} and value 3.5L`, { dealstage: st, amount: 350000 }];
  });
  U(two, rp(0), (d) => {
    const st = otherStage(d, ['Renewal Sent', 'In Conversation']);
    return [
      `update ${lc(d.dealname)} stage ${lc(st)} & close date ${addDays(today, 20)}`,
      { dealstage: st, closedate: addDays(today, 20) },
    ];
  });
  U(two, at(1), (d) => [
    `update ${shortName(d)} next step get po from procurement and amount 2,50,000`,
    { nextsteps: 'get po from procurement', amount: 250000 },
  ]);
  U(two, at(2), (d) => [
    `update ${swapTypo(d)} set close date to 30 jun 2027 and amount to ₹1.2 cr`,
    { closedate: '2027-06-30', amount: 12000000 },
  ]);
  U(two, sp(1), (d) => {
    const st = otherStage(d, ['Qualified to Buy', 'Appointment Scheduled']);
    return [`update ${d.dealname} set stage to ${st}, close date to next tuesday`, { dealstage: st, closedate: nextWeekday(2, TZ, NOW) }];
  });
  U(two, at(3), (d) => [
    `update ${shortName(d)} amount 75 thousand and next step demo to plant heads`,
    { amount: 75000, nextsteps: 'demo to plant heads' },
  ]);
  U(two, ep(1), (d) => [
    `update ${loose(d)} set kdm to Ritu Menon (COO) and amount to 1.5 million`,
    { kdm: 'Ritu Menon (COO)', amount: 1500000 },
  ]);
  U(two, at(4), (d) => {
    const target = d.pipeline_label === 'Renewals' ? 'Enterprise' : 'Renewals';
    const st = target === 'Renewals' ? 'In Conversation' : 'Solution Design';
    return [`update ${lc(d.dealname)} set pipeline to ${lc(target)} and stage to ${lc(st)}`, { pipeline: target, dealstage: st }];
  });
  U(two, at(5), (d) => [
    `update ${shortName(d)} pain points no tracking of dealer stock and amount 6 lakh`,
    { painpoints: 'no tracking of dealer stock', amount: 600000 },
  ]);
  U(two, sp(2), (d) => {
    const st = otherStage(d, ['Presentation Scheduled', 'Contract Sent']);
    return [`update ${swapTypo(d)} stage ${lc(st)} and closing date end of month`, { dealstage: st, closedate: endOfMonth() }];
  });
  U(two, at(6), (d) => [`update ${d.dealname} amount 95,000 and close date 15/03/2027`, { amount: 95000, closedate: '2027-03-15' }]);
  U(two, ep(2), (d) => {
    const st = otherStage(d, ['Legal Review', 'Negotiation']);
    return [
      `update ${shortName(d)} stage ${st} and next step legal to send redlines`,
      { dealstage: st, nextsteps: 'legal to send redlines' },
    ];
  });
  U(two, at(7), (d) => [
    `update ${loose(d)} amount 4.2 lakhs, next steps call cfo thursday`,
    { amount: 420000, nextsteps: 'call cfo thursday' },
  ]);

  // ---- Commands: values that hold field words (10).
  const fw = 'cmd: values with field words';
  U(fw, sp(3), (d) => [`update ${shortName(d)} stage decision maker bought in`, { dealstage: 'Decision Maker Bought-In' }]);
  U(fw, sp(4), (d) => [
    `update ${lc(d.dealname)} move it to decision maker bought-in and amount 1 lakh`,
    { dealstage: 'Decision Maker Bought-In', amount: 100000 },
  ]);
  U(fw, sp(5), (d) => [`update ${swapTypo(d)} stage closed lost`, { dealstage: 'Closed Lost' }]);
  U(fw, sp(6), (d) => {
    const st = otherStage(d, ['Qualified to Buy', 'Decision Maker Bought-In']);
    return [`update ${shortName(d)} stage to ${lc(st)}`, { dealstage: st }];
  });
  U(fw, at(8), (d) => [
    `update ${loose(d)} next step send pricing and close date to finance`,
    { nextsteps: 'send pricing and close date to finance' },
  ]);
  U(fw, rp(1), (d) => {
    const st = otherStage(d, ['Renewal Sent', 'In Conversation']);
    return [`update ${shortName(d)} stage ${lc(st)}`, { dealstage: st }];
  });
  U(fw, at(9), (d) => [`update ${lc(d.dealname)} kdm Farah Khan (Head of Procurement)`, { kdm: 'Farah Khan (Head of Procurement)' }]);
  U(fw, ep(3), (d) => [
    `update ${shortName(d)} in pipeline sales pipeline with stage contract sent`,
    { pipeline: 'Sales Pipeline', dealstage: 'Contract Sent' },
  ]);
  U(fw, at(10), (d) => [
    `update ${loose(d)} pain points owner of each lead is unclear, stage changes not tracked`,
    { painpoints: 'owner of each lead is unclear, stage changes not tracked' },
  ]);
  C(
    fw,
    'create deal tapti cotton mills loom sensors pipeline sales pipeline stage presentation scheduled amount 2.5 lakh',
    mk('tapti cotton mills loom sensors', { pipeline: 'Sales Pipeline', dealstage: 'Presentation Scheduled', amount: 250000 }),
  );

  // ---- Commands: amounts (16).
  const am = 'cmd: amounts';
  const amounts: [string, number][] = [
    ['Rs 80k', 80000],
    ['₹1.2 cr', 12000000],
    ['2,50,000', 250000],
    ['3.5L', 350000],
    ['75 thousand', 75000],
    ['1.5 million', 1500000],
    ['rs 65,000', 65000],
    ['₹ 9.5 lakh', 950000],
    ['1.75 crore', 17500000],
    ['40K', 40000],
    ['Rs.1,10,000/-', 110000],
    ['2 lacs', 200000],
    ['INR 350000', 350000],
    ['0.5 cr', 5000000],
    ['8 lakh rupees', 800000],
    ['₹12,50,000', 1250000],
  ];
  const verbs = ['amt', 'amount is', 'deal size', 'change amount to', 'value to', 'amount ='];
  amounts.forEach(([text, n], i) => {
    U(am, at(11 + i), (d) => {
      const name = i % 3 === 0 ? shortName(d) : i % 3 === 1 ? loose(d) : swapTypo(d);
      return [`update ${name} ${verbs[i % verbs.length]} ${text}`, { amount: n }];
    });
  });

  // ---- Commands: partial and misspelt names, one field (10).
  const pn = 'cmd: partial/misspelt names';
  U(pn, at(27), (d) => [`update ${shortName(d)} nxt step whatsapp the champion`, { nextsteps: 'whatsapp the champion' }]);
  U(pn, at(28), (d) => [`update ${swapTypo(d)} next steps - share case study`, { nextsteps: 'share case study' }]);
  U(pn, at(29), (d) => [`update ${companyOf(d).split(' ')[0]!.toLowerCase()} ${lc(productOf(d))} amount 3 lakh`, { amount: 300000 }]);
  U(pn, at(30), (d) => [
    `update ${shortName(d)} summary budget approved, waiting on legal`,
    { summary: 'budget approved, waiting on legal' },
  ]);
  U(pn, at(31), (d) => [`update ${swapTypo(d)} kdm Gaurav Joshi`, { kdm: 'Gaurav Joshi' }]);
  U(pn, at(32), (d) => [`update the ${shortName(d)} deal close date 2027-04-30`, { closedate: '2027-04-30' }]);
  U(pn, at(33), (d) => [`update ${loose(d)} painpoints: manual quotes take 2 days`, { painpoints: 'manual quotes take 2 days' }]);
  U(pn, at(34), (d) => [`update ${swapTypo(d)} amount 7 lakh`, { amount: 700000 }]);
  U(pn, at(35), (d) => [
    `update ${shortName(d)} stage ${lc(otherStage(d, ['Proposal', 'Upcoming', 'Qualified to Buy']))}`,
    {
      dealstage: otherStage(d, ['Proposal', 'Upcoming', 'Qualified to Buy']),
    },
  ]);
  U(pn, at(36), (d) => [
    `update deal ${shortName(d)} next step: book site visit, confirm headcount`,
    {
      nextsteps: 'book site visit, confirm headcount',
    },
  ]);

  // ---- Commands: close dates in the caller's time zone (10).
  const cd = 'cmd: close dates';
  U(cd, at(37), (d) => [`update ${shortName(d)} close date tmrw`, { closedate: addDays(today, 1) }]);
  U(cd, at(38), (d) => [`update ${loose(d)} closing date day after tomorrow`, { closedate: addDays(today, 2) }]);
  U(cd, at(39), (d) => [`update ${swapTypo(d)} close date next thursday`, { closedate: nextWeekday(4, TZ, NOW) }]);
  U(cd, at(40), (d) => [`update ${shortName(d)} push close to 28 feb 2027`, { closedate: '2027-02-28' }]);
  U(cd, at(41), (d) => [`update ${lc(d.dealname)} close date in 2 weeks`, { closedate: addDays(today, 14) }]);
  U(cd, at(42), (d) => [`update ${shortName(d)} close date 05-01-2027`, { closedate: ['2027-01-05', '2027-05-01'] }]);
  U(cd, at(43), (d) => [`update ${loose(d)} close date end of this month`, { closedate: endOfMonth() }]);
  U(cd, at(44), (d) => [`update ${shortName(d)} close date today`, { closedate: todayIn(TZ_WEST, NOW) }], TZ_WEST);
  U(cd, at(45), (d) => [`update ${swapTypo(d)} close date tomorrow`, { closedate: addDays(todayIn(TZ_WEST, NOW), 1) }], TZ_WEST);
  U(cd, at(46), (d) => [`update ${shortName(d)} close date next monday`, { closedate: nextWeekday(1, TZ_WEST, NOW) }], TZ_WEST);

  // ---- Commands: creates (10).
  const cr = 'cmd: creates';
  C(cr, 'create deal rann salt works dispatch tracker amt 3.5L', mk('rann salt works dispatch tracker', { amount: 350000 }));
  C(
    cr,
    'create deal Mandovi Media ad ops suite amount ₹1.2 cr stage proposal',
    mk('Mandovi Media ad ops suite', { amount: 12000000, dealstage: 'Proposal' }),
  );
  C(
    cr,
    'create deal krishna electricals service desk 75 thousand stage appointment scheduled close date 2027-01-31',
    mk('krishna electricals service desk', { amount: 75000, dealstage: 'Appointment Scheduled', closedate: '2027-01-31' }),
  );
  C(
    cr,
    'create deal shivalik packaging reorder bot with amount 2,50,000 pipeline renewals stage upcoming',
    mk('shivalik packaging reorder bot', { amount: 250000, pipeline: 'Renewals', dealstage: 'Upcoming' }),
  );
  C(
    cr,
    'create deal Doon Organics farm app amount 1.5 million close date next friday',
    mk('Doon Organics farm app', { amount: 1500000, closedate: nextWeekday(5, TZ, NOW) }),
  );
  C(
    cr,
    'create company Palm Grove Resorts domain palmgrove.example city Alleppey',
    mk(['Palm Grove Resorts', 'palmgrove.example'], { domain: 'palmgrove.example', city: 'Alleppey' }, 'company'),
  );
  C(cr, 'create company vidarbha cotton traders industry textiles', mk('vidarbha cotton traders', { industry: 'textiles' }, 'company'));
  C(
    cr,
    'create contact nisha pillai email nisha.pillai@palmgrove.example job title GM Sales',
    mk(['nisha pillai', 'nisha.pillai@palmgrove.example'], { email: 'nisha.pillai@palmgrove.example', jobtitle: 'GM Sales' }, 'contact'),
  );
  C(
    cr,
    'create contact Rajesh Kulkarni phone 98201 55443 email rajesh.k@example.com',
    mk(['Rajesh Kulkarni', 'rajesh.k@example.com'], { phone: '9820155443', email: 'rajesh.k@example.com' }, 'contact'),
  );
  const co = [...new Set(visible.map((d) => d.company_name).filter((n): n is string => !!n))].sort()[2]!;
  C(
    cr,
    `create contact tanvi desai, title purchase manager, company ${lc(co.replace(/ (Pvt Ltd|Co)$/, ''))}`,
    mk(
      'tanvi desai',
      { jobtitle: 'purchase manager', company: [co, ...companyRows.filter((c) => c.name === co).map((c) => c.id)] },
      'contact',
    ),
  );

  // ---- Questions about one named deal (24).
  const amt = (d: TDeal) => amountForms(Number(d.amount));
  const date = (d: TDeal) => dateForms(d.closedate ?? 'none');
  const stage = (d: TDeal) => [d.dealstage_label];
  const kdm = (d: TDeal) => [String(d.kdm ?? '').split(' (')[0]!];
  const owner = (d: TDeal) => [d.owner_name ?? 'no owner', (d.owner_name ?? 'no owner').split(' ')[0]!];
  const qd = (i: number) => at(60 + i);
  dealQ(`${shortName(qd(0))} how much`, qd(0), 'amount', amt);
  dealQ(`whats the deal value for ${loose(qd(1))}`, qd(1), 'amount', amt);
  dealQ(`amt on ${swapTypo(qd(2))}??`, qd(2), 'amount', amt);
  dealQ(`tell me the size of ${qd(3).dealname}`, qd(3), 'amount', amt);
  dealQ(`stage of ${shortName(qd(4))}`, qd(4), 'dealstage_label', stage);
  dealQ(`${loose(qd(5))} which stage`, qd(5), 'dealstage_label', stage);
  dealQ(`is ${swapTypo(qd(6))} still in the same stage`, qd(6), 'dealstage_label', stage);
  dealQ(`closing date ${shortName(qd(7))}`, qd(7), 'closedate', date);
  dealQ(`${lc(qd(8).dealname)} - when r we closing`, qd(8), 'closedate', date);
  dealQ(`expected close of ${swapTypo(qd(9))}`, qd(9), 'closedate', date);
  dealQ(`nxt step ${shortName(qd(10))}`, qd(10), 'nextsteps', (d) => textStart(d.nextsteps));
  dealQ(`what do i do next on ${loose(qd(11))}`, qd(11), 'nextsteps', (d) => textStart(d.nextsteps));
  dealQ(`tell me the next action for ${qd(12).dealname}`, qd(12), 'nextsteps', (d) => textStart(d.nextsteps));
  dealQ(`${shortName(qd(13))} pain`, qd(13), 'painpoints', (d) => textStart(d.painpoints));
  dealQ(`what problems does ${loose(qd(14))} solve for them`, qd(14), 'painpoints', (d) => textStart(d.painpoints));
  dealQ(`pain pts for ${swapTypo(qd(15))}`, qd(15), 'painpoints', (d) => textStart(d.painpoints));
  dealQ(`decision maker on ${shortName(qd(16))}?`, qd(16), 'kdm', kdm);
  dealQ(`${loose(qd(17))} kdm pls`, qd(17), 'kdm', kdm);
  dealQ(`who signs off on ${swapTypo(qd(18))}`, qd(18), 'kdm', kdm);
  dealQ(`${shortName(qd(19))} owner`, qd(19), 'owner_name', owner);
  dealQ(`who is the rep on ${loose(qd(20))}`, qd(20), 'owner_name', owner);
  dealQ(`quick summary ${shortName(qd(21))}`, qd(21), 'summary', (d) => textStart(d.summary));
  dealQ(`brief me on ${swapTypo(qd(22))}`, qd(22), 'summary', (d) => textStart(d.summary));
  dealQ(`where do we stand on ${lc(qd(23).dealname)}`, qd(23), 'summary', (d) => textStart(d.summary));

  // ---- Questions about one named account (6) and contact (5).
  const companiesSeen = [...new Set(visible.map(companyOf))].sort();
  const acct = (i: number) => companiesSeen[(i * 2 + 1) % companiesSeen.length]!;
  const accountQ = (input: string, company: string) =>
    q('q: account', input, (ans) => {
      const why: string[] = [];
      if (!lc(ans.text).includes(lc(company))) why.push(`"${company}" not named`);
      const deals = dealSources(ans);
      const cos = ans.sources.filter((x) => x.type === 'company');
      if (!deals.length && !cos.length) why.push('nothing cited');
      const foreign = deals.filter((id) => !byId.get(id) || companyOf(byId.get(id)!) !== company);
      if (foreign.length) why.push(`${foreign.length} deals of other accounts cited`);
      const notMine = deals.filter((id) => !visible.some((d) => d.deal_id === id));
      if (notMine.length) why.push(`${notMine.length} deals the rep cannot see cited`);
      return why;
    });
  const swapWord = (s: string) => {
    const [w, ...rest] = s.split(' ');
    return lc([w!.length > 4 ? w!.slice(0, 2) + w![3] + w![2] + w!.slice(4) : w!, ...rest].join(' '));
  };
  accountQ(`${lc(acct(0))} status`, acct(0));
  accountQ(`what deals do we have with ${lc(acct(1).split(' ')[0]!)}`, acct(1));
  accountQ(`update on ${swapWord(acct(2))}`, acct(2));
  accountQ(`how much pipeline at ${acct(3)}`, acct(3));
  accountQ(`show me the ${lc(acct(4))} account`, acct(4));
  accountQ(`anything open at ${lc(acct(5))}?`, acct(5));

  for (const [i, c] of contactPool.slice(0, 5).entries()) {
    const name = `${c.firstname} ${c.lastname}`;
    const asks: [string, string[]][] = [
      [`email id of ${lc(name)}`, [c.email ?? '-']],
      [`${lc(name)} number`, [c.phone ?? '-', (c.phone ?? '-').replace(/^\+91 /, '')]],
      [`what does ${name} do`, [c.jobtitle ?? '-']],
      [`where does ${lc(name)} work`, [c.company.replace(/ (Pvt Ltd|Co)$/, '')]],
      [`need ${lc(c.firstname)} ${lc(c.lastname)}'s phone`, [c.phone ?? '-', (c.phone ?? '-').replace(/^\+91 /, '')]],
    ];
    const [input, forms] = asks[i]!;
    q('q: contact', input, (ans) => {
      const why: string[] = [];
      if (!lc(ans.text).includes(lc(name))) why.push('contact not named');
      if (!containsAny(ans.text, forms)) why.push(`none of ${JSON.stringify(forms)}`);
      return why;
    });
  }

  // ---- Filters (20).
  const where =
    (f: (d: TDeal) => boolean, deals: () => TDeal[] = () => visible) =>
    () =>
      new Set(
        deals()
          .filter(f)
          .map((d) => d.deal_id),
      );
  const open = where(isOpen);
  const noNext = where((d) => isOpen(d) && !d.nextsteps);
  listQ('which deals dont have next steps', noNext, noNext, true);
  listQ('deals with no next step set', noNext, noNext, true);
  listQ('show me deals where next step is empty', noNext, noNext, true);
  const overdue = where((d) => isOpen(d) && !!d.closedate && d.closedate < today);
  listQ('my overdue deals', overdue);
  listQ('deals past close date still open', overdue);
  listQ('which deals slipped', overdue);
  listQ('deals with no recent activity', open, () => new Set());
  listQ('which deals have gone cold', open, () => new Set());
  const mon = nextWeekday(1, TZ, NOW)[0]!;
  const nextWeek = where((d) => isOpen(d) && !!d.closedate && d.closedate >= mon && d.closedate <= addDays(mon, 6));
  const soon = where((d) => isOpen(d) && !!d.closedate && d.closedate > today && d.closedate <= addDays(mon, 6));
  listQ('deals expected to close next week', soon, nextWeek);
  listQ('anything closing nxt week', soon, nextWeek);
  listQ('next week closings', soon, nextWeek);
  const inStage = (label: string) => where((d) => d.dealstage_label === label);
  listQ('deals in discovery', inStage('Discovery'));
  listQ('what is in legal review', inStage('Legal Review'));
  listQ('deals at presentation scheduled stage', inStage('Presentation Scheduled'));
  listQ('decision maker bought in deals', inStage('Decision Maker Bought-In'));
  listQ('renewal sent deals', inStage('Renewal Sent'));
  const mine = where((d) => d.owner_id === people.kavya!.id);
  listQ('deals owned by me', mine);
  listQ("kavya's deals", mine);
  listQ(
    'list all my open opportunities',
    where((d) => d.owner_id === people.kavya!.id && isOpen(d)),
  );
  listQ(
    'my deals in the enterprise pipeline',
    where((d) => d.owner_id === people.kavya!.id && d.pipeline_label === 'Enterprise'),
  );

  // ---- Outside the CRM (15).
  outsideQ('weather in pune tmrw');
  outsideQ('is it going to be hot in chennai this weekend');
  outsideQ('who wrote the ramayana');
  outsideQ('how many states in india');
  outsideQ('what is the gdp of india');
  outsideQ('convert 100 usd to inr');
  outsideQ('write a short poem for my team');
  outsideQ('compose a haiku about closing deals');
  outsideQ('how big is the Veltrona Systems deal', 'Veltrona Systems');
  outsideQ('kdm at Quasarine Pharma?', 'Quasarine Pharma');
  outsideQ('whats the status of Brightwater Logistics', 'Brightwater Logistics');
  outsideQ('next step for Omnicorp Kerala', 'Omnicorp Kerala');
  outsideQ('best restaurant near bandra');
  outsideQ('what time is the ipl final');
  outsideQ('send an email to my wife');

  // ---- The same kinds of question from the manager (10), over her team's deals.
  const mg = 'q: manager';
  const team = uniquePools(teamDeals).filter((d) => d.owner_id !== people.kavya!.id && d.owner_id !== people.meera!.id);
  const tm = (i: number) => team[i % team.length]!;
  dealQ(`how big is ${shortName(tm(0))}`, tm(0), 'amount', amt, mg, manager);
  dealQ(`${loose(tm(1))} stage?`, tm(1), 'dealstage_label', stage, mg, manager);
  dealQ(`who owns ${swapTypo(tm(2))}`, tm(2), 'owner_name', owner, mg, manager);
  dealQ(`next step on ${shortName(tm(3))}`, tm(3), 'nextsteps', (d) => textStart(d.nextsteps), mg, manager);
  const teamWhere = (f: (d: TDeal) => boolean) => where(f, () => teamDeals);
  listQ(
    "rohan's deals",
    teamWhere((d) => d.owner_id === people.rohan!.id),
    undefined,
    false,
    mg,
    manager,
  );
  listQ(
    'deals owned by sneha in negotiation',
    teamWhere((d) => d.owner_id === people.sneha!.id && d.dealstage_label === 'Negotiation'),
    undefined,
    false,
    mg,
    manager,
  );
  const teamNoNext = teamWhere((d) => isOpen(d) && !d.nextsteps);
  listQ('team deals without a next step', teamNoNext, teamNoNext, true, mg, manager);
  listQ(
    'overdue deals on my team',
    teamWhere((d) => isOpen(d) && !!d.closedate && d.closedate < today),
    undefined,
    false,
    mg,
    manager,
  );
  // A deal of another team (Vikram's): the manager must not be told about it.
  const teamNames = new Set(teamDeals.map((d) => d.dealname));
  const hidden = allDeals
    .filter((d) => !teamNames.has(d.dealname) && allDeals.filter((x) => x.dealname === d.dealname).length === 1)
    .sort((a, b) => Number(a.deal_id) - Number(b.deal_id))[0]!;
  q(
    mg,
    `what's the amount on ${lc(hidden.dealname)}`,
    (a) => {
      const why: string[] = [];
      if (a.sources.some((x) => x.id === hidden.deal_id)) why.push("the other team's deal cited");
      if (a.text.includes(Number(hidden.amount).toLocaleString('en-IN'))) why.push('its amount given');
      if (!CANT.test(a.text)) why.push("no can't-style sentence");
      return why;
    },
    manager,
  );
  outsideQ('weather in kolkata', undefined, mg, manager, () => teamDeals);
}

describe('assistant holdout 2 (a Mid-Market rep and her manager, demo workspace)', () => {
  it('parses and confirms 70 commands and answers 80 questions at 80% or better overall', async () => {
    companyRows = (await t.database.db.select({ id: companies.id, name: companies.name }).from(companies)).map((c) => ({
      id: String(c.id),
      name: c.name,
    }));
    const seenCompanies = new Set(visible.map((d) => d.company_name).filter((n): n is string => !!n));
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
      .innerJoin(companies, eq(companies.id, contacts.companyId));
    const count = (c: { firstname: string | null; lastname: string | null }) =>
      rows.filter((x) => x.firstname === c.firstname && x.lastname === c.lastname).length;
    contactPool = rows
      .filter((c) => seenCompanies.has(c.company) && count(c) === 1)
      .map((c) => ({ ...c, firstname: c.firstname ?? '', lastname: c.lastname ?? '' }))
      .sort((x, y) => `${y.firstname}${y.lastname}`.localeCompare(`${x.firstname}${x.lastname}`));
    buildItems();

    // Questions first, over the data as seeded; then the commands, each confirmed, which change it.
    const ordered = [...items.filter((i) => i.cls.startsWith('q')), ...items.filter((i) => i.cls.startsWith('cmd'))];
    for (const item of ordered) {
      let outcome: Outcome;
      try {
        outcome = await item.run();
      } catch (err) {
        outcome = { input: '(not built)', ok: false, got: `error: ${(err as Error).message}` };
      }
      results.push({ cls: item.cls, ...outcome });
    }

    const cmds = results.filter((r) => r.cls.startsWith('cmd'));
    const qs = results.filter((r) => r.cls.startsWith('q'));
    const load = (await import('node:os')).loadavg()[0]!.toFixed(1);
    const {
      table,
      misses,
      text: report,
    } = holdoutReport(
      'Assistant holdout 2',
      [
        `Run ${new Date().toISOString()} (load average ${load}) by apps/server/src/modules/assistant/holdout-2.test.ts:`,
        `${cmds.length} commands (POST /api/command/process-command, parsed_command checked, then confirmed with`,
        'POST /api/command/confirm and the record read back) and',
        `${qs.length} questions (POST /api/chat/ and /api/chat/sales alternately), typed as a rep types them on a phone,`,
        'over the demo workspace signed in as kavya@acme.example (a Mid-Market rep; time zone Asia/Kolkata, three',
        'close-date commands from America/Los_Angeles), and 10 questions as her manager meera@acme.example.',
        'Expected values come from the deals API and the tables, not from the assistant. A command is confirmed only',
        'when what was parsed is right. The file fails only below 80% overall; every miss is listed.',
      ],
      results,
    );
    console.log(`\n${table}\n\nMisses:\n${misses.join('\n')}\n`);
    // The committed report changes only on purpose: HOLDOUT_RESULTS=1 npx vitest run ... holdout-2.test.ts
    if (process.env.HOLDOUT_RESULTS === '1') {
      mkdirSync(dirname(REPORT), { recursive: true });
      writeFileSync(REPORT, report);
    }

    expect(results).toHaveLength(150);
    const accuracy = results.filter((r) => r.ok).length / results.length;
    expect(accuracy, `overall accuracy ${(accuracy * 100).toFixed(1)}%`).toBeGreaterThanOrEqual(0.8);
  }, 600_000);
});
