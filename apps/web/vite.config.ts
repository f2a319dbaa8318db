import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bootAfterPaint } from './build/boot-after-paint';
import { precompress } from './build/precompress';
import { prerenderFirstPaints } from './build/prerender';
import { routePreloads } from './build/route-preloads';

const root = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');

/** packages/contract/src/deals.ts goes to the chunk contract-deals. */
function contractChunkName(id: string): string | null {
  const file = /packages[\\/]contract[\\/]src[\\/]([\w-]+)\.ts$/.exec(id);
  return file ? `contract-${file[1]}` : null;
}

// Routes are code-split by their lazy imports (see src/app/route-table.tsx); the server preloads
// each page's chunks from dist/route-preloads.json and sends the .br/.gz files written here.
export default defineConfig({
  plugins: [react(), bootAfterPaint(), routePreloads(root), prerenderFirstPaints(root), precompress()],
  resolve: {
    // Every `zod` import, the contract's included, gets the instance configured for the CSP
    // (src/lib/zod-config.ts), however the chunks load.
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-config.ts', import.meta.url)) }],
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: the bundle budget check (scripts/check-bundle-budget.mjs) reads it.
    manifest: true,
    rolldownOptions: {
      output: {
        // A few larger chunks instead of many small ones: over HTTP/1.1 on a slow link every extra
        // request costs a round trip. React, the router and TanStack Query go together (every page
        // runs them); zod; each contract module; the shared UI components. Pages and the
        // libraries only some of them use (Radix, sonner) keep their own chunks.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|cookie|set-cookie-parser)[\\/]/,
              priority: 3,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-config/, priority: 2 },
            // Each contract module in a chunk of its own: building zod schemas is a phone's longest task
            // as a page starts, so a page builds only the schemas of the answers it reads.
            { name: contractChunkName, test: /packages[\\/]contract[\\/]/, priority: 2 },
            // Not the dialogs (dialog.tsx, confirm-dialog.tsx): they bring Radix Dialog, which only the
            // screens with dialogs load.
            {
              name: 'ui',
              test: (id: string) => /apps[\\/]web[\\/]src[\\/](components|lib)[\\/]/.test(id) && !/[\\/](confirm-)?dialog\.tsx$/.test(id),
              priority: 1,
            },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 2 },
          ],
        },
      },
    },
  },
});
