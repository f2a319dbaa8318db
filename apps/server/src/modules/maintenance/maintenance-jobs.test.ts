import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, oauthStates, organizations, otpCodes, rateLimits, sessions, users } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db';
import { drainJobs, jobRow, testServices } from '../../../test/jobs-fixture';
import { silentLog } from '../../../test/silent-log';
import { createJobRunner } from '../../jobs/worker';
import { cleanupJob } from './maintenance-jobs';
import { execute } from '../../db/client';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);
const DAY = 86_400_000;

async function count(table: string): Promise<number> {
  const [row] = await execute<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from ${table}`));
  return row!.n;
}

function runAll() {
  const services = testServices(database);
  return { queue: services.queue, runner: createJobRunner({ queue: services.queue, jobs: services.jobs, log: silentLog }) };
}

describe('maintenance jobs', () => {
  it('maintenance.cleanup vacuums and analyzes the embedded database, which has no autovacuum', async () => {
    const { queue, runner } = runAll();
    await queue.enqueue(cleanupJob, {});
    expect(await drainJobs(runner)).toBe(1);
    const row = (
      await execute<{ last_vacuum: unknown; last_analyze: unknown }>(
        database.db,
        sql`select last_vacuum, last_analyze from pg_stat_user_tables where relname = 'deals'`,
      )
    )[0]!;
    if (database.kind === 'pglite') {
      expect(row.last_vacuum).not.toBeNull();
      expect(row.last_analyze).not.toBeNull();
    } else {
      expect(row.last_vacuum).toBeNull(); // PostgreSQL's own autovacuum does this
    }
    await database.db.delete(jobs);
  });

  it('maintenance.cleanup deletes what expired and keeps the rest', async () => {
    const { db } = database;
    const [org] = await db.insert(organizations).values({ name: 'Org', domain: 'org.example' }).returning();
    const [user] = await db
      .insert(users)
      .values({ organizationId: org!.id, email: 'u@org.example', firstName: 'U', lastName: 'Ser' })
      .returning();
    await db.insert(sessions).values([
      { tokenHash: 'expired', userId: user!.id, expiresAt: ago(1000) },
      { tokenHash: 'live', userId: user!.id, expiresAt: ahead(DAY) },
    ]);
    await db.insert(otpCodes).values([
      { email: 'old@org.example', codeHash: 'x', expiresAt: ago(1000) },
      { email: 'new@org.example', codeHash: 'y', expiresAt: ahead(600_000) },
    ]);
    await db.insert(oauthStates).values([
      { state: 'old', codeVerifier: 'v', nonce: 'n', expiresAt: ago(1000) },
      { state: 'new', codeVerifier: 'v', nonce: 'n', expiresAt: ahead(600_000) },
    ]);
    await db.insert(rateLimits).values([
      { key: 'old', windowStart: ago(2 * DAY), count: 3 },
      { key: 'new', windowStart: ago(60_000), count: 3 },
    ]);
    await db.insert(jobs).values([
      { type: 'x', status: 'done', finishedAt: ago(8 * DAY) },
      { type: 'x', status: 'done', finishedAt: ago(DAY) },
      { type: 'x', status: 'failed', finishedAt: ago(30 * DAY) },
    ]);

    const { queue, runner } = runAll();
    const id = await queue.enqueue(cleanupJob, {});
    expect(await drainJobs(runner)).toBe(1);
    expect((await jobRow(database, id)).status).toBe('done');

    const kept = await execute(
      db,
      sql`
      select (select array_agg(token_hash) from sessions) as sessions,
             (select array_agg(email) from otp_codes) as codes,
             (select array_agg(state) from oauth_states) as states,
             (select array_agg(key) from rate_limits) as limits`,
    );
    expect(kept[0]).toEqual({
      sessions: ['live'],
      codes: ['new@org.example'],
      states: ['new'],
      limits: ['new'],
    });
    // The week-old done job went; the recent one, the failed one (kept for its error) and this run stay.
    expect(await count('jobs')).toBe(3);
  });
});
