import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { WhatsappButton, WhatsappSender, WhatsappSent, WhatsappTemplate } from './whatsapp-port';

/** What one outbox file holds: the message as the Cloud API would have received it, and when. */
export type OutboxWhatsappMessage = {
  id: string;
  created_at: string;
  to: string;
  type: 'template' | 'text' | 'interactive';
  template?: WhatsappTemplate;
  text?: string;
  buttons?: WhatsappButton[];
};

/**
 * The embedded default: each message becomes one JSON file in `outboxDir` (DATA_DIR/outbox/whatsapp),
 * and a verification code's `consoleHint` is printed like the mail outbox's sign-in codes, so the
 * whole flow can be tried without Meta. There is no 24-hour window here: every message is written.
 */
export function createOutboxWhatsappSender(
  outboxDir: string,
  printLine: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): WhatsappSender {
  async function write(message: Omit<OutboxWhatsappMessage, 'id' | 'created_at'>, consoleHint?: string): Promise<WhatsappSent> {
    const id = `wamid.outbox.${randomUUID()}`;
    const now = new Date();
    await fs.mkdir(outboxDir, { recursive: true });
    const name = `${now.toISOString().replace(/[:.]/g, '-')}-${id.slice(-8)}.json`;
    const file: OutboxWhatsappMessage = { id, created_at: now.toISOString(), ...message };
    await fs.writeFile(path.join(outboxDir, name), `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    if (consoleHint) printLine(`[outbox] ${consoleHint}`);
    return { messageId: id };
  }
  return {
    mode: 'outbox',
    sendTemplate: (to, template, options) => write({ to, type: 'template', template }, options?.consoleHint),
    sendText: (to, text) => write({ to, type: 'text', text }),
    sendButtons: (to, text, buttons) => write({ to, type: 'interactive', text, buttons }),
  };
}
