import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createJobQueue, type JobQueue } from '../src/jobs/job-queue';
import { createTestDatabase, type TestDatabase } from './test-db';

/**
 * A test file's own database and job queue, with an empty jobs table before each test. Read the
 * fields inside tests (they are set in beforeAll).
 */
export function useJobQueue(): { readonly database: TestDatabase; readonly queue: JobQueue } {
  const fixture = {} as { database: TestDatabase; queue: JobQueue };
  beforeAll(async () => {
    fixture.database = await createTestDatabase();
    fixture.queue = createJobQueue(fixture.database.db);
  });
  afterAll(() => fixture.database.close());
  beforeEach(async () => {
    await fixture.database.db.execute(sql`delete from jobs`);
  });
  return fixture;
}
