import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../db/client';
import { dealOwnedBy, filesUnder, formBody, minimalDocx, tinyMp4, type FormFile } from '../../test/recordings-kit';
import { signIn, type TestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { zipBombDocx } from '../../test/zip-bomb';

/**
 * Upload attacks on the recordings' uploads (a file, a direct upload, a transcription document):
 * what is not the media or document it claims to be is refused and leaves neither a row nor a
 * file; what is accepted is typed by its bytes and served with nosniff under a harmless name.
 */

const MAX = 600_000;
let t: TestApp;
let rep: TestSession;
let deal: { id: number; pipelineId: string };
let uploadsDir: string;

beforeAll(async () => {
  tinyMp4();
  t = await createTestApp({ seed: true, env: { UPLOAD_MAX_BYTES: String(MAX) } });
  rep = await signIn(t.database.db, 'rahul@acme.example');
  deal = await dealOwnedBy(t.database.db, rep.userId);
  uploadsDir = t.config.storage.kind === 'local' ? t.config.storage.dir : '';
}, 180_000);
afterAll(() => t?.close());

const target = () => ({ deal_id: String(deal.id), pipeline_id: deal.pipelineId });
function upload(fields: Record<string, string>, files: FormFile[], url = '/api/videos/upload') {
  const form = formBody({ ...target(), ...fields }, files);
  return t.app.inject({ method: 'POST', url, headers: { ...rep.headers, ...form.headers }, payload: form.payload });
}
const rows = async () => (await execute<{ n: number }>(t.database.db, sql`select count(*)::int as n from recordings`))[0]!.n;

/** Sends an upload that must be refused with `status`, and checks it left no row and no file. */
async function expectRefused(send: () => ReturnType<typeof upload>, status: number, detail?: RegExp) {
  const before = { rows: await rows(), files: filesUnder(uploadsDir).sort() };
  const res = await send();
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<{ detail: string }>();
  expect(body.detail).toEqual(expect.any(String));
  if (detail) expect(body.detail).toMatch(detail);
  expect(await rows()).toBe(before.rows);
  expect(filesUnder(uploadsDir).sort()).toEqual(before.files);
  return res;
}

const HTML = Buffer.from('<!doctype html><html><body><script>fetch("/api/users").then(r=>r.text()).then(alert)</script></body></html>');
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>',
);

describe('media uploads that are not media', () => {
  it.each([
    ['HTML named .mp4 and sent as video/mp4', { field: 'file', name: 'call.mp4', data: HTML, type: 'video/mp4' }],
    ['SVG with a script named .webm and sent as video/webm', { field: 'file', name: 'clip.webm', data: SVG, type: 'video/webm' }],
    ['SVG named .svg sent as image/svg+xml', { field: 'file', name: 'slide.svg', data: SVG, type: 'image/svg+xml' }],
    ['HTML sent as text/html', { field: 'file', name: 'page.html', data: HTML, type: 'text/html' }],
    ['a script named .mov', { field: 'file', name: 'a.mov', data: Buffer.from('#!/bin/sh\nrm -rf /\n'), type: 'video/quicktime' }],
  ] as const)('%s: refused with 415', async (_name, file) => {
    await expectRefused(() => upload({ upload_type: 'file' }, [file]), 415);
  });

  it('HTML put to a direct upload URL as video/mp4: refused with 415, nothing kept', async () => {
    const presign = await t.app.inject({
      method: 'POST',
      url: '/api/videos/generate-presigned-url',
      headers: rep.headers,
      payload: { file_name: 'call.mp4' },
    });
    expect(presign.statusCode).toBe(200);
    const before = filesUnder(uploadsDir).sort();
    const put = await t.app.inject({
      method: 'PUT',
      url: presign.json<{ upload_url: string }>().upload_url,
      headers: { ...rep.headers, 'content-type': 'video/mp4' },
      payload: HTML,
    });
    expect(put.statusCode, put.body).toBe(415);
    expect(filesUnder(uploadsDir).sort()).toEqual(before);
  });

  it('a file over UPLOAD_MAX_BYTES: refused with 413 and removed (a file upload and a direct upload)', async () => {
    const big = Buffer.concat([tinyMp4(), Buffer.alloc(MAX)]);
    await expectRefused(() => upload({ upload_type: 'file' }, [{ field: 'file', name: 'long.mp4', data: big, type: 'video/mp4' }]), 413);
    const presign = await t.app.inject({
      method: 'POST',
      url: '/api/videos/generate-presigned-url',
      headers: rep.headers,
      payload: { file_name: 'long.mp4' },
    });
    const before = filesUnder(uploadsDir).sort();
    const put = await t.app.inject({
      method: 'PUT',
      url: presign.json<{ upload_url: string }>().upload_url,
      headers: { ...rep.headers, 'content-type': 'video/mp4' },
      payload: big,
    });
    expect(put.statusCode, put.body).toBe(413);
    expect(filesUnder(uploadsDir).sort()).toEqual(before);
  });
});

describe('media that is what its bytes say', () => {
  it('a lying content type (an mp4 sent as text/html) and a path-traversal name: stored under a generated key, served as mp4', async () => {
    const name = `../../../../escaped-${Date.now()}.html`;
    const res = await upload({ upload_type: 'file' }, [{ field: 'file', name, data: tinyMp4(), type: 'text/html' }]);
    expect(res.statusCode, res.body).toBe(201);
    const video = res.json<{ id: string; media_type: string }>();
    expect(video.media_type).toBe('video/mp4');
    // Nothing was written where the name points, from the uploads directory or the data directory.
    for (const base of [uploadsDir, t.config.dataDir, process.cwd()]) expect(fs.existsSync(path.resolve(base, name))).toBe(false);
    expect(filesUnder(uploadsDir).every((f) => !f.includes('..') && !f.includes('escaped'))).toBe(true);

    const media = await t.app.inject({ method: 'GET', url: `/api/videos/${video.id}/media`, headers: rep.headers });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('video/mp4');
    expect(media.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(media.headers['content-disposition']);
    // A name of letters, digits, dots, dashes and underscores, ending in the type's own extension.
    expect(disposition).toMatch(/^(inline|attachment); filename="[A-Za-z0-9._-]+\.mp4"$/);
    expect(disposition).not.toContain('..');
    expect(media.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('an mp4 with HTML after its header (a polyglot) is served as video/mp4 with nosniff, never as a page', async () => {
    const polyglot = Buffer.concat([tinyMp4(), HTML]);
    const res = await upload({ upload_type: 'file' }, [
      { field: 'file', name: "x.html\"; filename*=UTF-8''evil.html", data: polyglot, type: 'text/html' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const media = await t.app.inject({ method: 'GET', url: `/api/videos/${res.json<{ id: string }>().id}/media`, headers: rep.headers });
    expect(media.headers['content-type']).toBe('video/mp4');
    expect(media.headers['x-content-type-options']).toBe('nosniff');
    expect(String(media.headers['content-disposition'])).toMatch(/^(inline|attachment); filename="[A-Za-z0-9._-]+\.mp4"$/);
  });
});

describe('transcription documents', () => {
  const transcription = (file: FormFile) => upload({ upload_type: 'transcription' }, [file], '/api/videos/upload-transcription');

  it.each([
    ['a .docx', 'notes.docx', {}],
    ['a .doc that is a zip', 'notes.doc', {}],
    ['a .docx whose zip declares a small size', 'notes.docx', { lie: true }],
  ] as const)(
    'a zip bomb as %s (half a MB unpacking to 512 MiB): refused with 413 at once, without unpacking it',
    async (_n, name, options) => {
      const bomb = zipBombDocx(512, options);
      expect(bomb.length).toBeLessThan(MAX);
      const started = Date.now();
      const rss = process.memoryUsage().rss;
      await expectRefused(() => transcription({ field: 'document_file', name, data: bomb }), 413, /unpacks to more than 64 MB/);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(process.memoryUsage().rss - rss).toBeLessThan(400 * 1024 * 1024);
    },
  );

  it('a real .docx is still read', async () => {
    const res = await transcription({ field: 'document_file', name: 'notes.docx', data: minimalDocx('Pricing agreed for the pilot') });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ transcription: string }>().transcription).toBe('Pricing agreed for the pilot');
  });

  it('a document over 20 MB: refused with 413', async () => {
    await expectRefused(() => transcription({ field: 'document_file', name: 'huge.txt', data: Buffer.alloc(21 * 1024 * 1024, 'a') }), 413);
  });

  it('a document of another type (HTML, SVG) or with a traversal name of another type: refused with 415', async () => {
    await expectRefused(() => transcription({ field: 'document_file', name: 'notes.html', data: HTML }), 415);
    await expectRefused(() => transcription({ field: 'document_file', name: 'notes.svg', data: SVG }), 415);
    await expectRefused(() => transcription({ field: 'document_file', name: '../../etc/passwd', data: Buffer.from('root:x:0:0') }), 415);
  });

  it('HTML named .pdf or .docx: refused as unreadable (400), its text never stored', async () => {
    for (const name of ['notes.pdf', 'notes.docx']) {
      await expectRefused(() => transcription({ field: 'document_file', name, data: HTML }), 400);
    }
  });
});
