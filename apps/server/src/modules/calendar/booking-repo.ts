import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { TMeetAttendee } from '@pipewise/contract/videos';
import type { DbOrTx } from '../../db/client';
import { calendarMeetings, deals, users } from '../../db/schema';
import { scope, type Viewer } from '../access/scopes';

/** A booking as one of its rows holds it (every row of a booking holds the same fields). */
export type BookingRow = {
  id: string;
  organizationId: string;
  ownerId: string;
  bookingId: string | null;
  organizerId: string | null;
  externalId: string | null;
  title: string | null;
  startAt: Date;
  endAt: Date | null;
  timeZone: string | null;
  status: string;
  attendees: TMeetAttendee[];
  organizerEmail: string | null;
  meetLink: string | null;
  dealId: number | null;
  sequence: number;
};

/** What one booking's rows are written with. */
export type BookingFields = {
  title: string;
  startAt: Date;
  endAt: Date;
  timeZone: string | null;
  attendees: TMeetAttendee[];
  organizerEmail: string;
  meetLink: string | null;
  dealId: number | null;
  externalId: string | null;
  sequence: number;
};

export type WorkspaceUser = { id: string; email: string; name: string };

const bookingColumns = {
  id: calendarMeetings.id,
  organizationId: calendarMeetings.organizationId,
  ownerId: calendarMeetings.ownerId,
  bookingId: calendarMeetings.bookingId,
  organizerId: calendarMeetings.organizerId,
  externalId: calendarMeetings.externalId,
  title: calendarMeetings.title,
  startAt: calendarMeetings.startAt,
  endAt: calendarMeetings.endAt,
  timeZone: calendarMeetings.timeZone,
  status: calendarMeetings.status,
  attendees: calendarMeetings.attendees,
  organizerEmail: calendarMeetings.organizerEmail,
  meetLink: calendarMeetings.meetLink,
  dealId: calendarMeetings.dealId,
  sequence: calendarMeetings.sequence,
};

/** The SQL of calls booked in Pipewise: the organiser's row and a copy on each attending user's calendar. */
export function createBookingRepo(db: DbOrTx) {
  return {
    /** A meeting the viewer sees (access `scope.meetings`), and whether they see its organiser; null when unseen. */
    async findVisible(viewer: Viewer, id: string): Promise<(BookingRow & { organizerSeen: boolean }) | null> {
      const [row] = await db
        .select({
          ...bookingColumns,
          organizerSeen: sql<boolean>`exists (
            select 1 from users where users.id = ${calendarMeetings.organizerId} and ${scope.people(viewer)})`,
        })
        .from(calendarMeetings)
        .where(and(eq(calendarMeetings.id, id), scope.meetings(viewer)));
      return row ?? null;
    },

    /** The organiser's row of a booking (the one every invitation is made from). */
    async organizerRow(bookingId: string): Promise<BookingRow | null> {
      const [row] = await db
        .select(bookingColumns)
        .from(calendarMeetings)
        .where(and(eq(calendarMeetings.bookingId, bookingId), eq(calendarMeetings.ownerId, calendarMeetings.organizerId)))
        .orderBy(asc(calendarMeetings.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** Whose calendars the booking is on. */
    async ownersOf(bookingId: string): Promise<string[]> {
      const rows = await db
        .select({ ownerId: calendarMeetings.ownerId })
        .from(calendarMeetings)
        .where(eq(calendarMeetings.bookingId, bookingId));
      return rows.map((r) => r.ownerId);
    },

    /** Active users of the workspace with these addresses (lower case). */
    async workspaceUsers(organizationId: string, emails: string[]): Promise<WorkspaceUser[]> {
      if (emails.length === 0) return [];
      return db
        .select({
          id: users.id,
          email: sql<string>`lower(${users.email})`,
          name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
        })
        .from(users)
        .where(and(eq(users.organizationId, organizationId), eq(users.status, 'active'), inArray(sql`lower(${users.email})`, emails)));
    },

    /** The deal when the viewer sees it (access `scope.deals`), else null. */
    async visibleDeal(viewer: Viewer, dealId: number): Promise<{ id: number; name: string } | null> {
      const [row] = await db
        .select({ id: deals.id, name: deals.dealname })
        .from(deals)
        .where(and(eq(deals.id, dealId), scope.deals(viewer)));
      return row ?? null;
    },

    /** Puts a booking on each of these calendars (the organiser's first). */
    async insert(
      booking: { bookingId: string; organizationId: string; organizerId: string },
      ownerIds: string[],
      fields: BookingFields,
    ): Promise<void> {
      if (ownerIds.length === 0) return;
      await db.insert(calendarMeetings).values(
        ownerIds.map((ownerId) => ({
          ...booking,
          ...fields,
          ownerId,
          source: 'builtin',
          status: 'confirmed',
          title: fields.title,
          dealLinkedByHand: fields.dealId !== null,
        })),
      );
    },

    /** Rewrites every row of a booking with its new fields. */
    async update(bookingId: string, fields: BookingFields): Promise<void> {
      await db
        .update(calendarMeetings)
        .set({ ...fields, dealLinkedByHand: fields.dealId !== null, updatedAt: sql`now()` })
        .where(eq(calendarMeetings.bookingId, bookingId));
    },

    /** Takes the booking off the calendars of users who no longer attend. */
    async removeFrom(bookingId: string, keepOwnerIds: string[]): Promise<void> {
      await db
        .delete(calendarMeetings)
        .where(
          and(
            eq(calendarMeetings.bookingId, bookingId),
            keepOwnerIds.length ? notInArray(calendarMeetings.ownerId, keepOwnerIds) : undefined,
          ),
        );
    },

    /** Cancels every row of a booking (the calendars no longer list it) with the cancel's sequence. */
    async cancel(bookingId: string, sequence: number): Promise<void> {
      await db
        .update(calendarMeetings)
        .set({ status: 'cancelled', sequence, updatedAt: sql`now()` })
        .where(eq(calendarMeetings.bookingId, bookingId));
    },

    /** Gives every row of a booking the Google event id, so the organiser's next sync updates it instead of adding one. */
    async setExternalId(bookingId: string, externalId: string): Promise<void> {
      await db.update(calendarMeetings).set({ externalId }).where(eq(calendarMeetings.bookingId, bookingId));
    },
  };
}

export type BookingRepo = ReturnType<typeof createBookingRepo>;
