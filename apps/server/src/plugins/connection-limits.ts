import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route receives large files: its request may take UPLOAD_TIMEOUT_MS to arrive, not REQUEST_TIMEOUT_MS. */
    upload?: boolean;
  }
}

/** The route option upload routes set: `app.post(url, { config: UPLOAD_ROUTE, ... })`. */
export const UPLOAD_ROUTE = { upload: true } as const;

/** A raw 408 that closes the connection: written straight to the socket, as no route has answered yet. */
function timeoutResponse(detail: string): string {
  const body = JSON.stringify({ detail });
  return (
    'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}
const TOO_SLOW = timeoutResponse('The request took too long to arrive.');
const STALLED = timeoutResponse('The request stopped arriving before it was complete.');

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
 *   the handler works; a body that idles that long gets a 408 and its connection is closed, also
 *   when it was answered before it was in (a refusal from a hook does not wait for the body);
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

  /** Ends a request whose body did not arrive: with `response` when nothing was answered yet, then closes its connection. */
  const refuseUnarrived = (request: FastifyRequest, reply: FastifyReply, response: string, why: string) => {
    const socket = request.raw.socket as Socket | undefined;
    if (typeof socket?.destroy !== 'function' || socket.destroyed || request.raw.complete) return;
    request.log.warn(why);
    if (reply.raw.headersSent || !socket.writable) socket.destroy();
    else socket.end(response, () => socket.destroy());
  };

  app.addHook('onRequest', async (request, reply) => {
    const upload = request.routeOptions.config.upload === true;
    const timeoutMs = upload ? limits.uploadMs : limits.requestMs;
    const timer = setTimeout(
      () => refuseUnarrived(request, reply, TOO_SLOW, `request took too long to arrive (${timeoutMs} ms): connection closed`),
      timeoutMs,
    );
    timer.unref();
    arrivalTimers.set(request, timer);
    // Node emits this when the connection idles (connectionTimeout) while the request is still arriving,
    // whether or not it was answered already; without a listener it would drop the connection unanswered.
    request.raw.once('timeout', () =>
      refuseUnarrived(request, reply, STALLED, `request body stopped arriving for ${limits.bodyIdleMs} ms: connection closed`),
    );
    // An upload's body is read by its handler, which may then work a while (a Drive download, a
    // store) before answering: no idle limit once the body is in, until the answer starts.
    if (upload) {
      request.raw.once('end', () => {
        arrived(request);
        if (!reply.raw.headersSent) setIdleTimeout(request, 0);
      });
    }
  });
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.upload === true) return;
    arrived(request);
    // The handler may work a while before answering: no idle limit until the answer starts.
    setIdleTimeout(request, 0);
  });
  app.addHook('onSend', async (request) => setIdleTimeout(request, limits.bodyIdleMs));
  app.addHook('onResponse', async (request) => {
    const raw = request.raw;
    if (raw.complete || raw.destroyed) return arrived(request);
    // Answered before its body was in (a 401, 403 or 413 from a hook, or a handler that stopped
    // reading): Node now reads and drops the rest, and would wait for it as long as an idle
    // kept-alive connection (keepAliveTimeout, 72 s). The rest must keep arriving like any body:
    // idle for bodyIdleMs, or not in by the arrival bound, the connection is closed.
    setIdleTimeout(request, limits.bodyIdleMs);
    raw.once('end', () => setIdleTimeout(request, server.keepAliveTimeout));
    raw.once('close', () => arrived(request));
  });
  app.addHook('onRequestAbort', async (request) => arrived(request));
}
