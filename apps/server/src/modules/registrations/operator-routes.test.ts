import { eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TWorkspaceRequest } from '@pipewise/contract/workspaces';
import { organizations, registrationRequests, users } from '../../db/schema';
import { createJobRunner } from '../../jobs/worker';
import { drainJobs as runDueJobs, testServices } from '../../../test/jobs-fixture';
import { recordingMail } from '../../../test/fakes/recording-mail';
import { silentLog } from '../../../test/silent-log';
import { browserHeaders, signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/test-app';

/**
 * Operators (OPERATOR_EMAILS) decide the sign-up requests from domains no workspace holds:
 * approving creates the requester's workspace with them as its admin; both decisions mail them.
 */
const OPERATOR = 'asha@acme.example';
const HANDLED = 'This request was already handled, its domain now has a workspace, or it does not exist.';

let t: TestApp;
const appMail = recordingMail();
const jobMail = recordingMail();
const s = {} as Record<'asha' | 'vikram', TestSession>;
const ids: Record<string, string> = {};

const call = (
  method: InjectOptions['method'],
  url: string,
  headers: Record<string, string>,
  payload?: object,
): Promise<LightMyRequestResponse> => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const list = (who: TestSession) => call('GET', '/api/operator/workspace-requests', who.headers);
const decide = (id: string, decision: 'approve' | 'reject', headers: Record<string, string>) =>
  call('POST', `/api/operator/workspace-requests/${id}/${decision}`, headers);
const userRow = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
const requestRow = async (id: string) =>
  (await t.database.db.select().from(registrationRequests).where(eq(registrationRequests.id, id)))[0];

async function requestAccess(email: string, firstName: string, lastName: string): Promise<string> {
  const res = await call('POST', '/api/auth/register-interest', csrfHeaders, {
    email,
    firstName,
    lastName,
    phoneNumber: '9812345678',
    numEmployees: 120,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.database.db
    .select({ id: registrationRequests.id })
    .from(registrationRequests)
    .where(eq(registrationRequests.email, email));
  return row!.id;
}

function drainJobs() {
  const services = testServices(t.database, { mail: jobMail });
  return runDueJobs(createJobRunner({ queue: services.queue, jobs: services.jobs, log: silentLog }));
}

/** Signs in through the real code flow, as a person would. */
async function signInWithCode(email: string): Promise<string> {
  expect((await call('POST', '/api/auth/send-otp', csrfHeaders, { email })).statusCode).toBe(200);
  const code = /\b(\d{6})\b/.exec(appMail.sent.filter((m) => m.to === email).at(-1)!.text)![1]!;
  const res = await call('POST', '/api/auth/verify-otp', csrfHeaders, { email, otp: code });
  expect(res.statusCode, res.body).toBe(200);
  return res.cookies.find((c) => c.name === 'access_token')!.value;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, adapters: { mail: appMail }, env: { OPERATOR_EMAILS: ` ${OPERATOR.toUpperCase()} ` } });
  s.asha = await signIn(t.database.db, OPERATOR);
  s.vikram = await signIn(t.database.db, 'vikram@acme.example');
  ids.bob = await requestAccess('bob@globex.example', 'Bob', 'Stone');
  ids.carl = await requestAccess('carl@globex.example', 'Carl', 'Second');
  ids.dave = await requestAccess('dave@initech.example', 'Dave', 'Declined');
  ids.nora = await requestAccess('nora@acme.example', 'Nora', 'Acme');
});
afterAll(() => t?.close());

describe('who is an operator', () => {
  it('the profile says so for an operator only', async () => {
    for (const [who, expected] of [
      [s.asha, true],
      [s.vikram, false],
    ] as const) {
      const res = await call('GET', '/api/session/profile', who.headers);
      expect(res.json<{ is_operator: boolean }>().is_operator).toBe(expected);
    }
  });

  it('refuses an admin who is not an operator (403) and a signed-out caller (401), changing nothing', async () => {
    const admin = await list(s.vikram);
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({ detail: 'Only the operators of this Pipewise installation can do this.' });
    expect((await call('GET', '/api/operator/workspace-requests', {})).statusCode).toBe(401);
    for (const decision of ['approve', 'reject'] as const) {
      expect((await decide(ids.bob!, decision, s.vikram.headers)).statusCode).toBe(403);
      expect((await decide(ids.bob!, decision, csrfHeaders)).statusCode).toBe(401);
    }
    expect((await requestRow(ids.bob!))!.status).toBe('pending');
  });
});

describe('operator decisions', () => {
  it('lists the pending requests from domains no workspace holds, with the name the workspace would get', async () => {
    const res = await list(s.asha);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: TWorkspaceRequest[] }>().data;
    expect(data.map((r) => r.email)).toEqual(['bob@globex.example', 'carl@globex.example', 'dave@initech.example']);
    expect(data[0]).toEqual({
      id: ids.bob,
      email: 'bob@globex.example',
      first_name: 'Bob',
      last_name: 'Stone',
      phone_number: '9812345678',
      num_employees: 120,
      requested_at: expect.any(String),
      domain: 'globex.example',
      workspace_name: 'Globex',
    });
  });

  it('approving creates the workspace with the requester as its admin, mails them, and they can sign in', async () => {
    await t.database.db.execute(sql`delete from jobs`);
    const res = await decide(ids.bob!, 'approve', s.asha.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'approved',
      workspace: { name: 'Globex', domain: 'globex.example', admin_email: 'bob@globex.example' },
    });

    const [org] = await t.database.db.select().from(organizations).where(eq(organizations.domain, 'globex.example'));
    expect(org).toMatchObject({ name: 'Globex' });
    expect(await userRow('bob@globex.example')).toMatchObject({
      organizationId: org!.id,
      firstName: 'Bob',
      lastName: 'Stone',
      phoneNumber: '9812345678',
      role: 'super_admin',
      status: 'active',
      reportsTo: null,
    });
    expect(await requestRow(ids.bob!)).toMatchObject({ status: 'approved', decidedBy: s.asha.userId });

    // Ready to sell: the new admin creates a deal in the "Sales Pipeline" the workspace came with.
    const newAdmin = await signIn(t.database.db, 'bob@globex.example');
    const deal = await t.app.inject({
      method: 'POST',
      url: '/api/deal/',
      headers: newAdmin.headers,
      payload: { dealname: 'First deal', pipeline: 'Sales Pipeline', dealstage: 'Appointment Scheduled' },
    });
    expect(deal.statusCode, deal.body).toBe(201);

    expect(await drainJobs()).toBe(1);
    const mail = jobMail.sent.at(-1)!;
    expect(mail.to).toBe('bob@globex.example');
    expect(mail.subject).toBe('Your Pipewise workspace Globex is ready');
    expect(mail.text).toContain('Hi Bob');
    expect(mail.text).toContain('you are its admin');
    expect(mail.text).toContain('http://localhost:3000/signin');

    const token = await signInWithCode('bob@globex.example');
    const bob = browserHeaders(token);
    const profile = await call('GET', '/api/session/profile', bob);
    expect(profile.json()).toMatchObject({
      email: 'bob@globex.example',
      role: 'super_admin',
      organization_name: 'Globex',
      organization_domain: 'globex.example',
      is_operator: false,
    });
    // The workspace holds globex.example now: Carl's request is Bob's to decide, no longer the operators'.
    const bobs = await call('GET', '/api/registration-requests', bob);
    expect(bobs.json<{ data: { email: string }[] }>().data.map((r) => r.email)).toEqual(['carl@globex.example']);
    expect((await list(s.asha)).json<{ data: TWorkspaceRequest[] }>().data.map((r) => r.email)).toEqual(['dave@initech.example']);
    expect((await decide(ids.carl!, 'approve', s.asha.headers)).statusCode).toBe(404);
    // And Bob can add his colleagues.
    const added = await call('POST', '/api/users/add_user/bob@globex.example', bob, {
      first_name: 'Gail',
      last_name: 'Globex',
      email: 'gail@globex.example',
      phone_number: '9876543210',
      role: 'user',
      reports_to_email: 'bob@globex.example',
      is_onboarded: true,
    });
    expect(added.statusCode, added.body).toBe(201);
  });

  it('rejecting closes the request and mails the requester; they get no account', async () => {
    await t.database.db.execute(sql`delete from jobs`);
    const res = await decide(ids.dave!, 'reject', s.asha.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'rejected' });
    expect(await requestRow(ids.dave!)).toMatchObject({ status: 'rejected', decidedBy: s.asha.userId });
    expect(await userRow('dave@initech.example')).toBeUndefined();
    expect(await drainJobs()).toBe(1);
    expect(jobMail.sent.at(-1)).toMatchObject({ to: 'dave@initech.example', subject: 'Your Pipewise request' });
    expect(jobMail.sent.at(-1)!.text).toContain('Hi Dave');
    const check = await call('POST', '/api/auth/check-email', csrfHeaders, { email: 'dave@initech.example' });
    expect(check.json()).toEqual({ exists: false, status: null, name: null });
  });

  it('answers 404 for a decided request, a request from a held domain, and an unknown id; 400 for a malformed one', async () => {
    for (const id of [ids.bob!, ids.dave!, ids.nora!, '00000000-0000-4000-8000-000000000000']) {
      for (const decision of ['approve', 'reject'] as const) {
        const res = await decide(id, decision, s.asha.headers);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: HANDLED });
      }
    }
    expect((await requestRow(ids.nora!))!.status).toBe('pending');
    expect((await decide('not-a-uuid', 'approve', s.asha.headers)).statusCode).toBe(400);
  });

  it('refuses (409) a domain that a workspace already has without holding it, naming that workspace', async () => {
    await t.database.db.insert(organizations).values({ name: 'Hooli', domain: 'hooli.example' });
    const id = await requestAccess('hank@hooli.example', 'Hank', 'Hooli');
    expect((await list(s.asha)).json<{ data: TWorkspaceRequest[] }>().data.map((r) => r.email)).toContain('hank@hooli.example');
    const res = await decide(id, 'approve', s.asha.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'hooli.example already belongs to the workspace Hooli.' });
    expect(await userRow('hank@hooli.example')).toBeUndefined();
    expect((await requestRow(id))!.status).toBe('pending');
  });
});
