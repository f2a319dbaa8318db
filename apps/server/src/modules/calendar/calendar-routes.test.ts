import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTeamCall, type TCalendarMeeting } from '@pipewise/contract/calendar';
import { calendarMeetings } from '../../db/schema';
import { createOtherWorkspace, type OtherWorkspace } from '../../../test/other-workspace';
import { signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The calendar calls over the demo seed: its meetings sit around today, each caller sees their
 * own calendar and (in /meetings) their team's, cancelled ones never, and nothing of another workspace.
 */

let t: TestApp;
let other: OtherWorkspace;
const s = {} as Record<'rahul' | 'vikram' | 'meera' | 'asha' | 'otherAdmin', TestSession>;

/**
 * The moment the demo is seeded: 'today' below is that moment's day, not the day the assertions
 * happen to run on (seeded at 23:59, a test reading the clock again after midnight saw no calls today).
 */
const seededAt = new Date();

beforeAll(async () => {
  t = await createTestApp({ seed: true, seededAt });
  const db = t.database.db;
  other = await createOtherWorkspace(db, { deals: 2 });
  for (const name of ['rahul', 'vikram', 'meera', 'asha'] as const) s[name] = await signIn(db, `${name}@acme.example`);
  s.otherAdmin = await signIn(db, other.emails.admin);
  await db.insert(calendarMeetings).values({
    organizationId: other.organizationId,
    ownerId: other.ids.admin,
    title: 'Globex board call',
    startAt: new Date(Date.now() + 3_600_000),
    attendees: [],
  });
});
afterAll(() => t?.close());

async function get<T>(url: string, who: TestSession): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}
const mine = (who: TestSession, query = '') =>
  get<{ status: string; meetings: TCalendarMeeting[] }>(`/api/calendar/user-meetings/${query}`, who);
const team = (who: TestSession, query = '') => get<{ meetings: TCalendarMeeting[] }>(`/api/calendar/meetings${query}`, who);

const localDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
const daysFromToday = (iso: string) => Math.round((localDay(new Date(iso)) - localDay(seededAt)) / 86_400_000);

describe('the demo calendar', () => {
  it('gives every rep calls earlier today, later today, tomorrow, later this week and next week', async () => {
    const { status, meetings } = await mine(s.rahul);
    expect(status).toBe('success');
    expect(meetings.every((m) => m.owner_email === 'rahul@acme.example')).toBe(true);
    const now = seededAt.getTime();
    const today = meetings.filter((m) => !m.all_day && daysFromToday(m.start_time) === 0);
    expect(today.some((m) => Date.parse(m.start_time) <= now)).toBe(true);
    expect(today.some((m) => Date.parse(m.start_time) > now)).toBe(true);
    const days = new Set(meetings.map((m) => daysFromToday(m.start_time)));
    expect(days.has(1)).toBe(true);
    expect([...days].some((d) => d >= 2 && d <= 6)).toBe(true);
    expect([...days].some((d) => d >= 7)).toBe(true);
  });

  it('has one-to-one and team calls, calls without a link, an all-day event, deal links, and no cancelled call', async () => {
    const { meetings } = await mine(s.rahul);
    expect(meetings.some((m) => isTeamCall(m))).toBe(true);
    expect(meetings.some((m) => !isTeamCall(m) && m.attendees.length === 2)).toBe(true);
    expect(meetings.some((m) => m.meet_link === null)).toBe(true);
    expect(meetings.filter((m) => m.all_day)).toHaveLength(1);
    expect(meetings.some((m) => m.deal_id !== null && m.deal_name)).toBe(true);
    expect(meetings.find((m) => m.summary?.startsWith('Pricing follow-up'))).toBeUndefined();
    const [cancelled] = await t.database.db
      .select({ status: calendarMeetings.status })
      .from(calendarMeetings)
      .where(
        eq(
          calendarMeetings.title,
          meetings.find((m) => m.summary?.startsWith('Discovery'))!.summary!.replace('Discovery call', 'Pricing follow-up'),
        ),
      );
    expect(cancelled?.status).toBe('cancelled');
    const sorted = [...meetings].sort((a, b) => a.start_time.localeCompare(b.start_time));
    expect(meetings.map((m) => m.id)).toEqual(sorted.map((m) => m.id));
  });

  it('marks a three-person customer call not a team call when the calendar says so, else leaves it to the rule', async () => {
    const { meetings } = await mine(s.rahul);
    const proposal = meetings.find((m) => m.summary === 'Proposal walkthrough')!;
    expect(proposal.attendees).toHaveLength(3);
    expect(proposal.is_team).toBe(false);
    expect(meetings.find((m) => m.summary === 'Forecast sync')!.is_team).toBe(true);
  });
});

describe('who sees which meetings', () => {
  it("shows a manager their reps' meetings as team calls, and a rep only their own", async () => {
    const { meetings } = await team(s.meera);
    const owners = new Set(meetings.map((m) => m.owner_email));
    expect(owners).toEqual(new Set(['meera@acme.example', 'kavya@acme.example', 'rohan@acme.example', 'sneha@acme.example']));
    expect(meetings.filter((m) => m.owner_email !== 'meera@acme.example').every((m) => m.is_team)).toBe(true);
    expect(meetings.filter((m) => m.owner_email === 'meera@acme.example').some((m) => !m.is_team)).toBe(true);
    const rahulTeam = await team(s.rahul);
    expect(new Set(rahulTeam.meetings.map((m) => m.owner_email))).toEqual(new Set(['rahul@acme.example']));
  });

  it('gives admins the whole workspace', async () => {
    for (const who of [s.vikram, s.asha]) {
      const { meetings } = await team(who);
      expect(new Set(meetings.map((m) => m.owner_email)).size).toBe(9);
    }
  });

  it('never crosses workspaces', async () => {
    const globex = await team(s.otherAdmin);
    expect(globex.meetings.map((m) => m.summary)).toEqual(['Globex board call']);
    const acme = await team(s.asha);
    expect(acme.meetings.some((m) => m.summary === 'Globex board call')).toBe(false);
  });
});

describe('the range', () => {
  it('takes from and to, and refuses a backwards or unreadable range with a 400', async () => {
    const from = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const { meetings } = await mine(s.rahul, `?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
    expect(meetings.length).toBeGreaterThan(0);
    expect(meetings.every((m) => m.start_time >= from && m.start_time < to)).toBe(true);
    const backwards = await t.app.inject({
      method: 'GET',
      url: `/api/calendar/meetings?from=${encodeURIComponent(to)}&to=${encodeURIComponent(from)}`,
      headers: s.rahul.headers,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ detail: 'to must be after from.' });
    const junk = await t.app.inject({ method: 'GET', url: '/api/calendar/meetings?from=yesterday', headers: s.rahul.headers });
    expect(junk.statusCode).toBe(400);
  });

  it('refuses a signed-out caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/calendar/user-meetings/' });
    expect(res.statusCode).toBe(401);
  });
});
