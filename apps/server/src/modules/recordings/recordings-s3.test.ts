import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../../test/fakes/s3-server';
import { dealOwnedBy, filesUnder, formBody, runUnclaimedUploadsCleanup, tinyMp4 } from '../../../test/recordings-kit';
import { signInAll, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

let s3: FakeS3;
let t: TestApp;
let s: Record<'rahul' | 'vikram', TestSession>;
let deal: { id: number; pipelineId: string };

beforeAll(async () => {
  tinyMp4();
  s3 = await startFakeS3();
  t = await createTestApp({ seed: true, env: s3.env });
  s = await signInAll(t.database.db, { rahul: 'rahul@acme.example', vikram: 'vikram@acme.example' });
  deal = await dealOwnedBy(t.database.db, s.rahul.userId);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const fields = () => ({ deal_id: String(deal.id), pipeline_id: deal.pipelineId, upload_type: 'file' });
function post(who: TestSession, f: Record<string, string>, files = [{ field: 'file', name: 'S3 call.mp4', data: tinyMp4() }]) {
  const form = formBody(f, files);
  return t.app.inject({ method: 'POST', url: '/api/videos/upload', headers: { ...who.headers, ...form.headers }, payload: form.payload });
}
const objectCount = () => filesUnder(s3.directory).filter((f) => f.includes('recordings/') && f.endsWith('._S3rver_object')).length;

describe('videos on S3 storage (s3rver)', () => {
  it('uploads, plays back by range through the API, and deletes the object', async () => {
    expect(t.services.adapters.storage.kind).toBe('s3');
    const res = await post(s.rahul, fields());
    expect(res.statusCode, res.body).toBe(201);
    const { id, s3_url } = res.json();
    expect(s3_url).toBe(`/api/videos/${id}/media`);
    const mp4 = tinyMp4();
    const part = await t.app.inject({ method: 'GET', url: s3_url, headers: { ...s.vikram.headers, range: 'bytes=4-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers).toMatchObject({
      'content-range': `bytes 4-11/${mp4.length}`,
      'content-type': 'video/mp4',
      'x-content-type-options': 'nosniff',
    });
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom');
    const whole = await t.app.inject({ method: 'GET', url: s3_url, headers: s.rahul.headers });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(mp4)).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: s3_url, headers: { ...s.rahul.headers, range: `bytes=${mp4.length + 5}-` } })).statusCode,
    ).toBe(416);

    const before = objectCount();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/videos/${id}`, headers: s.rahul.headers })).statusCode).toBe(204);
    expect(objectCount()).toBe(before - 1);
    expect((await t.app.inject({ method: 'GET', url: s3_url, headers: s.rahul.headers })).statusCode).toBe(404);
  });

  it('refuses a text file renamed .mp4 without storing it', async () => {
    const before = objectCount();
    const res = await post(s.rahul, fields(), [{ field: 'file', name: 'fake.mp4', data: Buffer.from('not a video at all') }]);
    expect(res.statusCode).toBe(415);
    expect(objectCount()).toBe(before);
  });

  it('generate-presigned-url gives a store URL to PUT to; upload_key then files it', async () => {
    const p = (
      await t.app.inject({
        method: 'POST',
        url: '/api/videos/generate-presigned-url',
        headers: s.rahul.headers,
        payload: { file_name: 'direct.mp4' },
      })
    ).json();
    expect(p.upload_url).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/recordings/`));
    const put = await fetch(p.upload_url, { method: 'PUT', headers: p.headers, body: tinyMp4() });
    expect(put.status).toBe(200);
    const res = await post(s.rahul, { ...fields(), upload_key: p.upload_key }, []);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: 'direct.mp4', media_type: 'video/mp4', size_bytes: tinyMp4().length });
  });

  it('deletes a presigned object that turns out not to be media', async () => {
    const p = (
      await t.app.inject({
        method: 'POST',
        url: '/api/videos/generate-presigned-url',
        headers: s.rahul.headers,
        payload: { file_name: 'x.mp4' },
      })
    ).json();
    await fetch(p.upload_url, { method: 'PUT', headers: p.headers, body: Buffer.from('plain text') });
    const before = objectCount();
    const res = await post(s.rahul, { ...fields(), upload_key: p.upload_key }, []);
    expect(res.statusCode).toBe(415);
    expect(objectCount()).toBe(before - 1);
  });

  it('removes a presigned object never filed as a video once its upload_key has expired', async () => {
    const p = (
      await t.app.inject({
        method: 'POST',
        url: '/api/videos/generate-presigned-url',
        headers: s.rahul.headers,
        payload: { file_name: 'left.mp4' },
      })
    ).json();
    expect((await fetch(p.upload_url, { method: 'PUT', headers: p.headers, body: tinyMp4() })).status).toBe(200);
    const key = decodeURIComponent(new URL(p.upload_url).pathname).slice(`/${s3.bucket}/`.length);
    expect(await t.services.adapters.storage.stat(key)).not.toBeNull();
    const before = objectCount();
    await runUnclaimedUploadsCleanup(t, { [key]: 120 });
    expect(await t.services.adapters.storage.stat(key)).toBeNull();
    expect(objectCount()).toBe(before - 1);
  });
});
