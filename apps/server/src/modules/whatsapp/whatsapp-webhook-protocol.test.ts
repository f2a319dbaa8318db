import { describe, expect, it } from 'vitest';
import { whatsappSignature } from '../../../test/fakes/whatsapp-server';
import { zoneOfNumber } from './whatsapp-conversation-zone';
import { answerText, fit, plainText } from './whatsapp-conversation-text';
import { handshakeChallenge, messagesOf, signatureOf, validSignature } from './whatsapp-webhook-protocol';

const SECRET = 'app-secret-1';

describe('the handshake', () => {
  it.each([
    [{ 'hub.mode': 'subscribe', 'hub.verify_token': 'tok', 'hub.challenge': '42' }, '42'],
    [{ 'hub.mode': 'subscribe', 'hub.verify_token': 'tok2', 'hub.challenge': '42' }, null],
    [{ 'hub.mode': 'subscribe', 'hub.verify_token': 'to', 'hub.challenge': '42' }, null],
    [{ 'hub.mode': 'unsubscribe', 'hub.verify_token': 'tok', 'hub.challenge': '42' }, null],
    [{ 'hub.mode': 'subscribe', 'hub.challenge': '42' }, null],
    [{ 'hub.mode': 'subscribe', 'hub.verify_token': 'tok', 'hub.challenge': '' }, null],
    [{ 'hub.mode': 'subscribe', 'hub.verify_token': ['tok', 'tok'], 'hub.challenge': '42' }, null],
  ])('%j -> %s', (query, expected) => {
    expect(handshakeChallenge(query, 'tok')).toBe(expected);
  });
});

describe('the delivery signature', () => {
  const body = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
  it("accepts Meta's sha256=<hex> of the raw bytes, upper-case hex too", () => {
    expect(signatureOf(body, SECRET)).toBe(whatsappSignature(body.toString(), SECRET));
    expect(validSignature(body, signatureOf(body, SECRET), SECRET)).toBe(true);
    expect(
      validSignature(
        body,
        signatureOf(body, SECRET).replace(/[a-f]/g, (c) => c.toUpperCase()),
        SECRET,
      ),
    ).toBe(true);
  });
  it.each([
    ['missing', undefined],
    ['two headers', [signatureOf(body, SECRET), signatureOf(body, SECRET)]],
    ['another secret', signatureOf(body, 'other')],
    ['another body', signatureOf(Buffer.from('{}'), SECRET)],
    ['sha1', `sha1=${'a'.repeat(40)}`],
    ['no prefix', signatureOf(body, SECRET).slice('sha256='.length)],
    ['short', signatureOf(body, SECRET).slice(0, -2)],
    ['not hex', `sha256=${'z'.repeat(64)}`],
  ])('refuses %s', (_what, header) => {
    expect(validSignature(body, header, SECRET)).toBe(false);
  });
});

const envelope = (value: Record<string, unknown>, field = 'messages') => ({
  object: 'whatsapp_business_account',
  entry: [{ id: '1', changes: [{ field, value: { messaging_product: 'whatsapp', metadata: { phone_number_id: 'PN1' }, ...value } }] }],
});

describe('a delivery read into messages', () => {
  it('reads texts, reply buttons and template quick replies; other kinds are marked, not dropped', () => {
    const messages = messagesOf(
      envelope({
        messages: [
          { from: '919800000001', id: 'wamid.1', timestamp: '1764115200', type: 'text', text: { body: 'show my deals' } },
          {
            from: '919800000001',
            id: 'wamid.2',
            timestamp: '1764115201',
            type: 'interactive',
            interactive: { type: 'button_reply', button_reply: { id: 'yes:abc', title: 'Yes' } },
          },
          { from: '919800000001', id: 'wamid.3', timestamp: '1764115202', type: 'button', button: { payload: 'no:abc', text: 'No' } },
          { from: '919800000001', id: 'wamid.4', timestamp: '1764115203', type: 'image', image: { id: 'media' } },
        ],
      }),
    );
    expect(messages).toEqual([
      { id: 'wamid.1', from: '+919800000001', sentAt: '2025-11-26T00:00:00.000Z', kind: 'text', text: 'show my deals', buttonId: null },
      { id: 'wamid.2', from: '+919800000001', sentAt: '2025-11-26T00:00:01.000Z', kind: 'button', text: 'Yes', buttonId: 'yes:abc' },
      { id: 'wamid.3', from: '+919800000001', sentAt: '2025-11-26T00:00:02.000Z', kind: 'button', text: 'No', buttonId: 'no:abc' },
      { id: 'wamid.4', from: '+919800000001', sentAt: '2025-11-26T00:00:03.000Z', kind: 'other', text: '', buttonId: null },
    ]);
  });

  it('ignores status updates, other fields, other phone numbers and what has no message shape', () => {
    const text = { from: '919800000001', id: 'wamid.9', timestamp: '1764115200', type: 'text', text: { body: 'hi' } };
    expect(messagesOf(envelope({ statuses: [{ id: 'wamid.x', status: 'read' }] }))).toEqual([]);
    expect(messagesOf(envelope({ messages: [text] }, 'account_update'))).toEqual([]);
    expect(messagesOf(envelope({ messages: [text] }), 'PN2')).toEqual([]);
    expect(messagesOf(envelope({ messages: [text] }), 'PN1')).toHaveLength(1);
    expect(messagesOf(envelope({ messages: [{ ...text, from: '+91 98' }, { id: 'x' }, 'text', null] }))).toEqual([]);
    expect(messagesOf(null)).toEqual([]);
    expect(messagesOf({ entry: 'nope' })).toEqual([]);
  });
});

describe('answers as WhatsApp text', () => {
  it('turns Markdown links into names and lists record pages under the answer', () => {
    const out = answerText(
      'Your largest deal is **[Kaveri renewal](/dashboard/deals/7)**.',
      [
        { label: 'Kaveri renewal', url: '/dashboard/deals/7' },
        { label: 'Kaveri renewal again', url: '/dashboard/deals/7' },
        { label: 'Asha', url: null },
      ],
      'https://pipewise.example',
    );
    expect(out).toBe('Your largest deal is *Kaveri renewal*.\n\nKaveri renewal: https://pipewise.example/dashboard/deals/7');
    expect(plainText('## Deals\n- one')).toBe('*Deals*\n- one');
  });

  it('keeps within the length, cutting at a word', () => {
    const long = 'word '.repeat(2000);
    expect(fit(long, 100).length).toBeLessThanOrEqual(100);
    expect(fit(long, 100).endsWith('word…')).toBe(true);
    expect(answerText(long, [{ label: 'A', url: '/dashboard/deals/1' }], 'http://x.example').length).toBeLessThanOrEqual(4096);
  });
});

describe("a number's time zone", () => {
  it.each([
    ['+919800000001', 'Asia/Kolkata'],
    ['+447700900123', 'Europe/London'],
    ['+97150123456', 'Asia/Dubai'],
    ['+35312345678', 'Europe/Dublin'],
    ['+14155550100', 'UTC'],
    ['+61412345678', 'UTC'],
  ])('%s -> %s', (number, zone) => {
    expect(zoneOfNumber(number)).toBe(zone);
  });
});
