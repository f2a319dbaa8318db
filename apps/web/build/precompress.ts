import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import { afterBuild } from './after-build';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; source maps are left out (only developer tools fetch them). */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** The server sends smaller files as they are (see apps/server/src/plugins/compression.ts). */
const MIN_BYTES = 1024;

/**
 * Writes a .br (brotli, best quality) and a .gz (gzip -9) beside every built text file, once, so
 * the server sends compressed bytes without compressing per request (@fastify/static's
 * `preCompressed`). A variant that would not be smaller is not written.
 */
export function precompress(): Plugin {
  return afterBuild('pipewise:precompress', async (outDir) => {
    const files = fs
      .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => TEXT_FILE.test(f) && !f.startsWith('.vite'))
      .map((f) => path.join(outDir, f));
    await Promise.all(
      files.map(async (file) => {
        const source = fs.readFileSync(file);
        if (source.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
          gzip(source, { level: 9 }),
        ]);
        if (br.length < source.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < source.length) fs.writeFileSync(`${file}.gz`, gz);
      }),
    );
  });
}
