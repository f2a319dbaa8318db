import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { execute } from './client';

/**
 * Migration 0023 prices pg_trgm's word similarity at COST 100, so the assistant's near-name search
 * (a question naming a deal the caller cannot see, or that does not exist) reads the owner-and-text
 * index instead of computing the similarity over every deal of the workspace: 4 s and more at 100k
 * deals without it (bench/assistant/answer-bench.ts, "misses p95"). A migration that lost it, or a
 * database restored without it (pg_dump does not keep the cost), fails here. On PostgreSQL the
 * migrating role does not own pg_trgm's functions, so the test server's superuser runs the two
 * statements docs/configuration.md gives an operator (test/global-setup.ts), as an operator would.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("pg_trgm's word similarity after the migrations", () => {
  it('is priced as the work it does (COST 100), both operator functions', async () => {
    const rows = await execute<{ proname: string; procost: number }>(
      database.db,
      sql`select proname, procost::float8 as procost from pg_proc
          where proname in ('word_similarity_op', 'word_similarity_commutator_op') order by proname`,
    );
    expect(rows.map((r) => [r.proname, Number(r.procost)])).toEqual([
      ['word_similarity_commutator_op', 100],
      ['word_similarity_op', 100],
    ]);
  });
});
