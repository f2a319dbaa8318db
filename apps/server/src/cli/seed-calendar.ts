import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { TMeetAttendee } from '@pipewise/contract/videos';
import { createMeetingsRepo } from '../modules/calendar/meetings-repo';
import type { DbOrTx } from '../db/client';
import { calendarMeetings, contacts, dealStakeholders, deals, users } from '../db/schema';

const HOUR = 3_600_000;
const QUARTER = 15 * 60_000;

type Person = { id: string; email: string; firstName: string; reportsTo: string | null };

const roundDown = (ms: number) => Math.floor(ms / QUARTER) * QUARTER;
const link = (seed: string) => `https://meet.google.com/${seed.slice(0, 3)}-${seed.slice(3, 7)}-${seed.slice(7, 10)}`;
const attendee = (email: string, extra: Partial<TMeetAttendee> = {}): TMeetAttendee => ({ email, responseStatus: 'accepted', ...extra });

/**
 * Built-in calendar meetings for every demo user, placed around `now` (the day the demo is
 * seeded, in the server's time zone): calls earlier today, later today, tomorrow, later this week
 * and next week; one-to-one and team calls; some without a meeting link; one all-day event and one
 * cancelled call. Attendees are the user's deal contacts, so meetings link to those deals.
 */
export async function seedDemoCalendar(db: DbOrTx, organizationId: string, now = new Date()): Promise<void> {
  const people: Person[] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, reportsTo: users.reportsTo })
    .from(users)
    .where(eq(users.organizationId, organizationId))
    .orderBy(asc(users.email));
  // Local midnights, not 24-hour steps: a day that changes the clocks (DST) has 23 or 25 hours.
  const localDay = (days: number, hour = 0, minute = 0) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, hour, minute);
  const dayStart = localDay(0).getTime();
  const dayEnd = localDay(1).getTime();
  const nowMs = now.getTime();
  // Earlier today and later today stay inside today whatever the hour the demo is seeded.
  const earlierToday = Math.max(dayStart, roundDown(nowMs - 3 * HOUR));
  // Late in the evening the later calls share what is left of the day (a third and two thirds in).
  const left = dayEnd - nowMs;
  const roomy = left > 3 * HOUR;
  const laterToday = roomy ? roundDown(nowMs + 2 * HOUR) : nowMs + Math.floor(left / 3);
  const laterToday2 = roomy ? Math.min(dayEnd - 30 * 60_000, laterToday + HOUR) : nowMs + Math.floor((2 * left) / 3);
  const at = (days: number, hour: number, minute = 0) => localDay(days, hour, minute);

  const rows: (typeof calendarMeetings.$inferInsert)[] = [];
  for (const [i, p] of people.entries()) {
    const clients = await db
      .selectDistinct({ email: contacts.email, firstname: contacts.firstname })
      .from(contacts)
      .innerJoin(dealStakeholders, eq(dealStakeholders.contactId, contacts.id))
      .innerJoin(deals, eq(deals.id, dealStakeholders.dealId))
      .where(and(eq(deals.ownerId, p.id), isNotNull(contacts.email)))
      .orderBy(contacts.firstname)
      .limit(3);
    const c = (n: number) => clients[n % Math.max(clients.length, 1)] ?? { email: `buyer${n}@example.com`, firstname: 'Buyer' };
    const team = people
      .filter((o) => o.id !== p.id && (o.reportsTo === p.reportsTo || o.id === p.reportsTo || o.reportsTo === p.id))
      .slice(0, 3);
    const me = attendee(p.email, { organizer: true, self: true });
    const teamAttendees = [me, ...team.map((t, n) => attendee(t.email, { responseStatus: n === 2 ? 'needsAction' : 'accepted' }))];
    const base = { organizationId, ownerId: p.id, source: 'builtin', timeZone: 'Asia/Kolkata', organizerEmail: p.email } as const;
    const seed = `${(i + 10).toString(36)}demomeet${i}xyz`;
    const oneToOne = (start: number, minutes: number, title: string, client: { email: string | null }, withLink: boolean) => ({
      ...base,
      title,
      startAt: new Date(start),
      endAt: new Date(start + minutes * 60_000),
      attendees: [me, attendee(client.email!, { responseStatus: 'accepted' })],
      meetLink: withLink ? link(`${seed}${title.length}`) : null,
      isTeam: false,
    });
    rows.push(
      oneToOne(earlierToday, 30, `Discovery call with ${c(0).firstname}`, c(0), true),
      {
        ...base,
        title: 'Team pipeline review',
        startAt: new Date(laterToday),
        endAt: new Date(laterToday + 45 * 60_000),
        attendees: teamAttendees,
        meetLink: link(`${seed}team`),
        isTeam: true,
      },
      oneToOne(laterToday2, 20, `Phone check-in with ${c(1).firstname}`, c(1), false),
      oneToOne(at(1, 10, 30).getTime(), 45, `Product demo for ${c(2).firstname}`, c(2), true),
      { ...oneToOne(at(1, 15).getTime(), 30, `Pricing follow-up with ${c(0).firstname}`, c(0), true), status: 'cancelled' },
      // Two buyers and the rep: three attendees, but a customer call, so is_team says false.
      {
        ...oneToOne(at(3, 11).getTime(), 60, 'Proposal walkthrough', c(0), true),
        attendees: [me, attendee(c(0).email!), attendee(c(1).email!, { responseStatus: 'tentative' })],
      },
      // Left to the rule: more than 2 attendees makes it a team call.
      { ...base, title: 'Forecast sync', startAt: at(4, 16), endAt: at(4, 16, 30), attendees: teamAttendees, meetLink: null, isTeam: null },
      {
        ...base,
        title: 'Sales kickoff',
        startAt: localDay(2),
        endAt: localDay(3),
        allDay: true,
        attendees: teamAttendees,
        meetLink: null,
        isTeam: true,
      },
      oneToOne(at(8, 12).getTime(), 60, `Quarterly business review with ${c(1).firstname}`, c(1), true),
    );
  }
  if (rows.length) await db.insert(calendarMeetings).values(rows);
  const meetings = createMeetingsRepo(db);
  for (const p of people) await meetings.linkDeals(p.id);
}
