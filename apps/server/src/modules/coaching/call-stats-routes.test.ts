import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_SPEAKERS_TEXT, type TCallStats, type TCompetitorList } from '@pipewise/contract/coaching';
import { execute } from '../../db/client';
import {
  callStatsPeople,
  contacts,
  deals,
  jobs,
  recordingParticipants,
  recordingSegments,
  recordingVoiceTurns,
  recordings,
} from '../../db/schema';
import { createJobRunner, type JobRunner } from '../../jobs/worker';
import { parseTranscript } from '../recordings/transcript-formats/parse-transcript';
import { drainJobs, handlersOf } from '../../../test/jobs-fixture';
import { createOtherWorkspace } from '../../../test/other-workspace';
import { signIn, signInAll, type TestSession } from '../../../test/sessions';
import { silentLog } from '../../../test/silent-log';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { callStatsJob, workspaceCallStatsJob } from './call-stats-jobs';

/**
 * A call's statistics over HTTP, from each speaker source: a WebVTT transcript naming a workspace user and a
 * contact; generic labels ("Speaker 1") mapped on the meeting page (the job runs again after the correction); a
 * stereo recording's two channels (left is the team's side until swapped); and a mono recording transcribed
 * offline, which has no speakers. Whoever cannot see the recording gets 404; the competitor list is the admins'.
 */
let t: TestApp;
let s: Record<'rahul' | 'priya' | 'vikram' | 'kavya' | 'asha', TestSession>;
let otherAdmin: TestSession;
let runner: JobRunner;
let deal: { id: number; pipelineId: string; companyId: string | null };
let contact: { id: string; name: string };

const send = (who: TestSession, method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: who.headers });
const statsOf = async (id: string, who: TestSession = s.rahul): Promise<TCallStats> => {
  const res = await send(who, 'GET', `/api/videos/${id}/call-stats`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TCallStats>();
};
const peopleRows = (id: string) =>
  t.database.db.select().from(callStatsPeople).where(eq(callStatsPeople.recordingId, id)).orderBy(asc(callStatsPeople.userId));
const near = (value: number | null | undefined, expected: number) => expect(value).toBeCloseTo(expected, 3);

/** A ready recording of rahul's deal with these segments (and participants), as processing leaves it. */
async function recording(
  title: string,
  segments: { start: number | null; end: number | null; speaker: string | null; text: string }[],
  extra: Partial<typeof recordings.$inferInsert> = {},
): Promise<string> {
  const db = t.database.db;
  const [row] = await db
    .insert(recordings)
    .values({
      organizationId: s.rahul.organizationId,
      uploadedBy: s.rahul.userId,
      uploaderEmail: s.rahul.email,
      dealId: deal.id,
      pipelineId: deal.pipelineId,
      title,
      uploadType: 'file',
      status: 'ready',
      transcriptStatus: segments.length ? 'available' : 'unavailable',
      transcription: segments.map((x) => (x.speaker ? `${x.speaker}: ${x.text}` : x.text)).join('\n') || null,
      recordedAt: new Date('2026-11-12T04:30:00Z'),
      durationSeconds: 120,
      ...extra,
    })
    .returning({ id: recordings.id });
  const id = row!.id;
  if (segments.length)
    await db.insert(recordingSegments).values(
      segments.map((x, seq) => ({
        recordingId: id,
        organizationId: s.rahul.organizationId,
        seq,
        startSeconds: x.start,
        endSeconds: x.end,
        speaker: x.speaker,
        text: x.text,
      })),
    );
  return id;
}

/** Rahul (a workspace user) and the deal's contact as the recording's participants; their participant ids. */
async function participants(recordingId: string, labels: { rahul?: string; contact?: string } = {}) {
  const rows = await t.database.db
    .insert(recordingParticipants)
    .values([
      {
        organizationId: s.rahul.organizationId,
        recordingId,
        name: 'Rahul Verma',
        email: s.rahul.email,
        userId: s.rahul.userId,
        source: 'upload',
        speakerLabel: labels.rahul ?? null,
      },
      {
        organizationId: s.rahul.organizationId,
        recordingId,
        name: contact.name,
        contactId: contact.id,
        source: 'upload',
        speakerLabel: labels.contact ?? null,
      },
    ])
    .returning({ id: recordingParticipants.id, name: recordingParticipants.name });
  return { rahul: rows[0]!.id, contact: rows[1]!.id };
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const db = t.database.db;
  s = await signInAll(db, {
    rahul: 'rahul@acme.example',
    priya: 'priya@acme.example',
    vikram: 'vikram@acme.example',
    kavya: 'kavya@acme.example',
    asha: 'asha@acme.example',
  });
  const other = await createOtherWorkspace(db);
  otherAdmin = await signIn(db, other.emails.admin);
  runner = createJobRunner({ queue: t.services.queue, jobs: handlersOf(t.services, callStatsJob, workspaceCallStatsJob), log: silentLog });
  const [d] = await db
    .select({ id: deals.id, pipelineId: deals.pipelineId, companyId: deals.companyId })
    .from(deals)
    .where(and(eq(deals.ownerId, s.rahul.userId), sql`${deals.companyId} is not null`))
    .orderBy(asc(deals.id))
    .limit(1);
  deal = { id: d!.id, pipelineId: d!.pipelineId!, companyId: d!.companyId };
  const [k] = await db
    .select({ id: contacts.id, first: contacts.firstname, last: contacts.lastname })
    .from(contacts)
    .where(eq(contacts.companyId, deal.companyId!))
    .orderBy(asc(contacts.id))
    .limit(1);
  contact = { id: k!.id, name: `${k!.first} ${k!.last}` };
  // Only what each test queues runs.
  await execute(db, sql`delete from jobs`);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('a call with a speaker-named transcript (WebVTT)', () => {
  let id: string;
  beforeAll(async () => {
    const vtt = [
      'WEBVTT',
      '',
      '00:00:00.000 --> 00:00:10.000',
      '<v Rahul Verma>Thanks for joining. How do you track follow-ups today?',
      '',
      '00:00:11.000 --> 00:00:31.000',
      `<v ${contact.name}>Mostly by hand. Salesforce was too expensive for us and the pricing kept going up.`,
      '',
      '00:00:32.000 --> 00:00:40.000',
      '<v Rahul Verma>Understood. What would success look like? Who else should join?',
      '',
      `00:00:41.000 --> 00:00:45.000`,
      `<v ${contact.name}>Our operations head.`,
      '',
    ].join('\n');
    const parsed = parseTranscript(vtt, 'call.vtt');
    id = await recording('VTT call', parsed.segments);
    await participants(id);
    await t.services.callStats.compute(id);
  });

  it('names each speaker from the participants: the workspace user is the team, the contact the customer', async () => {
    const body = await statsOf(id);
    expect(body).toMatchObject({ recording_id: id, state: 'ready', team_channel: null });
    const stats = body.stats!;
    expect(stats.speaker_source).toBe('transcript');
    expect(stats.people.map((p) => [p.name, p.side, p.user_id])).toEqual(
      expect.arrayContaining([
        ['Rahul Verma', 'team', s.rahul.userId],
        [contact.name, 'customer', null],
      ]),
    );
    // Rahul 10 s + 8 s, the customer 20 s + 4 s.
    near(stats.sides!.team.talk_ratio, 18 / 42);
    near(stats.sides!.customer.talk_ratio, 24 / 42);
    expect(stats.questions).toBe(3);
    expect(stats.question_source).toBe('punctuation');
    expect(stats.longest_monologue).toMatchObject({ name: 'Rahul Verma', start: 0 });
    near(stats.longest_monologue!.seconds, 10);
    expect(stats.longest_story).toMatchObject({ name: contact.name, start: 11 });
    near(stats.longest_story!.seconds, 20);
    near(stats.patience_seconds, 1);
    near(stats.duration_seconds, 45);
    expect(stats.turns).toHaveLength(4);
    expect(stats.mentions.map((m) => [m.kind, m.term, m.at])).toEqual(expect.arrayContaining([['pricing', 'pricing', 11]]));
  });

  it('stores the Coaching page row of the team-side user, with the recording’s uploader and time', async () => {
    const rows = await peopleRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: s.rahul.userId, uploadedBy: s.rahul.userId, questions: 3 });
    expect(rows[0]!.recordedAt.toISOString()).toBe('2026-11-12T04:30:00.000Z');
    near(rows[0]!.talkRatio, 18 / 42);
    near(rows[0]!.durationSeconds, 45);
    near(rows[0]!.questionsPerHour, 3 / (45 / 3600));
  });

  it('computes the same again (idempotent)', async () => {
    const before = (await statsOf(id)).stats;
    await t.services.callStats.compute(id);
    expect((await statsOf(id)).stats).toEqual(before);
    expect(await peopleRows(id)).toHaveLength(1);
  });

  it('is refused a swap of sides: its speakers do not come from channels (400, nothing changes)', async () => {
    const res = await send(s.rahul, 'PUT', `/api/videos/${id}/call-stats/team-channel`, { team_channel: 'right' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toMatch(/do not come from a stereo recording/);
    expect((await statsOf(id)).team_channel).toBeNull();
  });

  it('is seen by the uploader, his manager and the admins; anyone else gets 404 as if it did not exist', async () => {
    for (const who of [s.vikram, s.asha]) expect((await send(who, 'GET', `/api/videos/${id}/call-stats`)).statusCode).toBe(200);
    for (const who of [s.priya, s.kavya, otherAdmin]) {
      const res = await send(who, 'GET', `/api/videos/${id}/call-stats`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Rahul Verma');
      expect((await send(who, 'PUT', `/api/videos/${id}/call-stats/team-channel`, { team_channel: 'left' })).statusCode).toBe(404);
    }
    expect((await send(s.rahul, 'GET', '/api/videos/not-a-uuid/call-stats')).statusCode).toBe(404);
  });
});

describe('generic speaker labels mapped on the meeting page', () => {
  let id: string;
  let pids: { rahul: string; contact: string };
  beforeAll(async () => {
    id = await recording('Labelled call', [
      {
        start: 0,
        end: 30,
        speaker: 'Speaker 1',
        text: 'Let me walk you through the whole platform and how the rollout works for teams like yours.',
      },
      { start: 31, end: 41, speaker: 'Speaker 2', text: 'Sounds good. What about the budget?' },
      { start: 42, end: 50, speaker: 'Speaker 1', text: 'The budget depends on seats. How many people would use it?' },
    ]);
    pids = await participants(id);
    await t.services.callStats.compute(id);
  });

  it('leaves unmapped generic labels on the unknown side, with no Coaching page row', async () => {
    const stats = (await statsOf(id)).stats!;
    expect(stats.speaker_source).toBe('transcript');
    expect(new Set(stats.people.map((p) => p.side))).toEqual(new Set(['unknown']));
    near(stats.sides!.unknown.talk_ratio, 1);
    expect(stats.longest_monologue).toBeNull();
    expect(await peopleRows(id)).toEqual([]);
  });

  it('counts Speaker 1 as Rahul once the label is mapped to him: the job runs again after the correction', async () => {
    const res = await send(s.rahul, 'PATCH', `/api/videos/${id}/participants/${pids.rahul}`, { speaker_label: 'Speaker 1' });
    expect(res.statusCode, res.body).toBe(200);
    const queued = await t.database.db.select({ type: jobs.type }).from(jobs).where(eq(jobs.status, 'queued'));
    expect(queued.map((j) => j.type)).toContain(callStatsJob.type);
    expect(await drainJobs(runner)).toBeGreaterThanOrEqual(1);
    const stats = (await statsOf(id)).stats!;
    expect(stats.people.find((p) => p.speaker === 'Speaker 1')).toMatchObject({
      name: 'Rahul Verma',
      side: 'team',
      user_id: s.rahul.userId,
    });
    near(stats.sides!.team.talk_ratio, 38 / 48);
    expect(stats.questions).toBe(1);
    expect(stats.longest_monologue).toMatchObject({ name: 'Rahul Verma', start: 0 });
    near(stats.longest_monologue!.seconds, 30);
    const rows = await peopleRows(id);
    expect(rows.map((r) => r.userId)).toEqual([s.rahul.userId]);
    near(rows[0]!.talkRatio, 38 / 48);

    // And Speaker 2 as the contact: the customer's side.
    await send(s.rahul, 'PATCH', `/api/videos/${id}/participants/${pids.contact}`, { speaker_label: 'Speaker 2' });
    await drainJobs(runner);
    const after = (await statsOf(id)).stats!;
    expect(after.people.find((p) => p.speaker === 'Speaker 2')).toMatchObject({ name: contact.name, side: 'customer' });
    near(after.patience_seconds, 1);
    expect(after.longest_story).toMatchObject({ name: contact.name, start: 31 });
  });
});

describe('a stereo recording with one voice per channel', () => {
  let id: string;
  beforeAll(async () => {
    // An engine transcript without speakers; the channels say who spoke when.
    id = await recording(
      'Stereo call',
      [
        { start: 0, end: 20, speaker: null, text: 'thanks for taking the call let me tell you about the new plan' },
        { start: 21, end: 29, speaker: null, text: 'how much does it cost per seat' },
        { start: 30, end: 40, speaker: null, text: 'it is nine hundred per seat' },
      ],
      { separateChannels: true },
    );
    await t.database.db.insert(recordingVoiceTurns).values(
      [
        ['left', 0, 20],
        ['right', 21, 29],
        ['left', 30, 40],
      ].map(([channel, start, end], seq) => ({
        recordingId: id,
        organizationId: s.rahul.organizationId,
        seq,
        channel: channel as string,
        startSeconds: start as number,
        endSeconds: end as number,
      })),
    );
    await participants(id);
    await t.services.callStats.compute(id);
  });

  it('takes the left channel as the team’s side by default, named after the one user and the one outside participant', async () => {
    const body = await statsOf(id);
    expect(body.team_channel).toBe('left');
    const stats = body.stats!;
    expect(stats.speaker_source).toBe('channels');
    expect(stats.people.map((p) => [p.speaker, p.name, p.side])).toEqual(
      expect.arrayContaining([
        ['Left channel', 'Rahul Verma', 'team'],
        ['Right channel', contact.name, 'customer'],
      ]),
    );
    near(stats.sides!.team.talk_ratio, 30 / 38);
    expect(stats.question_source).toBe('forms');
    near(stats.patience_seconds, 1);
    const rows = await peopleRows(id);
    expect(rows.map((r) => r.userId)).toEqual([s.rahul.userId]);
    near(rows[0]!.talkRatio, 30 / 38);
  });

  it('swaps the sides when asked: the right channel becomes the team’s, and stays so when computed again', async () => {
    const res = await send(s.vikram, 'PUT', `/api/videos/${id}/call-stats/team-channel`, { team_channel: 'right' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TCallStats>();
    expect(body.team_channel).toBe('right');
    expect(body.stats!.people.find((p) => p.speaker === 'Right channel')).toMatchObject({ side: 'team', name: 'Rahul Verma' });
    near(body.stats!.sides!.team.talk_ratio, 8 / 38);
    near((await peopleRows(id))[0]!.talkRatio, 8 / 38);
    await t.services.callStats.compute(id);
    expect((await statsOf(id)).team_channel).toBe('right');
    const bad = await send(s.rahul, 'PUT', `/api/videos/${id}/call-stats/team-channel`, { team_channel: 'middle' });
    expect(bad.statusCode).toBe(400);
  });

  it('prefers a transcript that names its speakers over the channels', async () => {
    await t.database.db.update(recordingSegments).set({ speaker: 'Rahul Verma' }).where(eq(recordingSegments.recordingId, id));
    await t.services.callStats.compute(id);
    const body = await statsOf(id);
    expect(body.stats!.speaker_source).toBe('transcript');
    expect(body.team_channel).toBeNull();
  });
});

describe('a mono recording transcribed offline, and recordings without statistics yet', () => {
  it('has no speakers: the figures that need them are null and nobody gets a Coaching page row', async () => {
    const id = await recording(
      'Mono call',
      [
        { start: 0, end: 30, speaker: null, text: 'so the pricing for next year is the main topic um let us schedule a follow up' },
        { start: 30, end: 60, speaker: null, text: 'what would the discount be' },
      ],
      { separateChannels: false },
    );
    await t.services.callStats.compute(id);
    const body = await statsOf(id);
    expect(body.state).toBe('ready');
    const stats = body.stats!;
    expect(stats).toMatchObject({
      speaker_source: 'none',
      sides: null,
      longest_monologue: null,
      longest_story: null,
      interactivity: null,
      patience_seconds: null,
      questions: null,
      questions_per_hour: null,
      question_source: null,
      people: [],
    });
    // What needs no speakers is still there: words per minute over the words' times, mentions.
    near(stats.words_per_minute, 22);
    expect(stats.fillers).toBe(1);
    expect(stats.mentions.map((m) => m.kind)).toEqual(expect.arrayContaining(['pricing', 'next_steps']));
    expect(await peopleRows(id)).toEqual([]);
    expect(NO_SPEAKERS_TEXT).toMatch(/no separated speakers/);
  });

  it("says 'processing' before the statistics exist and 'no_transcript' for a recording that has none", async () => {
    const waiting = await recording('Waiting call', [{ start: 0, end: 5, speaker: 'Rahul Verma', text: 'Hello there.' }]);
    expect(await statsOf(waiting)).toMatchObject({ state: 'processing', stats: null, team_channel: null, computed_at: null });
    const silent = await recording('Silent call', []);
    await t.services.callStats.compute(silent);
    expect(await statsOf(silent)).toMatchObject({ state: 'no_transcript', stats: null });
    const uploading = await recording('Uploading call', [], { status: 'processing', transcriptStatus: 'pending' });
    expect((await statsOf(uploading)).state).toBe('processing');
  });
});

describe('the competitor list', () => {
  const put = (who: TestSession, names: unknown) => send(who, 'PUT', '/api/coaching/competitors', { names });

  it('is set by admins only (others 403 with the usual message), trimmed, duplicates in any case dropped', async () => {
    const refused = await put(s.rahul, ['Freshsales']);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'You are not authorized to perform this action.' });
    const res = await put(s.vikram, ['  Salesforce ', 'Zoho   CRM', 'salesforce', 'Freshsales']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TCompetitorList>()).toEqual({ names: ['Salesforce', 'Zoho CRM', 'Freshsales'] });
    for (const who of [s.rahul, s.kavya, s.asha]) {
      const got = await send(who, 'GET', '/api/coaching/competitors');
      expect(got.json<TCompetitorList>().names).toEqual(['Salesforce', 'Zoho CRM', 'Freshsales']);
    }
    // Another workspace has its own list.
    expect((await send(otherAdmin, 'GET', '/api/coaching/competitors')).json<TCompetitorList>().names).toEqual([]);
  });

  it('refuses a blank name, a name over 80 characters and more than 50 names (400), changing nothing', async () => {
    for (const names of [[''], ['   '], ['x'.repeat(81)], Array.from({ length: 51 }, (_, i) => `Rival ${i}`), 'Salesforce']) {
      const res = await put(s.asha, names);
      expect(res.statusCode, JSON.stringify(names).slice(0, 40)).toBe(400);
      expect(res.json<{ detail: string }>().detail.length).toBeGreaterThan(0);
    }
    expect((await send(s.rahul, 'GET', '/api/coaching/competitors')).json<TCompetitorList>().names).toEqual([
      'Salesforce',
      'Zoho CRM',
      'Freshsales',
    ]);
  });

  it("counts the workspace's calls again after a change, so the mentions follow the list", async () => {
    await execute(t.database.db, sql`delete from jobs`);
    const id = await recording('Competitor call', [
      { start: 0, end: 10, speaker: 'Rahul Verma', text: 'Are you also looking at LeadSquared?' },
      { start: 11, end: 20, speaker: contact.name, text: 'Yes, LeadSquared sent us a quote.' },
    ]);
    await t.services.callStats.compute(id);
    expect((await statsOf(id)).stats!.mentions.filter((m) => m.kind === 'competitor')).toEqual([]);
    expect((await put(s.asha, ['Salesforce', 'LeadSquared'])).statusCode).toBe(200);
    const queued = await t.database.db.select({ type: jobs.type, payload: jobs.payload }).from(jobs);
    expect(queued).toEqual([{ type: workspaceCallStatsJob.type, payload: { organizationId: s.rahul.organizationId, after: null } }]);
    await drainJobs(runner);
    const mentions = (await statsOf(id)).stats!.mentions.filter((m) => m.kind === 'competitor');
    expect(mentions.map((m) => [m.term, m.at])).toEqual([
      ['LeadSquared', 0],
      ['LeadSquared', 11],
    ]);
    // The same list again queues nothing.
    await execute(t.database.db, sql`delete from jobs`);
    await put(s.asha, ['Salesforce', 'LeadSquared']);
    expect(await t.database.db.select().from(jobs)).toEqual([]);
  });
});
