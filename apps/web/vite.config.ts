import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Routes are code-split by their lazy imports (see src/app/routes.tsx).
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
