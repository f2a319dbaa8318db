import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, registrationRequests, users } from '../../db/schema';
import { createOtherWorkspace, type OtherWorkspace } from '../../../test/other-workspace';
import { signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/test-app';

/**
 * Which workspace a domain's people belong to: a workspace holds its domain only while one of its
 * active admins has an address there, and adds people only at the domain it holds.
 */
type ErrorBody = { detail: string; errors?: { field: string; message: string }[] };

let t: TestApp;
let globex: OtherWorkspace;
const s = {} as Record<'vikram' | 'globexAdmin' | 'legacyAdmin', TestSession>;
let legacyOrgId: string;

const call = (method: InjectOptions['method'], url: string, who: TestSession | null, payload?: object): Promise<LightMyRequestResponse> =>
  t.app.inject({ method, url, headers: who ? who.headers : csrfHeaders, ...(payload ? { payload } : {}) });
const orgOf = async (id: string) =>
  (
    await t.database.db
      .select({ name: organizations.name, domain: organizations.domain })
      .from(organizations)
      .where(eq(organizations.id, id))
  )[0];
const userRow = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

const updateWorkspace = (who: TestSession, name: string, domain: string) =>
  call('PUT', `/api/users/update_user/${who.email}`, who, { organization_name: name, organization_domain: domain });
const listRequests = async (who: TestSession) => {
  const res = await call('GET', '/api/registration-requests', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { id: string; email: string }[] }>().data;
};
async function requestAccess(email: string): Promise<string> {
  const res = await call('POST', '/api/auth/register-interest', null, {
    email,
    firstName: 'Pat',
    lastName: 'Prospect',
    phoneNumber: '9812345678',
    numEmployees: 40,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await t.database.db
    .select({ id: registrationRequests.id })
    .from(registrationRequests)
    .where(eq(registrationRequests.email, email));
  return row!.id;
}

const addUser = (who: TestSession, email: string) =>
  call('POST', `/api/users/add_user/${who.email}`, who, {
    first_name: 'New',
    last_name: 'Person',
    email,
    phone_number: '9876543210',
    role: 'user',
    reports_to_email: who.email,
    is_onboarded: true,
  });

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const db = t.database.db;
  globex = await createOtherWorkspace(db);
  // A workspace whose domain none of its admins has an address at (as a domain claimed before
  // claims were checked would be): it holds nothing.
  const [legacy] = await db
    .insert(organizations)
    .values({ name: 'Initech', domain: 'initech.example' })
    .returning({ id: organizations.id });
  legacyOrgId = legacy!.id;
  await db
    .insert(users)
    .values({ organizationId: legacyOrgId, email: 'lena@initech-old.example', firstName: 'Lena', lastName: 'Legacy', role: 'admin' });
  s.vikram = await signIn(db, 'vikram@acme.example');
  s.globexAdmin = await signIn(db, globex.emails.admin);
  s.legacyAdmin = await signIn(db, 'lena@initech-old.example');
});
afterAll(() => t?.close());

describe('add_user adds only addresses at the domain the workspace holds', () => {
  it("refuses an Acme admin adding an address at Globex's domain, so Globex's admin can add that person", async () => {
    const squat = await addUser(s.vikram, 'bob@globex.example');
    expect(squat.statusCode).toBe(400);
    expect(squat.json<ErrorBody>()).toEqual({
      detail: 'You can only add people with an @acme.example address.',
      errors: [{ field: 'email', message: 'You can only add people with an @acme.example address.' }],
    });
    expect(await userRow('bob@globex.example')).toBeUndefined();

    const own = await addUser(s.globexAdmin, 'bob@globex.example');
    expect(own.statusCode, own.body).toBe(201);
    expect(await userRow('bob@globex.example')).toMatchObject({ organizationId: globex.organizationId, status: 'active' });
  });

  it('refuses an address at a domain no workspace holds, and at a subdomain of its own', async () => {
    for (const email of ['carol@unclaimed.example', 'dan@eu.acme.example']) {
      const res = await addUser(s.vikram, email);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().detail).toBe('You can only add people with an @acme.example address.');
      expect(await userRow(email)).toBeUndefined();
    }
  });

  it('still adds an address at its own domain (any case)', async () => {
    const res = await addUser(s.vikram, 'Erin@ACME.example');
    expect(res.statusCode, res.body).toBe(201);
    expect(await userRow('erin@acme.example')).toMatchObject({ organizationId: s.vikram.organizationId });
  });

  it('refuses a workspace that does not hold its domain, saying what would make it hold it', async () => {
    const res = await addUser(s.legacyAdmin, 'fred@initech.example');
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().detail).toBe(
      'This workspace does not hold initech.example yet: an active admin needs an @initech.example address before people can be added.',
    );
    expect(await userRow('fred@initech.example')).toBeUndefined();
  });
});

describe('a workspace claims a domain only when an active admin has an address there', () => {
  it("refuses an unclaimed domain with a message naming it, and that domain's sign-up requests stay hidden", async () => {
    const carol = await requestAccess('carol@unclaimed.example');
    const res = await updateWorkspace(s.vikram, 'Acme Sales', 'Unclaimed.example');
    expect(res.statusCode).toBe(400);
    const message = "To use unclaimed.example as this workspace's domain, an active admin needs an @unclaimed.example address.";
    expect(res.json<ErrorBody>()).toEqual({ detail: message, errors: [{ field: 'organization_domain', message }] });
    expect(await orgOf(s.vikram.organizationId)).toEqual({ name: 'Acme Sales', domain: 'acme.example' });
    expect((await listRequests(s.vikram)).map((r) => r.email)).not.toContain('carol@unclaimed.example');
    expect((await call('POST', `/api/registration-requests/${carol}/approve`, s.vikram)).statusCode).toBe(404);
    expect(await userRow('carol@unclaimed.example')).toBeUndefined();
  });

  it("refuses another workspace's domain the same way, without saying whose it is", async () => {
    const res = await updateWorkspace(s.vikram, 'Acme Sales', globex.domain);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().detail).toBe(
      "To use globex.example as this workspace's domain, an active admin needs an @globex.example address.",
    );
    expect(await orgOf(globex.organizationId)).toEqual({ name: globex.name, domain: globex.domain });
  });

  it('keeps the domain it has while renaming the workspace', async () => {
    const res = await updateWorkspace(s.vikram, 'Acme Sales India', 'acme.example');
    expect(res.statusCode, res.body).toBe(200);
    expect((await updateWorkspace(s.vikram, 'Acme Sales', 'acme.example')).statusCode).toBe(200);
  });

  it("shows a domain's sign-up requests only to a workspace that holds it", async () => {
    const ivan = await requestAccess('ivan@initech.example');
    // Initech's domain is initech.example, but no active admin has an address there.
    expect(await listRequests(s.legacyAdmin)).toEqual([]);
    for (const decision of ['approve', 'reject']) {
      expect((await call('POST', `/api/registration-requests/${ivan}/${decision}`, s.legacyAdmin)).statusCode).toBe(404);
    }
    expect(await userRow('ivan@initech.example')).toBeUndefined();

    // Globex holds globex.example while an active admin has an address there, and no longer once
    // that admin is deactivated: its other admin (at another domain) then sees nothing.
    const gina = await requestAccess('gina@globex.example');
    const db = t.database.db;
    await db.insert(users).values({
      organizationId: globex.organizationId,
      email: 'kim@contractor.example',
      firstName: 'Kim',
      lastName: 'Contractor',
      role: 'admin',
    });
    const kim = await signIn(db, 'kim@contractor.example');
    expect((await listRequests(kim)).map((r) => r.id)).toEqual([gina]);
    await db.update(users).set({ status: 'deactivated' }).where(eq(users.id, globex.ids.admin));
    try {
      expect(await listRequests(kim)).toEqual([]);
      expect((await call('POST', `/api/registration-requests/${gina}/approve`, kim)).statusCode).toBe(404);
    } finally {
      await db.update(users).set({ status: 'active' }).where(eq(users.id, globex.ids.admin));
    }
    expect((await listRequests(kim)).map((r) => r.id)).toEqual([gina]);
  });

  it('moves to a domain an active admin has an address at, and then sees its requests', async () => {
    const lara = await requestAccess('lara@initech-old.example');
    const res = await updateWorkspace(s.legacyAdmin, 'Initech', 'initech-old.example');
    expect(res.statusCode, res.body).toBe(200);
    expect((await listRequests(s.legacyAdmin)).map((r) => r.id)).toEqual([lara]);
  });

  it('gives a new address at a held domain no account by signing in', async () => {
    const check = await call('POST', '/api/auth/check-email', null, { email: 'newcomer@acme.example' });
    expect(check.json()).toEqual({ exists: false, status: null, name: null });
    const send = await call('POST', '/api/auth/send-otp', null, { email: 'newcomer@acme.example' });
    expect(send.statusCode).toBe(404);
    expect(await userRow('newcomer@acme.example')).toBeUndefined();
  });
});
