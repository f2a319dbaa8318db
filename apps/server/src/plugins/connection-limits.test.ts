import net from 'node:net';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, csrfHeaders, type TestApp } from '../../test/test-app';
import { sleep, waitFor } from '../../test/wait';
import { UPLOAD_ROUTE } from './connection-limits';

/**
 * Stalled and trickling clients over real sockets (the defect: 21,000 half-sent requests from one
 * machine used up the descriptors and the API refused everyone). Timeouts are shortened here.
 */

/** Routes that exist only in this test: one with a JSON body, and one marked as an upload route. */
const probeRoutes: FastifyPluginAsync = async (app) => {
  app.post('/api/test/echo', async (request) => {
    const { wait } = request.query as { wait?: string };
    if (wait) await sleep(Number(wait)); // a handler that works longer than the idle timeout
    return { received: JSON.stringify(request.body).length };
  });
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    scope.post('/api/test/upload', { config: UPLOAD_ROUTE }, async (request) => {
      let bytes = 0;
      for await (const chunk of request.body as Readable) bytes += (chunk as Buffer).length;
      return { bytes };
    });
  });
};

type Conn = {
  socket: net.Socket;
  received(): string;
  /** Resolves with the time the server closed (or reset) the connection. */
  closed: Promise<number>;
  isClosed(): boolean;
};

async function connect(port: number, localAddress = '127.0.0.1'): Promise<Conn> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  let data = '';
  let done = false;
  socket.on('data', (d: Buffer) => (data += d.toString('utf8')));
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
  return { socket, received: () => data, closed, isClosed: () => done };
}

const HEADERS = `Host: 127.0.0.1\r\nCookie: ${csrfHeaders.cookie}\r\nX-CSRF-Token: ${csrfHeaders['x-csrf-token']}\r\n`;
const postHead = (url: string, type: string, length: number) =>
  `POST ${url} HTTP/1.1\r\n${HEADERS}Content-Type: ${type}\r\nContent-Length: ${length}\r\n\r\n`;

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

  it('drops a body that stops arriving after the idle timeout', async () => {
    const conn = await connect(port);
    const started = Date.now();
    conn.socket.write(postHead('/api/test/echo', 'application/json', 100) + '{"note":"');
    const closedAt = await conn.closed;
    expect(closedAt - started).toBeGreaterThanOrEqual(900);
    expect(closedAt - started).toBeLessThan(3500); // before the whole-request bound
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
