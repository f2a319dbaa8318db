import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from '../../build/route-preloads';

/** The server preloads each page's chunks from the build's list: it must name every lazy page module. */
describe('route preloads', () => {
  const webRoot = path.resolve(import.meta.dirname, '../..');
  const table = fs.readFileSync(path.join(import.meta.dirname, 'route-table.tsx'), 'utf8');
  const lazyModules = [...table.matchAll(/import\('([^']+)'\)/g)].map(([, spec]) => path.relative(webRoot, path.resolve(import.meta.dirname, `${spec}.tsx`)));
  const listed = new Set(Object.values(ROUTE_MODULES).flat());

  it('lists every module the route table loads lazily', () => {
    expect(lazyModules.length).toBeGreaterThan(10);
    expect(lazyModules.filter((m) => !listed.has(m))).toEqual([]);
  });

  it('lists only modules that exist', () => {
    expect([...listed].filter((m) => !fs.existsSync(path.join(webRoot, m)))).toEqual([]);
  });
});
