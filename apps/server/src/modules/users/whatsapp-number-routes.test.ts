import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHATSAPP_NUMBER_MESSAGES, whatsappNumberE164 } from '@pipewise/contract/users';
import { users } from '../../db/schema';
import { createOtherWorkspace, type OtherWorkspace } from '../../../test/other-workspace';
import { signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/test-app';

/**
 * The messaging number (the spec's update_whatsapp_number): each user's own (decisions 11 and 12),
 * validated by the spec's rule on the server too, stored in E.164.
 */

let t: TestApp;
let other: OtherWorkspace;
let rahul: TestSession;
let priya: TestSession;
let vikram: TestSession;
let otherRep: TestSession;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  other = await createOtherWorkspace(t.database.db);
  rahul = await signIn(t.database.db, 'rahul@acme.example');
  priya = await signIn(t.database.db, 'priya@acme.example');
  vikram = await signIn(t.database.db, 'vikram@acme.example');
  otherRep = await signIn(t.database.db, other.emails.rep);
});
afterAll(() => t?.close());

const save = (who: TestSession | null, pathEmail: string, phone_number: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/users/update_whatsapp_number/${encodeURIComponent(pathEmail)}`,
    headers: who ? who.headers : csrfHeaders,
    payload: { phone_number },
  });
const read = (who: TestSession | null) =>
  t.app.inject({ method: 'GET', url: '/api/users/whatsapp_number', headers: who ? who.headers : csrfHeaders });
const stored = async (userId: string) =>
  (await t.database.db.select({ n: users.whatsappNumber }).from(users).where(eq(users.id, userId)))[0]!.n;

describe('whatsappNumberE164', () => {
  it.each([
    ['+91 98765 43210', '+919876543210'],
    ['+1 (415) 555-0134', '+14155550134'],
    ['919876543210', '+919876543210'],
    ['0044 20 7946 0958', '+442079460958'],
    ['  +91-98765-43210  ', '+919876543210'],
  ])('stores %s as %s', (input, e164) => {
    expect(whatsappNumberE164(input)).toBe(e164);
  });

  it.each([
    ['', 'empty'],
    ['98765', 'under 10 characters'],
    ['+91 98765 4321a', 'a letter'],
    ['91+9876543210', 'a + inside'],
    ['+0 98765 43210', 'a country code starting with 0'],
    ['+1 (2) - - 3 4', 'too few digits'],
    ['+1234567890123456', 'more than 15 digits'],
  ])('refuses %j (%s)', (input) => {
    expect(whatsappNumberE164(input)).toBeNull();
  });
});

describe('POST /api/users/update_whatsapp_number/{email}', () => {
  it('saves the caller’s number in E.164, answers data.success, and GET gives it back to that user only', async () => {
    expect((await read(rahul)).json()).toEqual({ phone_number: null });
    const res = await save(rahul, 'rahul@acme.example', '+91 98765-43210');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, phone_number: '+919876543210' });
    expect(await stored(rahul.userId)).toBe('+919876543210');
    expect((await read(rahul)).json()).toEqual({ phone_number: '+919876543210' });
    // Another user's number is their own: saving Rahul's changed nothing of Priya's.
    expect((await read(priya)).json()).toEqual({ phone_number: null });
  });

  it('Update replaces the number', async () => {
    await save(priya, 'priya@acme.example', '+91 90000 11111');
    const res = await save(priya, 'PRIYA@acme.example ', '+44 20 7946 0958');
    expect(res.json()).toEqual({ success: true, phone_number: '+442079460958' });
    expect(await stored(priya.userId)).toBe('+442079460958');
  });

  it.each([['12345'], ['+91 98765 4321x'], [''], ['+0 12345 67890']])(
    "answers 400 with the spec's message for %j and keeps the saved number",
    async (bad) => {
      await save(vikram, 'vikram@acme.example', '+91 98200 12345');
      const res = await save(vikram, 'vikram@acme.example', bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        detail: WHATSAPP_NUMBER_MESSAGES.invalid,
        errors: [{ field: 'phone_number', message: WHATSAPP_NUMBER_MESSAGES.invalid }],
      });
      expect(await stored(vikram.userId)).toBe('+919820012345');
    },
  );

  it('answers 400 for a missing, non-string or over-long number', async () => {
    expect((await save(rahul, 'rahul@acme.example', undefined)).statusCode).toBe(400);
    expect((await save(rahul, 'rahul@acme.example', 919876543210)).statusCode).toBe(400);
    expect((await save(rahul, 'rahul@acme.example', `+91${' 9'.repeat(30)}`)).statusCode).toBe(400);
  });

  it('names the caller: a path email of anyone else is 403 (a manager for a rep too, or across workspaces), nothing changes', async () => {
    const before = await stored(rahul.userId);
    for (const [who, path] of [
      [vikram, 'rahul@acme.example'],
      [otherRep, 'rahul@acme.example'],
      [rahul, other.emails.rep],
    ] as const) {
      const res = await save(who, path, '+91 91111 22222');
      expect(res.statusCode, `${who.email} -> ${path}`).toBe(403);
    }
    expect(await stored(rahul.userId)).toBe(before);
    expect(await stored(otherRep.userId)).toBeNull();
  });

  it('answers 401 without a session, for both calls', async () => {
    expect((await save(null, 'rahul@acme.example', '+91 98765 43210')).statusCode).toBe(401);
    expect((await read(null)).statusCode).toBe(401);
  });

  it('refuses a write without the CSRF token (403)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/update_whatsapp_number/rahul%40acme.example',
      headers: { cookie: rahul.headers.cookie },
      payload: { phone_number: '+91 98765 43210' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('the database refuses a number that is not E.164', async () => {
    await expect(t.database.db.update(users).set({ whatsappNumber: '98765 43210' }).where(eq(users.id, rahul.userId))).rejects.toThrow();
  });
});
