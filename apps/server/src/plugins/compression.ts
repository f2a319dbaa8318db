import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Text only: JSON, CSV, HTML, JS, CSS, SVG, plain text. Media (video, audio, images other than
 * SVG) is already compressed and is served with byte ranges, so it is never compressed here.
 */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|problem\+json)|image\/svg\+xml)/;

/**
 * Compresses API answers and any file not precompressed at build time: brotli when the browser
 * accepts it, else gzip, with `Vary: Accept-Encoding`. Streams (the CSV export) are compressed as
 * they stream. Partial content (206, Content-Range) and answers already encoded (the built assets'
 * .br/.gz files) pass through untouched.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    // Quality 4 is brotli's fast setting for answers built per request; the built assets are
    // compressed once at build time at the highest quality.
    brotliOptions: {
      params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
    },
    // Request bodies are not inflated: clients send plain JSON and multipart, and an inflated
    // body would slip past the body size limit.
    globalDecompression: false,
  });
}
