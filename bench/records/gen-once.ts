// Iteration helper (not a bench): generate the records dataset once into .tmp/bench-records/dev.
import fs from 'node:fs';
import path from 'node:path';
import { openPglite } from '../../apps/server/src/db/pglite-driver';
import { REPO_ROOT } from '../../e2e/support/pipewise-server';
import { generateDataset } from '../deals/dataset';
import { addRecords } from './records-dataset';

const dir = path.join(REPO_ROOT, '.tmp', 'bench-records', 'dev');
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const db = await openPglite(dir);
const ds = await generateDataset(db, 100_000, console.log);
await addRecords(db, ds, console.log);
fs.writeFileSync(path.join(dir, '..', 'dev.json'), JSON.stringify(ds));
await db.close();
