import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WHATSAPP_MESSAGES, type TWhatsappStatus } from '@pipewise/contract/whatsapp';
import { otpCodes, users } from '../../db/schema';
import { signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { startFakeWhatsapp, type FakeWhatsapp } from '../../../test/fakes/whatsapp-server';

/**
 * Verifying a rep's own WhatsApp number (issue 22, deliverable 1): saving it through the spec's
 * update_whatsapp_number sends a 6-digit code as the authentication template; the card's routes
 * check it (10 minutes, 5 tries, single use), resend it, take the opt-ins and remove the number.
 */

const RAHUL_NUMBER = '+919876543210';
const PRIYA_NUMBER = '+919812345678';
const NONE: TWhatsappStatus = {
  phone_number: null,
  verified: false,
  code_pending: false,
  code_expires_at: null,
  notifications: { morning_digest: false, insights_ready: false },
  delivery: 'cloud',
};

let fake: FakeWhatsapp;
let t: TestApp;
let rahul: TestSession;
let priya: TestSession;
let vikram: TestSession;

beforeAll(async () => {
  fake = await startFakeWhatsapp();
  t = await createTestApp({ seed: true, env: fake.env() });
  rahul = await signIn(t.database.db, 'rahul@acme.example');
  priya = await signIn(t.database.db, 'priya@acme.example');
  vikram = await signIn(t.database.db, 'vikram@acme.example');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(async () => {
  await t.database.db.execute(sql`delete from rate_limits`);
  for (const who of [rahul, priya, vikram]) await remove(who);
  fake.sent.length = 0;
});

const save = (who: TestSession, phone_number: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/users/update_whatsapp_number/${encodeURIComponent(who.email)}`,
    headers: who.headers,
    payload: { phone_number },
  });
const status = async (who: TestSession) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/whatsapp/status', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TWhatsappStatus>();
};
const verify = (who: TestSession, code: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/whatsapp/verify', headers: { ...who.headers, ...headers }, payload: { code } });
const resend = (who: TestSession) => t.app.inject({ method: 'POST', url: '/api/whatsapp/resend_code', headers: who.headers });
const notifications = (who: TestSession, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: '/api/whatsapp/notifications', headers: { ...who.headers, ...headers }, payload });
const remove = (who: TestSession) => t.app.inject({ method: 'DELETE', url: '/api/whatsapp/number', headers: who.headers });

/** The code in the last template the stand-in delivered to `number`. */
function lastCode(number: string): string {
  const template = fake.sentTo(number).at(-1)?.template;
  expect(template?.name, `a code template to ${number}`).toBe('pipewise_code');
  return template!.bodyParameters[0]!;
}
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function saveAndVerify(who: TestSession, number: string) {
  expect((await save(who, number)).statusCode).toBe(200);
  const res = await verify(who, lastCode(number));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TWhatsappStatus>();
}

describe('the WhatsApp number verification', () => {
  it('a user without a number has an empty status, and nothing to verify', async () => {
    expect(await status(vikram)).toEqual(NONE);
    const res = await verify(vikram, '123456');
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(WHATSAPP_MESSAGES.noNumber);
    expect((await resend(vikram)).json().detail).toBe(WHATSAPP_MESSAGES.noNumber);
  });

  it('saving sends a 6-digit code as the authentication template (nothing free-form), and the right code verifies', async () => {
    const before = Date.now();
    const res = await save(rahul, '+91 98765 43210');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, phone_number: RAHUL_NUMBER });

    const sent = fake.sentTo(RAHUL_NUMBER);
    expect(sent).toHaveLength(1);
    const code = lastCode(RAHUL_NUMBER);
    expect(code).toMatch(/^\d{6}$/);
    expect(sent[0]).toMatchObject({
      type: 'template',
      template: { name: 'pipewise_code', language: 'en', bodyParameters: [code], buttonParameter: code },
    });

    const pending = await status(rahul);
    expect(pending).toMatchObject({ phone_number: RAHUL_NUMBER, verified: false, code_pending: true });
    const expires = Date.parse(pending.code_expires_at!);
    expect(expires - before).toBeGreaterThan(9.5 * 60_000);
    expect(expires - before).toBeLessThanOrEqual(10 * 60_000 + 5_000);
    // Only a hash of the code is stored.
    const rows = await t.database.db.select().from(otpCodes);
    expect(JSON.stringify(rows)).not.toContain(code);

    const ok = await verify(rahul, code, { 'x-timezone': 'Asia/Kolkata' });
    expect(ok.statusCode, ok.body).toBe(200);
    // The Cloud API's secrets never reach the browser.
    for (const body of [res.body, ok.body, JSON.stringify(pending)]) {
      expect(body).not.toContain(fake.accessToken);
      expect(body).not.toContain(fake.appSecret);
    }
    expect(ok.json()).toEqual({ ...NONE, phone_number: RAHUL_NUMBER, verified: true });
    // Meta's webhook writes the sender as bare digits.
    expect((await t.services.whatsappVerification.verifiedUserByNumber('919876543210'))?.id).toBe(rahul.userId);
    expect(await t.services.whatsappVerification.verifiedUserByNumber('not a number')).toBeNull();
    expect(await t.services.whatsappVerification.verifiedUserByNumber(RAHUL_NUMBER)).toEqual({
      id: rahul.userId,
      organizationId: rahul.organizationId,
      role: 'user',
      email: 'rahul@acme.example',
      firstName: 'Rahul',
      phoneNumber: RAHUL_NUMBER,
      timeZone: 'Asia/Kolkata',
      notifications: { morning_digest: false, insights_ready: false },
    });
  });

  it('a wrong code is refused and the right one still works', async () => {
    await save(rahul, RAHUL_NUMBER);
    const code = lastCode(RAHUL_NUMBER);
    const wrong = await verify(rahul, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe(WHATSAPP_MESSAGES.codeWrong);
    expect(await t.services.whatsappVerification.verifiedUserByNumber(RAHUL_NUMBER)).toBeNull();
    expect((await verify(rahul, code)).json().verified).toBe(true);
  });

  it('an expired code is refused; a new code works', async () => {
    await save(rahul, RAHUL_NUMBER);
    const code = lastCode(RAHUL_NUMBER);
    await t.database.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.email, `whatsapp:${rahul.userId}:${RAHUL_NUMBER}`));
    expect((await status(rahul)).code_pending).toBe(false);
    const res = await verify(rahul, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(WHATSAPP_MESSAGES.codeExpired);

    const again = await resend(rahul);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ verified: false, code_pending: true });
    expect((await verify(rahul, lastCode(RAHUL_NUMBER))).json().verified).toBe(true);
  });

  it('five wrong tries use the code up: the sixth is refused even when right', async () => {
    await save(rahul, RAHUL_NUMBER);
    const code = lastCode(RAHUL_NUMBER);
    for (let i = 0; i < 5; i++) expect((await verify(rahul, wrongCode(code))).json().detail).toBe(WHATSAPP_MESSAGES.codeWrong);
    const sixth = await verify(rahul, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().detail).toBe(WHATSAPP_MESSAGES.tooManyTries);
    expect(await status(rahul)).toMatchObject({ verified: false, code_pending: false, code_expires_at: null });
  });

  it('a code works once: after the number is removed and saved again, only the new code verifies', async () => {
    await saveAndVerify(rahul, RAHUL_NUMBER);
    const used = lastCode(RAHUL_NUMBER);
    await remove(rahul);
    await save(rahul, RAHUL_NUMBER);
    const fresh = lastCode(RAHUL_NUMBER);
    if (fresh !== used) {
      expect((await verify(rahul, used)).json().detail).toBe(WHATSAPP_MESSAGES.codeWrong);
    }
    expect((await verify(rahul, fresh)).json().verified).toBe(true);
  });

  it('a new code replaces the old one (resend)', async () => {
    await save(rahul, RAHUL_NUMBER);
    const first = lastCode(RAHUL_NUMBER);
    await resend(rahul);
    const second = lastCode(RAHUL_NUMBER);
    expect(fake.sentTo(RAHUL_NUMBER)).toHaveLength(2);
    if (first !== second) expect((await verify(rahul, first)).json().detail).toBe(WHATSAPP_MESSAGES.codeWrong);
    expect((await verify(rahul, second)).json().verified).toBe(true);
  });

  it('saving the same verified number again keeps it verified and sends nothing; another number starts again', async () => {
    await saveAndVerify(rahul, RAHUL_NUMBER);
    await notifications(rahul, { morning_digest: true, insights_ready: true });
    fake.sent.length = 0;

    const same = await save(rahul, '+91 98765-43210');
    expect(same.statusCode).toBe(200);
    expect(fake.sent).toEqual([]);
    expect(await status(rahul)).toMatchObject({ verified: true, notifications: { morning_digest: true, insights_ready: true } });

    const other = await save(rahul, '+44 20 7946 0958');
    expect(other.statusCode).toBe(200);
    expect(await status(rahul)).toMatchObject({
      phone_number: '+442079460958',
      verified: false,
      code_pending: true,
      notifications: { morning_digest: false, insights_ready: false },
    });
    expect(fake.sentTo('+442079460958')).toHaveLength(1);
    expect(await t.services.whatsappVerification.verifiedUserByNumber(RAHUL_NUMBER)).toBeNull();
    expect(await t.services.whatsappVerification.verifiedUserByNumber('+442079460958')).toBeNull();
    expect((await verify(rahul, lastCode('+442079460958'))).json()).toMatchObject({ phone_number: '+442079460958', verified: true });
  });

  it('removing the number forgets it, its code, its verification and its opt-ins', async () => {
    await saveAndVerify(rahul, RAHUL_NUMBER);
    await notifications(rahul, { insights_ready: true });
    const res = await remove(rahul);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(NONE);
    expect(await status(rahul)).toEqual(NONE);
    expect(await t.services.whatsappVerification.verifiedUserByNumber(RAHUL_NUMBER)).toBeNull();
    expect(await t.services.whatsappVerification.verifiedUserById(rahul.userId)).toBeNull();
    const [row] = await t.database.db
      .select({ n: users.whatsappNumber, v: users.whatsappVerifiedAt, i: users.whatsappInsightsReady })
      .from(users)
      .where(eq(users.id, rahul.userId));
    expect(row).toEqual({ n: null, v: null, i: false });

    // A pending code goes too.
    await save(rahul, RAHUL_NUMBER);
    await remove(rahul);
    expect(
      await t.database.db
        .select()
        .from(otpCodes)
        .where(eq(otpCodes.email, `whatsapp:${rahul.userId}:${RAHUL_NUMBER}`)),
    ).toEqual([]);
  });

  it('the opt-ins are for verified numbers only, and keep the browser’s time zone', async () => {
    await save(priya, PRIYA_NUMBER);
    const early = await notifications(priya, { morning_digest: true });
    expect(early.statusCode).toBe(400);
    expect(early.json().detail).toBe(WHATSAPP_MESSAGES.notVerified);

    await verify(priya, lastCode(PRIYA_NUMBER));
    const on = await notifications(priya, { morning_digest: true }, { 'x-timezone': 'Europe/London' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().notifications).toEqual({ morning_digest: true, insights_ready: false });
    expect((await notifications(priya, { insights_ready: true })).json().notifications).toEqual({
      morning_digest: true,
      insights_ready: true,
    });
    expect((await notifications(priya, { morning_digest: false, extra: true })).statusCode).toBe(400);

    const found = await t.services.whatsappVerification.verifiedUserByNumber(PRIYA_NUMBER);
    expect(found).toMatchObject({
      id: priya.userId,
      timeZone: 'Europe/London',
      notifications: { morning_digest: true, insights_ready: true },
    });
    expect((await t.services.whatsappVerification.morningDigestRecipients()).map((u) => u.id)).toEqual([priya.userId]);
    // An odd zone changes nothing.
    await notifications(priya, { morning_digest: true }, { 'x-timezone': 'Mars/Olympus' });
    expect((await t.services.whatsappVerification.verifiedUserById(priya.userId))?.timeZone).toBe('Europe/London');
  });

  it('a number one person verified moves to whoever verifies it next', async () => {
    await saveAndVerify(rahul, RAHUL_NUMBER);
    await saveAndVerify(priya, RAHUL_NUMBER);
    expect((await t.services.whatsappVerification.verifiedUserByNumber(RAHUL_NUMBER))?.id).toBe(priya.userId);
    expect(await status(rahul)).toMatchObject({ phone_number: RAHUL_NUMBER, verified: false });
  });

  it('a deactivated user is nobody over WhatsApp', async () => {
    await saveAndVerify(vikram, PRIYA_NUMBER);
    await t.database.db.update(users).set({ status: 'deactivated' }).where(eq(users.id, vikram.userId));
    try {
      expect(await t.services.whatsappVerification.verifiedUserByNumber(PRIYA_NUMBER)).toBeNull();
    } finally {
      await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, vikram.userId));
    }
  });

  it('when WhatsApp refuses the code, the number is kept unverified, the save says so, and resend works later', async () => {
    fake.failNext({ status: 400, code: 131026, message: '(#131026) Message undeliverable' });
    const res = await save(rahul, RAHUL_NUMBER);
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toBe(WHATSAPP_MESSAGES.sendFailed);
    expect(await status(rahul)).toMatchObject({ phone_number: RAHUL_NUMBER, verified: false, code_pending: false });
    expect((await verify(rahul, '000000')).json().detail).toBe(WHATSAPP_MESSAGES.noPendingCode);

    const again = await resend(rahul);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ code_pending: true });
    expect((await verify(rahul, lastCode(RAHUL_NUMBER))).json().verified).toBe(true);
  });

  it('codes are limited to five an hour', async () => {
    await save(rahul, RAHUL_NUMBER);
    for (let i = 0; i < 4; i++) expect((await resend(rahul)).statusCode).toBe(200);
    const sixth = await resend(rahul);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
    expect(fake.sentTo(RAHUL_NUMBER)).toHaveLength(5);
    // The last code sent still works.
    expect((await verify(rahul, lastCode(RAHUL_NUMBER))).json().verified).toBe(true);
  });

  it('the code is six digits: anything else is a 400 with the card’s text', async () => {
    await save(rahul, RAHUL_NUMBER);
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const res = await verify(rahul, code);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(WHATSAPP_MESSAGES.codeFormat);
    }
  });
});

describe('outbox mode (no Cloud API settings)', () => {
  let local: TestApp;
  let asha: TestSession;
  beforeAll(async () => {
    local = await createTestApp({ seed: true });
    asha = await signIn(local.database.db, 'asha@acme.example');
  });
  afterAll(() => local?.close());
  afterEach(() => vi.restoreAllMocks());

  it('writes the code template to DATA_DIR/outbox/whatsapp and prints the code on the console', async () => {
    const printed: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array) => {
      printed.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    }) as typeof process.stdout.write);
    const res = await local.app.inject({
      method: 'POST',
      url: '/api/users/update_whatsapp_number/asha%40acme.example',
      headers: asha.headers,
      payload: { phone_number: '+91 99000 11122' },
    });
    vi.restoreAllMocks();
    expect(res.statusCode, res.body).toBe(200);

    const line = printed
      .join('')
      .split('\n')
      .find((l) => l.startsWith('[outbox] WhatsApp verification code for +919900011122:'));
    const code = /(\d{6})$/.exec(line ?? '')?.[1];
    expect(code, printed.join('')).toMatch(/^\d{6}$/);

    const dir = path.join(local.config.dataDir, 'outbox', 'whatsapp');
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(JSON.parse(fs.readFileSync(path.join(dir, files[0]!), 'utf8'))).toMatchObject({
      to: '+919900011122',
      type: 'template',
      template: { name: 'pipewise_code', language: 'en', bodyParameters: [code], buttonParameter: code },
    });

    const headers = asha.headers;
    const verified = await local.app.inject({ method: 'POST', url: '/api/whatsapp/verify', headers, payload: { code } });
    expect(verified.json()).toMatchObject({ phone_number: '+919900011122', verified: true, delivery: 'outbox' });
  });
});
