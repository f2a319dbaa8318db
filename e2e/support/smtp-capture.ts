import http from 'node:http';
import type net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mail-code';

export type CapturedMail = ParsedMail & { seq: number; to: string[]; receivedAt: string };

export type SmtpCapture = {
  smtpURL: string;
  /** Loopback HTTP endpoint for tests in other processes: GET /last-code?to=, GET /messages?to= */
  controlURL: string;
  messages: CapturedMail[];
  close: () => Promise<void>;
};

type Listener = { listen: (port: number, host: string, callback: () => void) => unknown };

/** Listens on a free loopback port; `address` reads the bound socket once listening. */
function listenOnLoopback(server: Listener, address: () => net.AddressInfo): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(address().port)));
}

function control(messages: CapturedMail[]): http.Server {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://capture');
    const to = url.searchParams.get('to')?.toLowerCase();
    const mine = messages.filter((m) => !to || m.to.includes(to));
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (url.pathname === '/messages') return send(200, mine);
    if (url.pathname === '/last-code') {
      const last = mine.filter((m) => m.code).at(-1);
      return last ? send(200, { code: last.code, seq: last.seq, receivedAt: last.receivedAt }) : send(404, { detail: 'no code yet' });
    }
    return send(404, { detail: 'not found' });
  });
}

/** A real SMTP server (no TLS, any or no auth) keeping every message it receives in memory. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    secure: false,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'e2e' }),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
          seq: messages.length + 1,
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  const smtpPort = await listenOnLoopback(smtp, () => smtp.server.address() as net.AddressInfo);
  const api = control(messages);
  const apiPort = await listenOnLoopback(api, () => api.address() as net.AddressInfo);

  return {
    smtpURL: `smtp://127.0.0.1:${smtpPort}`,
    controlURL: `http://127.0.0.1:${apiPort}`,
    messages,
    close: async () => {
      await new Promise<void>((r) => api.close(() => r()));
      await new Promise<void>((r) => smtp.close(() => r()));
    },
  };
}
