import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/client';
import { recordingParticipants, recordings } from '../../db/schema/recordings';
import { createJobRunner, type JobRunner } from '../../jobs/worker';
import { drainJobs, handlersOf } from '../../../test/jobs-fixture';
import { dealOwnedBy, formBody, type FormFile } from '../../../test/recordings-kit';
import { signInAll, type TestSession } from '../../../test/sessions';
import { silentLog } from '../../../test/silent-log';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { processRecordingJob } from './recording-jobs';
import { createProcessingRepo } from './recording-processor-repo';

let t: TestApp;
let s: Record<'rahul' | 'priya' | 'vikram', TestSession>;
let deal: { id: number; pipelineId: string };
let runner: JobRunner;

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../../../test/transcripts', name));

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  s = await signInAll(t.database.db, { rahul: 'rahul@acme.example', priya: 'priya@acme.example', vikram: 'vikram@acme.example' });
  deal = await dealOwnedBy(t.database.db, s.rahul.userId);
  runner = createJobRunner({ queue: t.services.queue, jobs: handlersOf(t.services, processRecordingJob), log: silentLog });
}, 60_000);
afterAll(() => t?.close());

function upload(fields: Record<string, string>, files: FormFile[] = []) {
  const form = formBody({ deal_id: String(deal.id), pipeline_id: deal.pipelineId, upload_type: 'transcription', ...fields }, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/videos/upload-transcription',
    headers: { ...s.rahul.headers, ...form.headers },
    payload: form.payload,
  });
}
const transcriptOf = (who: TestSession, id: string) =>
  t.app.inject({ method: 'GET', url: `/api/videos/${id}/transcript`, headers: who.headers });
const count = async () => (await execute<{ n: number }>(t.database.db, sql`select count(*)::int as n from recordings`))[0]!.n;

describe('a transcript file uploaded over the API', () => {
  it('keeps a Teams .vtt as readable text at once, and its segments with times and speakers once processed', async () => {
    const res = await upload({}, [{ field: 'document_file', name: 'Rollout sync.vtt', data: fixture('teams.vtt') }]);
    expect(res.statusCode, res.body).toBe(201);
    const video = res.json();
    expect(video.transcription).toBe(
      [
        "Kaveri Rao: Good morning. Let's start with where we are on the rollout. We would like to go live in March.",
        'Arjun Mehta: March works. The budget is 48,000 dollars for the first year.',
        'Priya Nair: Thanks all, talk next week.',
      ].join('\n'),
    );
    expect(await drainJobs(runner)).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: `/api/videos/${video.id}`, headers: s.rahul.headers })).json().status).toBe('ready');

    const answer = await transcriptOf(s.rahul, video.id);
    expect(answer.statusCode, answer.body).toBe(200);
    // Processing's participants step made each named speaker a participant, mapped to their label.
    expect(answer.json()).toEqual({
      segments: [
        {
          seq: 0,
          start: 3.528,
          end: 7.912,
          speaker: 'Kaveri Rao',
          speaker_name: 'Kaveri Rao',
          text: "Good morning. Let's start with where we are on the rollout.",
        },
        {
          seq: 1,
          start: 7.912,
          end: 10.224,
          speaker: 'Kaveri Rao',
          speaker_name: 'Kaveri Rao',
          text: 'We would like to go live in March.',
        },
        {
          seq: 2,
          start: 11.016,
          end: 16.48,
          speaker: 'Arjun Mehta',
          speaker_name: 'Arjun Mehta',
          text: 'March works. The budget is 48,000 dollars for the first year.',
        },
        { seq: 3, start: 3725.3, end: 3729.75, speaker: 'Priya Nair', speaker_name: 'Priya Nair', text: 'Thanks all, talk next week.' },
      ],
      speakers: [
        { label: 'Kaveri Rao', participant_id: expect.any(String), name: 'Kaveri Rao' },
        { label: 'Arjun Mehta', participant_id: expect.any(String), name: 'Arjun Mehta' },
        { label: 'Priya Nair', participant_id: expect.any(String), name: 'Priya Nair' },
      ],
    });
    // Rahul's manager sees it too; his peer does not learn it exists.
    expect((await transcriptOf(s.vikram, video.id)).statusCode).toBe(200);
    const hidden = await transcriptOf(s.priya, video.id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Kaveri');
  });

  it('names a speaker by the participant mapped to the label', async () => {
    const res = await upload({ transcription_text: 'Speaker 1: We need the quote by Friday.\nSpeaker 2: I will send it Thursday.' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    await drainJobs(runner);
    const [row] = await t.database.db.select({ org: recordings.organizationId }).from(recordings).where(eq(recordings.id, id));
    const [kaveri] = await t.database.db
      .insert(recordingParticipants)
      .values({
        recordingId: id,
        organizationId: row!.org,
        name: 'Kaveri Rao',
        email: 'kaveri@sahyadri.example',
        source: 'edited',
        speakerLabel: 'Speaker 1',
      })
      .returning({ id: recordingParticipants.id });
    const body = (await transcriptOf(s.rahul, id)).json();
    expect(
      body.segments.map((x: { start: unknown; speaker: unknown; speaker_name: unknown }) => [x.start, x.speaker, x.speaker_name]),
    ).toEqual([
      [null, 'Speaker 1', 'Kaveri Rao'],
      [null, 'Speaker 2', 'Speaker 2'],
    ]);
    expect(body.speakers).toEqual([
      { label: 'Speaker 1', participant_id: kaveri!.id, name: 'Kaveri Rao' },
      { label: 'Speaker 2', participant_id: null, name: 'Speaker 2' },
    ]);
  });

  it('refuses a broken .vtt or .srt with a 400 that names the problem, and keeps nothing', async () => {
    const before = await count();
    const notVtt = await upload({}, [{ field: 'document_file', name: 'call.vtt', data: Buffer.from('Kaveri Rao: hello') }]);
    expect(notVtt.statusCode).toBe(400);
    expect(notVtt.json().detail).toBe('call.vtt: This .vtt file is not WebVTT: it must start with the line "WEBVTT".');
    const badSrt = await upload({}, [
      { field: 'document_file', name: 'call.srt', data: Buffer.from('1\n00:00:01,000 -> 00:00:02,000\nHi\n') },
    ]);
    expect(badSrt.statusCode).toBe(400);
    expect(badSrt.json().detail).toMatch(/^call\.srt: This SRT file could not be read: /);
    expect(await count()).toBe(before);
  });

  it('a rerun of the transcript stage replaces the segments an earlier run stored, with the text, in one transaction', async () => {
    const res = await upload({ transcription_text: 'Kaveri: One.\nArjun: Two.\nKaveri: Three.' });
    const id = res.json().id as string;
    await drainJobs(runner);
    expect((await transcriptOf(s.rahul, id)).json().segments).toHaveLength(3);
    await t.database.db.update(recordings).set({ status: 'processing' }).where(eq(recordings.id, id));
    await createProcessingRepo(t.database.db).saveTranscript(id, {
      text: 'Speaker 1: Again.',
      segments: [{ start: 1, end: 2, speaker: 'Speaker 1', text: 'Again.' }],
    });
    const again = (await transcriptOf(s.rahul, id)).json();
    expect(again.segments).toEqual([{ seq: 0, start: 1, end: 2, speaker: 'Speaker 1', speaker_name: 'Speaker 1', text: 'Again.' }]);
    const [row] = await t.database.db.select({ transcription: recordings.transcription }).from(recordings).where(eq(recordings.id, id));
    expect(row!.transcription).toBe('Speaker 1: Again.');
  });

  it('answers 404 for a recording that does not exist or is not an id', async () => {
    expect((await transcriptOf(s.rahul, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await transcriptOf(s.rahul, 'nope')).statusCode).toBe(404);
  });
});
