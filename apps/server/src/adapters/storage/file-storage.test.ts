import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../../test/fakes/s3-server';
import { testConfig } from '../../../test/test-app';
import { loadMasterKey } from '../../lib/secrets';
import { createFileStorage } from './create-file-storage';
import { StorageLimitError } from './local-file-storage';
import type { FileStorage } from './storage-port';

let s3: FakeS3;
let dataDir: string;
const stores: Record<'local' | 's3', () => FileStorage> = {
  local: () => createFileStorage(testConfig(dataDir), loadMasterKey(undefined, dataDir)),
  s3: () => createFileStorage(testConfig(dataDir, s3.env), loadMasterKey(undefined, dataDir)),
};

beforeAll(async () => {
  s3 = await startFakeS3();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-storage-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const bytes = (n: number, seed = 1) => Buffer.from(Array.from({ length: n }, (_v, i) => (i * 31 + seed) % 256));
async function* chunks(data: Buffer, size: number, failAfter?: number) {
  for (let i = 0; i < data.length; i += size) {
    if (failAfter !== undefined && i >= failAfter) throw new Error('client went away');
    yield data.subarray(i, i + size);
  }
}
const read = async (body: Readable) => {
  const parts: Buffer[] = [];
  for await (const c of body) parts.push(c as Buffer);
  return Buffer.concat(parts);
};

describe.each(['local', 's3'] as const)('%s file storage', (kind) => {
  const key = (name: string) => `recordings/${kind}-${name}/media`;

  it('streams a multi-part object in and reads it whole and by range', async () => {
    const store = stores[kind]();
    expect(store.kind).toBe(kind);
    const data = bytes(12 * 1024 * 1024 + 123);
    expect(await store.put(key('big'), Readable.from(chunks(data, 64 * 1024)), { contentType: 'video/mp4' })).toEqual({
      size: data.length,
    });
    expect((await store.stat(key('big')))?.size).toBe(data.length);
    expect((await read((await store.get(key('big')))!.body)).equals(data)).toBe(true);
    const part = (await store.get(key('big'), { start: 10, end: 19 }))!;
    expect(part.size).toBe(10);
    expect((await read(part.body)).equals(data.subarray(10, 20))).toBe(true);
    expect(await store.withLocalFile(key('big'), async (file) => fs.statSync(file).size)).toBe(data.length);
    await store.delete(key('big'));
    expect(await store.stat(key('big'))).toBeNull();
    expect(await store.get(key('big'))).toBeNull();
    await store.delete(key('big'));
  }, 60_000);

  it('refuses an object beyond maxBytes and keeps nothing', async () => {
    const store = stores[kind]();
    await expect(
      store.put(key('limit'), Readable.from(chunks(bytes(6 * 1024 * 1024), 64 * 1024)), { maxBytes: 5 * 1024 * 1024 + 10 }),
    ).rejects.toBeInstanceOf(StorageLimitError);
    expect(await store.stat(key('limit'))).toBeNull();
  }, 60_000);

  it('leaves no part file when the source fails, or passes the limit, before the file is open', { timeout: 60_000 }, async () => {
    const store = stores[kind]();
    const failing = () =>
      new Readable({
        read() {
          this.destroy(new Error('client went away'));
        },
      });
    for (let i = 0; i < 20; i++) {
      await expect(store.put(key('refused'), failing(), {})).rejects.toThrow('client went away');
      // One chunk already past the limit, as an upload whose whole body arrived at once.
      await expect(store.put(key('refused'), Readable.from([bytes(64 * 1024)]), { maxBytes: 1024 })).rejects.toBeInstanceOf(
        StorageLimitError,
      );
    }
    expect(await store.stat(key('refused'))).toBeNull();
    if (kind === 'local') expect(fs.readdirSync(path.join(dataDir, 'uploads', `recordings/${kind}-refused`))).toEqual([]);
  });

  it('keeps nothing when the source fails half-way', async () => {
    const store = stores[kind]();
    await expect(store.put(key('broken'), Readable.from(chunks(bytes(7 * 1024 * 1024), 64 * 1024, 6 * 1024 * 1024)), {})).rejects.toThrow(
      'client went away',
    );
    expect(await store.stat(key('broken'))).toBeNull();
  }, 60_000);

  it('presigns a PUT', async () => {
    const store = stores[kind]();
    const presigned = `recordings/${randomUUID()}/media`;
    const { url } = await store.presignPut(presigned, { expiresInSeconds: 60, uploaderId: '00000000-0000-4000-8000-000000000001' });
    if (kind === 'local') {
      expect(url).toMatch(/^\/api\/videos\/direct-upload\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      return;
    }
    const data = bytes(1000);
    const res = await fetch(url, { method: 'PUT', body: data });
    expect(res.status).toBe(200);
    expect((await read((await store.get(presigned))!.body)).equals(data)).toBe(true);
  });
});
