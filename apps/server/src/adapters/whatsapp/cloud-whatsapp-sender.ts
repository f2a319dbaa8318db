import { z } from 'zod';
import {
  WhatsappOutsideWindowError,
  WhatsappSendError,
  type WhatsappButton,
  type WhatsappSender,
  type WhatsappSent,
  type WhatsappTemplate,
} from './whatsapp-port';

/** Graph's answer to a sent message. */
const ZGraphSent = z.object({
  messaging_product: z.literal('whatsapp'),
  contacts: z.array(z.object({ input: z.string(), wa_id: z.string() })).optional(),
  messages: z.array(z.object({ id: z.string().min(1), message_status: z.string().optional() })).min(1),
});

/** Graph's error body (https://developers.facebook.com/docs/graph-api/guides/error-handling). */
const ZGraphError = z.object({
  error: z.object({
    message: z.string(),
    type: z.string().optional(),
    code: z.number().int(),
    error_subcode: z.number().int().optional(),
    error_data: z.object({ messaging_product: z.string().optional(), details: z.string().optional() }).optional(),
    fbtrace_id: z.string().optional(),
  }),
});

/** Meta's code for a free-form message outside the 24-hour customer-service window. */
export const GRAPH_OUTSIDE_WINDOW = 131047;

/**
 * Graph codes that say "try again later" whatever the HTTP status: unknown error (1), service
 * unavailable (2), too many calls (4, 130429) and WhatsApp's own "something went wrong" (131000).
 */
const TRANSIENT_CODES = new Set([1, 2, 4, 130429, 131000]);

/** WhatsApp's limits on what it accepts: longer texts are cut with an ellipsis rather than refused. */
const TEXT_MAX = 4096;
const BUTTON_BODY_MAX = 1024;
const BUTTON_TITLE_MAX = 20;
const BUTTONS_MAX = 3;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** Graph's recipient: the number's digits (the WhatsApp id), as Meta's own examples write it. */
const recipient = (e164: string) => e164.replace(/^\+/, '');

export type CloudWhatsappSettings = {
  /** WHATSAPP_API_BASE, e.g. https://graph.facebook.com/v23.0 (a stand-in's address in tests). */
  apiBase: string;
  phoneNumberId: string;
  accessToken: string;
  /** Tries in all for a 5xx, a 429 or a network failure. */
  maxAttempts?: number;
  /** Waits between tries; tests pass one that does not wait. */
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const backoffMs = (attempt: number) => Math.min(8_000, 500 * 2 ** attempt) * (0.75 + Math.random() * 0.5);

/** The template's components: the body's parameters, and the copy-code button's (authentication templates). */
function templateComponents(template: WhatsappTemplate): object[] {
  const components: object[] = [];
  if (template.bodyParameters.length > 0) {
    components.push({ type: 'body', parameters: template.bodyParameters.map((text) => ({ type: 'text', text })) });
  }
  if (template.buttonParameter !== undefined) {
    // Meta sends an authentication template's copy-code button as a url button with the code as its parameter.
    components.push({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: template.buttonParameter }] });
  }
  return components;
}

/**
 * Meta's WhatsApp Cloud API: POST {apiBase}/{phoneNumberId}/messages with the access token as a
 * Bearer token. A 5xx, a 429, a transient Graph code or a network failure is tried again with
 * backoff (three tries in all by default); Graph's error 131047 becomes WhatsappOutsideWindowError, any other refusal a
 * WhatsappSendError with Graph's status, code and message. Answers are checked with zod. The
 * token never appears in an error.
 */
export function createCloudWhatsappSender(settings: CloudWhatsappSettings): WhatsappSender {
  const url = `${settings.apiBase.replace(/\/+$/, '')}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
  const maxAttempts = settings.maxAttempts ?? 3;
  const sleep = settings.sleep ?? defaultSleep;
  const timeoutMs = settings.timeoutMs ?? 15_000;

  async function post(payload: object): Promise<WhatsappSent> {
    const body = JSON.stringify({ messaging_product: 'whatsapp', recipient_type: 'individual', ...payload });
    let last: WhatsappSendError | undefined;
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      if (attempt > 0) await sleep(backoffMs(attempt - 1));
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${settings.accessToken}`, 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (e) {
        last = new WhatsappSendError(`WhatsApp could not be reached: ${(e as Error).name}`, null, null);
        continue;
      }
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      if (res.ok) {
        const sent = ZGraphSent.safeParse(json);
        if (!sent.success) throw new WhatsappSendError('WhatsApp answered in an unexpected shape', res.status, null);
        return { messageId: sent.data.messages[0]!.id };
      }
      const graph = ZGraphError.safeParse(json);
      const code = graph.success ? graph.data.error.code : null;
      const message = graph.success
        ? `WhatsApp refused the message (${code}): ${graph.data.error.message}`
        : `WhatsApp answered HTTP ${res.status}`;
      if (code === GRAPH_OUTSIDE_WINDOW) throw new WhatsappOutsideWindowError(message);
      last = new WhatsappSendError(message, res.status, code);
      if (res.status !== 429 && res.status < 500 && !(code !== null && TRANSIENT_CODES.has(code))) throw last;
    }
    throw last!;
  }

  return {
    mode: 'cloud',

    sendTemplate(to: string, template: WhatsappTemplate) {
      return post({
        to: recipient(to),
        type: 'template',
        template: { name: template.name, language: { code: template.language }, components: templateComponents(template) },
      });
    },

    sendText(to: string, text: string) {
      return post({ to: recipient(to), type: 'text', text: { preview_url: false, body: clip(text, TEXT_MAX) } });
    },

    sendButtons(to: string, text: string, buttons: WhatsappButton[]) {
      if (buttons.length < 1 || buttons.length > BUTTONS_MAX) {
        return Promise.reject(new WhatsappSendError(`A message takes 1 to ${BUTTONS_MAX} reply buttons`, null, null));
      }
      return post({
        to: recipient(to),
        type: 'interactive',
        interactive: {
          type: 'button',
          body: { text: clip(text, BUTTON_BODY_MAX) },
          action: { buttons: buttons.map((b) => ({ type: 'reply', reply: { id: b.id, title: clip(b.title, BUTTON_TITLE_MAX) } })) },
        },
      });
    },
  };
}
