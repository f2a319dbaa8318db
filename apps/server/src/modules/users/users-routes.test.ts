import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUserRow } from '@pipewise/contract/users';
import { organizations, sessions, users } from '../../db/schema';
import { DEMO_USERS } from '../../cli/seed';
import { createOtherWorkspace, type OtherWorkspace } from '../../../test/other-workspace';
import { findUser, signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/test-app';

const ACME = (name: string) => `${name}@acme.example`;
const ACME_EMAILS = DEMO_USERS.map((u) => u.email);

type Who = TestSession | null;
type ErrorBody = { detail: string; errors?: { field: string; message: string }[] };
/** The one refusal of a super admin's rights to anyone else. */
const SUPER_ADMINS_ONLY = "Only a super admin can grant super admin rights or change a super admin's role or status.";

function caller(t: TestApp) {
  return (method: InjectOptions['method'], url: string, who: Who, payload?: unknown): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: who ? who.headers : csrfHeaders,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

const emailsOf = (res: LightMyRequestResponse) =>
  res
    .json<{ data: TUserRow[] }>()
    .data.map((u) => u.email)
    .sort();

type Fixture = {
  t: TestApp;
  call: ReturnType<typeof caller>;
  other: OtherWorkspace;
  s: Record<'asha' | 'vikram' | 'meera' | 'rahul' | 'priya' | 'otherAdmin' | 'otherRep', TestSession>;
  id: Record<string, string>;
};

/** The seeded demo workspace plus a second one, with sessions for the people the tests act as. */
async function demoFixture(): Promise<Fixture> {
  const t = await createTestApp({ seed: true });
  const db = t.database.db;
  const other = await createOtherWorkspace(db);
  const s = {
    asha: await signIn(db, ACME('asha')),
    vikram: await signIn(db, ACME('vikram')),
    meera: await signIn(db, ACME('meera')),
    rahul: await signIn(db, ACME('rahul')),
    priya: await signIn(db, ACME('priya')),
    otherAdmin: await signIn(db, other.emails.admin),
    otherRep: await signIn(db, other.emails.rep),
  };
  const id: Record<string, string> = {};
  for (const email of ACME_EMAILS) id[email.split('@')[0]!] = (await findUser(db, email)).id;
  return { t, call: caller(t), other, s, id };
}

describe('users API', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let other: OtherWorkspace;
  let s: Fixture['s'];
  const id: Record<string, string> = {};

  beforeAll(async () => {
    const fixture = await demoFixture();
    ({ t, call, other, s } = fixture);
    Object.assign(id, fixture.id);
  });
  afterAll(() => t?.close());

  // ---------------------------------------------------------------------------------------------
  describe('GET /api/users', () => {
    it('gives every member, reps included, all users of their own workspace with team, role, last login and manager', async () => {
      for (const who of [s.rahul, s.meera, s.asha]) {
        const res = await call('GET', '/api/users', who);
        expect(res.statusCode).toBe(200);
        expect(emailsOf(res)).toEqual([...ACME_EMAILS].sort());
      }
      const rows = (await call('GET', '/api/users', s.rahul)).json<{ data: TUserRow[] }>().data;
      const byEmail = new Map(rows.map((r) => [r.email, r]));
      expect(byEmail.get(ACME('rahul'))).toMatchObject({
        id: id.rahul,
        first_name: 'Rahul',
        last_name: 'Verma',
        name: 'Rahul Verma',
        team: 'Enterprise',
        role: 'user',
        access: 'user',
        status: 'active',
        reports_to: id.vikram,
        reports_to_email: ACME('vikram'),
        is_onboarded: true,
      });
      expect(Date.parse(byEmail.get(ACME('rahul'))!.last_login!)).toBeLessThan(Date.now());
      expect(byEmail.get(ACME('arjun'))!.last_login).toBeNull(); // never signed in
      expect(byEmail.get(ACME('asha'))).toMatchObject({
        role: 'super_admin',
        reports_to: null,
        reports_to_email: null,
        team: 'Leadership',
      });
      expect(byEmail.get(ACME('kavya'))).toMatchObject({ team: 'Mid-Market', reports_to_email: ACME('meera') });
    });

    it("never shows another workspace's users, in either direction", async () => {
      const acme = emailsOf(await call('GET', '/api/users', s.asha));
      expect(acme.some((e) => e.endsWith(`@${other.domain}`))).toBe(false);
      for (const who of [s.otherAdmin, s.otherRep]) {
        expect(emailsOf(await call('GET', '/api/users', who))).toEqual(Object.values(other.emails).sort());
      }
    });

    it('answers 401 without a session, and 403 when X-User-Email names someone else', async () => {
      const anon = await call('GET', '/api/users', null);
      expect(anon.statusCode).toBe(401);
      expect(anon.json<ErrorBody>().detail).toBe('Not authenticated');
      const spoof = await t.app.inject({ method: 'GET', url: '/api/users', headers: { ...s.rahul.headers, 'x-user-email': ACME('asha') } });
      expect(spoof.statusCode).toBe(403);
      const same = await t.app.inject({
        method: 'GET',
        url: '/api/users',
        headers: { ...s.rahul.headers, 'x-user-email': 'RAHUL@acme.example' },
      });
      expect(same.statusCode).toBe(200);
    });

    it('accepts the session as a Bearer token too', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: s.priya.bearer });
      expect(res.statusCode).toBe(200);
    });
  });

  // ---------------------------------------------------------------------------------------------
  describe('POST /api/users/add_user/{email}', () => {
    const valid = (over: Record<string, unknown> = {}) => ({
      first_name: 'Nina',
      last_name: 'Kapoor',
      email: 'nina.kapoor@acme.example',
      phone_number: '9876543210',
      role: 'user',
      reports_to_email: ACME('vikram'),
      is_onboarded: true,
      ...over,
    });
    const addAs = (who: Who, body: unknown, pathEmail = who?.email ?? ACME('asha')) =>
      call('POST', `/api/users/add_user/${encodeURIComponent(pathEmail)}`, who, body);
    const userCount = async () => (await t.database.db.select({ id: users.id }).from(users)).length;
    let seq = 0;
    const freshEmail = () => `new.user${++seq}@acme.example`;

    it('is for admins only: a rep gets 403 and nothing is created', async () => {
      const before = await userCount();
      const res = await addAs(s.rahul, valid({ email: freshEmail() }));
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().detail).toBe('You are not authorized to perform this action.');
      expect((await addAs(s.meera, valid({ email: freshEmail() }))).statusCode).toBe(403);
      expect(await userCount()).toBe(before);
    });

    it('answers 401 without a session', async () => {
      expect((await addAs(null, valid({ email: freshEmail() }), ACME('asha'))).statusCode).toBe(401);
    });

    it("refuses a path email that is not the caller's (403), even for admins", async () => {
      const before = await userCount();
      const res = await addAs(s.vikram, valid({ email: freshEmail() }), ACME('asha'));
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().detail).toBe('You can only act as yourself.');
      expect((await addAs(s.rahul, valid({ email: freshEmail() }), ACME('vikram'))).statusCode).toBe(403);
      expect(await userCount()).toBe(before);
    });

    it('accepts the path email in any case and with spaces around it', async () => {
      const res = await addAs(s.vikram, valid({ email: freshEmail() }), '  VIKRAM@Acme.Example ');
      expect(res.statusCode).toBe(201);
    });

    const fieldCases: [string, Record<string, unknown>, string, string][] = [
      ['first name empty', { first_name: '' }, 'first_name', 'First name is required'],
      ['first name blank', { first_name: '   ' }, 'first_name', 'First name is required'],
      ['first name 1 char', { first_name: 'N' }, 'first_name', 'First name must be at least 2 characters'],
      ['first name 1 char after trim', { first_name: '  N  ' }, 'first_name', 'First name must be at least 2 characters'],
      ['last name empty', { last_name: '' }, 'last_name', 'Last name is required'],
      ['last name blank', { last_name: ' \t ' }, 'last_name', 'Last name is required'],
      ['last name 1 char', { last_name: 'K' }, 'last_name', 'Last name must be at least 2 characters'],
      ['email empty', { email: '' }, 'email', 'Email is required'],
      ['email blank', { email: '   ' }, 'email', 'Email is required'],
      ['email without @', { email: 'nina.acme.example' }, 'email', 'Please enter a valid email address'],
      ['email without dot suffix', { email: 'nina@acme' }, 'email', 'Please enter a valid email address'],
      ['email with a space inside', { email: 'nina kapoor@acme.example' }, 'email', 'Please enter a valid email address'],
      ['phone empty', { phone_number: '' }, 'phone_number', 'Phone number is required'],
      ['phone only separators', { phone_number: ' - ( ) ' }, 'phone_number', 'Phone number is required'],
      ['phone 9 digits', { phone_number: '987654321' }, 'phone_number', 'Please enter a valid 10-digit phone number'],
      ['phone 11 digits', { phone_number: '98765432101' }, 'phone_number', 'Please enter a valid 10-digit phone number'],
      ['phone leading 0', { phone_number: '0987654321' }, 'phone_number', 'Please enter a valid 10-digit phone number'],
      ['phone + then 0', { phone_number: '+098765432' }, 'phone_number', 'Please enter a valid 10-digit phone number'],
      ['phone with letters', { phone_number: '98765abcde' }, 'phone_number', 'Please enter a valid 10-digit phone number'],
      ['phone with dots', { phone_number: '98765.43210' }, 'phone_number', 'Please enter a valid 10-digit phone number'],
      [
        'phone + with 10 digits (11 characters)',
        { phone_number: '+9876543210' },
        'phone_number',
        'Please enter a valid 10-digit phone number',
      ],
      ['manager empty', { reports_to_email: '' }, 'reports_to_email', 'Please select a manager'],
      ['manager blank', { reports_to_email: '  ' }, 'reports_to_email', 'Please select a manager'],
      ['manager unknown', { reports_to_email: 'nobody@acme.example' }, 'reports_to_email', 'Please select a manager'],
    ];
    it.each(fieldCases)('%s: 400 with the message on its field, nothing created', async (_name, over, field, message) => {
      const email = freshEmail();
      const res = await addAs(s.asha, valid({ email: (over.email as string | undefined) ?? email, ...over }));
      expect(res.statusCode).toBe(400);
      const body = res.json<ErrorBody>();
      expect(body.detail).toBe(message);
      expect(body.errors).toEqual([{ field, message }]);
      expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
    });

    it('reports every invalid field at once, in the form order', async () => {
      const res = await addAs(s.asha, { first_name: '', last_name: 'K', email: 'x', phone_number: '0123', reports_to_email: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>()).toEqual({
        detail: 'First name is required',
        errors: [
          { field: 'first_name', message: 'First name is required' },
          { field: 'last_name', message: 'Last name must be at least 2 characters' },
          { field: 'email', message: 'Please enter a valid email address' },
          { field: 'phone_number', message: 'Please enter a valid 10-digit phone number' },
          { field: 'reports_to_email', message: 'Please select a manager' },
        ],
      });
    });

    it('rejects a body missing a field with 400', async () => {
      const { phone_number: _omit, ...rest } = valid({ email: freshEmail() });
      expect((await addAs(s.asha, rest)).statusCode).toBe(400);
    });

    const phoneCases: [string, string][] = [
      ['98765 43210', '9876543210'],
      ['98765-43210', '9876543210'],
      ['(987) 654-3210', '9876543210'],
      [' 987 654 32 10 ', '9876543210'],
      ['+987654321', '+987654321'],
      ['+(98) 765-4321', '+987654321'],
    ];
    it.each(phoneCases)('accepts phone %j (spaces, dashes and brackets stripped, + allowed) and stores %j', async (input, stored) => {
      const res = await addAs(s.asha, valid({ email: freshEmail(), phone_number: input }));
      expect(res.statusCode).toBe(201);
      expect(res.json<{ data: TUserRow }>().data.phone_number).toBe(stored);
    });

    it('rejects a deactivated manager', async () => {
      const db = t.database.db;
      await db
        .update(users)
        .set({ status: 'deactivated' })
        .where(eq(users.email, ACME('arjun')));
      try {
        const res = await addAs(s.asha, valid({ email: freshEmail(), reports_to_email: ACME('arjun') }));
        expect(res.statusCode).toBe(400);
        expect(res.json<ErrorBody>().errors).toEqual([{ field: 'reports_to_email', message: 'Please select a manager' }]);
      } finally {
        await db
          .update(users)
          .set({ status: 'active' })
          .where(eq(users.email, ACME('arjun')));
      }
    });

    it('rejects a manager from another workspace (and does not leak that they exist)', async () => {
      const email = freshEmail();
      const res = await addAs(s.asha, valid({ email, reports_to_email: other.emails.admin }));
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().errors).toEqual([{ field: 'reports_to_email', message: 'Please select a manager' }]);
      expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))).toEqual([]);
      // And the other way round: Globex's admin cannot put a new user under an Acme manager.
      const theirs = await addAs(s.otherAdmin, valid({ email: `x@${other.domain}`, reports_to_email: ACME('vikram') }));
      expect(theirs.statusCode).toBe(400);
    });

    it('creates the user with 201, role user (whatever the body says), default team General, email lower-cased and trimmed', async () => {
      const res = await addAs(
        s.vikram,
        valid({
          first_name: '  Nina ',
          last_name: ' Kapoor ',
          email: '  Nina.Kapoor@ACME.example  ',
          phone_number: '98765 43210',
          role: 'super_admin',
          reports_to_email: ' VIKRAM@acme.example ',
        }),
      );
      expect(res.statusCode).toBe(201);
      const body = res.json<{ status: string; data: TUserRow }>();
      expect(body.status).toBe('success');
      expect(body.data).toMatchObject({
        first_name: 'Nina',
        last_name: 'Kapoor',
        name: 'Nina Kapoor',
        email: 'nina.kapoor@acme.example',
        phone_number: '9876543210',
        role: 'user',
        access: 'user',
        team: 'General',
        status: 'active',
        reports_to: id.vikram,
        reports_to_email: ACME('vikram'),
        last_login: null,
        is_onboarded: true,
      });
      const [row] = await t.database.db.select().from(users).where(eq(users.email, 'nina.kapoor@acme.example'));
      expect(row).toMatchObject({ organizationId: s.vikram.organizationId, role: 'user', team: 'General' });
      // Visible to every member in the list, and below her manager.
      expect(emailsOf(await call('GET', '/api/users', s.rahul))).toContain('nina.kapoor@acme.example');
      expect(emailsOf(await call('GET', `/api/users/subordinates/${id.vikram}`, s.vikram))).toContain('nina.kapoor@acme.example');
    });

    it('uses the team given', async () => {
      const res = await addAs(s.asha, valid({ email: freshEmail(), team: ' Strategic ' }));
      expect(res.statusCode).toBe(201);
      expect(res.json<{ data: TUserRow }>().data.team).toBe('Strategic');
    });

    it("answers 409 for an existing email (any case); another workspace's member is refused by their domain; nothing changes", async () => {
      const snapshot = async () =>
        (await t.database.db.select().from(users).orderBy(users.email)).map((u) => ({ ...u, updatedAt: undefined }));
      const before = await snapshot();
      for (const email of [ACME('rahul'), '  RAHUL@Acme.Example ']) {
        const res = await addAs(s.asha, valid({ email, first_name: 'Someone', last_name: 'Else', reports_to_email: ACME('meera') }));
        expect(res.statusCode, email).toBe(409);
        expect(res.json<ErrorBody>().detail).toBe('A user with this email already exists.');
      }
      const theirs = await addAs(
        s.asha,
        valid({ email: other.emails.rep, first_name: 'Someone', last_name: 'Else', reports_to_email: ACME('meera') }),
      );
      expect(theirs.statusCode).toBe(400);
      expect(theirs.json<ErrorBody>().detail).toBe('You can only add people with an @acme.example address.');
      expect(await snapshot()).toEqual(before);
    });
  });

  // ---------------------------------------------------------------------------------------------
  describe('PUT /api/users/update_user/{email}', () => {
    const updateAs = (who: Who, body: unknown, pathEmail = who?.email ?? ACME('asha')) =>
      call('PUT', `/api/users/update_user/${encodeURIComponent(pathEmail)}`, who, body);
    const acmeOrg = async () => {
      const [org] = await t.database.db.select().from(organizations).where(eq(organizations.id, s.asha.organizationId));
      return { name: org!.name, domain: org!.domain };
    };
    const restore = () =>
      t.database.db
        .update(organizations)
        .set({ name: 'Acme Sales', domain: 'acme.example' })
        .where(eq(organizations.id, s.asha.organizationId));
    /** An active Acme admin with an address at `domain`, which is what lets Acme take that domain; returns the undo. */
    const adminAt = async (domain: string) => {
      const [row] = await t.database.db
        .insert(users)
        .values({ organizationId: s.asha.organizationId, email: `it@${domain}`, firstName: 'It', lastName: 'Admin', role: 'admin' })
        .returning({ id: users.id });
      return async () => void (await t.database.db.delete(users).where(eq(users.id, row!.id)));
    };

    it("a non-admin gets 401 'You are not authorized to perform this action.' (the spec's status mapping); nothing changes", async () => {
      for (const who of [s.rahul, s.meera]) {
        const res = await updateAs(who, { organization_name: 'Hijacked', organization_domain: 'hijacked.example' });
        expect(res.statusCode).toBe(401);
        expect(res.json<ErrorBody>().detail).toBe('You are not authorized to perform this action.');
      }
      expect(await acmeOrg()).toEqual({ name: 'Acme Sales', domain: 'acme.example' });
    });

    it('answers 401 without a session', async () => {
      expect((await updateAs(null, { organization_name: 'Acme', organization_domain: 'acme.example' }, ACME('asha'))).statusCode).toBe(401);
    });

    it("refuses another user's path email with 403", async () => {
      const res = await updateAs(s.vikram, { organization_name: 'Other Name', organization_domain: 'acme.example' }, ACME('asha'));
      expect(res.statusCode).toBe(403);
      expect(await acmeOrg()).toEqual({ name: 'Acme Sales', domain: 'acme.example' });
    });

    const domainOf100 = `${'a'.repeat(63)}.${'b'.repeat(32)}.com`;
    const domainOf101 = `${'a'.repeat(63)}.${'b'.repeat(33)}.com`;
    const cases: [string, { organization_name: string; organization_domain: string }, string, string][] = [
      ['name empty', { organization_name: '', organization_domain: 'acme.example' }, 'organization_name', 'Workspace name is required'],
      ['name blank', { organization_name: '    ', organization_domain: 'acme.example' }, 'organization_name', 'Workspace name is required'],
      [
        'name 1 char',
        { organization_name: 'A', organization_domain: 'acme.example' },
        'organization_name',
        'Workspace name must be at least 2 characters',
      ],
      [
        'name 51 chars',
        { organization_name: 'A'.repeat(51), organization_domain: 'acme.example' },
        'organization_name',
        'Workspace name must be less than 50 characters',
      ],
      [
        'name with &',
        { organization_name: 'Acme & Co', organization_domain: 'acme.example' },
        'organization_name',
        'Workspace name can only contain letters, numbers, spaces, hyphens and underscores',
      ],
      [
        'name with a dot',
        { organization_name: 'Acme Inc.', organization_domain: 'acme.example' },
        'organization_name',
        'Workspace name can only contain letters, numbers, spaces, hyphens and underscores',
      ],
      [
        'name with markup',
        { organization_name: '<b>Acme</b>', organization_domain: 'acme.example' },
        'organization_name',
        'Workspace name can only contain letters, numbers, spaces, hyphens and underscores',
      ],
      ['domain empty', { organization_name: 'Acme Sales', organization_domain: '' }, 'organization_domain', 'Domain is required'],
      ['domain blank', { organization_name: 'Acme Sales', organization_domain: '  ' }, 'organization_domain', 'Domain is required'],
      [
        'domain without a dot',
        { organization_name: 'Acme Sales', organization_domain: 'localhost' },
        'organization_domain',
        'Please enter a valid domain (e.g., example.com)',
      ],
      [
        'domain with a space',
        { organization_name: 'Acme Sales', organization_domain: 'acme sales.com' },
        'organization_domain',
        'Please enter a valid domain (e.g., example.com)',
      ],
      [
        'domain as a URL',
        { organization_name: 'Acme Sales', organization_domain: 'https://acme.example' },
        'organization_domain',
        'Please enter a valid domain (e.g., example.com)',
      ],
      [
        'domain starting with a hyphen',
        { organization_name: 'Acme Sales', organization_domain: '-acme.example' },
        'organization_domain',
        'Please enter a valid domain (e.g., example.com)',
      ],
      [
        'domain of 101 characters',
        { organization_name: 'Acme Sales', organization_domain: domainOf101 },
        'organization_domain',
        'Domain must be less than 100 characters',
      ],
    ];
    it.each(cases)('%s: 400 with the message on its field, nothing saved', async (_name, body, field, message) => {
      const res = await updateAs(s.asha, body);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>()).toEqual({ detail: message, errors: [{ field, message }] });
      expect(await acmeOrg()).toEqual({ name: 'Acme Sales', domain: 'acme.example' });
    });

    it('reports both fields at once', async () => {
      const res = await updateAs(s.asha, { organization_name: '', organization_domain: '' });
      expect(res.json<ErrorBody>().errors).toEqual([
        { field: 'organization_name', message: 'Workspace name is required' },
        { field: 'organization_domain', message: 'Domain is required' },
      ]);
    });

    it('accepts the limits: a 50-character name and a 100-character domain', async () => {
      const name = `Acme_Sales-2 ${'x'.repeat(37)}`;
      expect(name).toHaveLength(50);
      expect(domainOf100).toHaveLength(100);
      const undo = await adminAt(domainOf100);
      const res = await updateAs(s.asha, { organization_name: name, organization_domain: domainOf100 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'success', data: { organization_name: name, organization_domain: domainOf100 } });
      await restore();
      await undo();
    });

    it('answers 409 when another workspace uses the domain (any case), even with an admin address there, changing nothing', async () => {
      const undo = await adminAt(other.domain);
      for (const domain of [other.domain, other.domain.toUpperCase()]) {
        const res = await updateAs(s.asha, { organization_name: 'Acme Sales', organization_domain: domain });
        expect(res.statusCode).toBe(409);
        expect(res.json<ErrorBody>().detail).toBe('Another workspace already uses this domain.');
      }
      await undo();
      expect(await acmeOrg()).toEqual({ name: 'Acme Sales', domain: 'acme.example' });
    });

    it('saves trimmed values with the domain lower-cased, answers {status, data}, and the profile shows them at once', async () => {
      const undo = await adminAt('acme-india.example');
      const res = await updateAs(s.vikram, { organization_name: '  Acme Sales India ', organization_domain: ' Acme-India.Example ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'success',
        data: { organization_name: 'Acme Sales India', organization_domain: 'acme-india.example' },
      });
      // Every member's profile (not only the admin's) reads the new values on the next request.
      for (const who of [s.vikram, s.rahul]) {
        for (const url of ['/api/session/profile', '/api/command/get-profile']) {
          const profile = (await call('GET', url, who)).json<{
            organization_name: string;
            organization_domain: string;
            database_record: Record<string, unknown>;
          }>();
          expect(profile.organization_name).toBe('Acme Sales India');
          expect(profile.organization_domain).toBe('acme-india.example');
          expect(profile.database_record).toMatchObject({
            organization_name: 'Acme Sales India',
            organization_domain: 'acme-india.example',
          });
        }
      }
      // Keeping your own domain is not a conflict.
      const again = await updateAs(s.asha, { organization_name: 'Acme Sales', organization_domain: 'acme-india.example' });
      expect(again.statusCode).toBe(200);
      await restore();
      await undo();
    });

    it("only ever changes the caller's own workspace", async () => {
      const res = await updateAs(s.otherAdmin, { organization_name: 'Globex Trading Co', organization_domain: other.domain });
      expect(res.statusCode).toBe(200);
      expect(await acmeOrg()).toEqual({ name: 'Acme Sales', domain: 'acme.example' });
      const globex = (await call('GET', '/api/session/profile', s.otherRep)).json<{ organization_name: string }>();
      expect(globex.organization_name).toBe('Globex Trading Co');
    });
  });

  // ---------------------------------------------------------------------------------------------
  describe('GET /api/users/subordinates/{id}', () => {
    const subs = (who: Who, userId: string) => call('GET', `/api/users/subordinates/${userId}`, who);
    const demoBelow = (manager: string) => {
      const out: string[] = [];
      const walk = (m: string) => {
        for (const u of DEMO_USERS.filter((d) => d.reportsTo === m)) {
          out.push(u.email);
          walk(u.email);
        }
      };
      walk(manager);
      return out.sort();
    };
    const acmeOnly = (res: LightMyRequestResponse) => emailsOf(res).filter((e) => ACME_EMAILS.includes(e));

    it('gives everyone below at any depth: asha 8, vikram 3, meera 3, rahul none', async () => {
      const asha = await subs(s.asha, id.asha!);
      expect(asha.statusCode).toBe(200);
      // (users added by the add_user tests report to vikram, asha or meera, so they show up too)
      expect(acmeOnly(asha)).toEqual(demoBelow(ACME('asha')));
      expect(acmeOnly(asha)).toHaveLength(8);
      expect(acmeOnly(await subs(s.asha, id.vikram!))).toEqual([ACME('arjun'), ACME('priya'), ACME('rahul')]);
      expect(acmeOnly(await subs(s.asha, id.meera!))).toEqual([ACME('kavya'), ACME('rohan'), ACME('sneha')]);
      const rahul = await subs(s.rahul, id.rahul!);
      expect(rahul.statusCode).toBe(200);
      expect(rahul.json()).toEqual({ data: [] });
      const rows = asha.json<{ data: TUserRow[] }>().data;
      expect(rows.find((r) => r.email === ACME('rahul'))).toMatchObject({
        team: 'Enterprise',
        role: 'user',
        reports_to_email: ACME('vikram'),
      });
      expect(rows.map((r) => r.email)).not.toContain(ACME('asha'));
    });

    it('is allowed for yourself, for anyone in your subtree, and for admins', async () => {
      expect(acmeOnly(await subs(s.vikram, id.vikram!))).toEqual(demoBelow(ACME('vikram')));
      expect((await subs(s.vikram, id.rahul!)).statusCode).toBe(200); // your subtree
      expect((await subs(s.meera, id.meera!)).statusCode).toBe(200);
      expect(acmeOnly(await subs(s.meera, id.kavya!))).toEqual([]);
      expect((await subs(s.meera, id.kavya!)).statusCode).toBe(200);
      // vikram is an admin: the whole workspace, his peer meera's team included.
      expect(acmeOnly(await subs(s.vikram, id.meera!))).toEqual(demoBelow(ACME('meera')));
    });

    it("answers 404 for a peer, a manager, or anyone outside the caller's subtree", async () => {
      for (const [who, target] of [
        [s.rahul, id.priya],
        [s.rahul, id.vikram],
        [s.rahul, id.asha],
        [s.meera, id.vikram],
        [s.meera, id.rahul],
        [s.priya, id.rahul],
      ] as const) {
        const res = await subs(who, target!);
        expect(res.statusCode, `${who.email} -> ${target}`).toBe(404);
        expect(res.json<ErrorBody>().detail).toBe('User not found');
      }
    });

    it('answers 404 across workspaces (even for their admin) and for an unknown id', async () => {
      expect((await subs(s.otherAdmin, id.vikram!)).statusCode).toBe(404);
      expect((await subs(s.asha, other.ids.manager)).statusCode).toBe(404);
      expect((await subs(s.asha, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect(emailsOf(await subs(s.otherAdmin, other.ids.admin))).toEqual(
        [other.emails.manager, other.emails.rep, other.emails.rep2].sort(),
      );
    });

    it('answers 404 for an id that is not a uuid, and 401 without a session', async () => {
      expect((await subs(s.asha, 'not-a-uuid')).statusCode).toBe(404);
      expect((await subs(null, id.rahul!)).statusCode).toBe(401);
    });
  });
});

// -----------------------------------------------------------------------------------------------
// PATCH changes the hierarchy, so it gets a database of its own.
describe('PATCH /api/users/{id}', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let other: OtherWorkspace;
  let s: Fixture['s'];
  const id: Record<string, string> = {};
  const patch = (who: Who, userId: string, body: unknown) => call('PATCH', `/api/users/${userId}`, who, body);
  const row = async (email: string) => {
    const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
    return u!;
  };

  beforeAll(async () => {
    const fixture = await demoFixture();
    ({ t, call, other, s } = fixture);
    Object.assign(id, fixture.id);
  });
  afterAll(() => t?.close());

  it('is for admins only: a rep gets 403, anonymous 401, and nothing changes', async () => {
    const res = await patch(s.rahul, id.priya!, { team: 'Hacked' });
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().detail).toBe('You are not authorized to perform this action.');
    expect((await patch(s.meera, id.kavya!, { team: 'Hacked' })).statusCode).toBe(403); // a manager, but not an admin
    expect((await patch(s.rahul, id.rahul!, { role: 'admin' })).statusCode).toBe(403);
    expect((await patch(null, id.priya!, { team: 'Hacked' })).statusCode).toBe(401);
    expect((await row(ACME('priya'))).team).toBe('Enterprise');
    expect((await row(ACME('rahul'))).role).toBe('user');
  });

  it("answers 404 for another workspace's user (even to its admin) and for an unknown id", async () => {
    const res = await patch(s.otherAdmin, id.rahul!, { team: 'Hacked' });
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().detail).toBe('User not found');
    expect((await patch(s.asha, other.ids.rep, { team: 'Hacked' })).statusCode).toBe(404);
    expect((await patch(s.asha, '00000000-0000-4000-8000-000000000000', { team: 'X' })).statusCode).toBe(404);
    expect((await row(ACME('rahul'))).team).toBe('Enterprise');
  });

  it('rejects unknown fields and bad values with 400', async () => {
    expect((await patch(s.asha, id.priya!, { email: 'evil@acme.example' })).statusCode).toBe(400);
    expect((await patch(s.asha, id.priya!, { organization_id: other.organizationId })).statusCode).toBe(400);
    const team = await patch(s.asha, id.priya!, { team: '   ' });
    expect(team.statusCode).toBe(400);
    expect(team.json<ErrorBody>().detail).toBe('Team is required');
    const role = await patch(s.asha, id.priya!, { role: 'owner' });
    expect(role.statusCode).toBe(400);
    expect(role.json<ErrorBody>().detail).toBe('Role must be super_admin, admin or user');
  });

  it('changes the team', async () => {
    const res = await patch(s.vikram, id.priya!, { team: ' Strategic ' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ status: string; data: TUserRow }>()).toMatchObject({
      status: 'success',
      data: { email: ACME('priya'), team: 'Strategic' },
    });
    expect((await row(ACME('priya'))).team).toBe('Strategic');
  });

  it('changes the manager; an unknown or foreign manager is 400', async () => {
    const res = await patch(s.asha, id.arjun!, { reports_to_email: ' MEERA@acme.example ' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: TUserRow }>().data).toMatchObject({ reports_to: id.meera, reports_to_email: ACME('meera') });
    expect(emailsOf(await call('GET', `/api/users/subordinates/${id.meera}`, s.meera))).toContain(ACME('arjun'));
    for (const email of ['nobody@acme.example', other.emails.admin]) {
      const bad = await patch(s.asha, id.arjun!, { reports_to_email: email });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ErrorBody>().detail).toBe('Please select a manager');
    }
    expect((await row(ACME('arjun'))).reportsTo).toBe(id.meera);
    // Back under vikram.
    expect((await patch(s.asha, id.arjun!, { reports_to_email: ACME('vikram') })).statusCode).toBe(200);
  });

  it('answers 409 with a clear message for a reporting cycle, at any depth, and changes nothing', async () => {
    const cycles: [string, string, string][] = [
      ['vikram', ACME('rahul'), 'Vikram Shah cannot report to Rahul Verma: that would make a reporting cycle.'],
      ['vikram', ACME('vikram'), 'Vikram Shah cannot report to Vikram Shah: that would make a reporting cycle.'],
      ['asha', ACME('sneha'), 'Asha Rao cannot report to Sneha Kulkarni: that would make a reporting cycle.'],
      ['meera', ACME('kavya'), 'Meera Iyer cannot report to Kavya Reddy: that would make a reporting cycle.'],
    ];
    for (const [who, manager, message] of cycles) {
      const res = await patch(s.asha, id[who]!, { reports_to_email: manager });
      expect(res.statusCode, `${who} -> ${manager}`).toBe(409);
      expect(res.json<ErrorBody>().detail).toBe(message);
    }
    expect((await row(ACME('vikram'))).reportsTo).toBe(id.asha);
    expect((await row(ACME('asha'))).reportsTo).toBeNull();
    expect((await row(ACME('meera'))).reportsTo).toBe(id.asha);
  });

  it('two simultaneous moves that would close a loop: one wins, the other gets 409', async () => {
    const [a, b] = await Promise.all([
      patch(s.asha, id.arjun!, { reports_to_email: ACME('priya') }),
      patch(s.asha, id.priya!, { reports_to_email: ACME('arjun') }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const arjun = await row(ACME('arjun'));
    const priya = await row(ACME('priya'));
    expect(arjun.reportsTo === id.priya && priya.reportsTo === id.arjun).toBe(false);
    await patch(s.asha, id.arjun!, { reports_to_email: ACME('vikram') });
    await patch(s.asha, id.priya!, { reports_to_email: ACME('vikram') });
  });

  it('refuses a deactivated manager, as add_user does', async () => {
    await t.database.db
      .update(users)
      .set({ status: 'deactivated' })
      .where(eq(users.email, ACME('sneha')));
    try {
      const res = await patch(s.asha, id.arjun!, { reports_to_email: ACME('sneha') });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().detail).toBe('Please select a manager');
      expect((await row(ACME('arjun'))).reportsTo).toBe(id.vikram);
    } finally {
      await t.database.db
        .update(users)
        .set({ status: 'active' })
        .where(eq(users.email, ACME('sneha')));
    }
  });

  it('may make a user report to no one (top of the tree)', async () => {
    const res = await patch(s.asha, id.arjun!, { reports_to_email: null });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: TUserRow }>().data).toMatchObject({ reports_to: null, reports_to_email: null });
    expect((await patch(s.asha, id.arjun!, { reports_to_email: ACME('vikram') })).statusCode).toBe(200);
  });

  describe('role', () => {
    it('nobody changes their own role (403)', async () => {
      for (const [who, role] of [
        [s.vikram, 'user'],
        [s.asha, 'admin'],
      ] as const) {
        const res = await patch(who, who.userId, { role });
        expect(res.statusCode).toBe(403);
        expect(res.json<ErrorBody>().detail).toBe('You cannot change your own role or deactivate yourself.');
      }
      expect((await row(ACME('vikram'))).role).toBe('admin');
      expect((await row(ACME('asha'))).role).toBe('super_admin');
    });

    it('granting or removing super_admin needs a super_admin (an admin gets 403)', async () => {
      const grant = await patch(s.vikram, id.rahul!, { role: 'super_admin' });
      expect(grant.statusCode).toBe(403);
      expect(grant.json<ErrorBody>().detail).toBe(SUPER_ADMINS_ONLY);
      expect((await patch(s.vikram, id.rahul!, { role: 'SUPER_ADMIN' })).statusCode).toBe(403);
      expect((await patch(s.vikram, id.asha!, { role: 'user' })).statusCode).toBe(403);
      expect((await row(ACME('rahul'))).role).toBe('user');
      expect((await row(ACME('asha'))).role).toBe('super_admin');
    });

    it('an admin grants and removes admin; a super_admin grants super_admin (upper case accepted, stored lower case)', async () => {
      const admin = await patch(s.vikram, id.priya!, { role: 'ADMIN' });
      expect(admin.statusCode).toBe(200);
      expect(admin.json<{ data: TUserRow }>().data).toMatchObject({ role: 'admin', access: 'admin' });
      // The new admin's rights count from her next request: she may now add users.
      const added = await call('POST', `/api/users/add_user/${ACME('priya')}`, s.priya, {
        first_name: 'Pooja',
        last_name: 'Sen',
        email: 'pooja.sen@acme.example',
        phone_number: '9123456789',
        reports_to_email: ACME('priya'),
      });
      expect(added.statusCode).toBe(201);
      expect((await patch(s.vikram, id.priya!, { role: 'user' })).statusCode).toBe(200);
      expect((await call('GET', '/api/registration-requests', s.priya)).statusCode).toBe(403);

      const sup = await patch(s.asha, id.meera!, { role: 'super_admin' });
      expect(sup.statusCode).toBe(200);
      expect((await row(ACME('meera'))).role).toBe('super_admin');
      expect((await patch(s.asha, id.meera!, { role: 'user' })).statusCode).toBe(200);
    });
  });

  describe('deactivation', () => {
    it('nobody deactivates themselves', async () => {
      const res = await patch(s.vikram, id.vikram!, { status: 'deactivated' });
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().detail).toBe('You cannot change your own role or deactivate yourself.');
    });

    it('a rep cannot deactivate anyone', async () => {
      expect((await patch(s.rahul, id.priya!, { status: 'deactivated' })).statusCode).toBe(403);
      expect((await row(ACME('priya'))).status).toBe('active');
    });

    it('only a super_admin deactivates a super_admin', async () => {
      const res = await patch(s.vikram, id.asha!, { status: 'deactivated' });
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().detail).toBe(SUPER_ADMINS_ONLY);
      expect((await row(ACME('asha'))).status).toBe('active');
      expect((await call('GET', '/api/users', s.asha)).statusCode).toBe(200);
    });

    it('ends every session of the user at once: their next request is 401, and they cannot sign in again', async () => {
      const db = t.database.db;
      const cookieSession = await signIn(db, ACME('kavya'));
      const bearerSession = await signIn(db, ACME('kavya'));
      expect((await call('GET', '/api/users', cookieSession)).statusCode).toBe(200);

      const res = await patch(s.asha, id.kavya!, { status: 'deactivated' });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: TUserRow }>().data.status).toBe('deactivated');
      expect(await db.select().from(sessions).where(eq(sessions.userId, id.kavya!))).toEqual([]);

      expect((await call('GET', '/api/users', cookieSession)).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: bearerSession.bearer })).statusCode).toBe(401);
      expect((await call('GET', '/api/deal/get-deals-user-hierarchy', cookieSession)).statusCode).toBe(401);
      expect((await call('GET', '/api/session/profile', cookieSession)).statusCode).toBe(401);
      // Still listed, marked deactivated.
      const listed = (await call('GET', '/api/users', s.meera)).json<{ data: TUserRow[] }>().data.find((u) => u.email === ACME('kavya'));
      expect(listed?.status).toBe('deactivated');
      // Signing in again is refused.
      const check = await t.app.inject({
        method: 'POST',
        url: '/api/auth/check-email',
        headers: csrfHeaders,
        payload: { email: ACME('kavya') },
      });
      expect(check.statusCode).toBe(403);
    });

    it('a session that somehow outlives deactivation reads session_valid false on the profile and 401 elsewhere', async () => {
      const stale = await signIn(t.database.db, ACME('kavya')); // inserted directly after deactivation
      const profile = await call('GET', '/api/session/profile', stale);
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({ session_valid: false, database_record: { session_valid: false } });
      expect((await call('GET', '/api/users', stale)).statusCode).toBe(401);
      expect((await call('PATCH', `/api/users/${id.sneha}`, stale, { team: 'X' })).statusCode).toBe(401);
    });

    it('reactivation lets them work again with a new session', async () => {
      const res = await patch(s.asha, id.kavya!, { status: 'active' });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: TUserRow }>().data.status).toBe('active');
      const fresh = await signIn(t.database.db, ACME('kavya'));
      expect((await call('GET', '/api/users', fresh)).statusCode).toBe(200);
    });
  });

  it("a hierarchy change counts from the next request: rahul moved under meera is in meera's deals and out of vikram's", async () => {
    // vikram is an admin and sees every deal anyway; as a plain manager he sees only his team's.
    expect((await patch(s.asha, id.vikram!, { role: 'user' })).statusCode).toBe(200);
    const rahulDeals = (who: TestSession) =>
      call('GET', `/api/deal/get-deals-user-hierarchy?owners=${encodeURIComponent(ACME('rahul'))}&page_size=100`, who);
    type DealList = { data: { deal_id: string; owner_email: string | null }[]; total: number };

    const before = { vikram: (await rahulDeals(s.vikram)).json<DealList>(), meera: (await rahulDeals(s.meera)).json<DealList>() };
    expect(before.vikram.total).toBeGreaterThan(0);
    expect(before.meera.total).toBe(0);
    const aDeal = before.vikram.data[0]!.deal_id;
    expect((await call('GET', `/api/deal/get_deal_by_id/${aDeal}`, s.meera)).statusCode).toBe(404);
    expect((await call('GET', `/api/deal/get-deals-user-hierarchy?email=${ACME('rahul')}`, s.meera)).statusCode).toBe(403);

    const moved = await patch(s.asha, id.rahul!, { reports_to_email: ACME('meera') });
    expect(moved.statusCode).toBe(200);

    // Same sessions, no sign-in again.
    const after = { vikram: (await rahulDeals(s.vikram)).json<DealList>(), meera: (await rahulDeals(s.meera)).json<DealList>() };
    expect(after.meera.total).toBe(before.vikram.total);
    expect(after.meera.data.every((d) => d.owner_email === ACME('rahul'))).toBe(true);
    expect(after.vikram.total).toBe(0);
    expect((await call('GET', `/api/deal/get_deal_by_id/${aDeal}`, s.meera)).statusCode).toBe(200);
    expect((await call('GET', `/api/deal/get_deal_by_id/${aDeal}`, s.vikram)).statusCode).toBe(404);
    expect((await call('GET', `/api/deal/get-deals-user-hierarchy?email=${ACME('rahul')}`, s.meera)).statusCode).toBe(200);
    expect((await call('GET', `/api/deal/get-deals-user-hierarchy?email=${ACME('rahul')}`, s.vikram)).statusCode).toBe(403);
    expect(emailsOf(await call('GET', `/api/users/subordinates/${id.meera}`, s.meera))).toContain(ACME('rahul'));
    expect(emailsOf(await call('GET', `/api/users/subordinates/${id.vikram}`, s.vikram))).not.toContain(ACME('rahul'));
    expect((await call('GET', `/api/users/subordinates/${id.rahul}`, s.vikram)).statusCode).toBe(404);
  });

  it('subordinates reach any depth: a chain added below rahul shows up for everyone above', async () => {
    // rahul now reports to meera (previous test); add a two-level chain below him.
    const add = (first: string, email: string, manager: string) =>
      call('POST', `/api/users/add_user/${ACME('asha')}`, s.asha, {
        first_name: first,
        last_name: 'Deep',
        email,
        phone_number: '9000000001',
        reports_to_email: manager,
      });
    expect((await add('Level', 'level1@acme.example', ACME('rahul'))).statusCode).toBe(201);
    expect((await add('Lower', 'level2@acme.example', 'level1@acme.example')).statusCode).toBe(201);
    const below = async (who: TestSession, userId: string) => emailsOf(await call('GET', `/api/users/subordinates/${userId}`, who));
    expect(await below(s.rahul, id.rahul!)).toEqual(['level1@acme.example', 'level2@acme.example']);
    expect(await below(s.meera, id.meera!)).toEqual(
      [ACME('kavya'), ACME('rohan'), ACME('sneha'), ACME('rahul'), 'level1@acme.example', 'level2@acme.example'].sort(),
    );
    expect(await below(s.asha, id.asha!)).toContain('level2@acme.example');
    const level1 = await findUser(t.database.db, 'level1@acme.example');
    expect(await below(s.rahul, level1.id)).toEqual(['level2@acme.example']);
    // And a cycle through the new depth is refused.
    expect((await patch(s.asha, id.meera!, { reports_to_email: 'level2@acme.example' })).statusCode).toBe(409);
  });
});
