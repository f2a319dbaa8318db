import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { functionStatements } from '../../test/function-statements';
import { execute, type Db } from './client';
import { MIGRATIONS_DIR } from './migrate';

/**
 * The hand-written migrations hold trigger and helper functions (deal totals, deal search, auth
 * notifications) whose bodies name tables and columns as text. PostgreSQL resolves those names
 * only when the function runs, so renaming a column they use would pass every migration and
 * break writes in production. This test takes each function the migrations create, as the
 * migrated database holds it (pg_proc), and hands every statement and condition of its body to
 * EXPLAIN, which resolves each table and column against the catalog without running anything.
 * Transition tables (new_rows, old_rows) and NEW/OLD become temporary tables shaped like the
 * trigger's table; a SQL function's parameters become typed nulls.
 */

type Fn = { oid: number; name: string; language: string; body: string; argNames: string[] | null; argTypes: string[] };
type TriggerUse = { table: string; transitionTables: string[] };

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/** The names in every `CREATE FUNCTION` of the migrations. */
function migrationFunctionNames(): string[] {
  const names = new Set<string>();
  for (const file of fs.readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'))) {
    const text = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    for (const m of text.matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+"?(\w+)"?/gi)) names.add(m[1]!);
  }
  return [...names].sort();
}

async function functionsNamed(db: Db, names: string[]): Promise<Fn[]> {
  return execute<Fn>(
    db,
    sql`
    select p.oid::int as oid, p.proname as name, l.lanname as language, p.prosrc as body, p.proargnames as "argNames",
      coalesce((select array_agg(format_type(t, null) order by i) from unnest(p.proargtypes) with ordinality a(t, i)), '{}') as "argTypes"
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
    where n.nspname = 'public' and p.proname in (${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )})
    order by p.proname`,
  );
}

async function triggerUses(db: Db, oid: number): Promise<TriggerUse[]> {
  const rows = await execute<{ table: string; old: string | null; new: string | null }>(
    db,
    sql`
    select tgrelid::regclass::text as table, tgoldtable as old, tgnewtable as new
    from pg_trigger where tgfoid = ${oid} and not tgisinternal`,
  );
  const byTable = new Map<string, Set<string>>();
  for (const r of rows) {
    const names = byTable.get(r.table) ?? new Set<string>();
    for (const t of [r.old, r.new]) if (t) names.add(t);
    byTable.set(r.table, names);
  }
  return [...byTable].map(([table, names]) => ({ table, transitionTables: [...names] }));
}

/** The error EXPLAIN gives for `statement` after `setup` (all rolled back), or null. */
async function explainError(db: Db, setup: string[], statement: string): Promise<string | null> {
  const rollback = new Error('rollback');
  try {
    await db.transaction(async (tx) => {
      for (const s of setup) await tx.execute(sql.raw(s));
      await tx.execute(sql.raw(`explain (costs off) ${statement}`));
      throw rollback;
    });
  } catch (e) {
    if (e === rollback) return null;
    const error = e as Error & { cause?: Error };
    return (error.cause ?? error).message;
  }
  return null;
}

/** Every statement and condition of every migration function that PostgreSQL cannot resolve, as "function: error". */
async function unresolvedReferences(db: Db): Promise<string[]> {
  const names = migrationFunctionNames();
  const functions = await functionsNamed(db, names);
  expect(functions.map((f) => f.name).sort()).toEqual(names);
  const problems: string[] = [];
  for (const fn of functions) {
    // A SQL-standard body (`RETURN expr`) is stored parsed, with its dependencies recorded: nothing to check here.
    if (fn.body.trim() === '') continue;
    const { statements, conditions } = functionStatements(fn.body);
    if (fn.language === 'sql') {
      const withArgs = (s: string) =>
        (fn.argNames ?? []).reduce((text, arg, i) => text.replace(new RegExp(`(?<![.\\w])${arg}\\b`, 'g'), `(null::${fn.argTypes[i]})`), s);
      for (const s of statements) {
        const error = await explainError(db, [], withArgs(s));
        if (error) problems.push(`${fn.name}: ${error}`);
      }
      continue;
    }
    const uses = await triggerUses(db, fn.oid);
    expect(uses.length, `${fn.name} is used by a trigger`).toBeGreaterThan(0);
    for (const use of uses) {
      const setup = [...use.transitionTables, 'trigger_new', 'trigger_old'].map((t) => `create temp table "${t}" (like ${use.table})`);
      const rowRefs = (s: string) =>
        s
          .replace(/\bNEW\./gi, 'trigger_new.')
          .replace(/\bOLD\./gi, 'trigger_old.')
          // A trigger's arguments (the record type of the history trigger).
          .replace(/\bTG_ARGV\[\d+\]/g, `''::text`)
          .replace(/\bTG_OP\b/g, `'UPDATE'::text`);
      // A SELECT (or a condition) may name NEW and OLD: they come into scope as the two one-row tables.
      const inRowScope = (s: string) => `select * from trigger_old, trigger_new, lateral (${s}) checked`;
      for (const s of [...statements.map(rowRefs), ...conditions.map((c) => `select (${rowRefs(c)})`)]) {
        const error = await explainError(db, setup, /^select\b/i.test(s) ? inRowScope(s) : s);
        if (error) problems.push(`${fn.name} on ${use.table}: ${error}`);
      }
    }
  }
  return problems;
}

describe('columns named in the migrations’ function bodies', () => {
  it('all exist after migrating', async () => {
    expect(await unresolvedReferences(database.db)).toEqual([]);
  });

  it('a renamed column is reported, naming the function that still uses it', async () => {
    const db = database.db;
    await db.execute(sql`alter table deals rename column kdm to key_decision_maker`);
    await db.execute(sql`alter table sessions rename column user_id to person_id`);
    try {
      const problems = await unresolvedReferences(db);
      expect(problems.some((p) => p.startsWith('deal_search_on_change on deals:') && p.includes('kdm'))).toBe(true);
      expect(problems.some((p) => p.startsWith('deal_search_rebuild:') && p.includes('kdm'))).toBe(true);
      expect(problems.some((p) => p.startsWith('auth_notify_session_change on sessions:') && p.includes('user_id'))).toBe(true);
    } finally {
      await db.execute(sql`alter table deals rename column key_decision_maker to kdm`);
      await db.execute(sql`alter table sessions rename column person_id to user_id`);
    }
  });
});
