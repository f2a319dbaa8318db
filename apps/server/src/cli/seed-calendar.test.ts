import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { execute } from '../db/client';
import { seedDemo } from './seed';

/** The demo's calls are placed around the moment it is seeded, whatever the hour. */

let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

async function rahulsCallsToday(now: Date) {
  database = await createTestDatabase();
  await seedDemo(database.db, now);
  const dayStart = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const dayEnd = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const rows = await execute<{ start_at: Date | string }>(
    database.db,
    sql`
    select m.start_at from calendar_meetings m join users u on u.id = m.owner_id
    where u.email = 'rahul@acme.example' and not m.all_day and m.status <> 'cancelled'
      and m.start_at >= ${dayStart.toISOString()} and m.start_at < ${dayEnd.toISOString()}`,
  );
  return rows.map((r) => new Date(r.start_at).getTime());
}

describe('the demo calendar around the seeding moment', () => {
  it.each([
    ['just after midnight', 0, 10],
    ['mid-morning', 10, 0],
    ['late in the evening', 23, 35],
    ['a few minutes before midnight', 23, 56],
  ])('has calls both earlier and later today when seeded %s', async (_when, hour, minute) => {
    const now = new Date(2026, 10, 20, hour, minute);
    const starts = await rahulsCallsToday(now);
    expect(starts.some((t) => t <= now.getTime())).toBe(true);
    expect(starts.some((t) => t > now.getTime())).toBe(true);
  });

  describe.each([
    ['America/Los_Angeles', 'the clocks go forward (a 23-hour day)', [2027, 2, 14, 23, 10]],
    ['America/Los_Angeles', 'the clocks go back (a 25-hour day)', [2026, 10, 1, 23, 30]],
    ['Europe/London', 'the clocks go back (a 25-hour day)', [2026, 9, 25, 23, 30]],
  ])('in %s, on a day %s', (zone, _day, at) => {
    const zoneBefore = process.env.TZ;
    afterEach(() => {
      if (zoneBefore === undefined) delete process.env.TZ;
      else process.env.TZ = zoneBefore;
    });

    it('keeps the later calls of a late evening inside that day, and the next calls on the next days', async () => {
      process.env.TZ = zone;
      const [year, month, day, hour, minute] = at as [number, number, number, number, number];
      const now = new Date(year, month, day, hour, minute);
      const starts = await rahulsCallsToday(now);
      expect(starts.some((t) => t <= now.getTime())).toBe(true);
      expect(starts.some((t) => t > now.getTime())).toBe(true);
      // Every call of today, before and after now: earlier today, the team review and the phone check-in.
      expect(starts).toHaveLength(3);
      const demos = await execute<{ title: string; start_at: Date | string }>(
        database!.db,
        sql`select m.title, m.start_at from calendar_meetings m join users u on u.id = m.owner_id
            where u.email = 'rahul@acme.example' and m.title like 'Product demo%'`,
      );
      const demo = new Date(demos[0]!.start_at);
      expect([demo.getDate(), demo.getHours(), demo.getMinutes()]).toEqual([
        new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getDate(),
        10,
        30,
      ]);
    });
  });
});
