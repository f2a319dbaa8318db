import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCalendarMeeting } from '@pipewise/contract/calendar';
import type { TMeetAttendee } from '@pipewise/contract/videos';
import { execute } from '../../db/client';
import { calendarMeetings } from '../../db/schema';
import { signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createMeetingsRepo } from './meetings-repo';

/**
 * A meeting links to a deal its owner can see, and nobody reads the name or id of a deal they
 * cannot see through a meeting: not in the calls lists, the assistant's calls answers or the
 * header search. Demo seed: Rahul (under Vikram, an admin) sees only his own deals; Kavya's deals
 * belong to Meera's team.
 */

/**
 * The moment of the whole file: the demo's calls, the meetings below and the server's "today" (the calls
 * answers, the lists' default range) all read it, so a run across midnight agrees.
 */
const NOW = new Date();
let t: TestApp;
const s = {} as Record<'rahul' | 'kavya' | 'vikram', TestSession>;
/** A deal of Kavya's whose stakeholder is on none of Rahul's deals. */
let hidden: { id: number; dealname: string; contactEmail: string };
let linkedByAttendee: string;
let linkedByHand: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true, seededAt: NOW, now: () => NOW });
  const db = t.database.db;
  for (const name of ['rahul', 'kavya', 'vikram'] as const) s[name] = await signIn(db, `${name}@acme.example`);
  const [row] = await execute<{ id: string | number; dealname: string; email: string }>(
    db,
    sql`select d.id, d.dealname, c.email from deals d
      join deal_stakeholders ds on ds.deal_id = d.id join contacts c on c.id = ds.contact_id
      where d.owner_id = ${s.kavya.userId} and c.email is not null
        and not exists (select 1 from deal_stakeholders o join deals od on od.id = o.deal_id
                        where o.contact_id = c.id and od.owner_id = ${s.rahul.userId})
      order by d.id limit 1`,
  );
  hidden = { id: Number(row!.id), dealname: row!.dealname, contactEmail: row!.email };
  const base = { organizationId: s.rahul.organizationId, ownerId: s.rahul.userId, source: 'builtin', startAt: NOW } as const;
  const attendees: TMeetAttendee[] = [
    { email: s.rahul.email, responseStatus: 'accepted', self: true },
    { email: hidden.contactEmail, responseStatus: 'accepted' },
  ];
  const inserted = await db
    .insert(calendarMeetings)
    .values([
      { ...base, title: 'Intro call with a shared buyer', attendees },
      // Linked before the rule held, or the deal changed hands since: still never shown to Rahul.
      { ...base, title: 'Walkthrough for a shared buyer', attendees, dealId: hidden.id, dealLinkedByHand: true },
    ])
    .returning({ id: calendarMeetings.id });
  [linkedByAttendee, linkedByHand] = inserted.map((r) => r.id) as [string, string];
  await createMeetingsRepo(db).linkDeals(s.rahul.userId);
}, 120_000);
afterAll(() => t?.close());

async function get<T>(url: string, who: TestSession): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

describe('meetings and the deals they link to', () => {
  it('links a meeting only to a deal its owner can see, whatever its attendees', async () => {
    const [row] = await t.database.db
      .select({ dealId: calendarMeetings.dealId })
      .from(calendarMeetings)
      .where(eq(calendarMeetings.id, linkedByAttendee));
    expect(row!.dealId).not.toBe(hidden.id);
    if (row!.dealId !== null) {
      const [deal] = await execute<{ owner_id: string }>(t.database.db, sql`select owner_id from deals where id = ${row!.dealId}`);
      expect(deal!.owner_id).toBe(s.rahul.userId);
    }
  });

  it('never shows a viewer the name or id of a deal they cannot see, in either calls list', async () => {
    for (const url of ['/api/calendar/user-meetings/', '/api/calendar/meetings']) {
      const { meetings } = await get<{ meetings: TCalendarMeeting[] }>(url, s.rahul);
      const meeting = meetings.find((m) => m.id === linkedByHand)!;
      expect(meeting, url).toBeDefined();
      expect(meeting.deal_id, url).toBeNull();
      expect(meeting.deal_name, url).toBeNull();
      expect(JSON.stringify(meetings), url).not.toContain(hidden.dealname);
    }
    // Vikram, an admin, sees every deal of the workspace: the link is there for him.
    const { meetings } = await get<{ meetings: TCalendarMeeting[] }>('/api/calendar/meetings', s.vikram);
    expect(meetings.find((m) => m.id === linkedByHand)).toMatchObject({ deal_id: String(hidden.id), deal_name: hidden.dealname });
  });

  it("keeps the deal's name out of the assistant's calls answers and the header search", async () => {
    for (const [url, payload] of [
      ['/api/chat/sales', { query: 'What calls do I have today?', context: {} }],
      ['/api/chat/', { query: "Show me today's meetings" }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: s.rahul.headers, payload });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body, url).toContain('shared buyer');
      expect(res.body, url).not.toContain(hidden.dealname);
      expect(res.body, url).not.toContain(`/dashboard/deals/${hidden.id}`);
    }
    const search = await get<unknown>(`/api/search?q=${encodeURIComponent('shared buyer')}`, s.rahul);
    expect(JSON.stringify(search)).toContain('shared buyer');
    expect(JSON.stringify(search)).not.toContain(hidden.dealname);
    expect(JSON.stringify(search)).not.toContain(`/dashboard/deals/${hidden.id}`);
  });
});
