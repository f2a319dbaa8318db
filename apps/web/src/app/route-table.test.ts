import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEALS_FIRST_PAGE_REQUEST, DEALS_PAGE_REQUESTS, MEETING_REQUEST, ROUTE_MODULES } from '../../build/route-preloads';
import { apiQueryOf, readListState } from '../features/deals/utils/deal-list-params';

/** The server preloads each page's chunks from the build's list: it must name every lazy page module. */
describe('route preloads', () => {
  const webRoot = path.resolve(import.meta.dirname, '../..');
  const table = fs.readFileSync(path.join(import.meta.dirname, 'route-table.tsx'), 'utf8');
  const lazyModules = [...table.matchAll(/import\('([^']+)'\)/g)].map(([, spec]) =>
    path.relative(webRoot, path.resolve(import.meta.dirname, `${spec}.tsx`)),
  );
  const listed = new Set(Object.values(ROUTE_MODULES).flat());

  it('lists every module the route table loads lazily', () => {
    expect(lazyModules.length).toBeGreaterThan(10);
    expect(lazyModules.filter((m) => !listed.has(m))).toEqual([]);
  });

  it('lists only modules that exist', () => {
    expect([...listed].filter((m) => !fs.existsSync(path.join(webRoot, m)))).toEqual([]);
  });
});

/** The deals list's API preloads must be the very requests the page makes on a plain URL. */
describe('deals page API preloads', () => {
  const api = path.resolve(import.meta.dirname, '../features/deals/api');
  const source = (file: string) => fs.readFileSync(path.join(api, file), 'utf8');

  it('asks for the first page the list shows without a query', () => {
    const [pathname, query] = DEALS_FIRST_PAGE_REQUEST.split('?');
    expect(source('get-deals.ts')).toContain(`http.get(\`${pathname}?\${query.toString()}\`)`);
    expect(query).toBe(apiQueryOf(readListState(new URLSearchParams())).toString());
  });

  it('asks for the owners and the stages the page loads', () => {
    expect(source('get-deal-owners.ts')).toContain(`http.get('${DEALS_PAGE_REQUESTS[1]}')`);
    expect(source('get-deal-stages.ts')).toContain(`http.get('${DEALS_PAGE_REQUESTS[2]}')`);
  });
});

/** The meeting page's API preload must be the request the page makes for its recording. */
describe('meeting page API preload', () => {
  it('asks for the recording of the id in the path', () => {
    const source = fs.readFileSync(path.resolve(import.meta.dirname, '../features/meetings/api/get-meeting.ts'), 'utf8');
    expect(MEETING_REQUEST).toBe('/api/videos/:id');
    expect(source).toContain('http.get(`/api/videos/${encodeURIComponent(id)}`)');
  });
});
