import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WhatsappSender, WhatsappTemplate } from '../adapters/whatsapp/whatsapp-port';
import { recordingMail } from '../../test/fakes/recording-mail';
import { signIn, type TestSession } from '../../test/sessions';
import { createTestApp, csrfHeaders, type TestApp } from '../../test/test-app';

/**
 * One-time codes cannot be guessed and codes cannot be used to flood someone: an attacker who
 * spreads sign-in attempts over many addresses still gets at most 5 codes an hour for an address
 * and 5 tries per code (25 guesses an hour out of a million codes); one address sends at most the
 * per-IP limit of code mails; WhatsApp verification codes are limited per user and per number
 * (a number several users save still gets 5 an hour), and each takes 5 tries.
 */

const IP_LIMIT = 10;
const mail = recordingMail();
const whatsapp: { to: string; template: WhatsappTemplate }[] = [];
const whatsappSender: WhatsappSender = {
  mode: 'outbox',
  async sendTemplate(to, template) {
    whatsapp.push({ to, template });
    return { messageId: `wamid.${whatsapp.length}` };
  },
  sendText: async () => ({ messageId: 'wamid.text' }),
  sendButtons: async () => ({ messageId: 'wamid.buttons' }),
};

let t: TestApp;
let ip = 0;
/** A new client address per request: what an attacker with many addresses does. */
const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ seed: true, adapters: { mail, whatsapp: whatsappSender }, env: { AUTH_IP_LIMIT: String(IP_LIMIT) } });
}, 180_000);
afterAll(() => t?.close());

const post = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = csrfHeaders) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
const detail = (res: LightMyRequestResponse) => res.json<{ detail?: string }>().detail ?? '';
const mailsTo = (email: string) => mail.sent.filter((m) => m.to === email);
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-in codes', () => {
  it('give an attacker spreading over many addresses at most 5 codes an hour and 5 guesses each, never the right code after', async () => {
    const email = 'arjun@acme.example';
    let codesSent = 0;
    let guessesTried = 0;
    for (let round = 0; round < 8; round++) {
      const send = await post('/api/auth/send-otp', { email }, nextIp());
      if (send.statusCode === 429) {
        expect(Number(send.headers['retry-after'])).toBeGreaterThan(0);
        expect(detail(send)).toMatch(/Too many OTP requests/);
        continue;
      }
      expect(send.statusCode, send.body).toBe(200);
      codesSent++;
      const code = codeIn(mailsTo(email).at(-1)!.text);
      for (let guess = 0; guess < 8; guess++) {
        const res = await post('/api/auth/verify-otp', { email, otp: wrong(code) }, nextIp());
        expect(res.statusCode).toBe(400);
        if (/Invalid OTP/.test(detail(res))) guessesTried++;
        else expect(detail(res)).toMatch(/Too many incorrect attempts/);
      }
      // The code itself no longer opens the account.
      const right = await post('/api/auth/verify-otp', { email, otp: code }, nextIp());
      expect(right.statusCode).toBe(400);
      expect(right.cookies.find((c) => c.name === 'access_token')).toBeUndefined();
    }
    expect(codesSent).toBe(5);
    expect(mailsTo(email)).toHaveLength(5);
    expect(guessesTried).toBe(25);
  });

  it('limit guesses from one address to AUTH_IP_LIMIT in 15 minutes, whatever X-Forwarded-For says', async () => {
    const from = nextIp();
    const answers: number[] = [];
    for (let i = 0; i < IP_LIMIT + 3; i++) {
      const res = await post('/api/auth/verify-otp', { email: 'kavya@acme.example', otp: '000000' }, from, {
        ...csrfHeaders,
        'x-forwarded-for': `192.0.2.${i + 1}`,
      });
      answers.push(res.statusCode);
    }
    expect(answers.slice(0, IP_LIMIT).every((s) => s === 400)).toBe(true);
    expect(answers.slice(IP_LIMIT)).toEqual([429, 429, 429]);
  });

  it('send one address at most 5 code mails an hour, however many client addresses ask', async () => {
    const email = 'rohan@acme.example';
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) answers.push((await post('/api/auth/send-otp', { email }, nextIp())).statusCode);
    expect(answers.filter((s) => s === 200)).toHaveLength(5);
    expect(answers.filter((s) => s === 429)).toHaveLength(15);
    expect(mailsTo(email)).toHaveLength(5);
  });

  it('let one client address send at most AUTH_IP_LIMIT code mails, and none to an address without an account', async () => {
    const from = nextIp();
    const before = mail.sent.length;
    const emails = ['meera@acme.example', 'sneha@acme.example', 'priya@acme.example', 'nobody@acme.example'];
    const answers: number[] = [];
    for (let i = 0; i < IP_LIMIT + 4; i++) answers.push((await post('/api/auth/send-otp', { email: emails[i % 4] }, from)).statusCode);
    expect(answers.slice(IP_LIMIT)).toEqual([429, 429, 429, 429]);
    const sent = mail.sent.slice(before);
    expect(sent.every((m) => m.to !== 'nobody@acme.example')).toBe(true);
    expect(sent.length).toBeLessThanOrEqual(IP_LIMIT);
    expect(sent.length).toBe(answers.filter((s) => s === 200).length);
  });
});

describe('WhatsApp verification codes', () => {
  const codesTo = (e164: string) => whatsapp.filter((m) => m.to === e164);
  const save = (who: TestSession, number: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/users/update_whatsapp_number/${who.email}`,
      headers: who.headers,
      payload: { phone_number: number },
    });
  const resend = (who: TestSession) => t.app.inject({ method: 'POST', url: '/api/whatsapp/resend_code', headers: who.headers });
  const verify = (who: TestSession, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/whatsapp/verify', headers: who.headers, payload: { code } });

  it('are sent at most 5 an hour to a user, however often they ask for another', async () => {
    const rahul = await signIn(t.database.db, 'rahul@acme.example');
    expect((await save(rahul, '+91 90000 00001')).statusCode).toBe(200);
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await resend(rahul)).statusCode);
    expect(answers.filter((s) => s === 200)).toHaveLength(4);
    expect(answers.filter((s) => s === 429)).toHaveLength(6);
    expect(codesTo('+919000000001')).toHaveLength(5);
    const refused = await resend(rahul);
    expect(refused.json()).toEqual({ detail: expect.stringMatching(/^Too many codes sent/) });
  });

  it('reach a number at most 5 times an hour even when many users save it (nobody floods a stranger)', async () => {
    const victim = '+91 90000 00002';
    for (const name of ['priya', 'arjun', 'kavya', 'rohan', 'sneha', 'meera', 'vikram']) {
      const who = await signIn(t.database.db, `${name}@acme.example`);
      await save(who, victim);
      await resend(who);
      await resend(who);
    }
    expect(codesTo('+919000000002')).toHaveLength(5);
  });

  it('take 5 wrong tries, then not even the right code verifies the number', async () => {
    const asha = await signIn(t.database.db, 'asha@acme.example');
    expect((await save(asha, '+91 90000 00003')).statusCode).toBe(200);
    const code = codesTo('+919000000003').at(-1)!.template.bodyParameters[0]!;
    expect(code).toMatch(/^\d{6}$/);
    for (let i = 0; i < 5; i++) expect((await verify(asha, wrong(code))).statusCode).toBe(400);
    const right = await verify(asha, code);
    expect(right.statusCode).toBe(400);
    const status = await t.app.inject({ method: 'GET', url: '/api/whatsapp/status', headers: asha.headers });
    expect(status.json()).toMatchObject({ verified: false });
  });
});
