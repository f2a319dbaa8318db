import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerFairAdmission } from './fair-admission';

/** A server whose API handler works synchronously, as a PGlite query does, and notes the loop turn it started in. */
async function busyServer(gate: boolean) {
  const app = Fastify();
  if (gate) registerFairAdmission(app);
  let turns = 0;
  let probing = true;
  // Counts turns of the event loop: one immediate per turn.
  const probe = () => {
    turns++;
    if (probing) setImmediate(probe);
  };
  setImmediate(probe);
  const served: { n: number; turn: number }[] = [];
  app.get('/api/work/:n', async (req) => {
    const n = Number((req.params as { n: string }).n);
    served.push({ n, turn: turns });
    const until = performance.now() + 5;
    while (performance.now() < until); // synchronous work, like a PGlite query
    return { n };
  });
  app.get('/page', async () => 'page');
  await app.ready();
  return { app, served, stop: () => (probing = false) };
}

describe('fair admission', () => {
  it('starts API requests in the order they arrived, one per turn of the event loop', async () => {
    const { app, served, stop } = await busyServer(true);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => app.inject({ method: 'GET', url: `/api/work/${n}` })));
    stop();
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    expect(served.map((s) => s.n)).toEqual(Array.from({ length: 12 }, (_, n) => n));
    // Between two requests the loop turns, so it can accept connections and read requests that arrived meanwhile.
    expect(new Set(served.map((s) => s.turn)).size).toBe(12);
    await app.close();
  });

  it('without it, requests that are ready together are all served within one turn (the loop reads nothing new meanwhile)', async () => {
    const { app, served, stop } = await busyServer(false);
    await Promise.all(Array.from({ length: 12 }, (_, n) => app.inject({ method: 'GET', url: `/api/work/${n}` })));
    stop();
    expect(new Set(served.map((s) => s.turn)).size).toBeLessThan(12);
    await app.close();
  });

  it('lets pages that need no database through at once', async () => {
    const { app, stop } = await busyServer(true);
    const res = await app.inject({ method: 'GET', url: '/page' });
    stop();
    expect(res.body).toBe('page');
    await app.close();
  });
});
