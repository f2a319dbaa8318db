import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/** One message the server wrote to DATA_DIR/outbox/whatsapp instead of sending it (the embedded default). */
type OutboxMessage = {
  id: string;
  created_at: string;
  to: string;
  type: 'template' | 'text' | 'interactive';
  template?: { name: string; bodyParameters: string[]; buttonParameter?: string };
  text?: string;
};

const outboxDir = () => path.join(inject('dataDir'), 'outbox', 'whatsapp');

/** The outbox's file names now: what a later wait ignores. */
export function whatsappOutboxFiles(): string[] {
  return fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()).filter((name) => name.endsWith('.json')) : [];
}

/** A file still being written does not parse yet: it is read on a later look. */
function read(name: string): OutboxMessage | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(outboxDir(), name), 'utf8')) as OutboxMessage;
  } catch {
    return null;
  }
}

/**
 * Waits for a verification code sent to `to` (E.164) in a file not among `before`: the authentication
 * template, whose copy-code button carries the code as its body does.
 */
export async function waitForWhatsappCode(to: string, before: string[], timeoutMs = 15_000): Promise<string> {
  const seen = new Set(before);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const fresh = whatsappOutboxFiles()
      .filter((name) => !seen.has(name))
      .map(read)
      .filter((m): m is OutboxMessage => m !== null)
      .filter((m) => m.to === to && m.type === 'template' && m.template?.buttonParameter)
      .sort((a, b) => a.created_at.localeCompare(b.created_at));
    const code = fresh.at(-1)?.template?.buttonParameter;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no WhatsApp code written for ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
