import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Meta's WhatsApp webhook, as pure functions: the verification handshake, the delivery signature
 * (X-Hub-Signature-256) and a delivery read into the messages Pipewise answers.
 */

/** Meta's handshake: `hub.mode=subscribe` with our verify token is answered with `hub.challenge`; anything else is refused. */
export function handshakeChallenge(query: Record<string, unknown>, verifyToken: string): string | null {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string' || challenge === '') return null;
  return sameText(token, verifyToken) ? challenge : null;
}

/** Constant-time equality of two strings (their SHA-256 digests, so a length difference shows nothing either). */
function sameText(a: string, b: string): boolean {
  const digest = (s: string) => createHmac('sha256', 'compare').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** `sha256=<hex>`: HMAC-SHA256 of the raw body, keyed with the app secret. */
export function signatureOf(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Whether X-Hub-Signature-256 is the app secret's HMAC of exactly these bytes (constant-time compare). */
export function validSignature(rawBody: Buffer, header: string | string[] | undefined, appSecret: string): boolean {
  if (typeof header !== 'string') return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const given = Buffer.from(match[1]!.toLowerCase(), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** One message a user sent: text, a reply button pressed, or something Pipewise does not read (an image, a voice note). */
export type InboundMessage = {
  id: string;
  /** The sender in E.164 ('+919876543210'). */
  from: string;
  /** When WhatsApp says it was sent (ISO). */
  sentAt: string;
  kind: 'text' | 'button' | 'other';
  /** The text typed, or the pressed button's title. */
  text: string;
  /** The pressed button's id (ours, e.g. 'yes:<pending operation id>'); null for text. */
  buttonId: string | null;
};

const ZMessage = z
  .object({
    from: z.string().regex(/^\d{6,15}$/),
    id: z.string().min(1).max(256),
    timestamp: z.string().regex(/^\d{1,12}$/),
    type: z.string(),
    text: z.object({ body: z.string() }).optional(),
    interactive: z
      .object({
        type: z.string(),
        button_reply: z.object({ id: z.string(), title: z.string() }).optional(),
      })
      .optional(),
    button: z.object({ payload: z.string().optional(), text: z.string().optional() }).optional(),
  })
  .loose();

const ZDelivery = z
  .object({
    object: z.string().optional(),
    entry: z
      .array(
        z
          .object({
            changes: z
              .array(
                z
                  .object({
                    field: z.string().optional(),
                    value: z
                      .object({
                        metadata: z.object({ phone_number_id: z.string().optional() }).loose().optional(),
                        messages: z.array(z.unknown()).optional(),
                      })
                      .loose()
                      .optional(),
                  })
                  .loose(),
              )
              .optional(),
          })
          .loose(),
      )
      .optional(),
  })
  .loose();

/** The longest text read from one message (WhatsApp allows 4096 characters). */
const MAX_TEXT = 4096;

function read(message: z.infer<typeof ZMessage>): InboundMessage {
  const base = { id: message.id, from: `+${message.from}`, sentAt: new Date(Number(message.timestamp) * 1000).toISOString() };
  if (message.type === 'text' && message.text) return { ...base, kind: 'text', text: message.text.body.slice(0, MAX_TEXT), buttonId: null };
  const reply = message.interactive?.button_reply;
  if (message.type === 'interactive' && reply) return { ...base, kind: 'button', text: reply.title, buttonId: reply.id };
  // A template's quick-reply button.
  if (message.type === 'button' && message.button)
    return { ...base, kind: 'button', text: message.button.text ?? '', buttonId: message.button.payload ?? null };
  return { ...base, kind: 'other', text: '', buttonId: null };
}

/**
 * The messages of a delivery (status updates and other fields left out), for the given phone
 * number id when one is set up. What does not have a message's shape is skipped, not refused: a
 * signed delivery is Meta's, and refusing it would only make Meta send it again.
 */
export function messagesOf(body: unknown, phoneNumberId?: string): InboundMessage[] {
  const delivery = ZDelivery.safeParse(body);
  if (!delivery.success) return [];
  const found: InboundMessage[] = [];
  for (const entry of delivery.data.entry ?? []) {
    for (const change of entry.changes ?? []) {
      if (change.field !== undefined && change.field !== 'messages') continue;
      const value = change.value;
      if (!value?.messages) continue;
      const to = value.metadata?.phone_number_id;
      if (phoneNumberId && to && to !== phoneNumberId) continue;
      for (const raw of value.messages) {
        const message = ZMessage.safeParse(raw);
        if (message.success) found.push(read(message.data));
      }
    }
  }
  return found;
}
