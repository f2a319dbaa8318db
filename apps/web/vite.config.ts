import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';
import { routePreloads } from './build/route-preloads';

const root = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');

// Routes are code-split by their lazy imports (see src/app/route-table.tsx); the server preloads
// each page's chunks from dist/route-preloads.json and sends the .br/.gz files written here.
export default defineConfig({
  plugins: [react(), routePreloads(root), precompress()],
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
  },
});
