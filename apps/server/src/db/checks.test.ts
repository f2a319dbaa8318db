import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@pipewise/contract/common';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { execute } from './client';
import { DEMO_DOMAIN, seedDemo } from '../cli/seed';

/** Role and status columns are constrained (migration 0003) to what the code writes and reads. */

let database: TestDatabase;
let organizationId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  // The demo workspace satisfies every constraint (the seed would fail otherwise).
  await seedDemo(database.db);
  organizationId = (await execute<{ id: string }>(database.db, sql`select id from organizations where domain = ${DEMO_DOMAIN}`))[0]!.id;
});
afterAll(() => database.close());

/** The PostgreSQL error code of `statement`, run and rolled back, or null when it succeeds. */
async function errorCode(statement: ReturnType<typeof sql>): Promise<string | null> {
  const rollback = new Error('rollback');
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(statement);
      throw rollback;
    });
  } catch (e) {
    if (e === rollback) return null;
    const error = e as { code?: string; cause?: { code?: string } };
    return error.cause?.code ?? error.code ?? 'unknown';
  }
  return null;
}

const CHECK_VIOLATION = '23514';
const newUser = (role: string, status = 'active') =>
  sql`insert into users (organization_id, email, first_name, last_name, role, status)
    values (${organizationId}, ${`${role}-${status}@acme.example`}, 'A', 'B', ${role}, ${status})`;

describe('role and status constraints', () => {
  it.each([...ROLES, 'ADMIN', 'Super_Admin', 'USER'])('a user may have the role %j (roles compare case-insensitively)', async (role) => {
    expect(await errorCode(newUser(role))).toBeNull();
  });

  it.each(['owner', 'manager', '', 'admin '])('a user may not have the role %j', async (role) => {
    expect(await errorCode(newUser(role))).toBe(CHECK_VIOLATION);
  });

  it('a user is active or deactivated', async () => {
    expect(await errorCode(newUser('user', 'deactivated'))).toBeNull();
    expect(await errorCode(newUser('user', 'deleted'))).toBe(CHECK_VIOLATION);
    expect(await errorCode(newUser('user', 'Active'))).toBe(CHECK_VIOLATION);
  });

  it('a registration request is pending, approved or rejected', async () => {
    const request = (status: string) =>
      sql`insert into registration_requests (email, first_name, last_name, phone_number, num_employees, status)
        values ('x@y.example', 'X', 'Y', '+91 90000 00000', 5, ${status})`;
    for (const status of ['pending', 'approved', 'rejected']) expect(await errorCode(request(status))).toBeNull();
    expect(await errorCode(request('on hold'))).toBe(CHECK_VIOLATION);
  });

  it('a job is queued, running, done or failed', async () => {
    const job = (status: string) => sql`insert into jobs (type, status) values ('test.job', ${status})`;
    for (const status of ['queued', 'running', 'done', 'failed']) expect(await errorCode(job(status))).toBeNull();
    expect(await errorCode(job('paused'))).toBe(CHECK_VIOLATION);
  });
});
