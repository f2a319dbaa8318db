/**
 * Sending WhatsApp messages: Meta's Cloud API (POST {WHATSAPP_API_BASE}/{WHATSAPP_PHONE_NUMBER_ID}/messages)
 * when it is set up, else the embedded outbox (one JSON file per message in DATA_DIR/outbox/whatsapp, the
 * verification code also printed on the console like sign-in codes). Numbers are E.164 ('+9198...').
 */

/** An approved template: what Pipewise sends first (a code, a digest, insights ready), outside the 24-hour window. */
export type WhatsappTemplate = {
  name: string;
  /** The template's language code, e.g. 'en' or 'en_US'. */
  language: string;
  /** The body's {{1}}, {{2}}... in order. */
  bodyParameters: string[];
  /** Authentication templates carry the code again on their copy-code button. */
  buttonParameter?: string;
};

export type WhatsappButton = { id: string; title: string };

export type WhatsappSent = { messageId: string };

export interface WhatsappSender {
  readonly mode: 'cloud' | 'outbox';
  sendTemplate(to: string, template: WhatsappTemplate, options?: { consoleHint?: string }): Promise<WhatsappSent>;
  /** Free-form text: only inside the customer-service window (the user wrote within 24 h). */
  sendText(to: string, text: string): Promise<WhatsappSent>;
  /** Text with up to three reply buttons (interactive), also only inside the window. */
  sendButtons(to: string, text: string, buttons: WhatsappButton[]): Promise<WhatsappSent>;
}

/** WhatsApp refused a free-form message: the user has not written within 24 hours (Graph error 131047). */
export class WhatsappOutsideWindowError extends Error {
  override name = 'WhatsappOutsideWindowError';
}

/** Any other refusal or failure, with Graph's status, code and message when there was one. */
export class WhatsappSendError extends Error {
  override name = 'WhatsappSendError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null,
  ) {
    super(message);
  }
}
