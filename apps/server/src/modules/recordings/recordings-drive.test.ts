import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealOwnedBy, formBody, tinyMp4 } from '../../../test/recordings-kit';
import { signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** A stand-in for Google's Drive API: files.get?alt=media for a few ids. */
let drive: http.Server;
const requests: string[] = [];
let t: TestApp;
let rahul: TestSession;
let deal: { id: number; pipelineId: string };

beforeAll(async () => {
  const mp4 = tinyMp4();
  drive = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const id = /^\/drive\/v3\/files\/([^/?]+)\?alt=media/.exec(req.url ?? '')?.[1];
    if (id === 'PublicVideo123') res.writeHead(200, { 'content-type': 'video/mp4' }).end(mp4);
    else if (id === 'TextFile123456') res.writeHead(200, { 'content-type': 'video/mp4' }).end('a text file');
    else if (id === 'PrivateFile123') res.writeHead(403, { 'content-type': 'application/json' }).end('{"error":{"code":403}}');
    else if (id === 'BrokenFile1234') res.writeHead(500).end();
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => drive.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({ seed: true, env: { GOOGLE_API_BASE: `http://127.0.0.1:${(drive.address() as AddressInfo).port}` } });
  rahul = await signIn(t.database.db, 'rahul@acme.example');
  deal = await dealOwnedBy(t.database.db, rahul.userId);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => drive?.close(resolve));
});

function fromDrive(link: string) {
  const form = formBody({
    deal_id: String(deal.id),
    pipeline_id: deal.pipelineId,
    upload_type: 'drive',
    google_drive_link: link,
    title: 'Drive call',
  });
  return t.app.inject({ method: 'POST', url: '/api/videos/upload', headers: { ...rahul.headers, ...form.headers }, payload: form.payload });
}

describe('upload from a Google Drive link', () => {
  it('downloads a shared file into storage', async () => {
    const res = await fromDrive('https://drive.google.com/file/d/PublicVideo123/view?usp=sharing');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Drive call',
      upload_type: 'drive',
      media_type: 'video/mp4',
      size_bytes: tinyMp4().length,
      status: 'uploaded',
    });
  });

  it.each([
    [
      'a private file',
      'https://drive.google.com/open?id=PrivateFile123',
      400,
      'This Google Drive file is private. Connect Google in Settings, or share the file with anyone who has the link.',
    ],
    [
      'a missing file',
      'https://drive.google.com/uc?id=MissingFile123',
      400,
      'This Google Drive file is private. Connect Google in Settings, or share the file with anyone who has the link.',
    ],
    ['a file that is not media', 'https://docs.google.com/file/d/TextFile123456/edit', 415, /^Unsupported file type/],
    [
      'a Drive failure',
      'https://drive.google.com/file/d/BrokenFile1234/view',
      502,
      'Google Drive did not send the file. Please try again later.',
    ],
  ])('refuses %s', async (_name, link, status, detail) => {
    const res = await fromDrive(link);
    expect(res.statusCode).toBe(status);
    if (typeof detail === 'string') expect(res.json().detail).toBe(detail);
    else expect(res.json().detail).toMatch(detail);
  });

  it('never requests a link that is not a Drive file address', async () => {
    const before = requests.length;
    for (const link of [
      'https://example.com/file/d/PublicVideo123/view',
      'https://drive.google.com.evil.example/file/d/PublicVideo123/view',
      'https://drive.google.com/drive/folders/PublicVideo123',
    ]) {
      expect((await fromDrive(link)).statusCode).toBe(400);
    }
    expect(requests.length).toBe(before);
  });

  it('asks for a link when none is given', async () => {
    const res = await fromDrive('');
    expect(res.json().detail).toBe('Please provide a Google Drive link');
  });
});
