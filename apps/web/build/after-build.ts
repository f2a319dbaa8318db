import path from 'node:path';
import type { Plugin } from 'vite';

/** A build-only plugin that works on the written output directory once the bundle is closed. */
export function afterBuild(name: string, run: (outDir: string) => Promise<void>): Plugin {
  let outDir = 'dist';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => run(outDir),
  };
}
