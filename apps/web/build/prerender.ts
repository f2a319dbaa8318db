import fs from 'node:fs';
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
import { afterBuild } from './after-build';
import { ROUTE_MODULES } from './route-preloads';

/** What app/prerender.tsx exports. */
type PrerenderModule = { prerenderFirstPaints: (patterns: string[]) => Record<string, string> };

/** A storage that keeps nothing: screens read their remembered tabs and history while rendering. */
const emptyStorage: Storage = {
  length: 0,
  clear: () => undefined,
  getItem: () => null,
  key: () => null,
  removeItem: () => undefined,
  setItem: () => undefined,
};

/**
 * Writes dist/prerendered.json: per dashboard path pattern, the HTML of its first paint (the frame,
 * and on the home page its screen before data), rendered with the app's own components through
 * Vite's SSR loader. The server puts it in front of the app for signed-in visitors
 * (apps/server/src/plugins/spa.ts).
 */
export function prerenderFirstPaints(root: string): Plugin {
  return afterBuild('pipewise:prerender', async (outDir) => {
    const server = await createServer({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'error',
      appType: 'custom',
      server: { middlewareMode: true, hmr: false, ws: false },
    });
    const storage = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', { value: emptyStorage, configurable: true });
    try {
      const app = (await server.ssrLoadModule('/src/app/prerender.tsx')) as PrerenderModule;
      const pages = app.prerenderFirstPaints(Object.keys(ROUTE_MODULES));
      fs.writeFileSync(path.join(outDir, 'prerendered.json'), `${JSON.stringify(pages, null, 2)}\n`);
    } finally {
      if (storage) Object.defineProperty(globalThis, 'localStorage', storage);
      else delete (globalThis as { localStorage?: Storage }).localStorage;
      await server.close();
    }
  });
}
