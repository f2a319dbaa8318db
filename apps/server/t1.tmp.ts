import { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase } from '/work/main/apps/server/src/db/client';
import { runMigrations } from '/work/main/apps/server/src/db/migrate';
let t = performance.now();
const pg = await PGlite.create();
console.log('create', performance.now() - t); t = performance.now();
const d = pgliteDatabase(pg);
await runMigrations(d);
console.log('migrate', performance.now() - t); t = performance.now();
const blob = await pg.dumpDataDir('gzip');
console.log('dump', performance.now() - t, blob.size); t = performance.now();
for (let i = 0; i < 3; i++) {
  const p2 = await PGlite.create({ loadDataDir: blob });
  console.log('load', performance.now() - t); t = performance.now();
  console.log((await p2.query('select count(*) from users')).rows);
  await p2.close();
}
const p3 = await PGlite.create({ loadDataDir: new Blob([await blob.arrayBuffer()]) });
console.log('load-from-buffer', performance.now() - t);
