import type { FastifyInstance } from 'fastify';

/**
 * API requests start in the order they arrived, one per turn of the event loop.
 *
 * On PGlite a query runs synchronously on the main thread, so a request is served from its first
 * hook to its answer without the event loop turning. Under load the loop then serves whichever
 * sockets it already holds, again and again, while connections that arrived later wait to be
 * accepted and read: at 50 connections some requests waited 10 s and more while others took
 * 200 ms. Here each request waits in a FIFO line at its first hook and is let through one per
 * turn (setImmediate), so between two requests the loop accepts new connections and reads every
 * request that arrived meanwhile, which then queue behind the ones already waiting. A request
 * that awaits real I/O (an upload, a model, a provider) is not held: the next one starts at the
 * next turn whatever it does.
 */
export function registerFairAdmission(app: FastifyInstance): { readonly waiting: number } {
  const line: Array<() => void> = [];
  let scheduled = false;
  const admitNext = () => {
    scheduled = false;
    line.shift()?.();
    if (line.length > 0) {
      scheduled = true;
      setImmediate(admitNext);
    }
  };
  app.addHook('onRequest', (request, _reply, done) => {
    // The SPA's files need no database work; only API requests queue.
    if (!request.url.startsWith('/api/')) return done();
    line.push(done);
    if (!scheduled) {
      scheduled = true;
      setImmediate(admitNext);
    }
  });
  return {
    get waiting() {
      return line.length;
    },
  };
}
