import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage } from '../adapters/storage/local-file-storage';
import { createJobRunner } from '../jobs/worker';
import { drainJobs, testServices } from '../../test/jobs-fixture';
import { silentLog } from '../../test/silent-log';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';
import { execute } from '../db/client';
import { seedDemo } from './seed';

type Row = {
  title: string;
  uploader: string;
  status: string;
  kind: string;
  deal_owner: string | null;
  summary: string | null;
  key_points: string[];
  sentiment: string | null;
  attendees: { email: string; organizer?: boolean; self?: boolean; responseStatus: string }[];
  transcript_status: string;
  duration_seconds: number | null;
  snapshot_keys: string[];
  transcription: string | null;
};

let database: TestDatabase;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-seed-media-'));
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const recordingRows = () =>
  execute<Row>(
    database.db,
    sql`
    select r.title, r.uploader_email as uploader, r.status, r.kind, o.email as deal_owner, r.summary, r.key_points, r.sentiment,
      r.meet_attendees as attendees, r.transcript_status, r.duration_seconds, r.snapshot_keys, r.transcription
    from recordings r left join deals d on d.id = r.deal_id left join users o on o.id = d.owner_id order by r.created_at desc`,
  );

describe('the demo recordings', () => {
  it("are on the uploaders' own deals, with summary, 3 to 7 key points and sentiment from their transcripts", async () => {
    const ready = (await recordingRows()).filter((r) => r.status === 'ready');
    expect(ready.length).toBeGreaterThanOrEqual(9);
    // Every one of the nine users holds calls, so coaching statistics have each style to read.
    expect(new Set(ready.map((r) => r.uploader))).toEqual(
      new Set([
        'asha@acme.example',
        'vikram@acme.example',
        'meera@acme.example',
        'rahul@acme.example',
        'priya@acme.example',
        'arjun@acme.example',
        'kavya@acme.example',
        'rohan@acme.example',
        'sneha@acme.example',
      ]),
    );
    expect(new Set(ready.map((r) => r.sentiment))).toEqual(new Set(['positive', 'neutral', 'negative']));
    expect(new Set(ready.map((r) => r.kind))).toEqual(new Set(['call', 'video']));
    for (const r of ready) {
      expect(r.deal_owner).toBe(r.uploader);
      expect(r.transcription).toContain(r.key_points[0]!);
      expect(r.key_points.length).toBeGreaterThanOrEqual(3);
      expect(r.key_points.length).toBeLessThanOrEqual(7);
      expect(r.summary!.length).toBeGreaterThan(40);
      expect(r.attendees[0]).toMatchObject({ email: r.uploader, organizer: true, self: true, responseStatus: 'accepted' });
      expect(r.attendees.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('carry speaker-named transcripts: the uploader and the deal company contacts, with times, as "Name: text" lines', async () => {
    const segments = await execute<{
      title: string;
      seller: string;
      seq: number;
      start_seconds: number;
      end_seconds: number;
      speaker: string;
      text: string;
      contacts: string[];
      transcription: string;
      duration_seconds: number;
    }>(
      database.db,
      sql`
      select r.title, u.first_name || ' ' || u.last_name as seller, s.seq, s.start_seconds, s.end_seconds, s.speaker, s.text,
        r.transcription, r.duration_seconds,
        (select array_agg(c.firstname || ' ' || c.lastname) from contacts c where c.company_id = d.company_id) as contacts
      from recording_segments s join recordings r on r.id = s.recording_id join users u on u.id = r.uploaded_by
      join deals d on d.id = r.deal_id order by r.title, s.seq`,
    );
    const byCall = new Map<string, typeof segments>();
    for (const s of segments) byCall.set(s.title, [...(byCall.get(s.title) ?? []), s]);
    const ready = (await recordingRows()).filter((r) => r.status === 'ready');
    expect([...byCall.keys()].sort()).toEqual(ready.map((r) => r.title).sort());
    const talk: number[] = [];
    for (const [title, rows] of byCall) {
      expect(rows.length, title).toBeGreaterThanOrEqual(10);
      const speakers = new Set(rows.map((s) => s.speaker));
      expect(speakers.has(rows[0]!.seller), title).toBe(true);
      expect(
        [...speakers].filter((s) => s !== rows[0]!.seller).every((s) => rows[0]!.contacts.includes(s)),
        title,
      ).toBe(true);
      expect(speakers.size, title).toBeGreaterThanOrEqual(2);
      for (const [i, s] of rows.entries()) {
        expect(s.seq).toBe(i);
        expect(s.end_seconds).toBeGreaterThan(s.start_seconds);
        if (i > 0) expect(s.start_seconds).toBeGreaterThanOrEqual(rows[i - 1]!.end_seconds);
      }
      expect(rows[0]!.transcription).toBe(rows.map((s) => `${s.speaker}: ${s.text}`).join('\n'));
      expect(rows[0]!.duration_seconds).toBeGreaterThanOrEqual(rows.at(-1)!.end_seconds);
      const spoken = (mine: boolean) =>
        rows.filter((s) => (s.speaker === s.seller) === mine).reduce((n, s) => n + s.end_seconds - s.start_seconds, 0);
      talk.push(spoken(true) / (spoken(true) + spoken(false)));
    }
    // Talk ratios differ from seller to seller.
    expect(Math.max(...talk) - Math.min(...talk)).toBeGreaterThan(0.3);
    const all = segments.map((s) => s.text).join(' ');
    // What the suggestions and the assistant read: amounts, dates, next steps, objections, competitors, action items.
    for (const words of [
      /₹[\d.]+ lakh/,
      /Next step: .* on \d{1,2} [A-Z][a-z]+/,
      /I'll send/,
      /decision/,
      /security review/,
      /rollout/,
      /integration/,
    ])
      expect(all).toMatch(words);
  });

  it('include a real video whose queued job stores it and processes it with pocketsphinx', { timeout: 60_000 }, async () => {
    const queued = await execute<{ type: string }>(database.db, sql`select type from jobs where status = 'queued'`);
    // Besides the video, each demo call on a deal has its suggested updates queued (issue 30, item 3).
    const calls = queued.filter((j) => j.type === 'call-suggestions.extract').length;
    expect(calls).toBeGreaterThanOrEqual(6);
    expect(queued.filter((j) => j.type !== 'call-suggestions.extract')).toEqual([{ type: 'recording.store-demo-media' }]);
    const services = testServices(database, { storage: createLocalFileStorage(dataDir) });
    // The video, the calls' suggestions, then the video's own suggestions and call statistics once it is ready.
    expect(await drainJobs(createJobRunner({ queue: services.queue, jobs: services.jobs, log: silentLog }))).toBe(calls + 3);
    const [stored] = await execute<{ n: number }>(database.db, sql`select count(*)::int as n from call_suggestions`);
    expect(stored!.n).toBeGreaterThan(0);
    const video = (await recordingRows()).find((r) => r.title === 'Recorded call with audio')!;
    expect(video).toMatchObject({ status: 'ready', transcript_status: 'available', duration_seconds: 25, uploader: 'rahul@acme.example' });
    expect(video.transcription).toMatch(/young man/i);
    expect(video.snapshot_keys).toHaveLength(1);
    expect(video.summary).toBeTruthy();
  });
});
