import net from 'node:net';
import type { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deals, recordings } from '../db/schema';
import { formBody } from '../../test/recordings-kit';
import { signIn, type TestSession } from '../../test/sessions';
import { createTestApp, csrfHeaders, type TestApp } from '../../test/test-app';
import { sleep, waitFor } from '../../test/wait';
import { UPLOAD_ROUTE } from './connection-limits';
import { PUBLIC_ROUTE } from './session';

/**
 * Stalled and trickling clients over real sockets (the defect: 21,000 half-sent requests from one
 * machine used up the descriptors and the API refused everyone). Timeouts are shortened here.
 */

/** Routes that exist only in this test: one with a JSON body, and one marked as an upload route. */
const probeRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/test/echo', { config: PUBLIC_ROUTE }, async (request) => {
    const { wait } = request.query as { wait?: string };
    if (wait) await sleep(Number(wait)); // a handler that works longer than the idle timeout
    return { received: JSON.stringify(request.body).length };
  });
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    scope.post('/api/test/upload', { config: { ...UPLOAD_ROUTE, ...PUBLIC_ROUTE } }, async (request) => {
      let bytes = 0;
      for await (const chunk of request.body as Readable) bytes += (chunk as Buffer).length;
      const { wait } = request.query as { wait?: string };
      if (wait) await sleep(Number(wait)); // work after the body is in (a Drive download, a store)
      return { bytes };
    });
  });
};

/** The first bytes of an mp4 (an ftyp box): what the upload's type check reads. */
const MP4_HEAD = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\0\0isommp41', 'latin1')]);

type Conn = {
  socket: net.Socket;
  received(): string;
  /** When the first byte of an answer came, or null. */
  answeredAt(): number | null;
  /** Resolves with the time the server closed (or reset) the connection. */
  closed: Promise<number>;
  isClosed(): boolean;
};

async function connect(port: number, localAddress = '127.0.0.1'): Promise<Conn> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  let data = '';
  let done = false;
  let answeredAt: number | null = null;
  socket.on('data', (d: Buffer) => {
    answeredAt ??= Date.now();
    data += d.toString('utf8');
  });
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      done = true;
      resolve(Date.now());
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => data, answeredAt: () => answeredAt, closed, isClosed: () => done };
}

const HEADERS = `Host: 127.0.0.1\r\nCookie: ${csrfHeaders.cookie}\r\nX-CSRF-Token: ${csrfHeaders['x-csrf-token']}\r\n`;
const postHead = (url: string, type: string, length: number) =>
  `POST ${url} HTTP/1.1\r\n${HEADERS}Content-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;

/** The time the server closed `conn`, failing when that takes longer than `ms`. */
async function closedWithin(conn: Conn, ms: number): Promise<number> {
  const closedAt = await Promise.race([conn.closed, sleep(ms).then(() => null)]);
  if (closedAt === null) {
    conn.socket.destroy();
    throw new Error(`the connection was still open after ${ms} ms; received: ${conn.received().slice(0, 200)}`);
  }
  return closedAt;
}

/** A keep-alive GET /api/health on `conn`; true once it is answered 200. */
async function health(conn: Conn): Promise<boolean> {
  const before = conn.received().length;
  conn.socket.write(`GET /api/health HTTP/1.1\r\n${HEADERS}\r\n`);
  await Promise.race([
    conn.closed,
    waitFor(() => conn.received().slice(before).includes('"status":"ok"'), { timeoutMs: 10_000 }).catch(() => undefined),
  ]);
  return conn.received().slice(before).startsWith('HTTP/1.1 200');
}

describe('slow request bodies', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { BODY_IDLE_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '4000' } });
    await t.app.register(probeRoutes);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers 408 and closes a body that stops arriving, after the idle timeout', async () => {
    const conn = await connect(port);
    const started = Date.now();
    conn.socket.write(postHead('/api/test/echo', 'application/json', 100) + '{"note":"');
    const closedAt = await conn.closed;
    expect(closedAt - started).toBeGreaterThanOrEqual(900);
    expect(closedAt - started).toBeLessThan(3500); // before the whole-request bound
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(conn.received()).toContain('{"detail":"The request stopped arriving before it was complete."}');
  });

  it('answers a request refused before its body (no CSRF token) at once, and closes it an idle timeout after its last byte', async () => {
    const conn = await connect(port);
    // The defect: answered 403 at once, then held open for the kept-alive idle time (72 s), not BODY_IDLE_TIMEOUT_MS.
    conn.socket.write(`POST /api/test/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`);
    const lastByte = Date.now();
    const closedAt = await closedWithin(conn, 5000);
    expect(conn.received()).toMatch(/^HTTP\/1\.1 403 Forbidden\r\n/);
    expect(conn.answeredAt()! - lastByte).toBeLessThan(900);
    expect(closedAt - lastByte).toBeGreaterThanOrEqual(900);
    expect(closedAt - lastByte).toBeLessThan(3500); // before the whole-request bound
  });

  it("keeps a refused request's connection for the next request once the rest of its body came", async () => {
    const conn = await connect(port);
    conn.socket.write(
      `POST /api/test/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{"no`,
    );
    await waitFor(() => conn.received().includes('\r\n\r\n'), { what: 'the 403' });
    await sleep(600);
    conn.socket.write('te":"hi"}');
    await sleep(600); // past the idle timeout counted from the first part
    expect(await health(conn)).toBe(true);
    expect(conn.received()).toMatch(/^HTTP\/1\.1 403 Forbidden\r\n/);
    conn.socket.destroy();
  });

  it('answers 408 and closes a body that trickles in slower than the whole-request bound', async () => {
    const conn = await connect(port);
    const started = Date.now();
    conn.socket.write(postHead('/api/test/echo', 'application/json', 1000) + '{"note":"');
    // A byte every 250 ms: never idle for a second, but never done either.
    const trickle = setInterval(() => conn.socket.writable && conn.socket.write('x'), 250);
    try {
      const closedAt = await conn.closed;
      expect(closedAt - started).toBeGreaterThanOrEqual(3900);
      expect(closedAt - started).toBeLessThan(9000);
    } finally {
      clearInterval(trickle);
    }
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(conn.received()).toContain('{"detail":"The request took too long to arrive."}');
  });

  it('lets a large upload that keeps arriving run past the whole-request bound on an upload route', async () => {
    const chunk = Buffer.alloc(64 * 1024, 7);
    const chunks = 22; // 1.4 MB over about 5.5 s: longer than the 4 s bound, never idle
    const conn = await connect(port);
    const started = Date.now();
    conn.socket.write(postHead('/api/test/upload', 'application/octet-stream', chunk.length * chunks));
    for (let i = 0; i < chunks; i++) {
      conn.socket.write(chunk);
      await sleep(250);
    }
    await waitFor(() => conn.received().includes('{"bytes":'), { what: 'the upload answer' });
    expect(Date.now() - started).toBeGreaterThan(4000);
    expect(conn.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(conn.received()).toContain(`{"bytes":${chunk.length * chunks}}`);
    conn.socket.destroy();
  });

  it('does not count the time the handler works as idle', async () => {
    const conn = await connect(port);
    conn.socket.write(postHead('/api/test/echo?wait=1800', 'application/json', 13) + '{"note":"hi"}');
    await waitFor(() => conn.received().includes('{"received":13}'), { what: 'the answer' });
    expect(conn.received()).toMatch(/^HTTP\/1\.1 200/);
    conn.socket.destroy();
  });
  it('does not count the time an upload route works after its body is in as idle', async () => {
    const conn = await connect(port);
    conn.socket.write(postHead('/api/test/upload?wait=1800', 'application/octet-stream', 5) + 'abcde');
    await waitFor(() => conn.received().includes('{"bytes":5}'), { what: 'the answer' });
    expect(conn.received()).toMatch(/^HTTP\/1\.1 200/);
    conn.socket.destroy();
  });
});

describe('connections per client address', () => {
  let t: TestApp;
  let port: number;
  const open: Conn[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { MAX_CONNECTIONS_PER_ADDRESS: '5', MAX_CONNECTIONS: '8' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const conn of open) conn.socket.destroy();
    await t.close();
  });

  it('closes connections beyond the per-address cap while answering another address', async () => {
    for (let i = 0; i < 5; i++) {
      const conn = await connect(port);
      open.push(conn);
      expect(await health(conn), `connection ${i + 1}`).toBe(true);
    }
    const extra = await connect(port);
    expect(await health(extra)).toBe(false);
    expect(extra.isClosed()).toBe(true);
    expect(extra.received()).toBe('');

    // The server itself is fine: another client gets its answer at once.
    const other = await connect(port, '127.0.0.2');
    expect(await health(other)).toBe(true);
    other.socket.destroy();

    // A connection that closes frees its place.
    open.shift()!.socket.destroy();
    await waitFor(
      async () => {
        const again = await connect(port);
        if (await health(again)) return (open.push(again), true);
        return false;
      },
      { what: 'the freed place to be usable' },
    );
  });

  it('closes connections beyond the overall cap', async () => {
    // Five from 127.0.0.1 are open; three more from elsewhere reach the cap of eight.
    for (let i = 0; i < 3; i++) {
      const conn = await connect(port, '127.0.0.3');
      open.push(conn);
      expect(await health(conn)).toBe(true);
    }
    const beyond = await connect(port, '127.0.0.4');
    expect(await health(beyond)).toBe(false);
    expect(beyond.isClosed()).toBe(true);
  });
});

describe("stalled bodies on the app's own routes", () => {
  let t: TestApp;
  let port: number;
  let rep: TestSession;
  let deal: { id: number; pipelineId: string };
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { BODY_IDLE_TIMEOUT_MS: '2000', REQUEST_TIMEOUT_MS: '8000' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
    rep = await signIn(t.database.db, 'rahul@acme.example');
    const [row] = await t.database.db
      .select({ id: deals.id, pipelineId: deals.pipelineId })
      .from(deals)
      .where(eq(deals.ownerId, rep.userId))
      .orderBy(asc(deals.id))
      .limit(1);
    deal = row!;
  });
  afterAll(() => t.close());

  /** Sends `head` and the first `sent` bytes of `body`, then nothing; resolves once the server closed the connection. */
  async function stall(head: string, body: Buffer, sent: number) {
    const conn = await connect(port);
    conn.socket.write(head);
    conn.socket.write(body.subarray(0, sent));
    const lastByte = Date.now();
    const closedAt = await closedWithin(conn, 7000);
    return { conn, answeredAfter: conn.answeredAt()! - lastByte, closedAfter: closedAt - lastByte };
  }
  const signedInHead = (method: string, url: string, type: string, length: number) =>
    `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${rep.headers.cookie}\r\n` +
    `X-CSRF-Token: ${rep.headers['x-csrf-token']}\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;

  it('answers 408 and closes a signed-in edit whose body stops arriving, an idle timeout after its last byte', async () => {
    const body = Buffer.from(JSON.stringify({ dealname: 'A name that never fully arrives' }));
    const { conn, answeredAfter, closedAfter } = await stall(
      signedInHead('PUT', `/api/deal/${deal.id}`, 'application/json', body.length),
      body,
      10,
    );
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(conn.received()).toContain('The request stopped arriving before it was complete.');
    expect(answeredAfter).toBeGreaterThanOrEqual(1900);
    expect(closedAfter).toBeLessThan(5000); // well before the whole-request bound
  });

  it('answers 408 and closes a recording upload whose file stops arriving, and keeps no recording', async () => {
    const title = `Stalled upload ${Date.now()}`;
    const form = formBody({ deal_id: String(deal.id), pipeline_id: deal.pipelineId, upload_type: 'file', title }, [
      { field: 'file', name: 'call.mp4', type: 'video/mp4', data: Buffer.concat([MP4_HEAD, Buffer.alloc(256 * 1024, 1)]) },
    ]);
    const head = signedInHead('POST', '/api/videos/upload', form.headers['content-type'], form.payload.length);
    const { conn, answeredAfter, closedAfter } = await stall(head, form.payload, form.payload.length - 100 * 1024);
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(conn.received()).toContain('The request stopped arriving before it was complete.');
    expect(answeredAfter).toBeGreaterThanOrEqual(1900);
    expect(closedAfter).toBeLessThan(5000); // well before the whole-request bound
    await sleep(200);
    expect(await t.database.db.select({ id: recordings.id }).from(recordings).where(eq(recordings.title, title))).toEqual([]);
  });

  it('answers an anonymous write 401 before its body, and closes it an idle timeout after its last byte', async () => {
    const body = Buffer.from(
      JSON.stringify({ dealname: 'Anonymous deal', pipeline: 'Sales', dealstage: 'Discovery', dealowner: 'x@y.example' }),
    );
    const head =
      `POST /api/deal/ HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${csrfHeaders.cookie}\r\nX-CSRF-Token: ${csrfHeaders['x-csrf-token']}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { conn, answeredAfter, closedAfter } = await stall(head, body, 1);
    expect(conn.received()).toMatch(/^HTTP\/1\.1 401 Unauthorized\r\n/);
    expect(answeredAfter).toBeLessThan(1500);
    expect(closedAfter).toBeGreaterThanOrEqual(1900);
    expect(closedAfter).toBeLessThan(5000); // well before the whole-request bound
  });
});
