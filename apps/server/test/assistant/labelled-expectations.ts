import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { execute, type Db } from '../../src/db/client';

/**
 * What a correct answer must contain, computed with the bench's own SQL (not the server's
 * queries) and its own formatting, from the database as it is when the bench runs.
 */

export type Who = { id: string; organizationId: string; role: string; email: string };
export type Expect = Record<string, unknown> & { kind: string };
/**
 * `fragments` must all appear in the answer; source ids must be among `allowedIds` (or equal `exactIds`); `notFound`: the
 * answer says 'I could not find'.
 */
export type Expected = {
  fragments: string[];
  allowedIds?: Set<string>;
  exactIds?: string[];
  firstId?: string;
  notFound: boolean;
  /** Names and ids the answer must not carry (records the caller cannot see). */
  forbidden?: string[];
  /** The answer carries no sources (it names no record). */
  noSources?: boolean;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** yyyy-mm-dd as '21 Nov 2026'. */
const dayOf = (ymd: string) => `${Number(ymd.slice(8, 10))} ${MONTHS[Number(ymd.slice(5, 7)) - 1]} ${ymd.slice(0, 4)}`;

type DealFacts = {
  id: string;
  dealname: string;
  amount: string | null;
  closedate: string | null;
  stage: string;
  owner: string | null;
  nextsteps: string | null;
  painpoints: string | null;
  kdm: string | null;
};

/** The fact an answer about one deal's field must state, in the bench's own words for it. */
function factOf(d: DealFacts, field: string): string {
  switch (field) {
    case 'amount':
      return d.amount === null ? 'no amount' : rupees(d.amount);
    case 'stage':
      return d.stage;
    case 'closedate':
      return d.closedate ? dayOf(d.closedate) : 'no close date';
    case 'nextsteps':
      return d.nextsteps?.trim() ? d.nextsteps.trim() : 'no next step';
    case 'painpoints':
      return d.painpoints?.trim() ? d.painpoints.trim().slice(0, 60) : 'No pain points';
    case 'kdm':
      return d.kdm?.trim() ? d.kdm.trim() : 'No key decision maker';
    case 'owner':
      return d.owner ?? 'no owner';
    default:
      return d.amount === null ? 'no amount' : rupees(d.amount);
  }
}

/** ₹ with Indian grouping (last three digits, then pairs), paise only when present. */
export function rupees(value: number | string): string {
  const [whole, fraction] = Number(value).toFixed(2).split('.') as [string, string];
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  const grouped = rest ? `${rest},${last3}` : last3;
  return `₹${grouped}${fraction === '00' ? '' : `.${fraction.replace(/0$/, '')}`}`;
}
const deals = (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'deal' : 'deals'}`;

const iso = (d: Date) => d.toISOString().slice(0, 10);
/** Close-date ranges as the questions mean them, from today's UTC date. */
export function rangeOf(
  spec: { period?: string; month?: number; year?: number; from?: string; to?: string },
  today: Date,
): [string, string] {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  if (spec.from && spec.to) return [spec.from, spec.to];
  if (spec.month)
    return [iso(new Date(Date.UTC(spec.year ?? y, spec.month - 1, 1))), iso(new Date(Date.UTC(spec.year ?? y, spec.month, 0)))];
  const day = (today.getUTCDay() + 6) % 7;
  const monday = Date.UTC(y, m, today.getUTCDate() - day);
  const q = Math.floor(m / 3) * 3;
  const ranges: Record<string, [Date, Date]> = {
    this_week: [new Date(monday), new Date(monday + 6 * 864e5)],
    next_week: [new Date(monday + 7 * 864e5), new Date(monday + 13 * 864e5)],
    this_month: [new Date(Date.UTC(y, m, 1)), new Date(Date.UTC(y, m + 1, 0))],
    next_month: [new Date(Date.UTC(y, m + 1, 1)), new Date(Date.UTC(y, m + 2, 0))],
    this_quarter: [new Date(Date.UTC(y, q, 1)), new Date(Date.UTC(y, q + 3, 0))],
    next_quarter: [new Date(Date.UTC(y, q + 3, 1)), new Date(Date.UTC(y, q + 6, 0))],
  };
  const r = ranges[spec.period!]!;
  return [iso(r[0]), iso(r[1])];
}

const isAdmin = (who: Who) => ['admin', 'super_admin'].includes(who.role.toLowerCase());
/** The people whose records `who` sees: themselves and everyone below; the workspace for admins. */
const visibleUsers = (who: Who): SQL =>
  isAdmin(who)
    ? sql`select id from users where organization_id = ${who.organizationId}`
    : sql`with recursive t as (select id from users where id = ${who.id} union select u.id from users u join t on u.reports_to = t.id)
        select id from t`;
const visibleDeal = (who: Who): SQL => (isAdmin(who) ? sql`true` : sql`d.owner_id in (${visibleUsers(who)})`);

async function dealRows(db: Db, who: Who, where: SQL, order = sql`d.amount desc nulls last, d.id desc`) {
  return execute<{ id: string; amount: string | null }>(
    db,
    sql`
    select d.id::text as id, d.amount::text as amount
    from deals d join pipeline_stages s on s.id = d.stage_id join pipelines p on p.id = d.pipeline_id
    where d.organization_id = ${who.organizationId} and ${visibleDeal(who)} and ${where} order by ${order}`,
  );
}

function setExpectation(rows: { id: string; amount: string | null }[]): Expected {
  if (rows.length === 0) return { fragments: ['I could not find'], notFound: true };
  const total = rows.reduce((a, r) => a + Number(r.amount ?? 0), 0);
  return { fragments: [deals(rows.length), rupees(total)], allowedIds: new Set(rows.map((r) => r.id)), notFound: false };
}

async function companyIds(db: Db, who: Who, account: string): Promise<string[]> {
  const rows = await execute<{ id: string }>(
    db,
    sql`select id from companies where organization_id = ${who.organizationId} and lower(name) like ${`%${account.toLowerCase()}%`}`,
  );
  return rows.map((r) => r.id);
}
const inIds = (column: SQL, ids: string[]) =>
  ids.length
    ? sql`${column} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql`false`;

export async function expectationFor(db: Db, who: Who, e: Expect, now: Date): Promise<Expected> {
  const open = sql`not s.is_closed`;
  const today = iso(now);
  switch (e.kind) {
    case 'open_closing': {
      const [from, to] = rangeOf(e as never, now);
      return setExpectation(await dealRows(db, who, sql`${open} and d.closedate between ${from}::date and ${to}::date`));
    }
    case 'overdue':
      return setExpectation(await dealRows(db, who, sql`${open} and d.closedate < ${today}::date`));
    case 'no_next_steps':
      return setExpectation(await dealRows(db, who, sql`${open} and coalesce(trim(d.nextsteps), '') = ''`));
    case 'no_activity': {
      // No activity: not updated, no meeting recorded and no call on the calendar for `days` days.
      const since = new Date(now.getTime() - Number(e.days) * 864e5).toISOString();
      return setExpectation(
        await dealRows(
          db,
          who,
          sql`${open} and d.updated_at < ${since}::timestamptz
            and not exists (select 1 from recordings r
              where r.deal_id = d.id and coalesce(r.recorded_at, r.created_at) >= ${since}::timestamptz)
            and not exists (select 1 from calendar_meetings m where m.deal_id = d.id and m.status <> 'cancelled'
              and m.start_at >= ${since}::timestamptz and m.start_at <= ${now.toISOString()}::timestamptz)`,
        ),
      );
    }
    case 'deal': {
      const rows = await execute<DealFacts>(
        db,
        sql`select d.id::text as id, d.dealname, d.amount::text as amount, d.closedate::text as closedate, s.label as stage,
          u.first_name || ' ' || u.last_name as owner, d.nextsteps, d.painpoints, d.kdm
          from deals d join pipeline_stages s on s.id = d.stage_id left join users u on u.id = d.owner_id
          where d.organization_id = ${who.organizationId} and ${visibleDeal(who)} and d.dealname = ${String(e.deal)}
          order by d.amount desc nulls last, d.id desc`,
      );
      if (rows.length === 0) {
        const hidden = await execute<{ id: string }>(
          db,
          sql`select id::text as id from deals where organization_id = ${who.organizationId} and dealname = ${String(e.deal)}`,
        );
        return { fragments: [], notFound: true, forbidden: [String(e.deal), ...hidden.map((h) => h.id)] };
      }
      const shown = rows.slice(0, 5);
      return {
        fragments: [shown[0]!.dealname, ...new Set(shown.map((d) => factOf(d, String(e.field))))],
        allowedIds: new Set(rows.map((r) => r.id)),
        notFound: false,
      };
    }
    case 'account': {
      const [company] = await execute<{ id: string; name: string }>(
        db,
        sql`select id, name from companies where organization_id = ${who.organizationId} and name = ${String(e.account)}`,
      );
      const rows = await dealRows(db, who, sql`d.company_id = ${company!.id}::uuid`);
      if (rows.length === 0) return { fragments: [], notFound: true, forbidden: [company!.name] };
      return { fragments: [company!.name, deals(rows.length)], allowedIds: new Set(rows.map((r) => r.id)), notFound: false };
    }
    case 'contact': {
      const [c] = await execute<{
        id: string;
        name: string;
        email: string | null;
        phone: string | null;
        jobtitle: string | null;
        company: string;
      }>(
        db,
        sql`select ct.id, ct.firstname || ' ' || ct.lastname as name, ct.email, ct.phone, ct.jobtitle, co.name as company
          from contacts ct left join companies co on co.id = ct.company_id
          where ct.organization_id = ${who.organizationId} and ct.firstname || ' ' || ct.lastname = ${String(e.contact)}`,
      );
      const fact = { email: c!.email, phone: c!.phone, jobtitle: c!.jobtitle, company: c!.company, overview: c!.jobtitle }[String(e.field)];
      return { fragments: [c!.name, ...(fact ? [fact] : [])], notFound: false };
    }
    case 'outside':
      return { fragments: ["I can't help with that"], notFound: true, noSources: true };
    case 'unknown_name':
      return { fragments: ['I could not find'], notFound: true, noSources: true };
    case 'largest': {
      const rows = await dealRows(db, who, open);
      return { fragments: [], exactIds: rows.slice(0, Number(e.limit)).map((r) => r.id), notFound: rows.length === 0 };
    }
    case 'by_group': {
      const key = { stage: sql`s.id`, pipeline: sql`p.id`, owner: sql`d.owner_id` }[e.by as 'stage']!;
      const rows = await execute<{ n: number; amount: string }>(
        db,
        sql`
        select count(*)::int as n, coalesce(sum(d.amount), 0)::text as amount
        from deals d join pipeline_stages s on s.id = d.stage_id join pipelines p on p.id = d.pipeline_id
        where d.organization_id = ${who.organizationId} and ${visibleDeal(who)} and ${e.by === 'stage' ? sql`true` : open} group by ${key}`,
      );
      return { fragments: rows.map((r) => `${deals(r.n)}, ${rupees(r.amount)}`), notFound: rows.length === 0 };
    }
    case 'top_owner': {
      const [row] = await execute<{ name: string; amount: string }>(
        db,
        sql`
        select u.first_name || ' ' || u.last_name as name, sum(coalesce(d.amount, 0))::text as amount
        from deals d join pipeline_stages s on s.id = d.stage_id join users u on u.id = d.owner_id
        where d.organization_id = ${who.organizationId} and ${visibleDeal(who)} and ${open}
        group by u.id, u.first_name, u.last_name order by sum(coalesce(d.amount, 0)) desc, 1 limit 1`,
      );
      return row
        ? { fragments: [`${row.name} has the most open pipeline`, rupees(row.amount)], notFound: false }
        : { fragments: ['I could not find'], notFound: true };
    }
    case 'last_meeting': {
      const ids = await companyIds(db, who, String(e.account));
      const scope = isAdmin(who) ? sql`true` : sql`r.uploaded_by in (${visibleUsers(who)})`;
      const rows = await execute<{ id: string; title: string }>(
        db,
        sql`
        select r.id::text as id, r.title from recordings r join deals d on d.id = r.deal_id
        where r.organization_id = ${who.organizationId} and ${scope} and ${inIds(sql`d.company_id`, ids)}
        order by coalesce(r.recorded_at, r.created_at) desc, r.id desc limit 1`,
      );
      return rows[0]
        ? { fragments: [`"${rows[0].title}"`], firstId: rows[0].id, notFound: false }
        : { fragments: ['I could not find'], notFound: true };
    }
    case 'account_people': {
      const ids = await companyIds(db, who, String(e.account));
      const rows = await execute<{ id: string; painpoints: string | null; kdm: string | null }>(
        db,
        sql`
        select d.id::text as id, d.painpoints, d.kdm from deals d
        where d.organization_id = ${who.organizationId} and ${visibleDeal(who)} and ${inIds(sql`d.company_id`, ids)}
        order by d.amount desc nulls last, d.id desc limit 20`,
      );
      if (rows.length === 0) return { fragments: ['I could not find'], notFound: true };
      const fragments = [
        ...(e.painpoints ? rows.map((r) => r.painpoints).filter((x): x is string => !!x) : []),
        ...(e.decisionMakers ? rows.map((r) => r.kdm).filter((x): x is string => !!x) : []),
      ];
      return { fragments: [...new Set(fragments)], allowedIds: undefined, notFound: false };
    }
    case 'calls': {
      const start = new Date(`${today}T00:00:00Z`).getTime() + (e.day === 'tomorrow' ? 864e5 : 0);
      const rows = await execute<{ id: string }>(
        db,
        sql`
        select m.id::text as id from calendar_meetings m
        where m.organization_id = ${who.organizationId} and m.owner_id in (${visibleUsers(who)}) and m.status <> 'cancelled'
        and m.start_at >= ${new Date(start).toISOString()}::timestamptz
        and m.start_at < ${new Date(start + 864e5).toISOString()}::timestamptz`,
      );
      return rows.length
        ? {
            fragments: [`${rows.length} ${rows.length === 1 ? 'call' : 'calls'}`],
            allowedIds: new Set(rows.map((r) => r.id)),
            notFound: false,
          }
        : { fragments: ['I could not find'], notFound: true };
    }
    case 'stats': {
      const f = e.filters as {
        owners: string[];
        stages: string[];
        pipelines: string[];
        close: Record<string, unknown> | null;
        search: string | null;
        open?: boolean;
      };
      const parts: SQL[] = [sql`true`];
      if (f.open) parts.push(sql`not s.is_closed`);
      if (f.owners.length)
        parts.push(
          sql`d.owner_id in (select id from users where email in (${sql.join(
            f.owners.map((o) => sql`${o}`),
            sql`, `,
          )}))`,
        );
      if (f.stages.length)
        parts.push(
          sql`lower(s.label) in (${sql.join(
            f.stages.map((x) => sql`${x.toLowerCase()}`),
            sql`, `,
          )})`,
        );
      if (f.pipelines.length)
        parts.push(
          sql`lower(p.label) in (${sql.join(
            f.pipelines.map((x) => sql`${x.toLowerCase()}`),
            sql`, `,
          )})`,
        );
      if (f.close) {
        const [from, to] = rangeOf(f.close, now);
        parts.push(sql`d.closedate between ${from}::date and ${to}::date`);
      }
      if (f.search) {
        const like = `%${f.search.toLowerCase()}%`;
        parts.push(
          sql`(lower(d.dealname) like ${like} or lower(coalesce(d.nextsteps, '')) like ${like} or lower(coalesce(d.kdm, '')) like ${like})`,
        );
      }
      return setExpectation(await dealRows(db, who, sql.join(parts, sql` and `)));
    }
    case 'search': {
      const words = e.words as string[];
      if (words.length === 0) return { fragments: ['I could not find'], notFound: true };
      const like = (col: SQL) =>
        sql.join(
          words.map((w) => sql`${col} ilike ${`%${w}%`}`),
          sql` and `,
        );
      const scope = isAdmin(who) ? sql`true` : sql`r.uploaded_by in (${visibleUsers(who)})`;
      const rows = await execute<{ id: string }>(
        db,
        sql`
        select r.id::text as id from recordings r where r.organization_id = ${who.organizationId} and ${scope}
          and ${like(sql`concat_ws(' ', r.title, r.summary, r.transcription, r.key_points::text)`)}
        union all
        select d.id::text from deals d where d.organization_id = ${who.organizationId} and ${visibleDeal(who)}
          and ${like(sql`concat_ws(' ', d.dealname, d.nextsteps, d.kdm, d.painpoints, d.summary)`)}`,
      );
      return rows.length
        ? { fragments: [], allowedIds: new Set(rows.map((r) => r.id)), notFound: false }
        : { fragments: ['I could not find'], notFound: true };
    }
    case 'unknown_account':
      return { fragments: [`I could not find an account named "${e.account}"`], notFound: true, noSources: true };
    default:
      throw new Error(`unknown expectation kind ${e.kind}`);
  }
}

/** bench/assistant/questions.json: labelled questions over the demo workspace. */
export const LABELLED_QUESTIONS_FILE = path.resolve(import.meta.dirname, '../../../../bench/assistant/questions.json');

export type LabelledQuestion = {
  id: string;
  /** The kind of question the accuracy table groups by. */
  class: string;
  as: string;
  query: string;
  account: string | null;
  /** The intent a right answer has; null: any. */
  intent: string | null;
  expect: Expect;
};

export function loadLabelledQuestions(file = LABELLED_QUESTIONS_FILE): LabelledQuestion[] {
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { questions: LabelledQuestion[] }).questions;
}

type Answered = { text: string; intent: string; sources: { type: string; id: string; label: string }[] };

/** What is wrong with an answer (nothing: it is right). */
export function checkAnswer(a: Answered, q: Pick<LabelledQuestion, 'intent' | 'query'>, e: Expected): string[] {
  const problems: string[] = [];
  if (q.intent !== null && a.intent !== q.intent) problems.push(`intent ${a.intent}, expected ${q.intent}`);
  for (const f of e.fragments) if (!a.text.includes(f)) problems.push(`missing "${f.slice(0, 80)}"`);
  const carried = `${a.text} ${JSON.stringify(a.sources)}`;
  // A hidden record's name may come back only as the caller's own words.
  for (const f of e.forbidden ?? [])
    if (carried.includes(f) && !(q.query.includes(f) && !JSON.stringify(a.sources).includes(f))) problems.push(`names hidden "${f}"`);
  if (e.noSources && a.sources.length) problems.push(`sources ${a.sources.map((s) => s.label).join(', ')}`);
  if (e.notFound) return problems;
  const ids = a.sources.filter((s) => s.type !== 'company' && s.type !== 'contact').map((s) => s.id);
  if (e.allowedIds) {
    if (ids.length === 0) problems.push('no sources');
    const stray = ids.filter((id) => !e.allowedIds!.has(id));
    if (stray.length) problems.push(`sources outside the expected set: ${stray.slice(0, 3).join(', ')}`);
  }
  if (e.exactIds && JSON.stringify(ids) !== JSON.stringify(e.exactIds))
    problems.push(`sources ${ids.join(',')} != ${e.exactIds.join(',')}`);
  if (e.firstId && ids[0] !== e.firstId) problems.push(`first source ${ids[0]} != ${e.firstId}`);
  return problems;
}
