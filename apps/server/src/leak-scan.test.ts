import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TMeetAttendee } from '@pipewise/contract/videos';
import { execute } from './db/client';
import { calendarMeetings, tasks } from './db/schema';
import { createJobRunner, type JobRunner } from './jobs/worker';
import { createMeetingsRepo } from './modules/calendar/meetings-repo';
import { nameCrmActor } from './modules/crm-changes/crm-write';
import { createWhatsappNumberRepo } from './modules/users/whatsapp-number-repo';
import { whatsappMessageJob } from './modules/whatsapp/whatsapp-webhook-jobs';
import { startFakeWhatsapp, type FakeWhatsapp, type WhatsappWebhookSend } from '../test/fakes/whatsapp-server';
import { drainJobs, handlersOf } from '../test/jobs-fixture';
import { signIn, type TestSession } from '../test/sessions';
import { silentLog } from '../test/silent-log';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * A leak scan over the demo workspace: a rep of each team (Rahul under Vikram, Kavya under Meera)
 * asks everything the API answers (every GET route of the OpenAPI document with plausible
 * parameters, the header search, both chat routes, process-command) with the names, words and
 * ids of records only the other team can see, and no answer may contain the name of a deal or
 * company the rep cannot see (decision 0014). New routes are covered as they are added to the
 * document; a route that answers 5xx was not scanned, so that fails the scan too. Who sees what is
 * computed here from the rows, independently of the SQL. The caller's own words echoed back are
 * allowed: a hidden name the request itself holds in full is not counted for that request (a
 * longer hidden name that holds it still is, and a word never excuses its full name). The same
 * questions and commands are also sent over WhatsApp from each rep's verified number.
 */

type Params = { in: 'path' | 'query'; name: string; required?: boolean; schema: { type?: string | string[]; enum?: unknown[] } };
type Route = { path: string; params: Params[] };
type Ids = { deals: string[]; companies: string[]; contacts: string[]; users: string[]; recordings: string[]; meetings: string[] };
type Team = {
  name: string;
  rep: TestSession;
  other: TestSession;
  hidden: string[];
  words: string[];
  own: Ids;
  others: Ids;
  sample: Sample;
};
/** Names of the other team's records to put into questions and commands. */
type Sample = { companies: string[]; deals: string[]; contactEmails: string[]; dealIds: string[] };

let t: TestApp;
let routes: Route[];
let whatsapp: FakeWhatsapp;
let whatsappJobs: JobRunner;
/** Each rep's verified WhatsApp number, by user id. */
const whatsappNumbers = new Map<string, string>();
const teams: Team[] = [];
/** The demo workspace's rows as loaded for the scan. */
let workspace: Awaited<ReturnType<typeof loadWorkspace>>;

type Row = { id: string; owner: string | null };
type Users = { id: string; reports_to: string | null; role: string }[];

/** Everyone at or below `root` in the reporting tree. */
function subtree(root: string, people: Users): Set<string> {
  const seen = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of people) {
      if (p.reports_to && seen.has(p.reports_to) && !seen.has(p.id)) {
        seen.add(p.id);
        grew = true;
      }
    }
  }
  return seen;
}

async function loadWorkspace(organizationId: string) {
  const q = <T>(query: ReturnType<typeof sql>) => execute<T>(t.database.db, query);
  return {
    people: await q<Users[number]>(sql`select id, reports_to, role from users where organization_id = ${organizationId}`),
    deals: await q<Row & { name: string; company: string | null }>(
      sql`select id::text as id, owner_id as owner, dealname as name, company_id as company
        from deals where organization_id = ${organizationId}`,
    ),
    companies: await q<Row & { name: string }>(
      sql`select id::text as id, owner_id as owner, name from companies where organization_id = ${organizationId}`,
    ),
    contacts: await q<Row & { email: string | null; deals: string[] }>(
      sql`select c.id::text as id, c.owner_id as owner, c.email,
        coalesce(array_agg(s.deal_id::text) filter (where s.deal_id is not null), '{}') as deals
        from contacts c left join deal_stakeholders s on s.contact_id = c.id where c.organization_id = ${organizationId}
        group by c.id`,
    ),
    recordings: await q<Row>(sql`select id::text as id, uploaded_by as owner from recordings where organization_id = ${organizationId}`),
    meetings: await q<Row>(sql`select id::text as id, owner_id as owner from calendar_meetings where organization_id = ${organizationId}`),
  };
}
type Workspace = Awaited<ReturnType<typeof loadWorkspace>>;

/** What the members of `members` see by the rule: their deals, and companies and contacts they own or reach through those deals. */
function seenBy(members: Set<string>, w: Workspace) {
  const owned = <R extends Row>(rows: R[]) => rows.filter((r) => r.owner !== null && members.has(r.owner));
  const deals = owned(w.deals);
  const dealIds = new Set(deals.map((d) => d.id));
  const companyIds = new Set(deals.map((d) => d.company));
  const companies = w.companies.filter((c) => (c.owner !== null && members.has(c.owner)) || companyIds.has(c.id));
  const contacts = w.contacts.filter((c) => (c.owner !== null && members.has(c.owner)) || c.deals.some((d) => dealIds.has(d)));
  const ids: Ids = {
    deals: deals.map((d) => d.id),
    companies: companies.map((c) => c.id),
    contacts: contacts.map((c) => c.id),
    users: [...members],
    recordings: owned(w.recordings).map((r) => r.id),
    meetings: owned(w.meetings).map((m) => m.id),
  };
  return { deals, companies, contacts, ids, names: new Set([...deals.map((d) => d.name), ...companies.map((c) => c.name)]) };
}

const words = (name: string) => name.split(/[\s-]+/).filter((w) => w.length > 2);
const pick = <T>(xs: T[], n: number) => xs.filter((_x, i) => i % Math.max(1, Math.floor(xs.length / n)) === 0).slice(0, n);

/**
 * Meetings on the rep's calendar whose attendee is a customer of the other team only, as a Google
 * sync brings them: one left for the sync's deal linking, one linked to the other team's deal
 * already (linked before the deal changed hands).
 */
async function addSharedBuyerMeetings(rep: TestSession, otherTeam: Set<string>, w: Workspace): Promise<void> {
  const mine = new Set(seenBy(new Set([rep.userId]), w).ids.deals);
  const byId = new Map(w.deals.map((d) => [d.id, d]));
  const buyer = w.contacts.find(
    (c) => c.email && c.deals.length > 0 && c.deals.every((d) => !mine.has(d) && otherTeam.has(byId.get(d)?.owner ?? '')),
  )!;
  const attendees: TMeetAttendee[] = [
    { email: rep.email, responseStatus: 'accepted', self: true },
    { email: buyer.email!, responseStatus: 'accepted' },
  ];
  const base = { organizationId: rep.organizationId, ownerId: rep.userId, source: 'builtin', startAt: new Date(), attendees } as const;
  await t.database.db.insert(calendarMeetings).values([
    { ...base, title: 'Shared buyer intro' },
    { ...base, title: 'Shared buyer walkthrough', dealId: Number(buyer.deals[0]), dealLinkedByHand: true },
  ]);
  await createMeetingsRepo(t.database.db).linkDeals(rep.userId);
}

/**
 * A participant on each of the other team's recordings named after one of their companies (issue 30):
 * the participants routes and every videos answer (meet_attendees) must not tell the rep who was there.
 */
async function addParticipants(organizationId: string, theirs: ReturnType<typeof seenBy>, seenByARep: string[]): Promise<void> {
  const names = theirs.companies.map((c) => c.name);
  if (names.length === 0) return;
  // Only on recordings neither scanned rep sees (their own are theirs to read, whoever is named on them).
  for (const [i, recordingId] of theirs.ids.recordings.filter((id) => !seenByARep.includes(id)).entries()) {
    const name = `Buyer of ${names[i % names.length]}`;
    await execute(
      t.database.db,
      sql`insert into recording_participants (organization_id, recording_id, name, source)
        values (${organizationId}, ${recordingId}, ${name}, 'edited')`,
    );
  }
}

/**
 * A task for the owner of every deal, company and contact, titled with the record's name and linked
 * to it: a rep must learn none of the other team's through the tasks routes.
 */
async function addTasks(organizationId: string, w: Workspace): Promise<void> {
  const rows = [
    ...w.deals.filter((d) => d.owner).map((d) => ({ owner: d.owner!, title: `Follow up on ${d.name}`, dealId: Number(d.id) })),
    ...w.companies.filter((c) => c.owner).map((c) => ({ owner: c.owner!, title: `Call ${c.name}`, companyId: c.id })),
  ];
  await t.database.db
    .insert(tasks)
    .values(rows.map(({ owner, ...rest }) => ({ organizationId, assigneeId: owner, createdBy: owner, dueDate: '2020-01-01', ...rest })));
}

/**
 * Coaching figures for every call, its uploader as the team-side speaker (issue 31): the Coaching
 * routes must give a rep no row, figure or call of the other team.
 */
async function addCallStats(organizationId: string): Promise<void> {
  await execute(
    t.database.db,
    sql`insert into call_stats_people (recording_id, organization_id, user_id, uploaded_by, recorded_at, duration_seconds, talk_ratio,
        longest_monologue_seconds, longest_monologue_start, interactivity, patience_seconds, questions, questions_per_hour,
        words_per_minute, fillers_per_minute)
      select r.id, r.organization_id, r.uploaded_by, r.uploaded_by, coalesce(r.recorded_at, r.created_at), 1800, 0.5, 60, 12, 3, 0.8,
        12, 24, 140, 1
      from recordings r where r.organization_id = ${organizationId} and r.uploaded_by is not null
      on conflict do nothing`,
  );
}

beforeAll(async () => {
  whatsapp = await startFakeWhatsapp();
  t = await createTestApp({ seed: true, env: { ...whatsapp.env(), WHATSAPP_VERIFY_TOKEN: 'leak-scan-verify-token' } });
  whatsappJobs = createJobRunner({ queue: t.services.queue, jobs: handlersOf(t.services, whatsappMessageJob), log: silentLog });
  await t.app.ready();
  const doc = t.app.swagger() as { paths: Record<string, Record<string, { parameters?: Params[] }>> };
  routes = Object.entries(doc.paths).flatMap(([path, ops]) => (ops.get ? [{ path, params: ops.get.parameters ?? [] }] : []));

  const sign = (name: string) => signIn(t.database.db, `${name}@acme.example`);
  const [rahul, kavya, vikram, meera] = await Promise.all(['rahul', 'kavya', 'vikram', 'meera'].map(sign));
  let w = await loadWorkspace(rahul!.organizationId);
  // Every demo call's suggested updates (quotes that name the call's company and people), as the seed's jobs store them.
  for (const r of w.recordings) await t.services.callSuggestions.extract(r.id);
  // The teams by reporting line (Vikram is an admin, but his team is the people below him).
  const team = { vikram: subtree(vikram!.userId, w.people), meera: subtree(meera!.userId, w.people) };
  await addSharedBuyerMeetings(rahul!, team.meera, w);
  await addSharedBuyerMeetings(kavya!, team.vikram, w);
  w = await loadWorkspace(rahul!.organizationId);
  workspace = w;
  const numbers = createWhatsappNumberRepo(t.database.db);
  for (const [rep, number] of [
    [rahul!, '+919800000101'],
    [kavya!, '+919800000102'],
  ] as const) {
    await numbers.save(rep.organizationId, rep.userId, number);
    await numbers.markVerified(rep.organizationId, rep.userId, number, 'Asia/Kolkata');
    whatsappNumbers.set(rep.userId, number);
  }

  await addTasks(rahul!.organizationId, w);
  await addCallStats(rahul!.organizationId);
  // Records either scanned rep sees: no note goes on them (a rep reads the notes of what they see, and a
  // deal name of one team may be the name of another team's deal too).
  const seenByARep = [rahul!, kavya!].map((rep) => seenBy(subtree(rep.userId, w.people), w));
  const anyRep = {
    ids: {
      companies: seenByARep.flatMap((x) => x.ids.companies),
      contacts: seenByARep.flatMap((x) => x.ids.contacts),
    },
  };

  for (const [name, rep, otherManager, otherTeam, otherRep] of [
    ['Vikram', rahul!, meera!, team.meera, kavya!],
    ['Meera', kavya!, vikram!, team.vikram, rahul!],
  ] as const) {
    const seen = seenBy(subtree(rep.userId, w.people), w);
    const theirs = seenBy(otherTeam, w);
    await addNotesAndHistory(otherRep, theirs, anyRep);
    await addParticipants(
      rep.organizationId,
      theirs,
      seenByARep.flatMap((x) => x.ids.recordings),
    );
    // Names the rep sees none of: not equal to (or inside) a name the rep sees.
    const hidden = [...theirs.names].filter((n) => ![...seen.names].some((v) => v.includes(n))).sort();
    const hiddenDeals = theirs.deals.filter((d) => hidden.includes(d.name));
    const hiddenCompanies = theirs.companies.filter((c) => hidden.includes(c.name));
    const ownIds = new Set(seen.ids.contacts);
    teams.push({
      name: `a rep of ${name}'s team`,
      rep,
      other: otherRep,
      hidden,
      words: [...new Set(hidden.flatMap(words))],
      own: seen.ids,
      others: { ...theirs.ids, users: [...theirs.ids.users, otherManager.userId] },
      sample: {
        companies: pick(
          hiddenCompanies.map((c) => c.name),
          6,
        ),
        deals: pick(
          hiddenDeals.map((d) => d.name),
          4,
        ),
        dealIds: pick(
          hiddenDeals.map((d) => d.id),
          4,
        ),
        contactEmails: pick(
          w.contacts.filter((c) => c.email && theirs.ids.contacts.includes(c.id) && !ownIds.has(c.id)).map((c) => c.email!),
          4,
        ),
      },
    });
  }
  // Every call's statistics (issue 31): their turns, people and mentions name the speakers (the other team's
  // transcripts now name their deals) and what was said; GET /api/videos/{id}/call-stats must answer them to nobody else.
  for (const r of w.recordings) await t.services.callStats.compute(r.id);
}, 180_000);
afterAll(async () => {
  console.info(`leak scan: ${sent} requests`);
  await t?.close();
  await whatsapp?.close();
});

/** Every string in a JSON answer (unescaped), or the text itself. */
function textOf(body: string, contentType: string | undefined): string {
  if (!contentType?.includes('json')) return body;
  const out: string[] = [];
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.entries(v).forEach(([k, x]) => (out.push(k), walk(x)));
  };
  walk(JSON.parse(body));
  return out.join('\n');
}

/** The hidden names an answer carries, but for those the request held in full (the caller's own words). */
const leaks = (team: Team, text: string, asked: string[]): string[] =>
  team.hidden.filter((h) => text.includes(h) && !asked.some((a) => a.includes(h)));

let sent = 0;
async function scan(team: Team, requests: { request: InjectOptions; asked: string[] }[]): Promise<string[]> {
  const found: string[] = [];
  sent += requests.length;
  for (const { request, asked } of requests) {
    if (String(request.url).startsWith('/api/chat')) {
      // A person asks far fewer than the routes' 30 questions a minute: each question gets a fresh window.
      await t.database.db.execute(sql`delete from rate_limits where key like 'assistant-questions:%'`);
    }
    const res = await t.app.inject({ ...request, headers: { ...team.rep.headers, ...request.headers } });
    // A failed answer leaks nothing, but then the route was not scanned: it counts too.
    if (res.statusCode >= 500) found.push(`${request.method} ${request.url} -> ${res.statusCode}`);
    const type = res.headers['content-type']?.toString();
    if (type && !/json|text|csv/.test(type)) continue;
    const leaked = leaks(team, textOf(res.body, type), asked);
    if (leaked.length) found.push(`${request.method} ${request.url} -> ${res.statusCode}: ${leaked.slice(0, 3).join(' | ')}`);
  }
  return found;
}

/**
 * Notes and history that name the other team's records, on their records (their deals, companies
 * and contacts): the notes and activity routes must not answer them to the rep. Each note names
 * the deal or company; each deal's history gets a change whose new value holds its name.
 */
async function addNotesAndHistory(
  owner: TestSession,
  theirs: ReturnType<typeof seenBy>,
  mine: { ids: { companies: string[]; contacts: string[] } },
): Promise<void> {
  const db = t.database.db;
  // Only on records no scanned rep sees (a buyer on both teams' deals is each rep's as well, and so are
  // that contact's notes).
  const notMine = <R extends { id: string }>(rows: R[], ids: string[]) => rows.filter((r) => !ids.includes(r.id));
  const records = [
    ...theirs.deals.map((d) => ({ type: 'deal', id: d.id, text: `Call about ${d.name}` })),
    ...notMine(theirs.companies, mine.ids.companies).map((c) => ({ type: 'company', id: c.id, text: `Met ${c.name} today` })),
    // A contact's note names one of its own deals with the other team (not any company of theirs: the rep
    // may see this contact through a deal of their own, and with it its notes).
    ...notMine(theirs.contacts, mine.ids.contacts).flatMap((c) => {
      const deal = theirs.deals.find((d) => c.deals.includes(d.id));
      return deal ? [{ type: 'contact', id: c.id, text: `Introduced through ${deal.name}` }] : [];
    }),
  ];
  for (const r of records) {
    await execute(
      db,
      sql`insert into notes (organization_id, record_type, record_id, author_id, body) values (${owner.organizationId}, ${r.type}, ${r.id},
        ${owner.userId}, ${r.text})`,
    );
  }
  // Their calls' transcripts name their deals (GET /api/videos/{id}/transcript must not answer them to the rep).
  const deal = theirs.deals[0];
  for (const [n, id] of theirs.ids.recordings.entries()) {
    if (!deal) break;
    await execute(
      db,
      sql`insert into recording_segments (recording_id, organization_id, seq, start_seconds, end_seconds, speaker, text)
        values (${id}, ${owner.organizationId}, ${100_000 + n}, 12, 15, ${deal.name}, ${`We went through ${deal.name} pricing`})`,
    );
  }
  await db.transaction(async (tx) => {
    await nameCrmActor(tx, { id: owner.userId, organizationId: owner.organizationId, source: 'screen' });
    const ids = `{${theirs.deals.map((d) => d.id).join(',')}}`;
    await execute(tx, sql`update deals set nextsteps = 'Follow up on ' || dealname where id = any(${ids}::bigint[])`);
  });
}

/** Values for a GET parameter: the rep's and the other team's emails and ids, words of hidden names. */
function valuesFor(team: Team, p: Params, path: string): string[] {
  const all = (ids: Ids) => [
    ...ids.deals.slice(0, 2),
    ...ids.companies.slice(0, 1),
    ...ids.contacts.slice(0, 1),
    ...ids.users.slice(0, 2),
    ...ids.recordings.slice(0, 2),
    ...ids.meetings.slice(-2),
  ];
  if (p.schema.enum) return p.schema.enum.map(String);
  if (/email/i.test(p.name)) return [team.rep.email, team.other.email];
  if (/(^|_)id$|Id$/.test(p.name)) {
    if (path.includes('/api/deal') || p.name === 'deal_id') return [...team.own.deals.slice(0, 2), ...team.others.deals.slice(0, 4)];
    return [...all(team.own), ...all(team.others), '1'];
  }
  if (p.name === 'q') return [...pick(team.words, 80), ...pick(team.hidden, 20)];
  if (/search|query/.test(p.name)) return pick(team.words, 30);
  const type = [p.schema.type].flat()[0];
  if (type === 'integer' || type === 'number') return ['1'];
  return p.required ? [team.words[0]!] : [];
}

function getRequests(team: Team): { request: InjectOptions; asked: string[] }[] {
  const out: { request: InjectOptions; asked: string[] }[] = [];
  for (const route of routes) {
    // A record's notes and activity: each kind of record with ids of that kind, the rep's and the other team's.
    if (route.params.some((p) => p.name === 'record_type')) {
      const of = (ids: Ids) => [
        ...ids.deals.slice(0, 3).map((id) => ['deal', id]),
        ...ids.companies.slice(0, 3).map((id) => ['company', id]),
        ...ids.contacts.slice(0, 3).map((id) => ['contact', id]),
      ];
      for (const [type, id] of [...of(team.own), ...of(team.others)]) {
        out.push({ request: { method: 'GET', url: `${route.path}?record_type=${type}&record_id=${id}&limit=100` }, asked: [id!] });
      }
      continue;
    }
    const base = Object.fromEntries(route.params.filter((p) => p.required).map((p) => [p.name, valuesFor(team, p, route.path)[0] ?? '1']));
    const variants: Record<string, string>[] = [base];
    for (const p of route.params) for (const v of valuesFor(team, p, route.path)) variants.push({ ...base, [p.name]: v });
    for (const values of variants) {
      const url = route.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? '1'));
      const query = route.params
        .filter((p) => p.in === 'query' && values[p.name] !== undefined)
        .map((p) => `${p.name}=${encodeURIComponent(values[p.name]!)}`)
        .join('&');
      out.push({ request: { method: 'GET', url: query ? `${url}?${query}` : url }, asked: Object.values(values) });
    }
  }
  return out;
}

const BROAD = [
  'Show my deals',
  'What is our pipeline by stage?',
  'Who has the largest pipeline?',
  'What are my largest deals?',
  'Which deals close this month?',
  'Which deals have no next steps?',
  'Which deals are stuck?',
  'What calls do I have today?',
  "Show me today's meetings",
  'Summarise my last meeting',
  'Which of my deals are at risk?',
];

function chatRequests(team: Team): { request: InjectOptions; asked: string[] }[] {
  const names = [...team.sample.companies, ...team.sample.deals];
  const parts = names.flatMap((n) => {
    const w = n.split(' ');
    return [n, w[0]!, w.at(-1)!, w[Math.floor(w.length / 2)]!].filter((x) => x.length > 2);
  });
  const questions = [
    ...BROAD,
    ...[...new Set(parts)].flatMap((x) => [`For account ${x}: how many deals do we have?`, `What is the status of ${x}?`]),
    ...team.sample.companies.flatMap((c) => [`When was the last meeting with ${c}?`, `Who are the stakeholders at ${c}?`]),
    ...team.sample.deals.map((d) => `Why is ${d} at 40%?`),
    ...team.sample.companies.flatMap((c) => [`What did ${c} say about pricing?`, `When did we last discuss the rollout with ${c}?`]),
  ];
  return questions.flatMap((query) => [
    { request: { method: 'POST', url: '/api/chat/sales', payload: { query, context: {} } }, asked: [query] },
    { request: { method: 'POST', url: '/api/chat/', payload: { query } }, asked: [query] },
  ]);
}

function commandRequests(team: Team): { request: InjectOptions; asked: string[] }[] {
  const commands = [
    ...team.sample.deals.map((d) => `update deal ${d} amount 5 lakh`),
    ...team.sample.deals.map((d) => `update deal ${d.split(' ')[0]} amount 5 lakh`),
    ...team.sample.dealIds.map((id) => `update deal #${id} amount 5 lakh`),
    ...team.sample.companies.map((c) => `update company ${c} industry Fintech`),
    ...team.sample.companies.map((c) => `update company ${c.split(' ')[0]} industry Fintech`),
    ...team.sample.companies.map((c) => `create contact Lata Rao lata.rao@example.com at ${c.split(' ')[0]}`),
    ...team.sample.contactEmails.map((e) => `update contact ${e} job title CFO`),
    ...team.others.contacts.slice(0, 2).map((id) => `update contact ${id} job title CFO`),
    ...team.others.companies.slice(0, 2).map((id) => `update company ${id} industry Fintech`),
  ];
  return commands.map((command) => ({
    request: { method: 'POST', url: `/api/command/process-command?command=${encodeURIComponent(command)}` },
    asked: [command],
  }));
}

/**
 * The texts over WhatsApp from the rep's verified number: each reply is scanned like an answer. A
 * command's Yes/No question is answered no, so the next text is read as a question again.
 */
async function scanWhatsapp(team: Team, texts: string[]): Promise<string[]> {
  const found: string[] = [];
  const from = whatsappNumbers.get(team.rep.userId)!;
  const inject: WhatsappWebhookSend = async ({ uri, headers, body }) =>
    (await t.app.inject({ method: 'POST', url: uri, headers, payload: body })).statusCode;
  const say = async (text: string) => {
    await t.database.db.execute(sql`delete from rate_limits where key like 'whatsapp-messages:%'`);
    const before = whatsapp.sentTo(from).length;
    const { status } = await whatsapp.deliverText('/api/whatsapp/webhook', from, text, inject);
    if (status !== 200) found.push(`WhatsApp ${text} -> ${status}`);
    await drainJobs(whatsappJobs);
    return whatsapp.sentTo(from).slice(before);
  };
  sent += texts.length;
  for (const text of texts) {
    const replies = await say(text);
    if (replies.length === 0) found.push(`WhatsApp ${text} -> no reply`);
    for (const reply of replies) {
      const leaked = leaks(team, [reply.text ?? '', ...(reply.buttons ?? []).map((b) => b.title)].join('\n'), [text]);
      if (leaked.length) found.push(`WhatsApp ${text}: ${leaked.slice(0, 3).join(' | ')}`);
    }
    if (replies.some((r) => r.type === 'interactive')) await say('no');
  }
  return found;
}

describe('leak scan: no answer names a deal or account only the other team can see', () => {
  it('has hidden names, words and records for each team to ask about', () => {
    for (const team of teams) {
      console.info(`leak scan, ${team.name}: ${team.hidden.length} hidden names, ${team.words.length} words of them`);
      expect(team.hidden.length, team.name).toBeGreaterThan(20);
      expect(team.sample.companies.length, team.name).toBeGreaterThan(2);
      expect(routes.length).toBeGreaterThan(20);
    }
  });

  it.each([0, 1])('GET routes and the header search (team %i)', { timeout: 120_000 }, async (i) => {
    const team = teams[i]!;
    const requests = getRequests(team);
    expect(requests.some((r) => String(r.request.url).startsWith('/api/search?q='))).toBe(true);
    expect(await scan(team, requests)).toEqual([]);
  });

  it.each([0, 1])("the deal screen's writes on the other team's deals and contacts (team %i)", async (i) => {
    const team = teams[i]!;
    // Contacts only the other team sees (a buyer on both teams' deals is the rep's too).
    const hiddenContacts = team.others.contacts.filter((id) => !team.own.contacts.includes(id)).slice(0, 2);
    expect(hiddenContacts).toHaveLength(2);
    const writes: { request: InjectOptions; asked: string[] }[] = [
      // Another team's deal does not exist for the rep: 404, nothing changes, no name in the answer.
      ...team.others.deals.slice(0, 4).flatMap((id) => [
        { request: { method: 'PUT' as const, url: `/api/deal/${id}/stakeholders`, payload: { contact_ids: [] } }, asked: [] },
        { request: { method: 'DELETE' as const, url: `/api/deal/${id}` }, asked: [] },
      ]),
      // Another team's contacts on the rep's own deal, or on a new deal: refused (400), nothing saved.
      ...team.own.deals.slice(0, 2).map((id) => ({
        request: {
          method: 'PUT' as const,
          url: `/api/deal/${id}/stakeholders`,
          payload: { contact_ids: hiddenContacts },
        },
        asked: [],
      })),
      {
        request: {
          method: 'POST',
          url: '/api/deal/',
          payload: {
            dealname: 'Leak scan deal',
            pipeline: 'Sales Pipeline',
            dealstage: 'x',
            contact_ids: hiddenContacts,
          },
        },
        asked: [],
      },
    ];
    // Refused first (a delete that went through would be gone by the scan), then scanned for names.
    for (const { request } of writes) {
      const res = await t.app.inject({ ...request, headers: team.rep.headers });
      expect(res.statusCode, `${request.method} ${request.url}`).toBeGreaterThanOrEqual(400);
    }
    expect(await scan(team, writes)).toEqual([]);
  });

  it.each([0, 1])("a record's tasks for the other team's deals, companies and contacts (team %i)", { timeout: 120_000 }, async (i) => {
    const team = teams[i]!;
    const requests = (['deals', 'companies', 'contacts'] as const).flatMap((kind) =>
      [...team.own[kind].slice(0, 2), ...team.others[kind].slice(0, 6)].map((id) => ({
        request: {
          method: 'GET' as const,
          url: `/api/tasks?status=all&record_type=${kind.replace(/s$/, '').replace('companie', 'company')}&record_id=${id}`,
        },
        asked: [id],
      })),
    );
    requests.push({ request: { method: 'GET', url: '/api/tasks?due=today' }, asked: [] });
    const own = await t.app.inject({ method: 'GET', url: '/api/tasks?due=today', headers: team.rep.headers });
    expect(own.json<{ total: number }>().total).toBeGreaterThan(0);
    expect(await scan(team, requests)).toEqual([]);
  });

  it.each([0, 1])('both chat routes, broad and naming hidden records in full or in part (team %i)', { timeout: 120_000 }, async (i) => {
    expect(await scan(teams[i]!, chatRequests(teams[i]!))).toEqual([]);
  });

  it.each([0, 1])("questions about what was said quote only calls the rep may see, never the other team's (team %i)", async (i) => {
    const team = teams[i]!;
    const below = subtree(team.rep.userId, workspace.people);
    const visible = new Set(workspace.recordings.filter((r) => r.owner && below.has(r.owner)).map((r) => r.id));
    const questions = [
      'What did Kaveri say about pricing?',
      'When did we last discuss the rollout with Sahyadri?',
      'What objections came up on calls this month?',
      "what objections came up on my team's calls",
      'What did the customer say about security?',
      'who mentioned the integration',
      'what did they say about the budget',
      ...team.sample.companies.flatMap((c) => [`What did ${c} say about pricing?`, `Any objections from ${c}?`]),
    ];
    const requests = questions.flatMap((query) => [
      { request: { method: 'POST' as const, url: '/api/chat/', payload: { query } }, asked: [query] },
      { request: { method: 'POST' as const, url: '/api/chat/sales', payload: { query, context: {} } }, asked: [query] },
    ]);
    expect(await scan(team, requests)).toEqual([]);
    const quoted: string[] = [];
    for (const { request } of requests) {
      await t.database.db.execute(sql`delete from rate_limits where key like 'assistant-questions:%'`);
      const res = await t.app.inject({ ...request, headers: team.rep.headers });
      const body = res.body;
      for (const id of team.others.recordings)
        if (!visible.has(id)) expect(body, `${request.url} ${JSON.stringify(request.payload)}`).not.toContain(id);
      quoted.push(...[...body.matchAll(/\/dashboard\/meeting\/([0-9a-f-]{36})\?t=\d+/g)].map((m) => m[1]!));
    }
    // The questions found quotes, all of them on calls the rep sees.
    expect(quoted.length).toBeGreaterThan(0);
    for (const id of quoted) expect(visible.has(id), id).toBe(true);
  });

  it.each([0, 1])("coaching: no row, figure or call of the other team's people (team %i)", async (i) => {
    const team = teams[i]!;
    const year = new Date(Date.now() - 360 * 86_400_000).toISOString().slice(0, 10);
    const ask = (url: string) => t.app.inject({ method: 'GET', url, headers: team.rep.headers });
    const table = (await ask(`/api/coaching?from=${year}`)).json<{ rows: { user_id: string; calls: number }[] }>();
    // The rep sees their own row, with calls, and nobody else's.
    expect(table.rows.map((r) => r.user_id)).toEqual([team.rep.userId]);
    expect(table.rows[0]!.calls).toBeGreaterThan(0);
    for (const userId of team.others.users) {
      const res = await ask(`/api/coaching/users/${userId}?from=${year}`);
      expect(res.statusCode, userId).toBe(404);
      expect(res.body).not.toContain(userId);
    }
    const own = await ask(`/api/coaching/users/${team.rep.userId}?from=${year}`);
    expect(own.statusCode).toBe(200);
    expect(own.json<{ best: unknown[] }>().best.length).toBeGreaterThan(0);
    for (const id of team.others.recordings) if (!team.own.recordings.includes(id)) expect(own.body).not.toContain(id);
    sent += 2 + team.others.users.length;
  });

  it.each([0, 1])('process-command on the other team records (team %i)', { timeout: 120_000 }, async (i) => {
    expect(await scan(teams[i]!, commandRequests(teams[i]!))).toEqual([]);
  });

  it.each([0, 1])('the same questions and commands over WhatsApp (team %i)', { timeout: 300_000 }, async (i) => {
    const team = teams[i]!;
    const texts = [
      ...new Set(chatRequests(team).map((r) => (r.request.payload as { query: string }).query)),
      ...commandRequests(team).map((r) => r.asked[0]!),
    ];
    expect(await scanWhatsapp(team, texts)).toEqual([]);
  });

  it.each([0, 1])(
    "the other team's booked call: editing, cancelling, listing, and booking on their deals name nothing (team %i)",
    async (i) => {
      const team = teams[i]!;
      // An address of the other team's customers that the rep's own calendar does not hold already (a
      // buyer of theirs may be on a meeting of the rep's, as a Google sync brings them).
      const own = await t.app.inject({ method: 'GET', url: '/api/calendar/user-meetings/', headers: team.rep.headers });
      const guest = team.sample.contactEmails.find((email) => !own.body.includes(email))!;
      expect(guest).toBeDefined();
      const title = `Booked with ${team.sample.companies[0]!}`;
      const other = team.other;
      const booked = await t.services.bookings.createAs(
        { id: other.userId, organizationId: other.organizationId, role: 'user', email: other.email },
        { title, start_time: new Date(Date.now() + 86_400_000).toISOString(), duration_minutes: 30, attendees: [guest] },
      );
      const id = booked.meeting.id;
      const start = new Date(Date.now() + 2 * 86_400_000).toISOString();
      const requests: InjectOptions[] = [
        { method: 'PATCH', url: `/api/calendar/meetings/${id}`, payload: { title: 'Renamed' } },
        { method: 'PATCH', url: `/api/calendar/meetings/${id}`, payload: { attendees: [team.rep.email] } },
        { method: 'DELETE', url: `/api/calendar/meetings/${id}` },
        { method: 'GET', url: '/api/calendar/user-meetings/' },
        { method: 'GET', url: '/api/calendar/meetings' },
        ...team.sample.dealIds.map((dealId) => ({
          method: 'POST' as const,
          url: '/api/calendar/meetings',
          payload: { title: 'Probe', start_time: start, duration_minutes: 15, attendees: [], deal_id: dealId },
        })),
      ];
      const found: string[] = [];
      for (const request of requests) {
        const res = await t.app.inject({ ...request, headers: team.rep.headers });
        const text = textOf(res.body, res.headers['content-type']?.toString());
        if (request.method !== 'GET' && res.statusCode !== 404) found.push(`${request.method} ${request.url} -> ${res.statusCode}`);
        for (const secret of [title, guest, ...team.hidden])
          if (text.includes(secret)) found.push(`${request.method} ${request.url}: ${secret}`);
      }
      sent += requests.length;
      // The booking is the other rep's own (a title they typed, naming a company they may not see): gone
      // again, so the next team's scan, whose rep that is, does not read it as a leak.
      await execute(t.database.db, sql`delete from calendar_meetings where title = ${title}`);
      expect(found).toEqual([]);
    },
  );
});
