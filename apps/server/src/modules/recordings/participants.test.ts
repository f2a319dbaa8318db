import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TParticipant, TParticipantsResponse } from '@pipewise/contract/participants';
import type { TVideo } from '@pipewise/contract/videos';
import { execute } from '../../db/client';
import { calendarMeetings, contacts, deals, dealStakeholders, recordingParticipants, recordings, recordingSegments } from '../../db/schema';
import { createJobRunner } from '../../jobs/worker';
import { handlersOf, drainJobs } from '../../../test/jobs-fixture';
import { dealOwnedBy, formBody } from '../../../test/recordings-kit';
import { signInAll, type TestSession } from '../../../test/sessions';
import { silentLog } from '../../../test/silent-log';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { processRecordingJob } from './recording-jobs';

let t: TestApp;
let s: Record<'rahul' | 'priya' | 'vikram' | 'kavya', TestSession>;
let deal: { id: number; pipelineId: string; companyId: string };
/** A contact of the deal's company, with an address. */
let buyer: { id: string; name: string; email: string };

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  s = await signInAll(t.database.db, {
    rahul: 'rahul@acme.example',
    priya: 'priya@acme.example',
    vikram: 'vikram@acme.example',
    kavya: 'kavya@acme.example',
  });
  const d = await dealOwnedBy(t.database.db, s.rahul.userId);
  const [row] = await t.database.db.select({ companyId: deals.companyId }).from(deals).where(eq(deals.id, d.id));
  deal = { ...d, companyId: row!.companyId! };
  const [k] = await t.database.db
    .select({ id: contacts.id, first: contacts.firstname, last: contacts.lastname, email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.companyId, deal.companyId), sql`${contacts.email} is not null`))
    .limit(1);
  buyer = { id: k!.id, name: `${k!.first} ${k!.last}`.trim(), email: k!.email! };
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;

function upload(who: TestSession, fields: Record<string, string>) {
  const form = formBody({ deal_id: String(deal.id), pipeline_id: deal.pipelineId, upload_type: 'transcription', ...fields }, []);
  return t.app.inject({
    method: 'POST',
    url: '/api/videos/upload-transcription',
    headers: { ...who.headers, ...form.headers },
    payload: form.payload,
  });
}
const recordingCount = async () => (await execute<{ n: number }>(db(), sql`select count(*)::int as n from recordings`))[0]!.n;

/** A recording of rahul's on his deal, recorded at `at` (null: only its upload time). */
async function rahulRecording(at: Date | null, createdAt = new Date()): Promise<string> {
  const [row] = await db()
    .insert(recordings)
    .values({
      organizationId: s.rahul.organizationId,
      uploadedBy: s.rahul.userId,
      uploaderEmail: s.rahul.email,
      dealId: deal.id,
      pipelineId: deal.pipelineId,
      title: 'Participants call',
      uploadType: 'transcription',
      transcription: 'Hello',
      status: 'ready',
      recordedAt: at,
      createdAt,
    })
    .returning({ id: recordings.id });
  return row!.id;
}

const participants = async (who: TestSession, id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/videos/${id}/participants`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TParticipantsResponse>();
};
const byEmail = (list: TParticipant[], email: string) => list.find((p) => p.email === email);
const fill = (id: string) => t.services.recordings.participants.fromCallAndTranscript(id);

describe('the demo seed', () => {
  it("keeps its recordings' attendees as participants, matched to users and contacts by email", async () => {
    const rows = await db().select().from(recordings).where(eq(recordings.uploadedBy, s.rahul.userId));
    const seeded = rows.filter((r) => r.meetAttendees.length > 0);
    expect(seeded.length).toBeGreaterThan(0);
    for (const row of seeded) {
      const video = (await t.app.inject({ method: 'GET', url: `/api/videos/${row.id}`, headers: s.rahul.headers })).json<TVideo>();
      expect(video.meet_attendees.map(({ email, responseStatus, organizer }) => ({ email, responseStatus, organizer }))).toEqual(
        row.meetAttendees.map((a) => ({ email: a.email, responseStatus: a.responseStatus, organizer: a.organizer === true })),
      );
      expect(video.meet_attendees[0]).toMatchObject({ email: s.rahul.email, self: true, user_id: s.rahul.userId });
    }
  });
});

it("migration 0033 makes an existing recording's attendees its participants, once", async () => {
  const [row] = await db()
    .select()
    .from(recordings)
    .where(eq(recordings.uploadedBy, s.rahul.userId))
    .orderBy(recordings.createdAt)
    .limit(1);
  const before = (await participants(s.rahul, row!.id)).data;
  await db().delete(recordingParticipants).where(eq(recordingParticipants.recordingId, row!.id));
  const file = new URL('../../db/migrations/0033_recording_attendees_as_participants.sql', import.meta.url);
  for (let i = 0; i < 2; i++) await db().execute(sql.raw(fs.readFileSync(file, 'utf8')));
  const after = (await participants(s.rahul, row!.id)).data;
  const shape = (list: TParticipant[]) =>
    list.map(({ email, name, user_id, contact_id, response_status, organizer }) => ({
      email,
      name,
      user_id,
      contact_id,
      response_status,
      organizer,
    }));
  expect(shape(after)).toEqual(shape(before));
});

describe('the upload dialog takes attendees', () => {
  it('stores users, contacts and typed outside emails, matched, as the video answers them', async () => {
    const attendees = [
      { user_id: s.priya.userId },
      { contact_id: buyer.id },
      { email: ' Olga.Outside@Guest.example ', name: 'Olga Outside' },
      { email: 'VIKRAM@acme.example' },
    ];
    const res = await upload(s.rahul, { transcription_text: 'We agreed on a pilot.', attendees: JSON.stringify(attendees) });
    expect(res.statusCode, res.body).toBe(201);
    const video = res.json<TVideo>();
    expect(video.meet_attendees.map((a) => a.email).sort()).toEqual(
      ['olga.outside@guest.example', 'priya@acme.example', 'vikram@acme.example', buyer.email.toLowerCase()].sort(),
    );
    const { data } = await participants(s.rahul, video.id);
    expect(byEmail(data, 'priya@acme.example')).toMatchObject({ user_id: s.priya.userId, source: 'upload', can_add_as_contact: false });
    expect(byEmail(data, 'vikram@acme.example')).toMatchObject({ user_id: s.vikram.userId });
    expect(byEmail(data, buyer.email.toLowerCase())).toMatchObject({ contact_id: buyer.id, name: buyer.name });
    expect(byEmail(data, 'olga.outside@guest.example')).toMatchObject({
      name: 'Olga Outside',
      user_id: null,
      contact_id: null,
      can_add_as_contact: true,
    });
  });

  it('refuses bad attendees with a clear 400 and keeps nothing', async () => {
    const before = await recordingCount();
    const cases: [string, string][] = [
      ['not json', 'attendees must be a JSON list of {email, name, user_id, contact_id}'],
      [JSON.stringify([{ email: 'not-an-email' }]), '"not-an-email" is not a valid email address'],
      [JSON.stringify([{ contact_id: randomUUID() }]), 'Unknown contact'],
      [JSON.stringify([{}]), 'Each attendee needs a name, an email, a user or a contact'],
    ];
    for (const [attendees, detail] of cases) {
      const res = await upload(s.rahul, { transcription_text: 'Text', attendees });
      expect(res.statusCode, attendees).toBe(400);
      expect(res.json().detail).toBe(detail);
    }
    expect(await recordingCount()).toBe(before);
  });

  it('suggests workspace users and the contacts the caller sees as they type', async () => {
    const ask = async (who: TestSession, q: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/videos/attendee-options?q=${encodeURIComponent(q)}`, headers: who.headers })).json<{
        data: { kind: string; id: string; name: string }[];
      }>().data;
    expect((await ask(s.rahul, 'pri')).find((o) => o.kind === 'user')?.id).toBe(s.priya.userId);
    expect((await ask(s.rahul, buyer.name)).some((o) => o.kind === 'contact' && o.id === buyer.id)).toBe(true);
    // Kavya (another team) does not see rahul's buyer, unless through her own deals.
    const [seenByKavya] = await execute<{ n: number }>(
      db(),
      sql`select count(*)::int as n from deal_stakeholders sh join deals d on d.id = sh.deal_id
        where sh.contact_id = ${buyer.id} and d.owner_id = ${s.kavya.userId}`,
    );
    if (seenByKavya!.n === 0) expect((await ask(s.kavya, buyer.name)).some((o) => o.id === buyer.id)).toBe(false);
  });
});

describe('participants from the matching call', () => {
  const callAt = new Date('2026-03-10T10:00:00Z');
  const attendees = [
    { email: 'rahul@acme.example', displayName: 'Rahul Verma', responseStatus: 'accepted', organizer: true },
    { email: buyer?.email ?? '', responseStatus: 'declined' },
    { email: 'tentative.guest@outside.example', displayName: 'Tina Guest', responseStatus: 'tentative' },
    { email: 'pending.guest@outside.example', responseStatus: 'needsAction' },
  ] as const;
  const call = (extra: Partial<typeof calendarMeetings.$inferInsert>) =>
    db()
      .insert(calendarMeetings)
      .values({
        organizationId: s.rahul.organizationId,
        ownerId: s.rahul.userId,
        title: 'Pilot review',
        startAt: callAt,
        endAt: new Date(callAt.getTime() + 30 * 60_000),
        dealId: deal.id,
        attendees: attendees.map((a) => ({ ...a, email: a.email || buyer.email })),
        ...extra,
      });

  it("takes a booked call's attendees with their responses and organizer when the recording falls in it", async () => {
    await call({ source: 'builtin', bookingId: randomUUID(), organizerId: s.rahul.userId });
    const id = await rahulRecording(new Date(callAt.getTime() + 5 * 60_000));
    await fill(id);
    await fill(id); // a run again adds nothing twice
    const { data } = await participants(s.rahul, id);
    expect(data).toHaveLength(4);
    expect(data[0]).toMatchObject({
      email: 'rahul@acme.example',
      organizer: true,
      response_status: 'accepted',
      self: true,
      source: 'call',
    });
    expect(byEmail(data, buyer.email.toLowerCase())).toMatchObject({ response_status: 'declined', contact_id: buyer.id });
    expect(byEmail(data, 'tentative.guest@outside.example')).toMatchObject({ response_status: 'tentative', name: 'Tina Guest' });
    expect(byEmail(data, 'pending.guest@outside.example')).toMatchObject({ response_status: 'needsAction' });
    // The videos answer and its participant count follow, with the spec's self and organizer.
    const video = (await t.app.inject({ method: 'GET', url: `/api/videos/${id}`, headers: s.vikram.headers })).json<TVideo>();
    expect(video.meet_attendees).toHaveLength(4);
    expect(video.meet_attendees.find((a) => a.organizer)).toMatchObject({ email: 'rahul@acme.example', self: false });
  });

  it('takes a synced Google meeting, by upload time, within 15 minutes of its end', async () => {
    const at = new Date('2026-04-02T15:00:00Z');
    await db()
      .insert(calendarMeetings)
      .values({
        organizationId: s.rahul.organizationId,
        ownerId: s.rahul.userId,
        source: 'google',
        externalId: `evt-${randomUUID()}`,
        title: 'Google call',
        startAt: at,
        endAt: new Date(at.getTime() + 3_600_000),
        dealId: deal.id,
        attendees: [{ email: 'google.guest@outside.example', displayName: 'Gita Google', responseStatus: 'accepted' }],
      });
    const id = await rahulRecording(null, new Date(at.getTime() + 3_600_000 + 10 * 60_000));
    await fill(id);
    expect((await participants(s.rahul, id)).data).toEqual([
      expect.objectContaining({ email: 'google.guest@outside.example', name: 'Gita Google', response_status: 'accepted', source: 'call' }),
    ]);
    // Too late after the call, or another deal's call: nobody.
    const late = await rahulRecording(new Date(at.getTime() + 3 * 3_600_000));
    await fill(late);
    expect((await participants(s.rahul, late)).data).toEqual([]);
  });
});

describe('participants from the file', () => {
  async function segments(id: string, speakers: (string | null)[]) {
    await db()
      .insert(recordingSegments)
      .values(
        speakers.map((speaker, seq) => ({
          recordingId: id,
          organizationId: s.rahul.organizationId,
          seq,
          startSeconds: seq * 10,
          endSeconds: seq * 10 + 9,
          speaker,
          text: `Line ${seq}`,
        })),
      );
  }

  it('adds each named speaker, maps a label to a participant of that name, and leaves generic labels for mapping', async () => {
    const id = await rahulRecording(new Date('2025-01-01T00:00:00Z'));
    await db().insert(recordingParticipants).values({
      organizationId: s.rahul.organizationId,
      recordingId: id,
      name: 'Rahul Verma',
      email: 'rahul@acme.example',
      userId: s.rahul.userId,
      source: 'upload',
    });
    await segments(id, ['Rahul Verma', buyer.name, 'Speaker 2', null, 'Priya', buyer.name]);
    await fill(id);
    await fill(id);
    const { data, speaker_labels } = await participants(s.rahul, id);
    expect(speaker_labels).toEqual(['Rahul Verma', buyer.name, 'Speaker 2', 'Priya']);
    expect(data.map((p) => p.speaker_label).sort()).toEqual(['Priya', 'Rahul Verma', buyer.name].sort());
    expect(data.find((p) => p.speaker_label === 'Rahul Verma')).toMatchObject({ source: 'upload', user_id: s.rahul.userId });
    expect(data.find((p) => p.speaker_label === buyer.name)).toMatchObject({ source: 'transcript', contact_id: buyer.id });
    // "Priya" alone is no full name: kept as a participant, matched to nobody.
    expect(data.find((p) => p.speaker_label === 'Priya')).toMatchObject({ user_id: null, contact_id: null });
  });

  it('matches names to users before contacts, and only to contacts of the deal’s company', async () => {
    const [other] = await db()
      .insert(contacts)
      .values({ organizationId: s.rahul.organizationId, firstname: 'Zed', lastname: 'Elsewhere', ownerId: s.rahul.userId })
      .returning({ id: contacts.id });
    const [twin] = await db()
      .insert(contacts)
      .values({
        organizationId: s.rahul.organizationId,
        firstname: 'Priya',
        lastname: 'Nair',
        companyId: deal.companyId,
        ownerId: s.rahul.userId,
      })
      .returning({ id: contacts.id });
    const [priya] = await execute<{ name: string }>(
      db(),
      sql`select first_name || ' ' || last_name as name from users where id = ${s.priya.userId}`,
    );
    const id = await rahulRecording(new Date('2025-01-02T00:00:00Z'));
    await segments(id, [priya!.name, 'Zed Elsewhere', 'Priya Nair']);
    await fill(id);
    const { data } = await participants(s.rahul, id);
    expect(data.find((p) => p.name === priya!.name)).toMatchObject({ user_id: s.priya.userId, contact_id: null });
    expect(data.find((p) => p.name === 'Zed Elsewhere')).toMatchObject({ user_id: null, contact_id: null });
    expect(other).toBeDefined();
    if (priya!.name !== 'Priya Nair') expect(data.find((p) => p.name === 'Priya Nair')).toMatchObject({ contact_id: twin!.id });
  });

  it('runs as a processing step after the transcript', async () => {
    // The typed transcript names its speaker; processing's transcript stage stores that segment, then this step reads it.
    const res = await upload(s.rahul, { transcription_text: 'Olu Okafor: Hello there.\nOlu Okafor: Shall we start?' });
    const id = res.json<TVideo>().id;
    const runner = createJobRunner({ queue: t.services.queue, jobs: handlersOf(t.services, processRecordingJob), log: silentLog });
    await drainJobs(runner);
    const video = (await t.app.inject({ method: 'GET', url: `/api/videos/${id}`, headers: s.rahul.headers })).json<TVideo>();
    expect(video.status).toBe('ready');
    expect(video.meet_attendees).toEqual([expect.objectContaining({ name: 'Olu Okafor', speaker_label: 'Olu Okafor', email: '' })]);
  });
});

describe('corrections on the meeting page', () => {
  it('adds, edits, maps a speaker label and removes; a rep of the line below cannot see them (404)', async () => {
    const id = await rahulRecording(new Date('2025-02-01T00:00:00Z'));
    await db()
      .insert(recordingSegments)
      .values({ recordingId: id, organizationId: s.rahul.organizationId, seq: 0, speaker: 'Speaker 2', text: 'Hi' });
    const url = `/api/videos/${id}/participants`;
    const add = await t.app.inject({ method: 'POST', url, headers: s.vikram.headers, payload: { email: 'New.Person@outside.example' } });
    expect(add.statusCode, add.body).toBe(201);
    const added = byEmail(add.json<TParticipantsResponse>().data, 'new.person@outside.example')!;
    expect(added).toMatchObject({ source: 'edited', can_add_as_contact: true });
    const again = await t.app.inject({ method: 'POST', url, headers: s.rahul.headers, payload: { email: 'new.person@OUTSIDE.example' } });
    expect(again.statusCode).toBe(409);

    const patch = (payload: object) => t.app.inject({ method: 'PATCH', url: `${url}/${added.id}`, headers: s.rahul.headers, payload });
    let res = await patch({ name: 'Nia Person', response_status: 'declined', speaker_label: 'Speaker 2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TParticipantsResponse>().data.find((p) => p.id === added.id)).toMatchObject({
      name: 'Nia Person',
      response_status: 'declined',
      speaker_label: 'Speaker 2',
    });
    res = await patch({ speaker_label: 'Speaker 9' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('That speaker label is not in the transcript');
    res = await patch({ email: 'priya@acme.example' });
    expect(res.json<TParticipantsResponse>().data.find((p) => p.id === added.id)).toMatchObject({ user_id: s.priya.userId });

    for (const who of [s.priya, s.kavya]) {
      expect((await t.app.inject({ method: 'GET', url, headers: who.headers })).statusCode).toBe(404);
      const denied = await t.app.inject({ method: 'DELETE', url: `${url}/${added.id}`, headers: who.headers });
      expect(denied.statusCode).toBe(404);
      expect(denied.json().detail).toBe('Video not found');
    }
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${added.id}`, headers: s.rahul.headers })).statusCode).toBe(204);
    expect((await participants(s.rahul, id)).data).toEqual([]);
  });

  it('adds an outside email as a contact on the deal; a duplicate email is refused 409 and the participant stays', async () => {
    const id = await rahulRecording(new Date('2025-02-02T00:00:00Z'));
    const url = `/api/videos/${id}/participants`;
    const added = await t.app.inject({
      method: 'POST',
      url,
      headers: s.rahul.headers,
      payload: { email: `lata.rao.${Date.now()}@newco.example` },
    });
    const p = added.json<TParticipantsResponse>().data[0]!;
    const res = await t.app.inject({ method: 'POST', url: `${url}/${p.id}/add-as-contact`, headers: s.rahul.headers });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<TParticipantsResponse>().data[0]!;
    expect(after.contact_id).not.toBeNull();
    expect(after.can_add_as_contact).toBe(false);
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, after.contact_id!));
    expect(contact).toMatchObject({ firstname: 'Lata', email: p.email, companyId: deal.companyId, ownerId: s.rahul.userId });
    const stake = await db()
      .select()
      .from(dealStakeholders)
      .where(and(eq(dealStakeholders.dealId, deal.id), eq(dealStakeholders.contactId, after.contact_id!)));
    expect(stake).toHaveLength(1);

    // An address a contact already has (say, one rahul cannot see, so it was not matched): 409, nothing changes.
    const [hidden] = await db()
      .insert(contacts)
      .values({
        organizationId: s.rahul.organizationId,
        firstname: 'Hidden',
        lastname: 'Holder',
        email: 'held@taken.example',
        ownerId: s.kavya.userId,
      })
      .returning({ id: contacts.id });
    const [dup] = await db()
      .insert(recordingParticipants)
      .values({ organizationId: s.rahul.organizationId, recordingId: id, email: 'held@taken.example', source: 'upload' })
      .returning({ id: recordingParticipants.id });
    const refused = await t.app.inject({ method: 'POST', url: `${url}/${dup!.id}/add-as-contact`, headers: s.rahul.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).not.toContain('Hidden');
    expect(byEmail((await participants(s.rahul, id)).data, 'held@taken.example')).toMatchObject({
      contact_id: null,
      can_add_as_contact: true,
    });
    expect(hidden).toBeDefined();
  });
});

describe('the AI email follows the participants', () => {
  it('is addressed to the participants with an address, the caller aside', async () => {
    const id = await rahulRecording(new Date('2025-03-01T00:00:00Z'));
    await db()
      .update(recordings)
      .set({ summary: 'We agreed on a pilot.', keyPoints: ['Pilot in May'] })
      .where(eq(recordings.id, id));
    const url = `/api/videos/${id}/participants`;
    for (const email of ['rahul@acme.example', 'ana.buyer@customer.example']) {
      await t.app.inject({ method: 'POST', url, headers: s.rahul.headers, payload: { email } });
    }
    await db()
      .insert(recordingParticipants)
      .values({ organizationId: s.rahul.organizationId, recordingId: id, name: 'Speaker Only', source: 'transcript' });
    const draft = async () =>
      (await t.app.inject({ method: 'POST', url: `/api/videos/${id}/follow-up-email`, headers: s.rahul.headers })).json<{ to: string[] }>()
        .to;
    expect(await draft()).toEqual(['ana.buyer@customer.example']);
    const ana = byEmail((await participants(s.rahul, id)).data, 'ana.buyer@customer.example')!;
    await t.app.inject({ method: 'DELETE', url: `${url}/${ana.id}`, headers: s.rahul.headers });
    expect(await draft()).toEqual([]);
  });
});
