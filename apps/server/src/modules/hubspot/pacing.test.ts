import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/client';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import { createPacing } from './pacing';

/** Two pacers over one database stand for two processes: together they keep HubSpot's limits. */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** The most of `times` (ms) that fall in any window of `windowMs`. */
function peak(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= windowMs) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

describe('pacing a portal across processes', () => {
  it('keeps any 10 s window at or under 100 requests, whichever process sends them', async () => {
    const a = createPacing(database.db);
    const b = createPacing(database.db);
    const times: number[] = [];
    // Two syncs (say two processes), each sending its requests one after another as a sync does.
    const run = async (pacer: typeof a) => {
      for (let i = 0; i < 60; i++) {
        await pacer.before(1, 'standard');
        times.push(Date.now());
      }
    };
    await Promise.all([run(a), run(b)]);
    // 90% of the limit: 120 requests take about 13 s, and no 10 s window sees more than about 90.
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(12_000);
    expect(peak(times, 10_000)).toBeLessThanOrEqual(100);
  }, 30_000);

  it("keeps search calls under 4 per second on average and never at HubSpot's 5, without holding up other portals", async () => {
    const pacer = createPacing(database.db);
    const times: number[] = [];
    const other: number[] = [];
    await Promise.all([
      ...Array.from({ length: 10 }, () => pacer.before(2, 'search').then(() => times.push(Date.now()))),
      pacer.before(3, 'standard').then(() => other.push(Date.now())),
    ]);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(9 * 250);
    expect(peak(times, 1000)).toBeLessThan(5);
    expect(other[0]! - Math.min(...times)).toBeLessThan(500);
  }, 20_000);

  it("spaces search calls that wait for the portal's standard slot a search interval apart", async () => {
    // The portal's other requests hold its standard slots for the next second (a sync's reads, say).
    await execute(
      database.db,
      sql`insert into integration_pacing (key, next_at) values ('hubspot:5', clock_timestamp() + interval '1 second')
          on conflict (key) do update set next_at = excluded.next_at`,
    );
    const pacer = createPacing(database.db);
    const times: number[] = [];
    await Promise.all(Array.from({ length: 8 }, () => pacer.before(5, 'search').then(() => times.push(Date.now()))));
    // Each search call leaves at the later of its two slots; the next search slot counts from when it
    // left, not from a search slot it could not use (which let five go within half a second).
    expect(peak(times, 1000)).toBeLessThan(5);
  }, 20_000);

  it('does not let requests woken late by a busy process out in a burst', async () => {
    const pacer = createPacing(database.db);
    const times: number[] = [];
    const calls = Array.from({ length: 6 }, () => pacer.before(4, 'search').then(() => times.push(Date.now())));
    // The process is busy for 1.5 s while they wait: every timer due meanwhile fires at its end, together.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const until = Date.now() + 1500;
    while (Date.now() < until);
    await Promise.all(calls);
    expect(times).toHaveLength(6);
    expect(peak(times, 1000)).toBeLessThan(5);
  }, 30_000);
});
