// Iteration helper (not a bench): time the list SQL on the dev dataset.
import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { openPglite } from '../../apps/server/src/db/pglite-driver';
import { execute } from '../../apps/server/src/db/client';
import { REPO_ROOT } from '../../e2e/support/pipewise-server';
import { listCompanies } from '../../apps/server/src/modules/companies/company-list';
import { listContacts } from '../../apps/server/src/modules/contacts/contact-list';

const dir = path.join(REPO_ROOT, '.tmp', 'bench-records', 'dev');
const ds = JSON.parse(fs.readFileSync(path.join(dir, '..', 'dev.json'), 'utf8'));
const db = await openPglite(dir);
const viewer = { id: ds.users.manager.id, organizationId: ds.organizationId, role: 'user' };
async function time(name: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 2; i++) await fn();
  const xs: number[] = [];
  for (let i = 0; i < 8; i++) {
    const t = performance.now();
    await fn();
    xs.push(performance.now() - t);
  }
  xs.sort((a, b) => a - b);
  console.log(`${name}: median ${xs[4]!.toFixed(1)} max ${xs[7]!.toFixed(1)}`);
}
const base = { sort: 'name_asc' as const, page: 1, page_size: 25 };
const arg = process.argv[2] ?? 'all';
if (arg === 'all' || arg === 'c') {
  await time('companies p1', () => listCompanies(db.db, viewer, base));
  await time('companies deep 700', () => listCompanies(db.db, viewer, { ...base, page: 700 }));
  await time('companies created deep', () => listCompanies(db.db, viewer, { ...base, sort: 'created_desc', page: 700 }));
  await time('companies pharma', () => listCompanies(db.db, viewer, { ...base, search: 'pharma' }));
  await time('companies ka', () => listCompanies(db.db, viewer, { ...base, search: 'ka' }));
}
if (arg === 'all' || arg === 'k') {
  await time('contacts p1', () => listContacts(db.db, viewer, base));
  await time('contacts deep', () => listContacts(db.db, viewer, { ...base, page: 2000 }));
  await time('contacts priya', () => listContacts(db.db, viewer, { ...base, search: 'priya' }));
  await time('contacts @client', () => listContacts(db.db, viewer, { ...base, search: '@client.example' }));
}
if (process.argv[3]) {
  const rows = await execute<{ 'QUERY PLAN': string }>(db.db, sql.raw(`explain analyze ${fs.readFileSync(process.argv[3], 'utf8')}`) as SQL);
  console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
}
await db.close();
