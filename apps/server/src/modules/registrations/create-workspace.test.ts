import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, registrationRequests, users } from '../../db/schema';
import { seedDemo } from '../../cli/seed';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import { createWorkspace } from './create-workspace';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
});
afterAll(() => database.close());

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: { statusCode: number; detail: string }) => ({ status: e.statusCode, detail: e.detail }),
  );

describe('createWorkspace', () => {
  it('names the workspace from the domain, guesses names from the address, and closes a pending request from it', async () => {
    const [request] = await database.db
      .insert(registrationRequests)
      .values({ email: 'mary.jane@initech.example', firstName: 'Mary', lastName: 'Jane', phoneNumber: '9800000000', numEmployees: 9 })
      .returning({ id: registrationRequests.id });
    const created = await createWorkspace(database.db, { domain: ' Initech.Example ', admin: { email: 'Mary.Jane@initech.example' } });
    expect(created).toMatchObject({
      name: 'Initech',
      domain: 'initech.example',
      admin: { email: 'mary.jane@initech.example', firstName: 'Mary', lastName: 'Jane' },
    });
    const [row] = await database.db.select().from(registrationRequests).where(eq(registrationRequests.id, request!.id));
    expect(row).toMatchObject({ status: 'approved', decidedBy: null });
    expect(row!.decidedAt).toBeInstanceOf(Date);
  });

  it.each([
    [
      'a domain a workspace has',
      { domain: 'acme.example', admin: { email: 'new@acme.example' } },
      409,
      'acme.example already belongs to the workspace Acme Sales.',
    ],
    [
      'an admin at another domain',
      { domain: 'globex.example', admin: { email: 'asha@acme.example' } },
      400,
      "The workspace's first admin needs an @globex.example address; asha@acme.example is not one.",
    ],
    [
      'an invalid domain',
      { domain: 'not a domain', admin: { email: 'x@y.example' } },
      400,
      'Please enter a valid domain (e.g., example.com)',
    ],
    [
      'an invalid name',
      { name: 'Globex & Co', domain: 'globex.example', admin: { email: 'bob@globex.example' } },
      400,
      'Workspace name can only contain letters, numbers, spaces, hyphens and underscores',
    ],
    ['an invalid address', { domain: 'globex.example', admin: { email: 'bob globex.example' } }, 400, 'Please enter a valid email address'],
  ])('refuses %s', async (_label, input, status, detail) => {
    const before = await database.db.select({ id: organizations.id }).from(organizations);
    expect(await refusal(createWorkspace(database.db, input))).toEqual({ status, detail });
    expect(await database.db.select({ id: organizations.id }).from(organizations)).toHaveLength(before.length);
  });

  it('refuses an address that already has an account in another workspace', async () => {
    await database.db.insert(users).values({
      organizationId: (await database.db.select().from(organizations).where(eq(organizations.domain, 'acme.example')))[0]!.id,
      email: 'old@hooli.example',
      firstName: 'Old',
      lastName: 'Member',
    });
    expect(await refusal(createWorkspace(database.db, { domain: 'hooli.example', admin: { email: 'old@hooli.example' } }))).toEqual({
      status: 409,
      detail: 'old@hooli.example already has a Pipewise account.',
    });
  });
});
