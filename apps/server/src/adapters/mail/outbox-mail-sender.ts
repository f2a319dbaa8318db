import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { nodemailerMessage, type MailMessage, type MailSender } from './mail-port';

/** The embedded default: each message becomes an .eml file in DATA_DIR/outbox. */
export function createOutboxMailSender(
  outboxDir: string,
  from: string,
  printLine: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): MailSender {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      const info = await transport.sendMail(nodemailerMessage(from, message));
      await fs.mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
      await fs.writeFile(path.join(outboxDir, name), info.message as Buffer, { mode: 0o600 });
      if (message.consoleHint) printLine(`[outbox] ${message.consoleHint}`);
    },
  };
}
