import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type TestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PUBLIC_ROUTE } from './session';
import { COMPRESS_THRESHOLD_BYTES } from './compression';

/**
 * Compression of API answers (@fastify/compress): brotli when accepted, else gzip, only above the
 * threshold, streams included, never media or partial content. Built assets: spa.test.ts.
 */

let t: TestApp;
let asha: TestSession;
const VIDEO = Buffer.alloc(8 * 1024, 'frame ');

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  asha = await signIn(t.database.db, 'asha@acme.example');
  // Stand-ins for the media routes to come: a whole video and a byte range of a text file.
  t.app.get('/api/test/video', { config: PUBLIC_ROUTE }, (_req, reply) => reply.type('video/mp4').send(VIDEO));
  t.app.get('/api/test/range', { config: PUBLIC_ROUTE }, (_req, reply) =>
    reply.status(206).type('text/plain').header('content-range', `bytes 0-4095/8192`).send('x'.repeat(4096)),
  );
});

afterAll(() => t?.close());

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });

const csvLines = (text: string) => text.trimEnd().split('\r\n');

describe('API answers', () => {
  it('sends a large JSON answer as brotli when accepted, else gzip, with Vary: Accept-Encoding', async () => {
    const plain = await get('/api/docs/json');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(10 * COMPRESS_THRESHOLD_BYTES);

    const br = await get('/api/docs/json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    const fromBr = zlib.brotliDecompressSync(br.rawPayload);
    expect(fromBr.length).toBeGreaterThan(br.rawPayload.length * 3);
    expect(JSON.parse(fromBr.toString())).toEqual(JSON.parse(plain.body));

    const gz = await get('/api/docs/json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(JSON.parse(plain.body));
  });

  it('compresses a signed-in list answer too', async () => {
    const res = await get('/api/deal/get-deals-user-hierarchy?page_size=100', 'br', asha.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()).data).toHaveLength(100);
  });

  it(`leaves an answer under ${COMPRESS_THRESHOLD_BYTES} bytes as it is`, async () => {
    const res = await get('/api/health', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: expect.any(String) });
  });

  it('streams the CSV export compressed, every row intact (brotli and gzip)', async () => {
    const plain = await get('/api/deal/export', undefined, asha.headers);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^text\/csv/);
    const rows = csvLines(plain.body);
    expect(rows.length).toBeGreaterThan(250);

    const br = await get('/api/deal/export', 'br', asha.headers);
    expect(br.headers['content-encoding']).toBe('br');
    // A stream has no length up front: it goes out chunked.
    expect(br.headers['content-length']).toBeUndefined();
    expect(br.headers['content-disposition']).toMatch(/^attachment; filename="pipewise-deals-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csvLines(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(rows);

    const gz = await get('/api/deal/export', 'gzip', asha.headers);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(csvLines(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(rows);
  });

  it('streams a compressed CSV export over a real connection', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/api/deal/export`, { headers: { ...asha.headers, 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    // fetch inflates the body as it arrives, chunk by chunk.
    let text = '';
    for await (const chunk of Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>)) text += chunk;
    expect(csvLines(text)[0]).toMatch(/^Deal ID,Deal name,/);
    expect(csvLines(text).length).toBeGreaterThan(250);
  });

  it('never compresses media or partial content', async () => {
    const video = await get('/api/test/video', 'br, gzip');
    expect(video.headers['content-encoding']).toBeUndefined();
    expect(video.rawPayload.equals(VIDEO)).toBe(true);

    const range = await get('/api/test/range', 'br, gzip');
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body).toHaveLength(4096);
  });

  it('does not inflate compressed request bodies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/check-email',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', cookie: 'csrf_token=x', 'x-csrf-token': 'x' },
      payload: zlib.gzipSync(JSON.stringify({ email: 'asha@acme.example' })),
    });
    // Read as the JSON it is not: refused, never inflated into a bigger body than the limit allows.
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
