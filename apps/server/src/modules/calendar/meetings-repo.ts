import { and, asc, eq, gte, inArray, lt, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { TMeetAttendee } from '@pipewise/contract/videos';
import type { DbOrTx } from '../../db/client';
import { calendarMeetings, deals, users } from '../../db/schema';
import type { SyncedMeeting } from './calendar-sync';

export type MeetingRow = {
  id: string;
  ownerId: string;
  ownerEmail: string;
  source: string;
  title: string | null;
  startAt: Date;
  endAt: Date | null;
  timeZone: string | null;
  allDay: boolean;
  status: string;
  attendees: TMeetAttendee[];
  organizerEmail: string | null;
  meetLink: string | null;
  isTeam: boolean | null;
  dealId: number | null;
  dealName: string | null;
};

/** The most meetings one list answers: 90 days of a busy team. */
export const MEETINGS_LIST_LIMIT = 2000;

export function createMeetingsRepo(db: DbOrTx) {
  return {
    /** Live (not cancelled) meetings starting in [from, to) on the calendars of `owners` (a subquery of user ids). */
    async list(organizationId: string, owners: SQL, range: { from: Date; to: Date }): Promise<MeetingRow[]> {
      return db
        .select({
          id: calendarMeetings.id,
          ownerId: calendarMeetings.ownerId,
          ownerEmail: users.email,
          source: calendarMeetings.source,
          title: calendarMeetings.title,
          startAt: calendarMeetings.startAt,
          endAt: calendarMeetings.endAt,
          timeZone: calendarMeetings.timeZone,
          allDay: calendarMeetings.allDay,
          status: calendarMeetings.status,
          attendees: calendarMeetings.attendees,
          organizerEmail: calendarMeetings.organizerEmail,
          meetLink: calendarMeetings.meetLink,
          isTeam: calendarMeetings.isTeam,
          dealId: calendarMeetings.dealId,
          dealName: deals.dealname,
        })
        .from(calendarMeetings)
        .innerJoin(users, eq(users.id, calendarMeetings.ownerId))
        .leftJoin(deals, and(eq(deals.id, calendarMeetings.dealId), eq(deals.organizationId, calendarMeetings.organizationId)))
        .where(
          and(
            eq(calendarMeetings.organizationId, organizationId),
            sql`${calendarMeetings.ownerId} in (${owners})`,
            ne(calendarMeetings.status, 'cancelled'),
            gte(calendarMeetings.startAt, range.from),
            lt(calendarMeetings.startAt, range.to),
          ),
        )
        .orderBy(asc(calendarMeetings.startAt), asc(calendarMeetings.id))
        .limit(MEETINGS_LIST_LIMIT);
    },

    /** Inserts or updates synced events by (owner, event id); a hand-linked deal is kept. */
    async upsertSynced(owner: { userId: string; organizationId: string }, meetings: SyncedMeeting[]): Promise<void> {
      if (meetings.length === 0) return;
      await db
        .insert(calendarMeetings)
        .values(meetings.map((m) => ({ ...m, organizationId: owner.organizationId, ownerId: owner.userId, source: 'google' })))
        .onConflictDoUpdate({
          target: [calendarMeetings.ownerId, calendarMeetings.externalId],
          targetWhere: sql`external_id is not null`,
          set: {
            title: sql`excluded.title`,
            startAt: sql`excluded.start_at`,
            endAt: sql`excluded.end_at`,
            timeZone: sql`excluded.time_zone`,
            allDay: sql`excluded.all_day`,
            status: sql`excluded.status`,
            attendees: sql`excluded.attendees`,
            organizerEmail: sql`excluded.organizer_email`,
            meetLink: sql`excluded.meet_link`,
            updatedAt: sql`now()`,
          },
        });
    },

    async markCancelled(ownerId: string, externalIds: string[]): Promise<void> {
      if (externalIds.length === 0) return;
      await db
        .update(calendarMeetings)
        .set({ status: 'cancelled', updatedAt: sql`now()` })
        .where(and(eq(calendarMeetings.ownerId, ownerId), inArray(calendarMeetings.externalId, externalIds)));
    },

    /** After a full sync: Google meetings in the window that Google no longer lists are gone. */
    async cancelUnseen(ownerId: string, window: { from: Date; to: Date }, seen: string[]): Promise<void> {
      await db
        .update(calendarMeetings)
        .set({ status: 'cancelled', updatedAt: sql`now()` })
        .where(
          and(
            eq(calendarMeetings.ownerId, ownerId),
            eq(calendarMeetings.source, 'google'),
            gte(calendarMeetings.startAt, window.from),
            lt(calendarMeetings.startAt, window.to),
            seen.length ? notInArray(calendarMeetings.externalId, seen) : undefined,
          ),
        );
    },

    /**
     * Links each of the owner's unlinked meetings to a deal one of its attendees is a stakeholder
     * of (the owner's own deals first, then the most recently updated).
     */
    async linkDeals(ownerId: string): Promise<void> {
      await db.execute(sql`
        update calendar_meetings m set deal_id = (
          select d.id from deal_stakeholders ds
            join contacts c on c.id = ds.contact_id
            join deals d on d.id = ds.deal_id and d.organization_id = m.organization_id
          where c.organization_id = m.organization_id and c.email is not null
            and lower(c.email) in (select lower(a->>'email') from jsonb_array_elements(m.attendees) a)
          order by (d.owner_id = m.owner_id) desc nulls last, d.updated_at desc, d.id
          limit 1)
        where m.owner_id = ${ownerId} and m.deal_id is null and not m.deal_linked_by_hand and m.status <> 'cancelled'`);
    },

    async deleteGoogleMeetings(ownerId: string): Promise<void> {
      await db.delete(calendarMeetings).where(and(eq(calendarMeetings.ownerId, ownerId), eq(calendarMeetings.source, 'google')));
    },
  };
}

export type MeetingsRepo = ReturnType<typeof createMeetingsRepo>;
