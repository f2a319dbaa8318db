import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealOwnedBy, formBody, runUnclaimedUploadsCleanup, tinyMp4 } from '../../../test/recordings-kit';
import { signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let rahul: TestSession;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  rahul = await signIn(t.database.db, 'rahul@acme.example');
}, 60_000);
afterAll(() => t?.close());

const HOURS = 3_600_000;

describe('files of uploads a stopped process cut short (the hourly clean-up)', () => {
  it('removes part files and unfiled media left alone for an hour, and keeps filed media and anything newer', async () => {
    if (t.config.storage.kind !== 'local') throw new Error('this test needs the local store');
    const dir = t.config.storage.dir;
    const deal = await dealOwnedBy(t.database.db, rahul.userId);
    const form = formBody({ deal_id: String(deal.id), pipeline_id: deal.pipelineId, upload_type: 'file', title: 'Filed call' }, [
      { field: 'file', name: 'call.mp4', data: tinyMp4() },
    ]);
    const filed = await t.app.inject({
      method: 'POST',
      url: '/api/videos/upload',
      headers: { ...rahul.headers, ...form.headers },
      payload: form.payload,
    });
    expect(filed.statusCode, filed.body).toBe(201);

    /** A file as a process killed `hoursAgo` left it. */
    const leave = (key: string, hoursAgo: number) => {
      const file = path.join(dir, key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, tinyMp4());
      const at = new Date(Date.now() - hoursAgo * HOURS);
      fs.utimesSync(file, at, at);
    };
    const oldPart = `recordings/${randomUUID()}/media.${randomUUID()}.part`;
    const oldUnfiled = `recordings/${randomUUID()}/media`;
    const oldSnapshot = `recordings/${randomUUID()}/snapshots/0.jpg`;
    // Another process may be writing these right now: too recent to judge.
    const newPart = `recordings/${randomUUID()}/media.${randomUUID()}.part`;
    const newUnfiled = `recordings/${randomUUID()}/media`;
    for (const key of [oldPart, oldUnfiled, oldSnapshot]) leave(key, 2);
    for (const key of [newPart, newUnfiled]) leave(key, 0);
    // The filed video's media is as old, and stays.
    const before = fs.readdirSync(dir, { recursive: true }) as string[];
    const filedMedia = before
      .map((f) => f.split(path.sep).join('/'))
      .find((f) => /^recordings\/[^/]+\/media(-[0-9a-f]{32})?$/.test(f) && ![oldUnfiled, newUnfiled].includes(f))!;
    const at = new Date(Date.now() - 2 * HOURS);
    fs.utimesSync(path.join(dir, filedMedia), at, at);

    await runUnclaimedUploadsCleanup(t, {});

    const exists = (key: string) => fs.existsSync(path.join(dir, key));
    expect([oldPart, oldUnfiled, oldSnapshot].filter(exists)).toEqual([]);
    expect([newPart, newUnfiled, filedMedia].filter(exists)).toEqual([newPart, newUnfiled, filedMedia]);
    const media = await t.app.inject({ method: 'GET', url: `/api/videos/${filed.json().id}/media`, headers: rahul.headers });
    expect(media.rawPayload.equals(tinyMp4())).toBe(true);
  });
});
