import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkWebhookSignatureV3 } from './webhook-signature';

const secret = 'client-secret';
const now = 1_790_000_000_000;
const body = '[{"eventId":1,"subscriptionType":"deal.propertyChange","objectId":42}]';
const uri = 'https://pipewise.example.com/api/hubspot/webhook?portal=1001';
const sign = (text: string) => createHmac('sha256', secret).update(text).digest('base64');
const good = sign(`POST${uri}${body}${now}`);

describe("HubSpot's v3 webhook signature", () => {
  it.each([
    ['a delivery signed as HubSpot signs', { signature: good }, 'valid'],
    ['no signature', { signature: undefined }, 'missing'],
    ['no timestamp', { timestamp: undefined }, 'missing'],
    ['a timestamp that is not a number', { timestamp: 'soon' }, 'missing'],
    [
      'a timestamp 5 minutes and 1 ms old',
      { timestamp: String(now - 300_001), signature: sign(`POST${uri}${body}${now - 300_001}`) },
      'stale',
    ],
    [
      'a timestamp just under 5 minutes old',
      { timestamp: String(now - 299_000), signature: sign(`POST${uri}${body}${now - 299_000}`) },
      'valid',
    ],
    ['a changed body', { body: body.replace('42', '43') }, 'mismatch'],
    ['another method', { method: 'PUT' }, 'mismatch'],
    ['another secret', { clientSecret: 'other' }, 'mismatch'],
    ['a URI HubSpot encoded (it signs the decoded one)', { uri: uri.replace('https://', 'https%3A%2F%2F') }, 'valid'],
    ['a signature of the wrong length', { signature: 'abc' }, 'mismatch'],
  ] as const)('%s', (_, change, expected) => {
    const input = {
      method: 'POST',
      uri,
      body,
      timestamp: String(now),
      signature: good as string | undefined,
      clientSecret: secret,
      now,
      ...change,
    };
    expect(checkWebhookSignatureV3(input)).toBe(expected);
  });
});
