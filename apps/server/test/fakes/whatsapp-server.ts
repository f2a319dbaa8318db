import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';

/** A template as Meta approved it: how many body parameters it takes and whether it has a copy-code button. */
export type FakeWhatsappTemplate = { name: string; language: string; bodyParameters: number; codeButton?: boolean };

/** One message the stand-in accepted, as a test reads it. */
export type FakeWhatsappSent = {
  id: string;
  /** The recipient in E.164. */
  to: string;
  type: 'text' | 'template' | 'interactive';
  at: Date;
  text?: string;
  template?: { name: string; language: string; bodyParameters: string[]; buttonParameter?: string };
  buttons?: { id: string; title: string }[];
  /** The request body as received. */
  raw: unknown;
};

/** A refusal as Graph writes it. */
export type GraphError = { status: number; code: number; message: string; type?: string; subcode?: number; details?: string };

/** Sends a signed delivery somewhere (a real fetch by default, or a test's inject); answers the HTTP status. */
export type WhatsappWebhookSend = (request: { uri: string; headers: Record<string, string>; body: string }) => Promise<number>;

export type FakeWhatsappOptions = {
  accessToken?: string;
  phoneNumberId?: string;
  appSecret?: string;
  /** The business number people write to (digits). */
  displayPhoneNumber?: string;
  templates?: FakeWhatsappTemplate[];
  /** The stand-in's clock (the 24-hour window is measured on it). */
  now?: () => Date;
};

const WINDOW_MS = 24 * 60 * 60_000;
const TEXT_MAX = 4096;

/** Pipewise's default templates: the code (authentication, copy-code button), the morning digest and insights ready. */
export const DEFAULT_FAKE_TEMPLATES: FakeWhatsappTemplate[] = [
  { name: 'pipewise_code', language: 'en', bodyParameters: 1, codeButton: true },
  { name: 'pipewise_morning_digest', language: 'en', bodyParameters: 2 },
  { name: 'pipewise_insights_ready', language: 'en', bodyParameters: 1 },
];

const digitsOf = (n: string) => n.replace(/\D/g, '');
const wamid = () => `wamid.${randomBytes(18).toString('base64url')}`;
const fbtrace = () => randomBytes(8).toString('base64url');

function graphError(e: GraphError) {
  return {
    status: e.status,
    body: {
      error: {
        message: e.message,
        type: e.type ?? 'OAuthException',
        code: e.code,
        ...(e.subcode !== undefined ? { error_subcode: e.subcode } : {}),
        ...(e.details ? { error_data: { messaging_product: 'whatsapp', details: e.details } } : {}),
        fbtrace_id: fbtrace(),
      },
    },
  };
}

const invalidParameter = (message: string) => graphError({ status: 400, code: 100, message: `(#100) ${message}` });

/** 'sha256=' + HMAC-SHA256 of the raw body with the app secret: Meta's X-Hub-Signature-256. */
export function whatsappSignature(body: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

const fetchSend: WhatsappWebhookSend = async ({ uri, headers, body }) => (await fetch(uri, { method: 'POST', headers, body })).status;

/**
 * A stand-in for Meta's WhatsApp Cloud API on a free loopback port: POST /{version}/{phone-number-id}/messages
 * with Bearer auth (Graph's 401 otherwise), text, template (approved names, parameter counts) and interactive
 * reply-button messages, Graph-style errors, and the 24-hour rule: a free-form message (text, interactive) to
 * a number that has not written within 24 hours is refused with 131047. `userWrote` records that a number
 * wrote; the deliver* helpers post Meta's signed webhook payloads (and open the window as a real message does).
 * `sent` logs what went out; `failNext` makes the next requests fail as Graph does.
 */
export async function startFakeWhatsapp(options: FakeWhatsappOptions = {}) {
  const accessToken = options.accessToken ?? `EAAG${randomBytes(24).toString('hex')}`;
  const phoneNumberId = options.phoneNumberId ?? '106540352242922';
  const appSecret = options.appSecret ?? randomBytes(16).toString('hex');
  const displayPhoneNumber = options.displayPhoneNumber ?? '15550783881';
  const templates = options.templates ?? DEFAULT_FAKE_TEMPLATES;
  const now = options.now ?? (() => new Date());
  const sent: FakeWhatsappSent[] = [];
  const requests: { method: string; path: string; authorization: string | undefined; body: unknown }[] = [];
  const lastInbound = new Map<string, Date>();
  const failures: GraphError[] = [];

  type Answer = { status: number; body: unknown };

  function accept(to: string, entry: Omit<FakeWhatsappSent, 'id' | 'to' | 'at'>, template = false): Answer {
    const id = wamid();
    sent.push({ id, to: `+${digitsOf(to)}`, at: now(), ...entry });
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: digitsOf(to) }],
        messages: [template ? { id, message_status: 'accepted' } : { id }],
      },
    };
  }

  function outsideWindow(to: string): boolean {
    const wrote = lastInbound.get(digitsOf(to));
    return !wrote || now().getTime() - wrote.getTime() > WINDOW_MS;
  }

  const reEngagement = () =>
    graphError({
      status: 400,
      code: 131047,
      message: '(#131047) Re-engagement message',
      details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
    });

  function handleMessage(body: Record<string, unknown>): Answer {
    if (body.messaging_product !== 'whatsapp') return invalidParameter('The parameter messaging_product is required.');
    const to = typeof body.to === 'string' ? body.to : '';
    if (!/^\+?[1-9]\d{7,14}$/.test(to)) return invalidParameter("Invalid parameter 'to'.");
    switch (body.type) {
      case 'text': {
        const text = (body.text as { body?: unknown } | undefined)?.body;
        if (typeof text !== 'string' || text.length === 0) return invalidParameter("The parameter text['body'] is required.");
        if (text.length > TEXT_MAX) return invalidParameter(`Param text['body'] must be at most ${TEXT_MAX} characters long.`);
        if (outsideWindow(to)) return reEngagement();
        return accept(to, { type: 'text', text, raw: body });
      }
      case 'interactive': {
        const i = body.interactive as
          | {
              type?: string;
              body?: { text?: unknown };
              action?: { buttons?: { type?: string; reply?: { id?: unknown; title?: unknown } }[] };
            }
          | undefined;
        if (i?.type !== 'button') return invalidParameter("Invalid parameter 'interactive.type'.");
        const text = i.body?.text;
        if (typeof text !== 'string' || text.length === 0 || text.length > 1024) {
          return invalidParameter("Param interactive['body']['text'] must be 1 to 1024 characters long.");
        }
        const buttons = i.action?.buttons ?? [];
        if (buttons.length < 1 || buttons.length > 3)
          return invalidParameter("Param interactive['action']['buttons'] must have 1 to 3 items.");
        const replies: { id: string; title: string }[] = [];
        for (const b of buttons) {
          const { id, title } = b.reply ?? {};
          if (b.type !== 'reply' || typeof id !== 'string' || !id || typeof title !== 'string' || !title || title.length > 20) {
            return invalidParameter('Each reply button needs an id and a title of at most 20 characters.');
          }
          replies.push({ id, title });
        }
        if (new Set(replies.map((r) => r.id)).size !== replies.length) return invalidParameter('Reply button ids must be unique.');
        if (outsideWindow(to)) return reEngagement();
        return accept(to, { type: 'interactive', text, buttons: replies, raw: body });
      }
      case 'template': {
        const t = body.template as
          | {
              name?: unknown;
              language?: { code?: unknown };
              components?: { type?: string; sub_type?: string; parameters?: { text?: unknown }[] }[];
            }
          | undefined;
        const known = templates.find((k) => k.name === t?.name && k.language === t?.language?.code);
        if (!known) {
          return graphError({
            status: 404,
            code: 132001,
            message: '(#132001) Template name does not exist in the translation',
            details: `template name (${String(t?.name)}) does not exist in ${String(t?.language?.code)}`,
          });
        }
        const components = t!.components ?? [];
        const bodyParameters = (components.find((c) => c.type === 'body')?.parameters ?? []).map((p) => String(p.text ?? ''));
        const button = components.find((c) => c.type === 'button');
        const buttonParameter = button?.parameters?.[0]?.text;
        const buttonOk = known.codeButton
          ? button?.sub_type === 'url' && typeof buttonParameter === 'string' && buttonParameter.length > 0
          : button === undefined;
        if (bodyParameters.length !== known.bodyParameters || bodyParameters.some((p) => p.length === 0) || !buttonOk) {
          return graphError({
            status: 400,
            code: 132000,
            message: '(#132000) Number of parameters does not match the expected number of params',
            details:
              `body: number of localizable_params (${bodyParameters.length}) ` +
              `does not match the expected number of params (${known.bodyParameters})`,
          });
        }
        return accept(
          to,
          {
            type: 'template',
            template: {
              name: known.name,
              language: known.language,
              bodyParameters,
              ...(typeof buttonParameter === 'string' ? { buttonParameter } : {}),
            },
            raw: body,
          },
          true,
        );
      }
      default:
        return invalidParameter("Invalid parameter 'type'.");
    }
  }

  function route(method: string, path: string, authorization: string | undefined, raw: string): Answer {
    const match = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(path);
    if (!match || method !== 'POST') {
      return graphError({
        status: 400,
        code: 100,
        type: 'GraphMethodException',
        subcode: 33,
        message: `Unsupported ${method.toLowerCase()} request.`,
      });
    }
    if (authorization !== `Bearer ${accessToken}`) {
      return graphError({ status: 401, code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });
    }
    if (decodeURIComponent(match[2]!) !== phoneNumberId) {
      return graphError({
        status: 400,
        code: 100,
        type: 'GraphMethodException',
        subcode: 33,
        message:
          `Unsupported post request. Object with ID '${match[2]}' does not exist, cannot be loaded due to missing permissions, ` +
          'or does not support this operation.',
      });
    }
    const failure = failures.shift();
    if (failure) return graphError(failure);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return invalidParameter('The request body is not valid JSON.');
    }
    if (!body || typeof body !== 'object') return invalidParameter('The request body must be an object.');
    return handleMessage(body as Record<string, unknown>);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      let parsed: unknown = null;
      try {
        parsed = raw ? JSON.parse(raw) : null;
      } catch {
        parsed = raw;
      }
      requests.push({ method: req.method ?? 'GET', path, authorization: req.headers.authorization, body: parsed });
      const answer = route(req.method ?? 'GET', path, req.headers.authorization, raw);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const origin = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;

  /** Meta's webhook envelope around one change value of the messages field. */
  function envelope(value: Record<string, unknown>) {
    return {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: displayPhoneNumber, phone_number_id: phoneNumberId },
                ...value,
              },
              field: 'messages',
            },
          ],
        },
      ],
    };
  }

  const seconds = (d: Date) => String(Math.floor(d.getTime() / 1000));

  function inbound(from: string, message: Record<string, unknown>, name: string) {
    const at = now();
    lastInbound.set(digitsOf(from), at);
    const id = wamid();
    return {
      id,
      payload: envelope({
        contacts: [{ profile: { name }, wa_id: digitsOf(from) }],
        messages: [{ from: digitsOf(from), id, timestamp: seconds(at), ...message }],
      }),
    };
  }

  const fake = {
    /** WHATSAPP_API_BASE for the app (Graph's address with its version). */
    url: `${origin}/v23.0`,
    origin,
    accessToken,
    phoneNumberId,
    appSecret,
    /** Messages accepted, oldest first. */
    sent,
    /** Every request as received (refused ones too). */
    requests,
    /** Records that `number` (E.164 or digits) wrote at `at`: free-form messages to it are allowed for 24 hours. */
    userWrote(number: string, at: Date = now()) {
      lastInbound.set(digitsOf(number), at);
    },
    /** Makes the next requests (after auth) fail with these Graph errors, one each. */
    failNext(...errors: GraphError[]) {
      failures.push(...errors);
    },
    /** Messages sent to `number` (E.164 or digits). */
    sentTo(number: string) {
      return sent.filter((m) => digitsOf(m.to) === digitsOf(number));
    },

    /** Headers Meta sends with a webhook delivery of `body`. */
    webhookHeaders(body: string, secret = appSecret): Record<string, string> {
      return { 'content-type': 'application/json', 'x-hub-signature-256': whatsappSignature(body, secret) };
    },

    /** Posts `payload` to `uri` signed with the app secret (or `secret`); answers the HTTP status. */
    async deliver(uri: string, payload: unknown, send: WhatsappWebhookSend = fetchSend, secret = appSecret): Promise<number> {
      const body = JSON.stringify(payload);
      return send({ uri, headers: fake.webhookHeaders(body, secret), body });
    },

    /** A text message from `from`, as Meta's webhook carries it (the number's window opens). */
    textPayload(from: string, text: string, name = 'WhatsApp User') {
      return inbound(from, { type: 'text', text: { body: text } }, name);
    },

    /** A reply-button press on the message `contextId` (interactive button_reply). */
    buttonReplyPayload(from: string, button: { id: string; title: string }, contextId: string = wamid(), name = 'WhatsApp User') {
      return inbound(
        from,
        {
          context: { from: displayPhoneNumber, id: contextId },
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: button },
        },
        name,
      );
    },

    /** A delivery status update for a message Pipewise sent. */
    statusPayload(messageId: string, recipient: string, status: 'sent' | 'delivered' | 'read' | 'failed' = 'delivered') {
      return envelope({
        statuses: [
          {
            id: messageId,
            status,
            timestamp: seconds(now()),
            recipient_id: digitsOf(recipient),
            ...(status === 'failed'
              ? { errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable' }] }
              : { pricing: { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' } }),
          },
        ],
      });
    },

    /** Delivers a text from `from` to the webhook at `uri`; answers the status and the message id. */
    async deliverText(uri: string, from: string, text: string, send?: WhatsappWebhookSend) {
      const { id, payload } = fake.textPayload(from, text);
      return { status: await fake.deliver(uri, payload, send), messageId: id, payload };
    },

    /** Delivers a reply-button press from `from`; answers the status and the message id. */
    async deliverButtonReply(
      uri: string,
      from: string,
      button: { id: string; title: string },
      contextId?: string,
      send?: WhatsappWebhookSend,
    ) {
      const { id, payload } = fake.buttonReplyPayload(from, button, contextId);
      return { status: await fake.deliver(uri, payload, send), messageId: id, payload };
    },

    /** Delivers a status update for `messageId`. */
    async deliverStatus(
      uri: string,
      messageId: string,
      recipient: string,
      status?: 'sent' | 'delivered' | 'read' | 'failed',
      send?: WhatsappWebhookSend,
    ) {
      return fake.deliver(uri, fake.statusPayload(messageId, recipient, status), send);
    },

    /** Settings that point the app at the stand-in. */
    env(): Record<string, string> {
      return {
        WHATSAPP_API_BASE: fake.url,
        WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
        WHATSAPP_ACCESS_TOKEN: accessToken,
        WHATSAPP_APP_SECRET: appSecret,
      };
    },

    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return fake;
}

export type FakeWhatsapp = Awaited<ReturnType<typeof startFakeWhatsapp>>;
