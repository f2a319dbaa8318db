#!/usr/bin/env node
// The web bundle budget, checked on the built app (apps/web/dist; run `npm run build` first).
// Sizes are gzip -9 (what apps/web/build/precompress.ts writes; browsers that accept brotli get
// smaller files still):
//   - initial JavaScript of /signin at most 120 KB, of the dashboard home at most 170 KB:
//     the entry, its static imports, and the route's chunks with their static imports (what the
//     server preloads for that page, dist/route-preloads.json);
//   - every other chunk at most 100 KB.
// Exits non-zero, naming what is over, when any limit is exceeded.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const KB = 1000;
const ROUTE_BUDGETS = { '/signin': 120 * KB, '/dashboard': 170 * KB };
const CHUNK_BUDGET = 100 * KB;

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const read = (file) => JSON.parse(fs.readFileSync(path.join(dist, file), 'utf8'));
let manifest;
let preloads;
try {
  manifest = read('.vite/manifest.json');
  preloads = read('route-preloads.json');
} catch (e) {
  console.error(`bundle budget: ${e.message}\nBuild the web app first: npm run build`);
  process.exit(1);
}

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

// The entry and everything it imports statically: loaded by every page.
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const initial = new Set();
const walk = (key) => {
  const item = manifest[key];
  if (!item || initial.has(item.file)) return;
  initial.add(item.file);
  for (const next of item.imports ?? []) walk(next);
};
walk(entryKey);

let failed = false;
const report = (ok, line) => {
  console.log(`${ok ? 'ok  ' : 'OVER'} ${line}`);
  if (!ok) failed = true;
};

for (const [route, budget] of Object.entries(ROUTE_BUDGETS)) {
  const routeFiles = (preloads[route]?.js ?? []).map((f) => f.replace(/^\//, ''));
  if (routeFiles.length === 0) report(false, `${route}: no chunks listed in route-preloads.json`);
  const files = [...new Set([...initial, ...routeFiles])];
  const total = files.reduce((sum, f) => sum + gzipSize(f), 0);
  report(total <= budget, `${route}: initial JavaScript ${kb(total)} gzip (budget ${kb(budget)}; ${files.length} files)`);
}

const initialSet = new Set(initial);
const chunks = [...new Set(Object.values(manifest).map((m) => m.file))].filter((f) => f.endsWith('.js') && !initialSet.has(f));
const sizes = chunks.map((f) => [f, gzipSize(f)]).sort((a, b) => b[1] - a[1]);
const over = sizes.filter(([, size]) => size > CHUNK_BUDGET);
for (const [file, size] of over) report(false, `chunk ${file}: ${kb(size)} gzip (budget ${kb(CHUNK_BUDGET)})`);
if (over.length === 0)
  report(true, `${chunks.length} lazy chunks each at most ${kb(CHUNK_BUDGET)} gzip (largest ${sizes[0]?.[0]}: ${kb(sizes[0]?.[1] ?? 0)})`);

process.exit(failed ? 1 : 0);
