import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/client';
import { recordings } from '../../db/schema/recordings';
import { createOtherWorkspace } from '../../../test/other-workspace';
import { dealOwnedBy, formBody, runUnclaimedUploadsCleanup, tinyMp4 } from '../../../test/recordings-kit';
import { signIn, signInAll, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let s: Record<'rahul' | 'priya' | 'vikram' | 'asha' | 'meera' | 'kavya', TestSession>;
let other: TestSession;
let deal: { id: number; pipelineId: string };

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const db = t.database.db;
  s = await signInAll(db, {
    rahul: 'rahul@acme.example',
    priya: 'priya@acme.example',
    vikram: 'vikram@acme.example',
    asha: 'asha@acme.example',
    meera: 'meera@acme.example',
    kavya: 'kavya@acme.example',
  });
  const ws = await createOtherWorkspace(db, { deals: 2 });
  other = await signIn(db, ws.emails.admin);
  deal = await dealOwnedBy(db, s.rahul.userId);
}, 60_000);
afterAll(() => t?.close());

const get = (who: TestSession, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...who.headers, ...headers } });

async function uploadAs(who: TestSession, title: string): Promise<{ id: string }> {
  const form = formBody({ deal_id: String(deal.id), pipeline_id: deal.pipelineId, upload_type: 'file', title }, [
    { field: 'file', name: 'clip.mp4', data: tinyMp4() },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/videos/upload',
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A recording of `who` written directly (kavya owns no deal rahul's tests use). */
async function recordingOf(who: TestSession, values: Partial<typeof recordings.$inferInsert> = {}): Promise<string> {
  const [row] = await t.database.db
    .insert(recordings)
    .values({
      organizationId: who.organizationId,
      uploadedBy: who.userId,
      uploaderEmail: who.email,
      title: 'Direct row',
      uploadType: 'transcription',
      transcription: 'text',
      ...values,
    })
    .returning({ id: recordings.id });
  return row!.id;
}

describe('media playback', () => {
  let id: string;
  const mp4 = () => tinyMp4();
  beforeAll(async () => {
    id = (await uploadAs(s.rahul, 'Range me')).id;
  });

  it('serves the whole file with its type, nosniff, an inline safe name and Accept-Ranges', async () => {
    const res = await get(s.rahul, `/api/videos/${id}/media`);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline; filename="clip.mp4"',
    });
    expect(res.rawPayload.equals(mp4())).toBe(true);
  });

  it.each([
    ['first bytes', 'bytes=0-9', 0, 9],
    ['a suffix', 'bytes=-16', -16, -1],
    ['an open range', 'bytes=100-', 100, -1],
  ])('serves %s as 206 with Content-Range', async (_name, range, from, to) => {
    const size = mp4().length;
    const start = from < 0 ? size + from : from;
    const end = to < 0 ? size + to : to;
    const res = await get(s.rahul, `/api/videos/${id}/media`, { range });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.rawPayload.equals(mp4().subarray(start, end + 1))).toBe(true);
  });

  it('answers 416 for a range beyond the end', async () => {
    const res = await get(s.rahul, `/api/videos/${id}/media`, { range: `bytes=${mp4().length}-` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${mp4().length}`);
  });

  it('is 404 for someone who cannot see the video, and for a video without media', async () => {
    expect((await get(s.priya, `/api/videos/${id}/media`)).statusCode).toBe(404);
    expect((await get(s.rahul, `/api/videos/${await recordingOf(s.rahul)}/media`)).json().detail).toBe('This video has no media file.');
  });

  it('serves snapshots as image/jpeg, and 404 past the last', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await t.services.adapters.storage.put('recordings/snap-test/snapshot-0.jpg', (await import('node:stream')).Readable.from([jpeg]), {});
    const withSnap = await recordingOf(s.rahul, { snapshotKeys: ['recordings/snap-test/snapshot-0.jpg'], snapshotEverySeconds: 30 });
    const res = await get(s.rahul, `/api/videos/${withSnap}/snapshots/0`);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ 'content-type': 'image/jpeg', 'x-content-type-options': 'nosniff' });
    expect(res.rawPayload.equals(jpeg)).toBe(true);
    expect((await get(s.rahul, `/api/videos/${withSnap}`)).json().snapshots).toEqual([
      { at_seconds: 0, url: `/api/videos/${withSnap}/snapshots/0` },
    ]);
    expect((await get(s.rahul, `/api/videos/${withSnap}/snapshots/1`)).statusCode).toBe(404);
    expect((await get(s.priya, `/api/videos/${withSnap}/snapshots/0`)).statusCode).toBe(404);
  });
});

describe('who sees which videos', () => {
  let rahulVideo: string;
  let kavyaVideo: string;
  beforeAll(async () => {
    rahulVideo = await recordingOf(s.rahul, { title: 'Rahul call', dealId: deal.id });
    kavyaVideo = await recordingOf(s.kavya, { title: 'Kavya call' });
  });
  const ids = async (who: TestSession, url: string) => ((await get(who, url)).json() as { id: string }[]).map((v) => v.id);

  it("my-videos: only the caller's own, newest first, paginated", async () => {
    const mine = await ids(s.rahul, '/api/videos/my-videos');
    expect(mine[0]).toBe(rahulVideo);
    expect(mine).not.toContain(kavyaVideo);
    expect(await ids(s.rahul, '/api/videos/my-videos?limit=1&offset=1')).toEqual([mine[1]]);
  });

  it('subordinate-videos: everyone below (a manager), everyone else (an admin), nobody for a rep', async () => {
    // Meera's team (the demo's recordings included), never Rahul's, who reports to Vikram.
    const meera = await ids(s.meera, '/api/videos/subordinate-videos');
    expect(meera).toContain(kavyaVideo);
    expect(meera).not.toContain(rahulVideo);
    const uploaders = ((await get(s.meera, '/api/videos/subordinate-videos')).json() as { uploaded_by: string }[]).map(
      (v) => v.uploaded_by,
    );
    expect(uploaders.length).toBeGreaterThan(0);
    expect(uploaders.every((email) => email !== 'meera@acme.example' && email !== 'rahul@acme.example')).toBe(true);
    const vikram = await ids(s.vikram, '/api/videos/subordinate-videos');
    expect(vikram).toEqual(expect.arrayContaining([rahulVideo, kavyaVideo]));
    expect(await ids(s.asha, '/api/videos/subordinate-videos')).toEqual(expect.arrayContaining([rahulVideo, kavyaVideo]));
    expect(await ids(s.priya, '/api/videos/subordinate-videos')).toEqual([]);
    expect(await ids(other, '/api/videos/subordinate-videos')).toEqual([]);
  });

  it('one video: the uploader, above them and admins; 404 for a peer, another manager and another workspace', async () => {
    for (const who of [s.rahul, s.vikram, s.asha]) expect((await get(who, `/api/videos/${rahulVideo}`)).statusCode).toBe(200);
    for (const who of [s.priya, s.meera, s.kavya, other]) expect((await get(who, `/api/videos/${rahulVideo}`)).statusCode).toBe(404);
    expect((await get(s.rahul, '/api/videos/not-a-uuid')).statusCode).toBe(404);
  });

  it('by deal: {data} of the videos the caller may see; 404 for a deal the caller cannot see', async () => {
    const res = await get(s.rahul, `/api/videos/get-video-by-dealId/${deal.id}`);
    expect(res.statusCode).toBe(200);
    expect((res.json().data as { id: string }[]).map((v) => v.id)).toContain(rahulVideo);
    expect((await get(s.priya, `/api/videos/get-video-by-dealId/${deal.id}`)).statusCode).toBe(404);
    expect((await get(other, `/api/videos/get-video-by-dealId/${deal.id}`)).statusCode).toBe(404);
  });

  it("deals for the form: the caller's visible deals as {id, name, pipeline_id}, filtered by pipeline id or label, any case", async () => {
    const all = (await get(s.rahul, '/api/videos/deals')).json() as { id: string; name: string; pipeline_id: string }[];
    expect(all.map((d) => d.id)).toContain(String(deal.id));
    expect(Object.keys(all[0]!).sort()).toEqual(['id', 'name', 'pipeline_id']);
    const [pipeline] = await execute<{ label: string }>(t.database.db, sql`select label from pipelines where id = ${deal.pipelineId}`);
    const byLabel = (await get(s.rahul, `/api/videos/deals?pipeline=${encodeURIComponent(pipeline!.label.toUpperCase())}`)).json() as {
      pipeline_id: string;
    }[];
    expect(byLabel.length).toBeGreaterThan(0);
    expect(byLabel.every((d) => d.pipeline_id === deal.pipelineId)).toBe(true);
    expect((await get(s.rahul, `/api/videos/deals?pipeline=${deal.pipelineId.toUpperCase()}`)).json()).toEqual(byLabel);
    expect(((await get(s.priya, '/api/videos/deals')).json() as { id: string }[]).map((d) => d.id)).not.toContain(String(deal.id));
  });
});

describe('delete and retry', () => {
  const del = (who: TestSession, id: string) => t.app.inject({ method: 'DELETE', url: `/api/videos/${id}`, headers: who.headers });
  const retry = (who: TestSession, id: string) => t.app.inject({ method: 'POST', url: `/api/videos/${id}/retry`, headers: who.headers });

  it('the uploader deletes a video with its media', async () => {
    const { id } = await uploadAs(s.rahul, 'To delete');
    const [row] = await execute<{ storage_key: string }>(t.database.db, sql`select storage_key from recordings where id = ${id}`);
    expect((await del(s.rahul, id)).statusCode).toBe(204);
    expect(await t.services.adapters.storage.stat(row!.storage_key)).toBeNull();
    expect((await get(s.rahul, `/api/videos/${id}`)).statusCode).toBe(404);
  });

  it("an admin deletes anyone's; a peer gets 404 and a manager who is not an admin 403", async () => {
    const { id } = await uploadAs(s.rahul, 'Admin deletes');
    expect((await del(s.priya, id)).statusCode).toBe(404);
    expect((await del(s.vikram, id)).statusCode).toBe(204);
    const kavyas = await recordingOf(s.kavya);
    const refused = await del(s.meera, kavyas);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('Only the uploader or an admin can do this.');
    expect((await get(s.meera, `/api/videos/${kavyas}`)).json().can_delete).toBe(false);
  });

  it('retries only a failed video: back to processing with a new job', async () => {
    const { id } = await uploadAs(s.rahul, 'Retry me');
    const early = await retry(s.rahul, id);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe('Only a video whose processing failed can be retried.');
    await execute(t.database.db, sql`update recordings set status = 'failed', error = 'No audio track' where id = ${id}`);
    await execute(t.database.db, sql`update jobs set status = 'failed' where dedupe_key = ${id}`);
    expect((await get(s.rahul, `/api/videos/${id}`)).json()).toMatchObject({ status: 'failed', can_retry: true });
    expect((await get(s.vikram, `/api/videos/${id}`)).json()).toMatchObject({ can_retry: true });
    expect((await retry(s.priya, id)).statusCode).toBe(404);
    const res = await retry(s.rahul, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'processing', error: null, can_retry: false });
    const queued = await execute<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from jobs where dedupe_key = ${id} and status = 'queued'`,
    );
    expect(queued[0]!.n).toBe(1);
  });
});

describe('a crash between the recording and its processing job', () => {
  // The database refuses the processing job (the server dies as it writes it), and nothing the
  // server tries afterwards (a compensating delete) reaches the database either.
  const run = async (...statements: string[]) => {
    for (const statement of statements) await execute(t.database.db, sql.raw(statement));
  };
  const dieAtTheJob = () =>
    run(
      `create function pw_test_die() returns trigger language plpgsql as $$
        begin raise exception 'the server died before its next write'; end $$`,
      `create trigger pw_test_die_at_job before insert on jobs for each row
        when (new.type = 'recording.process') execute function pw_test_die()`,
      'create trigger pw_test_die_after before delete on recordings for each row execute function pw_test_die()',
    );
  const revive = () =>
    run('drop trigger pw_test_die_at_job on jobs', 'drop trigger pw_test_die_after on recordings', 'drop function pw_test_die()');
  const jobsOf = async (id: string) =>
    (await execute<{ status: string }>(t.database.db, sql`select status from jobs where dedupe_key = ${id} order by id`)).map(
      (j) => j.status,
    );

  it('during an upload leaves no recording behind (never an uploaded recording without a job)', async () => {
    await dieAtTheJob();
    try {
      const form = formBody({ deal_id: String(deal.id), pipeline_id: deal.pipelineId, upload_type: 'file', title: 'Half filed' }, [
        { field: 'file', name: 'clip.mp4', data: tinyMp4() },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/videos/upload',
        headers: { ...s.rahul.headers, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await revive();
    }
    expect(await execute(t.database.db, sql`select id, status from recordings where title = 'Half filed'`)).toEqual([]);
  });

  it('during a Retry leaves the recording failed, to be retried again (never processing without a job)', async () => {
    const { id } = await uploadAs(s.rahul, 'Retry dies');
    await execute(t.database.db, sql`update recordings set status = 'failed', error = 'No audio track' where id = ${id}`);
    await execute(t.database.db, sql`update jobs set status = 'failed' where dedupe_key = ${id}`);
    await dieAtTheJob();
    try {
      expect((await t.app.inject({ method: 'POST', url: `/api/videos/${id}/retry`, headers: s.rahul.headers })).statusCode).toBe(500);
    } finally {
      await revive();
    }
    expect((await get(s.rahul, `/api/videos/${id}`)).json()).toMatchObject({ status: 'failed', can_retry: true });
    expect(await jobsOf(id)).toEqual(['failed']);
  });
});

describe('direct upload (generate-presigned-url, local storage)', () => {
  const presign = (who: TestSession) =>
    t.app.inject({
      method: 'POST',
      url: '/api/videos/generate-presigned-url',
      headers: who.headers,
      payload: { file_name: 'Board review.mp4' },
    });
  const put = (who: TestSession, url: string, data: Buffer) =>
    t.app.inject({ method: 'PUT', url, headers: { ...who.headers, 'content-type': 'video/mp4' }, payload: data });
  const claim = (who: TestSession, key: string) => {
    const form = formBody({ deal_id: String(deal.id), pipeline_id: deal.pipelineId, upload_type: 'file', upload_key: key });
    return t.app.inject({ method: 'POST', url: '/api/videos/upload', headers: { ...who.headers, ...form.headers }, payload: form.payload });
  };

  it('PUT the bytes to the URL, then upload with upload_key', async () => {
    const p = (await presign(s.rahul)).json();
    expect(p).toMatchObject({ method: 'PUT', upload_url: expect.stringMatching(/^\/api\/videos\/direct-upload\//) });
    expect((await put(s.priya, p.upload_url, tinyMp4())).statusCode).toBe(403);
    const stored = await put(s.rahul, p.upload_url, tinyMp4());
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json()).toEqual({ size_bytes: tinyMp4().length, media_type: 'video/mp4' });
    expect((await put(s.rahul, p.upload_url, tinyMp4())).statusCode).toBe(409);
    expect((await claim(s.priya, p.upload_key)).statusCode).toBe(404);
    const res = await claim(s.rahul, p.upload_key);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Board review.mp4', media_type: 'video/mp4', size_bytes: tinyMp4().length });
    const again = await claim(s.rahul, p.upload_key);
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('This upload was already used for a video.');
  });

  it("makes one video of uploads racing with one upload_key, and the file stays that video's", async () => {
    const p = (await presign(s.rahul)).json();
    expect((await put(s.rahul, p.upload_url, tinyMp4())).statusCode).toBe(200);
    const answers = await Promise.all([claim(s.rahul, p.upload_key), claim(s.rahul, p.upload_key), claim(s.rahul, p.upload_key)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    for (const refused of answers.filter((r) => r.statusCode === 400))
      expect(refused.json().detail).toBe('This upload was already used for a video.');
    const video = answers.find((r) => r.statusCode === 201)!.json();
    const media = await t.app.inject({ method: 'GET', url: `/api/videos/${video.id}/media`, headers: s.rahul.headers });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(tinyMp4())).toBe(true);
  });

  it('removes the bytes of an upload never filed as a video an hour after its upload_key expired, and keeps the rest', async () => {
    const keys = async () =>
      new Set(
        (await execute<{ storage_key: string }>(t.database.db, sql`select storage_key from direct_uploads`)).map((r) => r.storage_key),
      );
    /** A presigned upload of rahul's with its storage key (the one row it added). */
    const presigned = async () => {
      const before = await keys();
      const p = (await presign(s.rahul)).json();
      const added = [...(await keys())].filter((k) => !before.has(k));
      expect(added).toHaveLength(1);
      return { ...p, key: added[0]! };
    };
    const abandoned = await presigned();
    const justExpired = await presigned();
    const filed = await presigned();
    const neverSent = await presigned();
    const stillValid = await presigned();
    for (const u of [abandoned, justExpired, filed, stillValid]) expect((await put(s.rahul, u.upload_url, tinyMp4())).statusCode).toBe(200);
    const video = (await claim(s.rahul, filed.upload_key)).json();

    await runUnclaimedUploadsCleanup(t, { [abandoned.key]: 120, [filed.key]: 120, [neverSent.key]: 120, [justExpired.key]: 5 });

    const { storage } = t.services.adapters;
    expect(await storage.stat(abandoned.key)).toBeNull();
    expect(await storage.stat(justExpired.key)).not.toBeNull();
    expect(await storage.stat(stillValid.key)).not.toBeNull();
    expect((await get(s.rahul, `/api/videos/${video.id}/media`)).rawPayload.equals(tinyMp4())).toBe(true);
    const left = await keys();
    expect([abandoned, filed, neverSent].filter((u) => left.has(u.key))).toEqual([]);
    expect(left.has(justExpired.key) && left.has(stillValid.key)).toBe(true);
    // An upload_key still within its day files its bytes after the cleanup as before.
    expect((await claim(s.rahul, stillValid.upload_key)).statusCode).toBe(201);
  });

  it('keeps a stored file to one video in the database too', async () => {
    const copy = execute(
      t.database.db,
      sql`insert into recordings (organization_id, uploaded_by, uploader_email, title, upload_type, storage_key)
          select organization_id, uploaded_by, uploader_email, 'Copy', upload_type, storage_key
          from recordings where storage_key is not null limit 1`,
    );
    await expect(copy).rejects.toMatchObject({ cause: { code: '23505' } });
  });

  it('takes a PUT without a Content-Type (the bytes decide the type)', async () => {
    const p = (await presign(s.rahul)).json();
    const res = await t.app.inject({ method: 'PUT', url: p.upload_url, headers: s.rahul.headers, payload: tinyMp4() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().media_type).toBe('video/mp4');
  });

  it('refuses a PUT that is not media (415) and keeps nothing; a forged key is refused', async () => {
    const p = (await presign(s.rahul)).json();
    expect((await put(s.rahul, p.upload_url, Buffer.from('just text'))).statusCode).toBe(415);
    expect((await claim(s.rahul, p.upload_key)).json().detail).toBe('The uploaded file was not found. Upload the file again.');
    expect((await claim(s.rahul, `${p.upload_key}x`)).json().detail).toBe(
      'This upload has expired or is not yours. Upload the file again.',
    );
  });
});
