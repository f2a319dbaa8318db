import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route receives large files: its request may take UPLOAD_TIMEOUT_MS to arrive, not REQUEST_TIMEOUT_MS. */
    upload?: boolean;
  }
}

/** The route option upload routes set: `app.post(url, { config: UPLOAD_ROUTE, ... })`. */
export const UPLOAD_ROUTE = { upload: true } as const;

const TIMEOUT_BODY = JSON.stringify({ detail: 'The request took too long to arrive.' });
const TIMEOUT_RESPONSE =
  'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
  `Content-Length: ${Buffer.byteLength(TIMEOUT_BODY)}\r\n\r\n${TIMEOUT_BODY}`;

/** Sets a connection's idle timeout; a request that came without a TCP socket (inject) has none to set. */
function setIdleTimeout(request: FastifyRequest, ms: number): void {
  const socket = request.raw.socket as Partial<Socket> | undefined;
  if (typeof socket?.setTimeout === 'function') socket.setTimeout(ms);
}

/** The Fastify server options these limits need; the rest is `registerConnectionLimits`. */
export function connectionServerOptions(limits: Config['limits']) {
  return {
    // Socket inactivity: a body (or a reader of the answer) that moves nothing for this long is dropped.
    connectionTimeout: limits.bodyIdleMs,
    // Node's own bound on receiving a request, for every route: the longest one (uploads).
    requestTimeout: limits.uploadMs,
  };
}

/**
 * Keeps stalled and trickling clients from holding connections (and descriptors) open:
 * - a request must arrive (head and body) within `requestMs`, or `uploadMs` on upload routes,
 *   else it gets a 408 and its connection is closed;
 * - the idle timeout applies while a request arrives and while its answer is sent, not while
 *   the handler works;
 * - at most `perAddress` open connections per client address and `maxConnections` in all; more
 *   are closed as soon as they are accepted.
 */
export function registerConnectionLimits(app: FastifyInstance, limits: Config['limits'] & { maxConnections: number }): void {
  const server = app.server;
  server.maxConnections = limits.maxConnections;
  server.headersTimeout = Math.min(server.headersTimeout || Infinity, limits.requestMs);

  if (limits.perAddress > 0) {
    const open = new Map<string, number>();
    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress ?? 'unknown';
      const count = (open.get(address) ?? 0) + 1;
      if (count > limits.perAddress) {
        socket.destroy();
        return;
      }
      open.set(address, count);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
    });
  }

  const arrivalTimers = new WeakMap<FastifyRequest, NodeJS.Timeout>();
  const arrived = (request: FastifyRequest) => {
    clearTimeout(arrivalTimers.get(request));
    arrivalTimers.delete(request);
  };

  app.addHook('onRequest', async (request, reply) => {
    const upload = request.routeOptions.config.upload === true;
    const timeoutMs = upload ? limits.uploadMs : limits.requestMs;
    const timer = setTimeout(() => {
      const socket = request.raw.socket as Socket | undefined;
      if (typeof socket?.destroy !== 'function' || socket.destroyed || request.raw.complete) return;
      request.log.warn({ timeoutMs }, 'request took too long to arrive: connection closed');
      if (reply.raw.headersSent || !socket.writable) socket.destroy();
      else socket.end(TIMEOUT_RESPONSE, () => socket.destroy());
    }, timeoutMs);
    timer.unref();
    arrivalTimers.set(request, timer);
    // An upload's body is read by its handler; other bodies are read before the handler runs.
    if (upload) request.raw.once('end', () => arrived(request));
  });
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.upload === true) return;
    arrived(request);
    // The handler may work a while before answering: no idle limit until the answer starts.
    setIdleTimeout(request, 0);
  });
  app.addHook('onSend', async (request) => {
    if (request.routeOptions.config.upload !== true) setIdleTimeout(request, limits.bodyIdleMs);
  });
  app.addHook('onResponse', async (request) => arrived(request));
  app.addHook('onRequestAbort', async (request) => arrived(request));
}
