import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { seedDemo } from './seed';
import { execute } from '../db/client';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return execute<T>(database.db, query);
}

/** Row count and content hash of every table, to prove a second seed changes nothing. */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = await rows<{ name: string }>(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ n: number; h: string | null }>(
      sql.raw(`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h from "${name}" t`),
    );
    out[name] = `${row!.n}:${row!.h}`;
  }
  return out;
}

describe('seedDemo', () => {
  it('starts from an empty database', async () => {
    expect(await rows(sql`select 1 from users union all select 1 from organizations`)).toEqual([]);
  });

  it('creates Acme Sales with the demo hierarchy', async () => {
    expect(await seedDemo(database.db)).toEqual({ seeded: true });

    const orgs = await rows<{ name: string; domain: string }>(sql`select name, domain from organizations`);
    expect(orgs).toEqual([{ name: 'Acme Sales', domain: 'acme.example' }]);

    const people = await rows<{ email: string; name: string; role: string; manager: string | null; org: string }>(sql`
      select u.email, u.first_name || ' ' || u.last_name as name, u.role, m.email as manager, o.name as org
      from users u join organizations o on o.id = u.organization_id left join users m on m.id = u.reports_to
      order by u.email`);
    expect(new Set(people.map((p) => p.org))).toEqual(new Set(['Acme Sales']));
    const byEmail = Object.fromEntries(people.map((p) => [p.email.split('@')[0], p]));
    expect(byEmail.asha).toMatchObject({ name: 'Asha Rao', role: 'super_admin', manager: null });
    expect(byEmail.vikram).toMatchObject({ name: 'Vikram Shah', role: 'admin', manager: 'asha@acme.example' });
    expect(byEmail.meera).toMatchObject({ name: 'Meera Iyer', role: 'user', manager: 'asha@acme.example' });
    for (const rep of ['rahul', 'priya', 'arjun']) expect(byEmail[rep]).toMatchObject({ role: 'user', manager: 'vikram@acme.example' });
    for (const rep of ['kavya', 'rohan', 'sneha']) expect(byEmail[rep]).toMatchObject({ role: 'user', manager: 'meera@acme.example' });
    expect(people).toHaveLength(9);
    expect(people.every((p) => p.email.endsWith('@acme.example'))).toBe(true);
  });

  it('changes nothing when it runs again', async () => {
    const before = await fingerprint();
    expect(await seedDemo(database.db)).toEqual({ seeded: false });
    expect(await fingerprint()).toEqual(before);
  });
});
