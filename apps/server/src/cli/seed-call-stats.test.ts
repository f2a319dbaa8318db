import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { execute } from '../db/client';
import { seedDemo } from './seed';
import { COMPETITORS } from './seed-transcripts';

/** The demo's coaching data on first start (issue 31): every call's statistics, the competitors, a 90-day trend per user. */
let database: TestDatabase;
/** A fixed moment, so the calls' days are the same on every run. */
const NOW = new Date('2026-11-26T06:30:00Z');
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db, NOW);
}, 120_000);
afterAll(() => database.close());

const q = <T>(query: ReturnType<typeof sql>) => execute<T>(database.db, query);

describe('the demo coaching data', () => {
  it('gives the workspace the competitors its calls name, and every ready call its statistics from named speakers', async () => {
    const [list] = await q<{ names: string[] }>(sql`select array_agg(name order by created_at) as names from workspace_competitors`);
    expect(list!.names).toEqual(COMPETITORS);
    const calls = await q<{ status: string; source: string | null; mentions: number }>(
      sql`select r.status, s.speaker_source as source, jsonb_array_length(coalesce(s.stats->'mentions', '[]'::jsonb))::int as mentions
        from recordings r left join call_stats s on s.recording_id = r.id`,
    );
    const ready = calls.filter((c) => c.status === 'ready');
    expect(ready.length).toBeGreaterThanOrEqual(36);
    expect(ready.every((c) => c.source === 'transcript')).toBe(true);
    expect(ready.some((c) => c.mentions > 0)).toBe(true);
    const [competitor] = await q<{ n: number }>(
      sql`select count(*)::int as n from call_stats s, jsonb_array_elements(s.stats->'mentions') m where m->>'kind' = 'competitor'`,
    );
    expect(competitor!.n).toBeGreaterThan(0);
  });

  it('has several calls for each of the nine users over the last 90 days, with talk ratios that differ clearly', async () => {
    const people = await q<{ email: string; calls: number; weeks: number; oldest: number; ratio: number }>(
      sql`select u.email, count(*)::int as calls, count(distinct date_trunc('week', p.recorded_at))::int as weeks,
          max(extract(epoch from (${NOW.toISOString()}::timestamptz - p.recorded_at)) / 86400)::float8 as oldest,
          avg(p.talk_ratio)::float8 as ratio
        from call_stats_people p join users u on u.id = p.user_id group by u.email order by ratio desc`,
    );
    console.info(people.map((p) => `${p.email} ${p.calls} calls, ${p.weeks} weeks, talk ${(p.ratio * 100).toFixed(0)}%`).join('\n'));
    expect(people).toHaveLength(9);
    for (const p of people) {
      expect(p.calls, p.email).toBeGreaterThanOrEqual(4);
      expect(p.weeks, p.email).toBeGreaterThanOrEqual(4);
      expect(p.oldest, p.email).toBeLessThanOrEqual(90);
    }
    // Some talk more than the 65% that converts worse, some listen more than they talk.
    expect(people.filter((p) => p.ratio > 0.65).length).toBeGreaterThanOrEqual(2);
    expect(people.at(-1)!.ratio).toBeLessThan(0.45);
  });
});
