import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/client';
import { recordings } from '../../db/schema/recordings';
import {
  dealOwnedBy,
  filesUnder,
  formBody,
  minimalDocx,
  minimalPdf,
  minimalRtf,
  tinyMp4,
  type FormFile,
} from '../../../test/recordings-kit';
import { signInAll, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

const MAX = 200_000;
let t: TestApp;
let s: Record<'rahul' | 'priya', TestSession>;
let deal: { id: number; pipelineId: string };
let uploadsDir: string;

beforeAll(async () => {
  tinyMp4();
  t = await createTestApp({ seed: true, env: { UPLOAD_MAX_BYTES: String(MAX) } });
  s = await signInAll(t.database.db, { rahul: 'rahul@acme.example', priya: 'priya@acme.example' });
  deal = await dealOwnedBy(t.database.db, s.rahul.userId);
  uploadsDir = t.config.storage.kind === 'local' ? t.config.storage.dir : '';
}, 60_000);
afterAll(() => t?.close());

const target = () => ({ deal_id: String(deal.id), pipeline_id: deal.pipelineId });
function upload(who: TestSession, fields: Record<string, string>, files: FormFile[] = [], url = '/api/videos/upload') {
  const form = formBody(fields, files);
  return t.app.inject({ method: 'POST', url, headers: { ...who.headers, ...form.headers }, payload: form.payload });
}
const count = async () => (await execute<{ n: number }>(t.database.db, sql`select count(*)::int as n from recordings`))[0]!.n;
const jobFor = async (id: string) =>
  execute<{ status: string }>(t.database.db, sql`select status from jobs where type = 'recording.process' and dedupe_key = ${id}`);

describe('POST /api/videos/upload', () => {
  it('streams a video file into storage, files it under the deal and queues its processing', async () => {
    const mp4 = tinyMp4();
    const res = await upload(s.rahul, { ...target(), upload_type: 'file', google_meet_link: 'https://meet.google.com/abc-defg-hij' }, [
      { field: 'file', name: 'Discovery call.mp4', data: mp4, type: 'video/mp4' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const video = res.json();
    expect(video).toMatchObject({
      deal_id: String(deal.id),
      pipeline_id: deal.pipelineId,
      title: 'Discovery call.mp4',
      uploaded_by: 'rahul@acme.example',
      upload_type: 'file',
      status: 'uploaded',
      media_type: 'video/mp4',
      size_bytes: mp4.length,
      s3_url: `/api/videos/${video.id}/media`,
      meet_link: 'https://meet.google.com/abc-defg-hij',
      can_delete: true,
      can_retry: false,
    });
    const [row] = await t.database.db.select().from(recordings).where(eq(recordings.id, video.id));
    expect(row!.storageKey).toMatch(/^recordings\/[0-9a-f-]{36}\/media-[0-9a-f]{32}$/);
    expect((await t.services.adapters.storage.stat(row!.storageKey!))?.size).toBe(mp4.length);
    expect(await jobFor(video.id)).toEqual([{ status: 'queued' }]);
  });

  it('takes a transcription as text (upload-transcription) with the spec default title', async () => {
    const res = await upload(
      s.rahul,
      { ...target(), upload_type: 'transcription', transcription_text: '  Client agreed to a pilot.  ' },
      [],
      '/api/videos/upload-transcription',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      title: 'Direct Transcription Input',
      transcription: 'Client agreed to a pilot.',
      transcript_status: 'available',
      s3_url: null,
      status: 'uploaded',
    });
    expect(await jobFor(res.json().id)).toHaveLength(1);
  });

  it.each([
    ['notes.pdf', () => minimalPdf('Pricing discussed in detail'), 'Pricing discussed in detail'],
    ['notes.docx', () => minimalDocx('Decision maker is the CFO'), 'Decision maker is the CFO'],
    ['notes.doc', () => minimalDocx('Legacy Word name'), 'Legacy Word name'],
    ['notes.txt', () => Buffer.from('Follow up next Tuesday'), 'Follow up next Tuesday'],
    ['notes.rtf', () => minimalRtf('Send the proposal'), 'Send the proposal'],
  ])('reads the text of %s', async (name, data, text) => {
    const res = await upload(
      s.rahul,
      { ...target(), upload_type: 'transcription' },
      [{ field: 'document_file', name, data: data() }],
      '/api/videos/upload-transcription',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().title).toBe(`Document: ${name}`);
    expect(res.json().transcription).toContain(text);
  });

  it('joins typed text and a document', async () => {
    const res = await upload(
      s.rahul,
      { ...target(), upload_type: 'transcription', transcription_text: 'Typed part', title: 'Weekly sync' },
      [{ field: 'document_file', name: 'more.txt', data: Buffer.from('Document part') }],
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Weekly sync', transcription: 'Typed part\n\nDocument part' });
  });
});

describe('refused uploads leave no row and no file', () => {
  const textAsMp4 = { field: 'file', name: 'call.mp4', data: Buffer.from('this is a plain text file\n'.repeat(50)), type: 'video/mp4' };
  const png = {
    field: 'file',
    name: 'slide.png',
    data: Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(100)]),
    type: 'image/png',
  };
  const oversize = () => ({
    field: 'file',
    name: 'long.mp4',
    data: Buffer.concat([tinyMp4().subarray(0, 64), Buffer.alloc(MAX)]),
    type: 'video/mp4',
  });
  const cases: [string, () => Promise<{ statusCode: number; json(): { detail: string } }>, number, string | RegExp][] = [
    [
      'a text file renamed .mp4',
      () => upload(s.rahul, { ...target(), upload_type: 'file' }, [textAsMp4]),
      415,
      'Unsupported file type. Upload a video or audio file: mp4, mov, webm, mkv, avi, m4a, mp3 or wav.',
    ],
    ['an image', () => upload(s.rahul, { ...target(), upload_type: 'file' }, [png]), 415, /mp4, mov, webm/],
    [
      'a file beyond UPLOAD_MAX_BYTES',
      () => upload(s.rahul, { ...target(), upload_type: 'file' }, [oversize()]),
      413,
      /larger than the .* upload limit/,
    ],
    [
      'an empty file',
      () => upload(s.rahul, { ...target(), upload_type: 'file' }, [{ field: 'file', name: 'empty.mp4', data: Buffer.alloc(0) }]),
      400,
      'The file is empty.',
    ],
    ['no file', () => upload(s.rahul, { ...target(), upload_type: 'file' }), 400, 'Please select a video file to upload'],
    [
      'a malformed PDF',
      () =>
        upload(s.rahul, { ...target(), upload_type: 'transcription' }, [
          { field: 'document_file', name: 'broken.pdf', data: Buffer.from('%PDF-1.7\ngarbage') },
        ]),
      400,
      /^We could not read the text of broken\.pdf\./,
    ],
    [
      'a .docx that is not a zip',
      () =>
        upload(s.rahul, { ...target(), upload_type: 'transcription' }, [
          { field: 'document_file', name: 'fake.docx', data: Buffer.from('hello') },
        ]),
      400,
      /^We could not read the text of fake\.docx\./,
    ],
    [
      'a document of another type',
      () =>
        upload(s.rahul, { ...target(), upload_type: 'transcription' }, [
          { field: 'document_file', name: 'sheet.xlsx', data: Buffer.from('x') },
        ]),
      415,
      /Unsupported document type/,
    ],
    [
      'no transcription',
      () => upload(s.rahul, { ...target(), upload_type: 'transcription' }),
      400,
      'Please provide transcription text or upload a document',
    ],
    [
      'a Drive link to another host',
      () => upload(s.rahul, { ...target(), upload_type: 'drive', google_drive_link: 'https://example.com/file/d/1AbCdEfGhIjKlMnOp/view' }),
      400,
      /Google Drive file link/,
    ],
    [
      'no deal',
      () => upload(s.rahul, { pipeline_id: deal.pipelineId, upload_type: 'file' }, [{ field: 'file', name: 'a.mp4', data: tinyMp4() }]),
      400,
      'Please select a pipeline and deal',
    ],
    [
      'a deal that does not exist',
      () =>
        upload(s.rahul, { deal_id: '999999999', pipeline_id: deal.pipelineId, upload_type: 'file' }, [
          { field: 'file', name: 'a.mp4', data: tinyMp4() },
        ]),
      404,
      'Deal not found',
    ],
    [
      'a deal the caller cannot see',
      () => upload(s.priya, { ...target(), upload_type: 'file' }, [{ field: 'file', name: 'a.mp4', data: tinyMp4() }]),
      404,
      'Deal not found',
    ],
    [
      'a deal of another pipeline',
      () =>
        upload(s.rahul, { deal_id: String(deal.id), pipeline_id: '00000000-0000-4000-8000-000000000000', upload_type: 'file' }, [
          { field: 'file', name: 'a.mp4', data: tinyMp4() },
        ]),
      400,
      'This deal is not in the selected pipeline.',
    ],
    [
      'no upload method',
      () => upload(s.rahul, { ...target() }, [{ field: 'file', name: 'a.mp4', data: tinyMp4() }]),
      400,
      'Please select an upload method',
    ],
    [
      'a meet link that is no link',
      () =>
        upload(s.rahul, { ...target(), upload_type: 'file', google_meet_link: 'javascript:alert(1)' }, [
          { field: 'file', name: 'a.mp4', data: tinyMp4() },
        ]),
      400,
      /google_meet_link/,
    ],
    [
      'a NUL in the title',
      () => upload(s.rahul, { ...target(), upload_type: 'file', title: 'a\u0000b' }, [{ field: 'file', name: 'a.mp4', data: tinyMp4() }]),
      400,
      /title contains a character/,
    ],
  ];
  it.each(cases)('%s', async (_name, send, status, detail) => {
    const rows = await count();
    const files = filesUnder(uploadsDir).length;
    const res = await send();
    expect(res.statusCode).toBe(status);
    if (typeof detail === 'string') expect(res.json().detail).toBe(detail);
    else expect(res.json().detail).toMatch(detail);
    expect(await count()).toBe(rows);
    expect(filesUnder(uploadsDir)).toHaveLength(files);
  });

  it('a file sent before the form fields is removed again when the deal is refused', async () => {
    const files = filesUnder(uploadsDir).length;
    const form = formBody({ ...target(), upload_type: 'file' }, [{ field: 'file', name: 'a.mp4', data: tinyMp4() }], { filesFirst: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/videos/upload',
      headers: { ...s.priya.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(404);
    expect(filesUnder(uploadsDir)).toHaveLength(files);
  });

  it('refuses a body that is not multipart', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/videos/upload', headers: s.rahul.headers, payload: { deal_id: '1' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toBe('Send the upload as multipart/form-data.');
  });
});
