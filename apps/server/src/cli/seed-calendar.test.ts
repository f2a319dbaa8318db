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
  const dayEnd = new Date(dayStart.getTime() + 86_400_000);
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
});
