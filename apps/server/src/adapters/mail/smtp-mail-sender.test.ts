import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizations, users } from '../../db/schema';
import { createTestApp, csrfHeaders, type TestApp } from '../../../test/test-app';
import { createSmtpMailSender } from './smtp-mail-sender';

/**
 * Sign-in codes by mail (issue 3, deliverable 2): over real SMTP to smtp-server when SMTP_URL is
 * set, to DATA_DIR/outbox plus one console line otherwise, and a clear 502 when SMTP fails.
 */

const MAIL_FROM = 'Pipewise Test <signin@pipewise.test>';
const SEND_FAILED = 'Failed to send OTP. Please try again.';

type Received = { from: string | undefined; to: string[]; raw: string };

/** A receiving SMTP server on a loopback port; refuse() makes it reject every recipient. */
async function startSmtpServer() {
  const received: Received[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (refusing) return callback(Object.assign(new Error(`Mailbox unavailable: ${address.address}`), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (on: boolean) => {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

type MimePart = { headers: Record<string, string>; body: string };

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

function decode(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable':
      return Buffer.from(
        body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** Just enough MIME for nodemailer's output: top-level headers and the decoded leaf parts. */
function parseMessage(raw: string): { headers: Record<string, string>; parts: MimePart[] } {
  const split = (entity: string) => {
    const at = entity.search(/\r?\n\r?\n/);
    return { head: parseHeaders(entity.slice(0, at)), body: entity.slice(at).replace(/^\r?\n\r?\n/, '') };
  };
  const leaves = (entity: string): MimePart[] => {
    const { head, body } = split(entity);
    const boundary = /boundary="?([^";]+)"?/i.exec(head['content-type'] ?? '')?.[1];
    if (!boundary) return [{ headers: head, body: decode(body, head['content-transfer-encoding']) }];
    return body
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((part) => leaves(part.replace(/^\r?\n/, '')));
  };
  return { headers: split(raw).head, parts: leaves(raw) };
}

async function seedAcmeUsers(db: Db): Promise<void> {
  const [org] = await db.insert(organizations).values({ name: 'Acme Sales', domain: 'acme.example' }).returning({ id: organizations.id });
  await db.insert(users).values([
    { organizationId: org!.id, email: 'asha@acme.example', firstName: 'Asha', lastName: 'Rao', role: 'super_admin' },
    { organizationId: org!.id, email: 'meera@acme.example', firstName: 'Meera', lastName: 'Iyer', role: 'user' },
  ]);
}

function stdoutCapture() {
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array) => {
    written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  }) as typeof process.stdout.write);
  return { written, restore: () => spy.mockRestore() };
}

const sendOtp = (t: TestApp, email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/send-otp', headers: csrfHeaders, payload: { email } });
const verifyOtp = (t: TestApp, email: string, otp: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', headers: csrfHeaders, payload: { email, otp } });

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let smtpApp: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  smtpApp = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM } });
  await seedAcmeUsers(smtpApp.database.db);
});
afterAll(async () => {
  await smtpApp?.close();
  await smtp?.close();
});
beforeEach(async () => {
  await smtpApp.database.db.execute(sql`delete from rate_limits`);
  smtp.refuse(false);
});
afterEach(() => vi.restoreAllMocks());

describe('SMTP mode (SMTP_URL set)', () => {
  it('delivers a text and an HTML part with the code from MAIL_FROM, and that code signs in', async () => {
    const out = stdoutCapture();
    let res;
    try {
      res = await sendOtp(smtpApp, 'asha@acme.example');
    } finally {
      out.restore();
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'otp_sent' });
    // No console hint when mail really goes out: the code never reaches the process output.
    expect(out.written.join('')).not.toContain('[outbox]');

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('signin@pipewise.test');
    expect(mail.to).toEqual(['asha@acme.example']);

    const { headers, parts } = parseMessage(mail.raw);
    expect(headers.from).toBe(MAIL_FROM);
    expect(headers.to).toBe('asha@acme.example');
    expect(headers['content-type']).toMatch(/^multipart\/alternative/);
    const text = parts.find((p) => p.headers['content-type']?.startsWith('text/plain'));
    const html = parts.find((p) => p.headers['content-type']?.startsWith('text/html'));
    expect(text, 'a text/plain part').toBeDefined();
    expect(html, 'a text/html part').toBeDefined();

    const code = /\b(\d{6})\b/.exec(text!.body)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(text!.body).toContain(`Your Pipewise sign-in code is ${code}`);
    expect(text!.body).toContain('10 minutes');
    expect(html!.body).toContain(`>${code}<`);
    expect(headers.subject).toContain(code);
    expect(out.written.join('')).not.toContain(code!);

    const verified = await verifyOtp(smtpApp, 'asha@acme.example', code!);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().user.email).toBe('asha@acme.example');
    expect(verified.cookies.find((c) => c.name === 'access_token')?.value).toBeTruthy();
  });

  it("answers 502 'Failed to send OTP. Please try again.' when the server refuses the recipient, then recovers", async () => {
    smtp.refuse(true);
    const before = smtp.received.length;
    const refused = await sendOtp(smtpApp, 'meera@acme.example');
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toEqual({ detail: SEND_FAILED });
    expect(smtp.received.length).toBe(before);

    smtp.refuse(false);
    expect((await smtpApp.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const ok = await sendOtp(smtpApp, 'meera@acme.example');
    expect(ok.statusCode).toBe(200);
    expect(smtp.received.length).toBe(before + 1);
  });

  it('answers 502 when the SMTP server is down, and the server keeps answering', async () => {
    const down = await createTestApp({
      database: smtpApp.database,
      env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, MAIL_FROM },
    });
    try {
      for (let i = 0; i < 2; i++) {
        const res = await sendOtp(down, 'asha@acme.example');
        expect(res.statusCode).toBe(502);
        expect(res.json()).toEqual({ detail: SEND_FAILED });
      }
      expect((await down.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const check = await down.app.inject({
        method: 'POST',
        url: '/api/auth/check-email',
        headers: csrfHeaders,
        payload: { email: 'asha@acme.example' },
      });
      expect(check.statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});

describe('SMTP timeouts', () => {
  it('applies its connection, greeting and socket timeouts to the SMTP connection (not as message defaults)', () => {
    const spy = vi.spyOn(nodemailer, 'createTransport');
    createSmtpMailSender('smtp://user:secret@127.0.0.1:2525', MAIL_FROM);
    expect(spy).toHaveBeenCalledTimes(1);
    const transport = spy.mock.results[0]!.value as { transporter: { options: Record<string, unknown> } };
    expect(transport.transporter.options).toMatchObject({
      host: '127.0.0.1',
      port: 2525,
      secure: false,
      auth: { user: 'user', pass: 'secret' },
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  });

  it('answers 502 quickly when the server accepts the connection but never greets', async () => {
    const sockets = new Set<net.Socket>();
    const tarpit = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => tarpit.listen(0, '127.0.0.1', resolve));
    const port = (tarpit.address() as net.AddressInfo).port;
    // The URL's own settings win over the sender's defaults; a short wait keeps the test fast.
    const hung = await createTestApp({
      database: smtpApp.database,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}/?greetingTimeout=300`, MAIL_FROM },
    });
    try {
      const started = Date.now();
      const res = await sendOtp(hung, 'asha@acme.example');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ detail: SEND_FAILED });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await hung.close();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => tarpit.close(() => resolve()));
    }
  });
});

describe('outbox mode (no SMTP_URL)', () => {
  it('writes an .eml to DATA_DIR/outbox and prints exactly one line naming the address and code', async () => {
    const outbox = await createTestApp({ database: smtpApp.database, env: { MAIL_FROM } });
    try {
      const out = stdoutCapture();
      let res;
      try {
        res = await sendOtp(outbox, 'meera@acme.example');
      } finally {
        out.restore();
      }
      expect(res.statusCode, res.body).toBe(200);

      const lines = out.written
        .join('')
        .split('\n')
        .filter((l) => l.includes('[outbox]'));
      expect(lines).toHaveLength(1);
      const match = /^\[outbox\] sign-in code for meera@acme\.example: (\d{6})$/.exec(lines[0]!);
      expect(match, lines[0]).not.toBeNull();
      const code = match![1]!;

      const dir = path.join(outbox.config.dataDir, 'outbox');
      const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const file = path.join(dir, files[0]!);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const { headers, parts } = parseMessage(fs.readFileSync(file, 'utf8'));
      expect(headers.from).toBe(MAIL_FROM);
      expect(headers.to).toBe('meera@acme.example');
      const text = parts.find((p) => p.headers['content-type']?.startsWith('text/plain'));
      const html = parts.find((p) => p.headers['content-type']?.startsWith('text/html'));
      expect(text?.body).toContain(code);
      expect(html?.body).toContain(code);

      // Nothing went over SMTP, and the printed code signs in.
      expect(smtp.received.every((m) => !m.raw.includes(code))).toBe(true);
      const verified = await verifyOtp(outbox, 'meera@acme.example', code);
      expect(verified.statusCode).toBe(200);
    } finally {
      await outbox.close();
    }
  });
});
