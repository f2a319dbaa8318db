import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startFakeHttpServer } from '../../../test/fakes/http-fake-server';
import { startFakeWhatsapp, whatsappSignature, type FakeWhatsapp } from '../../../test/fakes/whatsapp-server';
import { createCloudWhatsappSender } from './cloud-whatsapp-sender';
import { createWhatsappSender } from './create-whatsapp-sender';
import { createOutboxWhatsappSender, type OutboxWhatsappMessage } from './outbox-whatsapp-sender';
import { WhatsappOutsideWindowError, WhatsappSendError, type WhatsappSender } from './whatsapp-port';

/**
 * WhatsApp sending (issue 22): Meta's Cloud API against the stand-in (templates reach anyone,
 * free-form text and buttons only inside the 24-hour window, Graph's errors, retries), and the
 * embedded outbox (a JSON file per message, the code on the console).
 */

const RAHUL = '+919876543210';
const CODE_TEMPLATE = { name: 'pipewise_code', language: 'en', bodyParameters: ['482913'], buttonParameter: '482913' };
const HOUR = 60 * 60_000;

let fake: FakeWhatsapp;
let clock = new Date('2026-11-20T09:00:00Z');
let sleeps: number[] = [];

const senderFor = (f: FakeWhatsapp, overrides: { accessToken?: string; phoneNumberId?: string } = {}): WhatsappSender =>
  createCloudWhatsappSender({
    apiBase: f.url,
    phoneNumberId: overrides.phoneNumberId ?? f.phoneNumberId,
    accessToken: overrides.accessToken ?? f.accessToken,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });

beforeAll(async () => {
  fake = await startFakeWhatsapp({ now: () => clock });
});
afterAll(() => fake.close());
beforeEach(() => {
  clock = new Date('2026-11-20T09:00:00Z');
  sleeps = [];
  fake.sent.length = 0;
  fake.requests.length = 0;
});

describe('the Cloud API sender against the stand-in', () => {
  it('sends the code as the authentication template (body and copy-code button parameters) to a number that never wrote', async () => {
    const sender = senderFor(fake);
    expect(sender.mode).toBe('cloud');
    const { messageId } = await sender.sendTemplate(RAHUL, CODE_TEMPLATE);
    expect(messageId).toMatch(/^wamid\./);
    expect(fake.sentTo(RAHUL)).toEqual([expect.objectContaining({ id: messageId, type: 'template', template: CODE_TEMPLATE, to: RAHUL })]);
    const request = fake.requests[0]!;
    expect(request.path).toBe(`/v23.0/${fake.phoneNumberId}/messages`);
    expect(request.authorization).toBe(`Bearer ${fake.accessToken}`);
    expect(request.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: '919876543210',
      type: 'template',
      template: {
        name: 'pipewise_code',
        language: { code: 'en' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '482913' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '482913' }] },
        ],
      },
    });
  });

  it('refuses free-form text and buttons with 131047 until the number writes, then sends them for 24 hours', async () => {
    const sender = senderFor(fake);
    await expect(sender.sendText(RAHUL, 'Hello')).rejects.toBeInstanceOf(WhatsappOutsideWindowError);
    await expect(sender.sendButtons(RAHUL, 'Confirm?', [{ id: 'yes', title: 'Yes' }])).rejects.toBeInstanceOf(WhatsappOutsideWindowError);
    expect(fake.sent).toEqual([]);
    // Refused for good: no retry of a 400.
    expect(fake.requests).toHaveLength(2);

    fake.userWrote(RAHUL, new Date(clock.getTime() - 23 * HOUR));
    await sender.sendText(RAHUL, 'Your deals closing this month: Acme renewal (₹12,00,000).');
    await sender.sendButtons(RAHUL, 'Update Acme renewal: stage to Negotiation?', [
      { id: 'op:1:yes', title: 'Yes' },
      { id: 'op:1:no', title: 'No' },
    ]);
    expect(fake.sentTo(RAHUL).map((m) => [m.type, m.text, m.buttons])).toEqual([
      ['text', 'Your deals closing this month: Acme renewal (₹12,00,000).', undefined],
      [
        'interactive',
        'Update Acme renewal: stage to Negotiation?',
        [
          { id: 'op:1:yes', title: 'Yes' },
          { id: 'op:1:no', title: 'No' },
        ],
      ],
    ]);

    clock = new Date(clock.getTime() + 2 * HOUR);
    const late = await sender.sendText(RAHUL, 'Too late').catch((e: unknown) => e);
    expect(late).toBeInstanceOf(WhatsappOutsideWindowError);
    expect((late as Error).message).toContain('131047');
  });

  it("a number's own message opens its window (the webhook helpers record it)", async () => {
    const sender = senderFor(fake);
    const number = '+14155550123';
    const { payload } = fake.textPayload(number, 'pipeline this week?');
    expect(payload.entry[0]!.changes[0]!.value).toMatchObject({
      messages: [{ from: '14155550123', type: 'text', text: { body: 'pipeline this week?' } }],
    });
    await expect(sender.sendText(number, 'Here you go')).resolves.toEqual({ messageId: expect.stringMatching(/^wamid\./) });
  });

  it('turns a wrong token into a WhatsappSendError (401, code 190) without the token in it, and does not retry', async () => {
    const leaked = 'EAAGsecret-token-that-must-not-leak';
    const error = await senderFor(fake, { accessToken: leaked })
      .sendTemplate(RAHUL, CODE_TEMPLATE)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WhatsappSendError);
    expect(error).toMatchObject({ status: 401, code: 190 });
    expect((error as Error).message).not.toContain(leaked);
    expect(fake.requests).toHaveLength(1);
    expect(fake.sent).toEqual([]);
  });

  it("reports an unknown template and a wrong parameter count with Graph's codes", async () => {
    const sender = senderFor(fake);
    await expect(sender.sendTemplate(RAHUL, { ...CODE_TEMPLATE, name: 'not_approved' })).rejects.toMatchObject({
      status: 404,
      code: 132001,
    });
    await expect(sender.sendTemplate(RAHUL, { name: 'pipewise_code', language: 'en', bodyParameters: ['1'] })).rejects.toMatchObject({
      status: 400,
      code: 132000,
    });
    await expect(senderFor(fake, { phoneNumberId: '999' }).sendTemplate(RAHUL, CODE_TEMPLATE)).rejects.toMatchObject({
      status: 400,
      code: 100,
    });
  });

  it('tries again after a 5xx and a 429, with growing waits, and gives up after three tries', async () => {
    const sender = senderFor(fake);
    fake.failNext(
      { status: 503, code: 2, message: 'Service temporarily unavailable' },
      { status: 429, code: 130429, message: '(#130429) Rate limit hit' },
    );
    await sender.sendTemplate(RAHUL, CODE_TEMPLATE);
    expect(fake.requests).toHaveLength(3);
    expect(fake.sent).toHaveLength(1);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[1]!).toBeGreaterThan(sleeps[0]!);

    fake.failNext(...Array.from({ length: 3 }, () => ({ status: 500, code: 1, message: 'An unknown error occurred' })));
    await expect(sender.sendTemplate(RAHUL, CODE_TEMPLATE)).rejects.toMatchObject({ status: 500, code: 1 });
    expect(fake.requests).toHaveLength(6);
    expect(fake.sent).toHaveLength(1);
  });

  it("tries again when Graph says 'too many calls' with a 400, but not after a plain refusal", async () => {
    const sender = senderFor(fake);
    fake.failNext({ status: 400, code: 130429, message: '(#130429) Rate limit hit' });
    await sender.sendTemplate(RAHUL, CODE_TEMPLATE);
    expect(fake.requests).toHaveLength(2);
    fake.failNext({ status: 400, code: 131026, message: '(#131026) Message undeliverable' });
    await expect(sender.sendTemplate(RAHUL, CODE_TEMPLATE)).rejects.toMatchObject({ status: 400, code: 131026 });
    expect(fake.requests).toHaveLength(3);
  });

  it('refuses an answer in the wrong shape, and a network failure after its tries', async () => {
    const odd = await startFakeHttpServer(() => ({ body: { messaging_product: 'whatsapp', messages: [] } }));
    try {
      const sender = createCloudWhatsappSender({ apiBase: odd.url, phoneNumberId: '1', accessToken: 't', sleep: async () => {} });
      await expect(sender.sendTemplate(RAHUL, CODE_TEMPLATE)).rejects.toBeInstanceOf(WhatsappSendError);
    } finally {
      await odd.close();
    }
    const gone = createCloudWhatsappSender({ apiBase: odd.url, phoneNumberId: '1', accessToken: 't', sleep: async () => {} });
    await expect(gone.sendText(RAHUL, 'x')).rejects.toMatchObject({ name: 'WhatsappSendError', status: null });
  });

  it('signs webhook deliveries as Meta does', async () => {
    const body = JSON.stringify(fake.statusPayload('wamid.x', RAHUL));
    expect(fake.webhookHeaders(body)['x-hub-signature-256']).toBe(whatsappSignature(body, fake.appSecret));
    expect(whatsappSignature(body, fake.appSecret)).toBe(`sha256=${createHmac('sha256', fake.appSecret).update(body).digest('hex')}`);
  });
});

describe('the outbox sender', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-whatsapp-outbox-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes one JSON file per message and prints only the console hint', async () => {
    const lines: string[] = [];
    const outbox = path.join(dir, 'outbox', 'whatsapp');
    const sender = createOutboxWhatsappSender(outbox, (line) => lines.push(line));
    expect(sender.mode).toBe('outbox');
    await sender.sendTemplate(RAHUL, CODE_TEMPLATE, { consoleHint: `WhatsApp code for ${RAHUL}: 482913` });
    await sender.sendText(RAHUL, 'Hello');
    await sender.sendButtons(RAHUL, 'Confirm?', [{ id: 'yes', title: 'Yes' }]);
    expect(lines).toEqual([`[outbox] WhatsApp code for ${RAHUL}: 482913`]);
    const files = fs.readdirSync(outbox).sort();
    expect(files).toHaveLength(3);
    const messages = files.map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8')) as OutboxWhatsappMessage);
    expect(messages.map((m) => m.type).sort()).toEqual(['interactive', 'template', 'text']);
    expect(messages.find((m) => m.type === 'template')).toMatchObject({ to: RAHUL, template: CODE_TEMPLATE });
    expect((fs.statSync(path.join(outbox, files[0]!)).mode & 0o777).toString(8)).toBe('600');
  });

  it('is the default; the Cloud API once the phone number id and token are set', () => {
    const base = { DATA_DIR: dir };
    expect(createWhatsappSender(loadConfig(base)).mode).toBe('outbox');
    const cloud = loadConfig({ ...base, WHATSAPP_PHONE_NUMBER_ID: '1', WHATSAPP_ACCESS_TOKEN: 't' });
    expect(cloud.whatsapp.apiBase).toBe('https://graph.facebook.com/v23.0');
    expect(cloud.whatsapp.templates).toEqual({
      code: 'pipewise_code',
      digest: 'pipewise_morning_digest',
      insights: 'pipewise_insights_ready',
      language: 'en',
    });
    expect(createWhatsappSender(cloud).mode).toBe('cloud');
    expect(() => loadConfig({ ...base, WHATSAPP_PHONE_NUMBER_ID: '1' })).toThrow(/set both or neither/);
  });
});
