import { createHmac, timingSafeEqual } from 'node:crypto';

/** HubSpot's v3 webhook signature refuses deliveries older than this. */
export const WEBHOOK_MAX_AGE_MS = 5 * 60_000;

/** The characters HubSpot decodes in the URI before signing (its v3 signature rules). */
const DECODED: Record<string, string> = {
  '%3A': ':',
  '%2F': '/',
  '%3F': '?',
  '%40': '@',
  '%21': '!',
  '%24': '$',
  '%27': "'",
  '%28': '(',
  '%29': ')',
  '%2A': '*',
  '%2C': ',',
  '%3B': ';',
};

export type WebhookCheck = 'valid' | 'missing' | 'stale' | 'mismatch';

/**
 * HubSpot's v3 webhook signature: base64 HMAC-SHA256, keyed with the app's client secret, over
 * method + URI (as HubSpot called it, with its listed characters decoded) + raw body + timestamp
 * (X-HubSpot-Request-Timestamp, milliseconds); a timestamp more than 5 minutes off is refused.
 */
export function checkWebhookSignatureV3(input: {
  method: string;
  uri: string;
  body: string;
  timestamp: string | undefined;
  signature: string | undefined;
  clientSecret: string;
  now: number;
}): WebhookCheck {
  if (!input.signature || !input.timestamp || !/^\d{1,15}$/.test(input.timestamp)) return 'missing';
  if (Math.abs(input.now - Number(input.timestamp)) > WEBHOOK_MAX_AGE_MS) return 'stale';
  const uri = input.uri.replace(/%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/gi, (m) => DECODED[m.toUpperCase()]!);
  const expected = createHmac('sha256', input.clientSecret)
    .update(`${input.method.toUpperCase()}${uri}${input.body}${input.timestamp}`, 'utf8')
    .digest();
  const given = Buffer.from(input.signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'valid' : 'mismatch';
}
