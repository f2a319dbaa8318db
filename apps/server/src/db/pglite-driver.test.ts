import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, type Database, type ListenerStatus } from './client';
import { createPglite, pgliteDatabase } from './pglite-driver';

// One in-memory instance for the file: starting PGlite takes seconds on a busy machine.
let shared: Database;
beforeAll(async () => {
  shared = pgliteDatabase(await createPglite());
});
afterAll(() => shared.close());
const inMemory = async () => shared;

describe('PGlite driver', () => {
  it('answers raw queries with typed rows, through the database and through a transaction', async () => {
    const db = (await inMemory()).db;
    expect(await execute<{ n: number; s: string }>(db, sql`select 1::int as n, 'a' as s`)).toEqual([{ n: 1, s: 'a' }]);
    const inTx = await db.transaction((tx) => execute<{ n: number }>(tx, sql`select 2::int as n`));
    expect(inTx).toEqual([{ n: 2 }]);
  });

  it('loads pg_trgm, which the search migration needs', async () => {
    const db = (await inMemory()).db;
    await db.execute(sql`create extension if not exists pg_trgm`);
    expect(await execute<{ s: boolean }>(db, sql`select similarity('pharma', 'pharmacy')::float8 > 0.5 as s`)).toEqual([{ s: true }]);
  });

  it('delivers NOTIFY payloads to a listener that reports up, until it stops listening', async () => {
    const d = await inMemory();
    const heard: string[] = [];
    const statuses: ListenerStatus[] = [];
    const stop = await d.listen(
      'driver_test',
      (p) => heard.push(p),
      (s) => statuses.push(s),
    );
    expect(statuses).toEqual(['up']);
    await d.db.execute(sql`select pg_notify('driver_test', 'one')`);
    await d.db.execute(sql`select pg_notify('other_channel', 'ignored')`);
    expect(heard).toEqual(['one']);
    await stop();
    await d.db.execute(sql`select pg_notify('driver_test', 'two')`);
    expect(heard).toEqual(['one']);
  });

  it('reports down, and never throws, when listening on a closed database; closing twice is harmless', async () => {
    const d = pgliteDatabase(await createPglite());
    await d.close();
    const statuses: ListenerStatus[] = [];
    const stop = await d.listen(
      'driver_test',
      () => undefined,
      (s) => statuses.push(s),
    );
    expect(statuses).toEqual(['down']);
    await stop();
    await d.close();
    await expect(d.ping()).rejects.toThrow();
  });

  it('runs the startup work directly: one process owns a PGlite database', async () => {
    const d = await inMemory();
    expect(d.kind).toBe('pglite');
    expect(await d.withStartupLock(async () => 'ran')).toBe('ran');
    await d.ping();
  });
});
