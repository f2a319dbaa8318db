import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, MailSender } from '../../adapters/mail/mail-port';
import { jobs, organizations, registrationRequests, users } from '../../db/schema';
import { createJobRunner } from '../../jobs/worker';
import { drainJobs as runDueJobs, testServices } from '../../../test/jobs-fixture';
import { browserHeaders } from '../../../test/sessions';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/test-app';
import { silentLog } from '../../../test/silent-log';

/**
 * Contact-form requests and their approval (decision 6, docs/decisions/0002): an admin sees and
 * decides only requests from their workspace's domain; approval creates an active 'user' and
 * mails the requester through the job queue; the approved person can then sign in.
 */

const NOT_FOUND = 'This request was already handled or does not exist.';
const ADMINS_ONLY = 'You are not authorized to perform this action.';

/** Sign-in codes from the app. */
const otpMail: MailMessage[] = [];
const appMail: MailSender = { kind: 'outbox', send: async (m) => void otpMail.push(m) };
/** What the job worker delivers. */
const workerMail: MailMessage[] = [];
const jobMail: MailSender = { kind: 'outbox', send: async (m) => void workerMail.push(m) };

let t: TestApp;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

type Headers = Record<string, string>;
const post = (url: string, payload: unknown, headers: Headers = csrfHeaders) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const as = (who: string): Headers => browserHeaders(tokens[who]!);
const list = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/registration-requests', headers });
const approve = (id: string, headers: Headers) => post(`/api/registration-requests/${id}/approve`, undefined, headers);
const reject = (id: string, headers: Headers) => post(`/api/registration-requests/${id}/reject`, undefined, headers);

async function signIn(email: string): Promise<string> {
  expect((await post('/api/auth/send-otp', { email })).statusCode).toBe(200);
  const code = /\b(\d{6})\b/.exec(otpMail.filter((m) => m.to === email).at(-1)!.text)![1]!;
  const res = await post('/api/auth/verify-otp', { email, otp: code });
  expect(res.statusCode, res.body).toBe(200);
  return res.cookies.find((c) => c.name === 'access_token')!.value;
}

async function requestAccess(email: string, firstName: string, lastName: string): Promise<string> {
  const res = await post('/api/auth/register-interest', { email, firstName, lastName, phoneNumber: '9812345678', numEmployees: 15 });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.database.db.select().from(registrationRequests).where(eq(registrationRequests.email, email));
  return row!.id;
}

const requestRow = async (id: string) =>
  (await t.database.db.select().from(registrationRequests).where(eq(registrationRequests.id, id)))[0];
const userRow = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
const checkEmail = async (email: string) => (await post('/api/auth/check-email', { email })).json();

/** A worker process's run over the same database: its own container, with the job mail fake. */
function drainJobs() {
  const services = testServices(t.database, { mail: jobMail });
  return runDueJobs(createJobRunner({ queue: services.queue, jobs: services.jobs, log: silentLog }));
}

beforeAll(async () => {
  t = await createTestApp({ adapters: { mail: appMail } });
  const { db } = t.database;
  const [acme] = await db.insert(organizations).values({ name: 'Acme Sales', domain: 'acme.example' }).returning({ id: organizations.id });
  const [other] = await db.insert(organizations).values({ name: 'Other Co', domain: 'other.example' }).returning({ id: organizations.id });
  ids.acme = acme!.id;
  ids.other = other!.id;
  const people = await db
    .insert(users)
    .values([
      { organizationId: acme!.id, email: 'asha@acme.example', firstName: 'Asha', lastName: 'Rao', role: 'super_admin' },
      { organizationId: acme!.id, email: 'vikram@acme.example', firstName: 'Vikram', lastName: 'Shah', role: 'ADMIN' },
      { organizationId: acme!.id, email: 'meera@acme.example', firstName: 'Meera', lastName: 'Iyer', role: 'user' },
      { organizationId: other!.id, email: 'olga@other.example', firstName: 'Olga', lastName: 'Other', role: 'admin' },
    ])
    .returning({ id: users.id, email: users.email });
  for (const p of people) ids[p.email] = p.id;
  for (const who of ['vikram@acme.example', 'meera@acme.example', 'olga@other.example']) tokens[who] = await signIn(who);

  ids.nora = await requestAccess('nora.hire@acme.example', 'Nora', 'Hire');
  ids.sam = await requestAccess('sam.second@acme.example', 'Sam', 'Second');
  ids.outsider = await requestAccess('otto@other.example', 'Otto', 'Outsider');
  ids.orphan = await requestAccess('orla@nobody-owns.example', 'Orla', 'Orphan');
});
afterAll(() => t?.close());

describe('GET /api/registration-requests', () => {
  it("lists only the pending requests from the admin's own workspace domain", async () => {
    const res = await list(as('vikram@acme.example'));
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: string; email: string }[];
    expect(data.map((r) => r.email).sort()).toEqual(['nora.hire@acme.example', 'sam.second@acme.example']);
    const nora = data.find((r) => r.email === 'nora.hire@acme.example')!;
    expect(nora).toEqual({
      id: ids.nora,
      email: 'nora.hire@acme.example',
      first_name: 'Nora',
      last_name: 'Hire',
      phone_number: '9812345678',
      num_employees: 15,
      requested_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/),
    });

    const olga = await list(as('olga@other.example'));
    expect((olga.json().data as { email: string }[]).map((r) => r.email)).toEqual(['otto@other.example']);
  });

  it('refuses a non-admin with 403 and a signed-out caller with 401', async () => {
    const member = await list(as('meera@acme.example'));
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({ detail: ADMINS_ONLY });
    const anon = await list({});
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ detail: 'Not authenticated' });
  });
});

describe('approve and reject: who may', () => {
  it('refuses a non-admin (403) and a signed-out caller (401), and nothing changes', async () => {
    for (const decide of [approve, reject]) {
      const member = await decide(ids.nora!, as('meera@acme.example'));
      expect(member.statusCode).toBe(403);
      expect(member.json()).toEqual({ detail: ADMINS_ONLY });
      const anon = await decide(ids.nora!, csrfHeaders);
      expect(anon.statusCode).toBe(401);
    }
    expect((await requestRow(ids.nora!))!.status).toBe('pending');
    expect(await userRow('nora.hire@acme.example')).toBeUndefined();
  });

  it("does not let an Acme admin see or decide another workspace's request (404)", async () => {
    for (const decide of [approve, reject]) {
      const res = await decide(ids.outsider!, as('vikram@acme.example'));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: NOT_FOUND });
    }
    expect((await requestRow(ids.outsider!))!.status).toBe('pending');
    expect(await userRow('otto@other.example')).toBeUndefined();
  });

  it('refuses a decision without the CSRF token (403), and nothing changes', async () => {
    const headers = { cookie: browserHeaders(tokens['vikram@acme.example']!).cookie };
    const res = await approve(ids.nora!, headers);
    expect(res.statusCode).toBe(403);
    expect((await requestRow(ids.nora!))!.status).toBe('pending');
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const bad = await approve('not-a-uuid', as('vikram@acme.example'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Unknown request');
    const unknown = await reject('00000000-0000-4000-8000-000000000000', as('vikram@acme.example'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: NOT_FOUND });
  });
});

describe('approve', () => {
  it("creates an active 'user' reporting to the approving admin and queues the approval mail", async () => {
    await t.database.db.execute(sql`delete from jobs`);
    const res = await approve(ids.nora!, as('vikram@acme.example'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'approved' });

    const user = await userRow('nora.hire@acme.example');
    expect(user).toMatchObject({
      organizationId: ids.acme,
      firstName: 'Nora',
      lastName: 'Hire',
      phoneNumber: '9812345678',
      role: 'user',
      status: 'active',
      reportsTo: ids['vikram@acme.example'],
    });
    expect(await requestRow(ids.nora!)).toMatchObject({ status: 'approved', decidedBy: ids['vikram@acme.example'] });
    expect((await requestRow(ids.nora!))!.decidedAt).toBeInstanceOf(Date);

    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, 'mail.send'), eq(jobs.status, 'queued')));
    expect(queued).toHaveLength(1);
    expect((queued[0]!.payload as MailMessage).to).toBe('nora.hire@acme.example');

    // The worker delivers it.
    expect(await drainJobs()).toBe(1);
    expect(workerMail).toHaveLength(1);
    const mail = workerMail[0]!;
    expect(mail.to).toBe('nora.hire@acme.example');
    expect(mail.subject).toBe('Your Pipewise access is approved');
    expect(mail.text).toContain('Hi Nora');
    expect(mail.text).toContain('http://localhost:3000/signin');
    expect(mail.html).toContain('href="http://localhost:3000/signin"');
    const [done] = await t.database.db.select().from(jobs).where(eq(jobs.id, queued[0]!.id));
    expect(done!.status).toBe('done');
  });

  it('lets the approved person sign in', async () => {
    expect(await checkEmail('nora.hire@acme.example')).toEqual({ exists: true, status: 'active', name: 'Nora Hire' });
    const token = await signIn('nora.hire@acme.example');
    const profile = await t.app.inject({ method: 'GET', url: '/api/session/profile', headers: { cookie: `access_token=${token}` } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      email: 'nora.hire@acme.example',
      name: 'Nora Hire',
      role: 'user',
      organization_name: 'Acme Sales',
      session_valid: true,
    });
    // And the contact form now sends them to sign in.
    const again = await post('/api/auth/register-interest', {
      email: 'nora.hire@acme.example',
      firstName: 'Nora',
      lastName: 'Hire',
      phoneNumber: '9812345678',
      numEmployees: 15,
    });
    expect(again.statusCode).toBe(409);
  });

  it('no longer lists a decided request, and a second decision answers 404', async () => {
    const listed = (await list(as('vikram@acme.example'))).json().data as { id: string }[];
    expect(listed.map((r) => r.id)).not.toContain(ids.nora);
    for (const [decide, who] of [
      [approve, 'vikram@acme.example'],
      [approve, 'asha@acme.example'],
      [reject, 'vikram@acme.example'],
    ] as const) {
      if (!tokens[who]) tokens[who] = await signIn(who);
      const res = await decide(ids.nora!, as(who));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: NOT_FOUND });
    }
    expect((await t.database.db.select().from(users).where(eq(users.email, 'nora.hire@acme.example'))).length).toBe(1);
    expect(await drainJobs()).toBe(0);
  });

  it('answers 409 when someone already has an account with that email', async () => {
    const [row] = await t.database.db
      .insert(registrationRequests)
      .values({ email: 'meera@acme.example', firstName: 'Meera', lastName: 'Again', phoneNumber: '9800000000', numEmployees: 2 })
      .returning({ id: registrationRequests.id });
    const res = await approve(row!.id, as('vikram@acme.example'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'A user with this email already exists.' });
    expect((await requestRow(row!.id))!.status).toBe('pending');
  });

  it("lets the other workspace's admin approve their own domain's request into their workspace", async () => {
    const res = await approve(ids.outsider!, as('olga@other.example'));
    expect(res.statusCode).toBe(200);
    expect(await userRow('otto@other.example')).toMatchObject({
      organizationId: ids.other,
      role: 'user',
      status: 'active',
      reportsTo: ids['olga@other.example'],
    });
  });
});

describe('reject', () => {
  it('marks the request rejected; check-email no longer says pending and no user is made', async () => {
    expect(await checkEmail('sam.second@acme.example')).toEqual({ exists: true, status: 'pending', name: 'Sam Second' });
    const res = await reject(ids.sam!, as('vikram@acme.example'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'rejected' });
    expect(await requestRow(ids.sam!)).toMatchObject({ status: 'rejected', decidedBy: ids['vikram@acme.example'] });
    expect(await userRow('sam.second@acme.example')).toBeUndefined();
    expect(await checkEmail('sam.second@acme.example')).toEqual({ exists: false, status: null, name: null });
    const send = await post('/api/auth/send-otp', { email: 'sam.second@acme.example' });
    expect(send.statusCode).toBe(404);

    for (const decide of [reject, approve]) {
      const again = await decide(ids.sam!, as('vikram@acme.example'));
      expect(again.statusCode).toBe(404);
    }
    expect(await userRow('sam.second@acme.example')).toBeUndefined();
  });

  it('leaves a request from a domain no workspace owns pending for everyone', async () => {
    for (const who of ['vikram@acme.example', 'olga@other.example']) {
      const data = (await list(as(who))).json().data as { email: string }[];
      expect(data.map((r) => r.email)).not.toContain('orla@nobody-owns.example');
      expect((await approve(ids.orphan!, as(who))).statusCode).toBe(404);
    }
    expect(await checkEmail('orla@nobody-owns.example')).toEqual({ exists: true, status: 'pending', name: 'Orla Orphan' });
  });
});
