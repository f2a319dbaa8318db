import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../../db/schema';
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
const userRow = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

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
  const [legacy] = await db.insert(organizations).values({ name: 'Initech', domain: 'initech.example' }).returning({ id: organizations.id });
  legacyOrgId = legacy!.id;
  await db.insert(users).values({ organizationId: legacyOrgId, email: 'lena@initech-old.example', firstName: 'Lena', lastName: 'Legacy', role: 'admin' });
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
