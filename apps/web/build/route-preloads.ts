import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const GUEST = 'src/app/guards/guest-only.tsx';
const AUTH = 'src/app/guards/require-auth.tsx';
const SHELL = 'src/app/shell/dashboard-layout.tsx';
const dashboard = (page: string) => [AUTH, SHELL, page];

/**
 * The lazy modules each page of SPEC's route table (src/app/route-table.tsx) renders, by path
 * pattern. The build turns them into chunk files, which the server preloads with the page so
 * they download alongside the entry instead of after it (src/app/route-table.test.ts keeps this
 * list and the route table in step).
 */
export const ROUTE_MODULES: Record<string, string[]> = {
  '/signin': [GUEST, 'src/features/auth/components/sign-in-page.tsx'],
  '/not-customer': [GUEST, 'src/features/auth/components/not-customer-page.tsx'],
  '/pending-approval': [GUEST, 'src/features/auth/components/pending-approval-page.tsx'],
  '/oauth-callback': ['src/features/auth/components/oauth-callback-page.tsx'],
  '/dashboard': dashboard('src/app/routes/home-page.tsx'),
  '/dashboard/deals': dashboard('src/features/deals/components/deals-page.tsx'),
  // Before deals/:id: the server takes the first pattern that matches.
  '/dashboard/deals/new': dashboard('src/features/deals/components/new-deal-page.tsx'),
  '/dashboard/deals/:id': dashboard('src/app/routes/deal-detail-page.tsx'),
  '/dashboard/companies': dashboard('src/features/companies/components/companies-page.tsx'),
  '/dashboard/companies/:id': dashboard('src/app/routes/company-detail-page.tsx'),
  '/dashboard/contacts': dashboard('src/features/contacts/components/contacts-page.tsx'),
  '/dashboard/contacts/:id': dashboard('src/app/routes/contact-detail-page.tsx'),
  '/dashboard/meetings': dashboard('src/app/routes/meetings-page.tsx'),
  '/dashboard/upload': dashboard('src/app/routes/upload-page.tsx'),
  '/dashboard/coaching': dashboard('src/features/coaching/components/coaching-page.tsx'),
  '/dashboard/coaching/:userId': dashboard('src/features/coaching/components/coaching-page.tsx'),
  '/dashboard/meeting/:id': dashboard('src/app/routes/meeting-detail-page.tsx'),
  '/dashboard/settings': dashboard('src/features/settings/components/settings-page.tsx'),
  '/': ['src/app/not-found-page.tsx'],
};

/**
 * The session check every dashboard page waits for (src/lib/session.ts): preloaded with the page
 * so the answer is on its way before the app's script has even run.
 */
const SESSION_REQUEST = '/api/session/profile';
/** The schema the session check reads that answer with, which it loads beside the request. */
const SESSION_SCHEMA = /packages[\\/]contract[\\/]src[\\/]auth\.ts$/;

/**
 * The deals list asks at once for its first page (the default sort, page and size: the URL
 * without a query), the owners and the stages (src/features/deals). A preload that carries a
 * query string is sent only with a page URL that has none (the server's SPA plugin): another
 * query asks for another page. src/app/route-table.test.ts keeps this and the app in step.
 */
export const DEALS_FIRST_PAGE_REQUEST = '/api/deal/get-deals-user-hierarchy?sort=created_desc&page=1&page_size=25';
export const DEALS_PAGE_REQUESTS = [DEALS_FIRST_PAGE_REQUEST, '/api/deal/owners', '/api/deal/get-deal-stages'];
/**
 * The meeting page asks at once for its recording (src/features/meetings/api/get-meeting.ts); the
 * server puts the page's own id where the pattern has `:id`.
 */
export const MEETING_REQUEST = '/api/videos/:id';
const PAGE_REQUESTS: Record<string, string[]> = {
  '/dashboard/deals': DEALS_PAGE_REQUESTS,
  '/dashboard/meeting/:id': [MEETING_REQUEST],
};

/**
 * What dist/route-preloads.json holds for each pattern: files under the site root (e.g.
 * /assets/x.js) and API GETs the page makes at once with the browser's credentials (with the
 * pattern's parameters, e.g. `:id`, where the page's path has them).
 */
export type RoutePreload = { js: string[]; css: string[]; fetch: string[] };

type Chunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  moduleIds: string[];
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};

/**
 * Chrome's explicit compile hint: the functions of a file that starts with it are compiled on the
 * background thread that streams the file in, instead of one by one on the main thread the first
 * time each is called. Worth it for code a page runs as it starts (React, the router, zod and the
 * contract's schemas), which a phone otherwise compiles in the middle of the first render.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Puts the hint on the very first line of a written chunk (V8 reads it only there; the build adds
 * its own preamble late, so this runs on the files). The source map's lines move down by one.
 */
function addCompileHint(outDir: string, file: string): void {
  const jsPath = path.join(outDir, file);
  const code = fs.readFileSync(jsPath, 'utf8');
  if (code.startsWith(COMPILE_HINT)) return;
  fs.writeFileSync(jsPath, `${COMPILE_HINT}\n${code}`);
  const mapPath = `${jsPath}.map`;
  if (!fs.existsSync(mapPath)) return;
  const map = JSON.parse(fs.readFileSync(mapPath, 'utf8')) as { mappings: string };
  fs.writeFileSync(mapPath, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
}

/**
 * Emits route-preloads.json: per path pattern, the JS chunks (with their static imports) and CSS a
 * page needs beyond what the entry already loads and preloads. Those chunks and the entry's get
 * the compile hint.
 */
export function routePreloads(root: string): Plugin {
  let onLoad = new Set<string>();
  return {
    name: 'pipewise:route-preloads',
    apply: 'build',
    // Before the precompress plugin's closeBundle, which compresses the files as written.
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is typeof o & Chunk => o.type === 'chunk') as unknown as Chunk[];
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (files: string[], into = new Set<string>()) => {
        for (const f of files) {
          if (into.has(f)) continue;
          into.add(f);
          closure(byFile.get(f)?.imports ?? [], into);
        }
        return into;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) this.error('no entry chunk');
      const initial = closure([entry.fileName]);
      const out: Record<string, RoutePreload> = {};
      for (const [pattern, modules] of Object.entries(ROUTE_MODULES)) {
        const roots = modules.map((m) => {
          const chunk = chunks.find((c) => c.facadeModuleId === `${root}/${m}`);
          if (!chunk) this.error(`route ${pattern}: no chunk for ${m}`);
          return chunk.fileName;
        });
        if (modules.includes(AUTH)) {
          const schema = chunks.find((c) => c.moduleIds.some((id) => SESSION_SCHEMA.test(id)));
          if (!schema) this.error(`route ${pattern}: no chunk for the session check's schema`);
          roots.push(schema.fileName);
        }
        const js = [...closure(roots)].filter((f) => !initial.has(f));
        const css = [...new Set(js.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]))];
        const fetch = [...(modules.includes(AUTH) ? [SESSION_REQUEST] : []), ...(PAGE_REQUESTS[pattern] ?? [])];
        out[pattern] = { js: js.map((f) => `/${f}`), css: css.map((f) => `/${f}`), fetch };
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify(out, null, 2)}\n` });
      // What some page runs as it loads: the entry with its imports, and every page's chunks.
      onLoad = new Set([...initial, ...Object.values(out).flatMap((p) => p.js.map((f) => f.slice(1)))]);
    },
    writeBundle(options) {
      for (const file of onLoad) addCompileHint(options.dir!, file);
    },
  };
}
