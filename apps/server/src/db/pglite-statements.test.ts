import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, type Database } from './client';
import { createPglite, pgliteDatabase } from './pglite-driver';
import { cacheStatements } from './pglite-statements';

// Two in-memory instances: one with the statement cache (as every Pipewise database has it) and a
// plain one to compare answers with.
let cached: PGlite;
let plain: PGlite;
let database: Database;
beforeAll(async () => {
  [cached, plain] = await Promise.all([createPglite(), createPglite()]);
  for (const c of [cached, plain]) {
    await c.exec(`
      create table people (id int primary key, name text not null unique, born date, seen timestamptz, score numeric(10, 2), tags text[]);
      insert into people values (1, 'Asha', '1990-05-01', '2026-11-01T10:00:00Z', 12.5, '{a,b}'), (2, 'Rohan', null, null, null, '{}');
    `);
  }
  cacheStatements(cached, 3);
  database = pgliteDatabase(cached);
});
afterAll(async () => {
  await database.close();
  await plain.close();
});

const prepared = async () =>
  (await cached.query<{ statement: string }>(`select statement from pg_prepared_statements order by prepare_time`)).rows.map(
    (r) => r.statement,
  );

describe('PGlite named statements', () => {
  it('answers exactly as PGlite does, in object and array rows, with parsers and serializers', async () => {
    const text = 'select * from people where id = any($1::int[]) and born is distinct from $2 order by id';
    for (const options of [undefined, { rowMode: 'array' as const }, { parsers: { 1082: (v: string) => `date ${v}` } }]) {
      for (const params of [
        [[1, 2], null],
        [[1], new Date('1990-05-01')],
      ]) {
        const mine = await cached.query(text, params, options);
        const theirs = await plain.query(text, params, options);
        expect(mine.rows).toEqual(theirs.rows);
        expect(mine.fields).toEqual(theirs.fields);
      }
    }
  });

  it('prepares a text once and keeps only the most recently used texts', async () => {
    for (let i = 0; i < 3; i++) await cached.query('select name from people where id = $1', [1]);
    expect((await prepared()).filter((s) => s.includes('select name from people where id = $1'))).toHaveLength(1);
    for (const n of [1, 2, 3, 4]) await cached.query(`select $1::int + ${n} as n`, [n]);
    const left = await prepared();
    expect(left).toHaveLength(3);
    expect(left.some((s) => s.includes('from people'))).toBe(false);
  });

  it('reports a refused write with its SQLSTATE and keeps answering afterwards', async () => {
    await expect(cached.query('insert into people (id, name) values ($1, $2)', [3, 'Asha'])).rejects.toMatchObject({ code: '23505' });
    await expect(cached.query('insert into people (id, name) values ($1, $2)', [3, 'Asha'])).rejects.toMatchObject({ code: '23505' });
    expect((await cached.query('select name from people where id = $1', [2])).rows).toEqual([{ name: 'Rohan' }]);
  });

  it('runs a statement afresh after a table it reads changed shape', async () => {
    const text = 'select * from people where id = $1';
    expect(Object.keys((await cached.query<object>(text, [1])).rows[0]!)).not.toContain('email');
    await cached.exec(`alter table people add column email text`);
    expect((await cached.query<{ email: string | null }>(text, [1])).rows[0]!.email).toBeNull();
    expect((await cached.query<{ email: string | null }>(text, [1])).rows[0]!.email).toBeNull();
  });

  it('leaves transactions, and the notifications a statement raises, as they were', async () => {
    const heard: string[] = [];
    const stop = await database.listen('statements_test', (p) => heard.push(p));
    await execute(database.db, sql`select pg_notify('statements_test', ${'one'})`);
    await execute(database.db, sql`select pg_notify('statements_test', ${'two'})`);
    expect(heard).toEqual(['one', 'two']);
    await stop();
    await expect(
      database.db.transaction(async (tx) => {
        await execute(tx, sql`update people set name = ${'Asha N'} where id = ${1}`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await execute(database.db, sql`select name from people where id = ${1}`)).toEqual([{ name: 'Asha' }]);
  });
});
