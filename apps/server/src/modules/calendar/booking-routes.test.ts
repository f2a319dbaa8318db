import ICAL from 'ical.js';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, type TBookedMeeting, type TCalendarMeeting } from '@pipewise/contract/calendar';
import { calendarMeetings, deals, jobs } from '../../db/schema';
import { createJobRunner } from '../../jobs/worker';
import { REFUSAL_MESSAGES } from '../access/policies';
import { sendMailJob } from '../mail/mail-jobs';
import { recordingMail, type RecordingMail } from '../../../test/fakes/recording-mail';
import { drainJobs, handlersOf } from '../../../test/jobs-fixture';
import { findUser, signIn, type TestSession } from '../../../test/sessions';
import { silentLog } from '../../../test/silent-log';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Calls booked in Pipewise without Google (issue 29, item 8): the organiser books a call with a
 * colleague and an outside address; the colleague sees it in their upcoming calls at once, the
 * outside attendee gets an invitation whose iCalendar file a calendar program reads (parsed back
 * here with ical.js); an edit sends the update (same UID, SEQUENCE+1), a cancel METHOD:CANCEL.
 * Only the organiser and those above them change it; bad input changes nothing.
 */

const HOUR = 3_600_000;
const OUTSIDE = 'kaveri@customer.example';
let t: TestApp;
let mail: RecordingMail;
const s = {} as Record<'rahul' | 'priya' | 'vikram' | 'meera' | 'rohan', TestSession>;
let rahulDeal: { id: number; dealname: string };
let priyaDeal: { id: number };

beforeAll(async () => {
  mail = recordingMail();
  t = await createTestApp({ seed: true, adapters: { mail } });
  const db = t.database.db;
  for (const name of ['rahul', 'priya', 'vikram', 'meera', 'rohan'] as const) s[name] = await signIn(db, `${name}@acme.example`);
  const ownerDeal = async (email: string) => {
    const user = await findUser(db, email);
    const [deal] = await db.select({ id: deals.id, dealname: deals.dealname }).from(deals).where(eq(deals.ownerId, user.id)).limit(1);
    return deal!;
  };
  rahulDeal = await ownerDeal('rahul@acme.example');
  priyaDeal = await ownerDeal('priya@acme.example');
});
afterAll(() => t?.close());
beforeEach(() => {
  mail.sent.length = 0;
});

const inAWeek = (hour = 10) => {
  const d = new Date(Date.now() + 7 * 24 * HOUR);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

function book(who: TestSession, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/calendar/meetings', headers: who.headers, payload: body });
}
const validBody = (extra: Record<string, unknown> = {}) => ({
  title: 'Booked proposal walkthrough',
  start_time: inAWeek().toISOString(),
  duration_minutes: 30,
  time_zone: 'Asia/Kolkata',
  attendees: ['priya@acme.example', OUTSIDE],
  meet_link: 'https://meet.example/abc-defg-hij',
  deal_id: String(rahulDeal.id),
  ...extra,
});

async function upcoming(who: TestSession): Promise<TCalendarMeeting[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/calendar/user-meetings/', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ meetings: TCalendarMeeting[] }>().meetings;
}

async function deliverMail(): Promise<void> {
  const runner = createJobRunner({ queue: t.services.queue, jobs: handlersOf(t.services, sendMailJob), log: silentLog });
  await drainJobs(runner);
}

/** The one VEVENT of an invitation's iCalendar file, and the file's METHOD. */
function parseInvitation(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = calendar.getFirstSubcomponent('vevent')!;
  const attendees = event.getAllProperties('attendee').map((p) => ({
    address: String(p.getFirstValue()).toLowerCase(),
    rsvp: p.getParameter('rsvp'),
    partstat: p.getParameter('partstat'),
  }));
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    summary: event.getFirstPropertyValue('summary'),
    organizer: String(event.getFirstPropertyValue('organizer')).toLowerCase(),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate(),
    end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate(),
    attendees,
  };
}

async function bookingRows(bookingId: string) {
  return t.database.db
    .select({ ownerId: calendarMeetings.ownerId, status: calendarMeetings.status, sequence: calendarMeetings.sequence })
    .from(calendarMeetings)
    .where(eq(calendarMeetings.bookingId, bookingId));
}
async function bookingIdOf(meetingId: string): Promise<string> {
  const [row] = await t.database.db
    .select({ b: calendarMeetings.bookingId })
    .from(calendarMeetings)
    .where(eq(calendarMeetings.id, meetingId));
  return row!.b!;
}

describe('booking a call', () => {
  it('puts it on the organiser and the attending colleague at once, linked to the deal, and mails the outside attendee', async () => {
    const res = await book(s.rahul, validBody());
    expect(res.statusCode, res.body).toBe(201);
    const { meeting, invitations } = res.json<TBookedMeeting>();
    expect(invitations).toBe('email');
    expect(meeting).toMatchObject({
      summary: 'Booked proposal walkthrough',
      deal_name: rahulDeal.dealname,
      can_manage: true,
      timezone: 'Asia/Kolkata',
    });
    expect(Date.parse(meeting.end_time!) - Date.parse(meeting.start_time)).toBe(30 * 60_000);

    const rahulSees = (await upcoming(s.rahul)).find((m) => m.id === meeting.id);
    expect(rahulSees).toMatchObject({
      summary: 'Booked proposal walkthrough',
      can_manage: true,
      meet_link: 'https://meet.example/abc-defg-hij',
    });
    const priyaSees = (await upcoming(s.priya)).find((m) => m.summary === 'Booked proposal walkthrough');
    expect(priyaSees).toBeDefined();
    expect(priyaSees!.can_manage).toBe(false);
    expect(priyaSees!.attendees.map((a) => a.email)).toEqual(['rahul@acme.example', 'priya@acme.example', OUTSIDE]);

    // Their manager's team list shows the call once, from the organiser's calendar.
    const teamRes = await t.app.inject({ method: 'GET', url: '/api/calendar/meetings', headers: s.vikram.headers });
    const inTeam = teamRes.json<{ meetings: TCalendarMeeting[] }>().meetings.filter((m) => m.summary === 'Booked proposal walkthrough');
    expect(inTeam.map((m) => m.owner_email)).toEqual(['rahul@acme.example']);

    // Only the outside attendee is mailed, through the job queue.
    expect(mail.sent).toHaveLength(0);
    await deliverMail();
    expect(mail.sent.map((m) => m.to)).toEqual([OUTSIDE]);
    const sent = mail.sent[0]!;
    expect(sent.subject).toBe('Invitation: Booked proposal walkthrough');
    expect(sent.calendar?.method).toBe('REQUEST');
    const ics = parseInvitation(sent.calendar!.content);
    const bookingId = await bookingIdOf(meeting.id);
    expect(ics).toMatchObject({
      method: 'REQUEST',
      uid: `${bookingId}@pipewise`,
      sequence: 0,
      status: 'CONFIRMED',
      summary: 'Booked proposal walkthrough',
    });
    expect(ics.organizer).toBe('mailto:rahul@acme.example');
    expect(ics.start.toISOString()).toBe(meeting.start_time);
    expect(ics.end.toISOString()).toBe(meeting.end_time);
    expect(ics.attendees).toContainEqual({ address: `mailto:${OUTSIDE}`, rsvp: 'TRUE', partstat: 'NEEDS-ACTION' });
  });

  it('keeps the booking when the mail server is down, and the queue sends the invitation once it is back', async () => {
    const res = await book(s.rahul, validBody({ title: 'Booked while mail is down', attendees: [OUTSIDE] }));
    expect(res.statusCode, res.body).toBe(201);
    mail.failure = new Error('SMTP down');
    try {
      await deliverMail();
    } finally {
      mail.failure = null;
    }
    expect(mail.sent).toHaveLength(0);
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, sendMailJob.type), eq(jobs.status, 'queued')));
    expect(job).toMatchObject({ attempts: 1 });
    expect((await upcoming(s.rahul)).some((m) => m.summary === 'Booked while mail is down')).toBe(true);
    // The retry is due after its backoff; make it due now, as the clock would.
    await t.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await deliverMail();
    expect(mail.sent.map((m) => [m.to, m.subject])).toEqual([[OUTSIDE, 'Invitation: Booked while mail is down']]);
  });

  it.each([
    ['a start in the past', { start_time: new Date(Date.now() - 2 * HOUR).toISOString() }, 400, BOOKING_MESSAGES.startInPast],
    ['a length of 0', { duration_minutes: 0 }, 400, BOOKING_MESSAGES.durationTooShort],
    ['a length over 24 hours', { duration_minutes: 1441 }, 400, BOOKING_MESSAGES.durationTooLong],
    [
      '101 attendees',
      { attendees: Array.from({ length: 101 }, (_, i) => `guest${i}@customer.example`) },
      400,
      BOOKING_MESSAGES.tooManyAttendees,
    ],
    ['a bad email', { attendees: ['not-an-address'] }, 400, BOOKING_MESSAGES.badEmail],
    ['a meeting link that is not http(s)', { meet_link: 'javascript:alert(1)' }, 400, BOOKING_MESSAGES.meetLink],
    ['an unknown time zone', { time_zone: 'Mars/Olympus' }, 400, BOOKING_MESSAGES.timeZone],
    ['an empty title', { title: '  ' }, 400, BOOKING_MESSAGES.title],
    ["a deal the caller cannot see (a peer's)", { deal_id: 'PRIYA' }, 404, REFUSAL_MESSAGES.dealNotFound],
    ['a deal that does not exist', { deal_id: '999999999' }, 404, REFUSAL_MESSAGES.dealNotFound],
  ])('refuses %s with a clear message, and books nothing', async (_name, change, status, message) => {
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(calendarMeetings);
    const body = validBody({ ...change, title: 'title' in change ? change.title : 'Refused call' });
    if (body.deal_id === 'PRIYA') body.deal_id = String(priyaDeal.id);
    const res = await book(s.rahul, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json<{ detail: string }>().detail).toContain(message);
    const after = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(calendarMeetings);
    expect(after[0]!.n).toBe(before[0]!.n);
    await deliverMail();
    expect(mail.sent).toHaveLength(0);
  });
});

describe('editing and cancelling a booked call', () => {
  async function booked(extra: Record<string, unknown> = {}) {
    const res = await book(s.rahul, validBody({ title: `Call ${Math.random().toString(36).slice(2, 8)}`, ...extra }));
    expect(res.statusCode, res.body).toBe(201);
    await deliverMail();
    mail.sent.length = 0;
    return res.json<TBookedMeeting>().meeting;
  }
  const patch = (who: TestSession, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/calendar/meetings/${id}`, headers: who.headers, payload });
  const cancel = (who: TestSession, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/calendar/meetings/${id}`, headers: who.headers });

  it('an edit moves every copy, drops a colleague taken off, and sends the update with the same UID and SEQUENCE 1', async () => {
    const meeting = await booked();
    const bookingId = await bookingIdOf(meeting.id);
    const later = new Date(Date.parse(meeting.start_time) + HOUR).toISOString();
    const res = await patch(s.rahul, meeting.id, { start_time: later, duration_minutes: 45, attendees: [OUTSIDE] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TBookedMeeting>().meeting.start_time).toBe(later);

    const rows = await bookingRows(bookingId);
    expect(rows.map((r) => r.ownerId)).toEqual([(await findUser(t.database.db, 'rahul@acme.example')).id]);
    expect(rows[0]!.sequence).toBe(1);
    expect((await upcoming(s.priya)).some((m) => m.summary === meeting.summary)).toBe(false);

    await deliverMail();
    expect(mail.sent.map((m) => m.to)).toEqual([OUTSIDE]);
    expect(mail.sent[0]!.subject).toBe(`Updated invitation: ${meeting.summary}`);
    const ics = parseInvitation(mail.sent[0]!.calendar!.content);
    expect(ics).toMatchObject({ method: 'REQUEST', uid: `${bookingId}@pipewise`, sequence: 1 });
    expect(ics.start.toISOString()).toBe(later);
    expect(ics.end.getTime() - ics.start.getTime()).toBe(45 * 60_000);
  });

  it('adding a colleague puts it on their calendar; an outside attendee taken off gets a cancellation', async () => {
    const meeting = await booked({ attendees: [OUTSIDE] });
    const res = await patch(s.rahul, meeting.id, { attendees: ['priya@acme.example'] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await upcoming(s.priya)).some((m) => m.summary === meeting.summary)).toBe(true);
    await deliverMail();
    expect(mail.sent.map((m) => [m.to, m.calendar?.method])).toEqual([[OUTSIDE, 'CANCEL']]);
  });

  it('only the organiser and those above them change it: an attendee 403, someone who does not see it 404', async () => {
    const meeting = await booked();
    const priyaCopy = (await upcoming(s.priya)).find((m) => m.summary === meeting.summary)!;
    expect((await patch(s.priya, priyaCopy.id, { title: 'Hijacked' })).statusCode).toBe(403);
    expect((await patch(s.priya, priyaCopy.id, { title: 'Hijacked' })).json<{ detail: string }>().detail).toBe(
      REFUSAL_MESSAGES.organizerOnly,
    );
    expect((await cancel(s.priya, priyaCopy.id)).statusCode).toBe(403);
    expect((await patch(s.priya, meeting.id, { title: 'Hijacked' })).statusCode).toBe(404);
    expect((await patch(s.meera, meeting.id, { title: 'Hijacked' })).statusCode).toBe(404);
    expect((await cancel(s.rohan, meeting.id)).statusCode).toBe(404);
    // rahul's manager may.
    const res = await patch(s.vikram, meeting.id, { title: `${meeting.summary} (moved)` });
    expect(res.statusCode, res.body).toBe(200);
    expect((await upcoming(s.rahul)).find((m) => m.id === meeting.id)?.summary).toBe(`${meeting.summary} (moved)`);
  });

  it('an edit with bad input changes nothing', async () => {
    const meeting = await booked();
    for (const body of [{ duration_minutes: 0 }, { start_time: new Date(Date.now() - HOUR).toISOString() }, { attendees: ['nope'] }]) {
      expect((await patch(s.rahul, meeting.id, body)).statusCode).toBe(400);
    }
    expect((await patch(s.rahul, meeting.id, { deal_id: String(priyaDeal.id) })).statusCode).toBe(404);
    const after = (await upcoming(s.rahul)).find((m) => m.id === meeting.id)!;
    expect(after).toMatchObject({ start_time: meeting.start_time, end_time: meeting.end_time, deal_id: meeting.deal_id });
    await deliverMail();
    expect(mail.sent).toHaveLength(0);
  });

  it('a cancel takes it off every calendar and sends METHOD:CANCEL with STATUS:CANCELLED and the next SEQUENCE', async () => {
    const meeting = await booked();
    const bookingId = await bookingIdOf(meeting.id);
    const res = await cancel(s.rahul, meeting.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TBookedMeeting>().meeting.status).toBe('cancelled');
    expect((await upcoming(s.rahul)).some((m) => m.id === meeting.id)).toBe(false);
    expect((await upcoming(s.priya)).some((m) => m.summary === meeting.summary)).toBe(false);
    await deliverMail();
    expect(mail.sent.map((m) => m.to)).toEqual([OUTSIDE]);
    expect(mail.sent[0]!.subject).toBe(`Cancelled: ${meeting.summary}`);
    const ics = parseInvitation(mail.sent[0]!.calendar!.content);
    expect(ics).toMatchObject({ method: 'CANCEL', uid: `${bookingId}@pipewise`, sequence: 1, status: 'CANCELLED' });
    // A cancelled call is not changed again.
    expect((await cancel(s.rahul, meeting.id)).statusCode).toBe(409);
  });

  it('a calendar event synced from Google is not edited here', async () => {
    const rahul = await findUser(t.database.db, 'rahul@acme.example');
    const [synced] = await t.database.db
      .select({ id: calendarMeetings.id })
      .from(calendarMeetings)
      .where(and(eq(calendarMeetings.ownerId, rahul.id), sql`${calendarMeetings.bookingId} is null`))
      .limit(1);
    const res = await patch(s.rahul, synced!.id, { title: 'Renamed' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toBe(BOOKING_MESSAGES.notBooked);
  });
});
