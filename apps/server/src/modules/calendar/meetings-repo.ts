import { and, asc, eq, gte, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { TMeetAttendee } from '@pipewise/contract/videos';
import type { DbOrTx } from '../../db/client';
import { calendarMeetings, deals, users } from '../../db/schema';
import { scope, type Viewer } from '../access/scopes';
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
  /** Booked in Pipewise by the viewer (list only): they may edit or cancel it. */
  canManage?: boolean;
  /** A call booked in Pipewise (list only): its rows on each attendee's calendar share it. */
  bookingId?: string | null;
};

/** The most meetings one list answers: 90 days of a busy team. */
export const MEETINGS_LIST_LIMIT = 2000;

export function createMeetingsRepo(db: DbOrTx) {
  return {
    /**
     * Live (not cancelled) meetings starting in [from, to) that the viewer sees (access
     * `scope.meetings`), `only` the viewer's own calendar or their team's too. A meeting's deal
     * shows only when the viewer sees the deal: a meeting a manager sees may be linked to a deal
     * of its owner's that the manager sees, but never one of another team.
     */
    async list(viewer: Viewer, only: 'own' | 'team', range: { from: Date; to: Date }): Promise<MeetingRow[]> {
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
          dealId: deals.id,
          dealName: deals.dealname,
          bookingId: calendarMeetings.bookingId,
          canManage: sql<boolean>`(${calendarMeetings.bookingId} is not null and ${calendarMeetings.organizerId} = ${viewer.id})`,
        })
        .from(calendarMeetings)
        .innerJoin(users, eq(users.id, calendarMeetings.ownerId))
        .leftJoin(deals, and(eq(deals.id, calendarMeetings.dealId), scope.deals(viewer)))
        .where(
          and(
            scope.meetings(viewer),
            only === 'own' ? eq(calendarMeetings.ownerId, viewer.id) : undefined,
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
     * of, among the deals the owner sees (access `scope.deals`): the owner's own deals first, then
     * the most recently updated. A deal of another team is never linked, whoever attends.
     */
    async linkDeals(ownerId: string): Promise<void> {
      const [owner] = await db
        .select({ id: users.id, organizationId: users.organizationId, role: users.role })
        .from(users)
        .where(eq(users.id, ownerId));
      if (!owner) return;
      await db.execute(sql`
        update calendar_meetings m set deal_id = (
          select d.id from deal_stakeholders ds
            join contacts c on c.id = ds.contact_id
            join deals d on d.id = ds.deal_id
          where ${scope.deals(owner, 'd')} and c.organization_id = m.organization_id and c.email is not null
            and lower(c.email) in (select lower(a->>'email') from jsonb_array_elements(m.attendees) a)
          order by (d.owner_id = m.owner_id) desc nulls last, d.updated_at desc, d.id
          limit 1)
        where m.owner_id = ${owner.id} and m.organization_id = ${owner.organizationId}
          and m.deal_id is null and not m.deal_linked_by_hand and m.status <> 'cancelled'`);
    },

    async deleteGoogleMeetings(ownerId: string): Promise<void> {
      await db.delete(calendarMeetings).where(and(eq(calendarMeetings.ownerId, ownerId), eq(calendarMeetings.source, 'google')));
    },
  };
}

export type MeetingsRepo = ReturnType<typeof createMeetingsRepo>;
