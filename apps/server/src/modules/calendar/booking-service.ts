import { randomUUID } from 'node:crypto';
import {
  BOOKING_MESSAGES,
  isTeamCall,
  type TBookedMeeting,
  type TCalendarMeeting,
  type TMeetingBookingBody,
  type TMeetingUpdateBody,
} from '@pipewise/contract/calendar';
import type { TMeetAttendee } from '@pipewise/contract/videos';
import type { Db, DbOrTx } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import type { Caller } from '../access/access-rules';
import { assertCan, REFUSAL_MESSAGES } from '../access/policies';
import type { GoogleConnectionsRepo } from '../google/google-connections-repo';
import { calendarWritable } from '../google/google-scopes';
import { sendMailJob } from '../mail/mail-jobs';
import { googleEventIdOf, googleEventJob } from './booking-jobs';
import type { BookingFields, BookingRepo, BookingRow, WorkspaceUser } from './booking-repo';
import { invitationMail, type TInvitation } from './meeting-invitation';

const MINUTE_MS = 60_000;
/** A start a little in the past (the seconds between picking it and saving) still counts as now. */
const START_GRACE_MS = 5 * MINUTE_MS;

function validZone(zone: string | undefined): string | null {
  if (zone === undefined) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    throw badRequest(BOOKING_MESSAGES.timeZone);
  }
}

/** A booking's fields from a full body (create) or a row merged with a partial one (edit). */
type Draft = {
  title: string;
  start: Date;
  minutes: number;
  timeZone: string | null;
  attendees: string[];
  meetLink: string | null;
  dealId: number | null;
};

export type BookingServiceDeps = {
  db: Db;
  repos: (on: DbOrTx) => { bookings: BookingRepo };
  queue: Pick<JobQueue, 'enqueue'>;
  google: Pick<GoogleConnectionsRepo, 'find'>;
  now?: () => Date;
};

/** Calls booked in Pipewise: on the organiser's and each attending user's calendar, outside attendees invited by mail or Google. */
export function createBookingService(deps: BookingServiceDeps) {
  const now = deps.now ?? (() => new Date());

  async function usesGoogle(userId: string): Promise<boolean> {
    const connection = await deps.google.find(userId);
    return !!connection && connection.state === 'active' && calendarWritable(connection.scopes);
  }

  /** Checks what zod cannot (a past start, the deal the caller must see) and resolves the attendees. */
  async function prepare(on: DbOrTx, caller: Caller, draft: Draft, startChanged: boolean) {
    const repo = deps.repos(on).bookings;
    if (Number.isNaN(draft.start.getTime())) throw badRequest(BOOKING_MESSAGES.start);
    if (startChanged && draft.start.getTime() < now().getTime() - START_GRACE_MS) throw badRequest(BOOKING_MESSAGES.startInPast);
    if (draft.dealId !== null && !(await repo.visibleDeal(caller, draft.dealId))) throw notFound(REFUSAL_MESSAGES.dealNotFound);
    const [organizer] = await repo.workspaceUsers(caller.organizationId, [caller.email.toLowerCase()]);
    if (!organizer) throw notFound(BOOKING_MESSAGES.notFound);
    const emails = [...new Set(draft.attendees)].filter((e) => e !== organizer.email);
    const members = await repo.workspaceUsers(caller.organizationId, emails);
    const memberEmails = new Set(members.map((m) => m.email));
    const outside = emails.filter((e) => !memberEmails.has(e));
    return { organizer, members, outside, emails };
  }

  function fieldsOf(
    draft: Draft,
    organizer: WorkspaceUser,
    members: WorkspaceUser[],
    emails: string[],
    extra: Pick<BookingFields, 'externalId' | 'sequence'>,
  ) {
    const names = new Map(members.map((m) => [m.email, m.name]));
    const attendees: TMeetAttendee[] = [
      { email: organizer.email, displayName: organizer.name, organizer: true, responseStatus: 'accepted' },
      ...emails.map((email): TMeetAttendee => ({
        email,
        responseStatus: 'needsAction',
        ...(names.get(email) ? { displayName: names.get(email) } : {}),
      })),
    ];
    return {
      title: draft.title,
      startAt: draft.start,
      endAt: new Date(draft.start.getTime() + draft.minutes * MINUTE_MS),
      timeZone: draft.timeZone,
      attendees,
      organizerEmail: organizer.email,
      meetLink: draft.meetLink,
      dealId: draft.dealId,
      ...extra,
    } satisfies BookingFields;
  }

  function invitation(bookingId: string, fields: BookingFields, organizer: WorkspaceUser, method: TInvitation['method']): TInvitation {
    return {
      bookingId,
      method,
      sequence: fields.sequence,
      title: fields.title,
      start: fields.startAt.toISOString(),
      end: fields.endAt.toISOString(),
      timeZone: fields.timeZone,
      organizer: { name: organizer.name, email: organizer.email },
      attendees: fields.attendees.filter((a) => !a.organizer).map((a) => ({ email: a.email, name: a.displayName ?? null })),
      meetLink: fields.meetLink,
      stamp: now().toISOString(),
    };
  }

  async function mailInvitations(on: DbOrTx, to: string[], inv: TInvitation): Promise<void> {
    for (const email of to) await deps.queue.enqueue(sendMailJob, invitationMail(inv, email), { db: on });
  }

  function view(rowId: string, fields: BookingFields, organizerId: string, caller: Caller, dealName: string | null) {
    const meeting: TCalendarMeeting = {
      id: rowId,
      summary: fields.title,
      start_time: fields.startAt.toISOString(),
      end_time: fields.endAt.toISOString(),
      timezone: fields.timeZone,
      all_day: false,
      status: 'confirmed',
      attendees: fields.attendees,
      organizer: fields.organizerEmail,
      meet_link: fields.meetLink,
      is_team: isTeamCall({ is_team: null, attendees: fields.attendees }),
      deal_id: fields.dealId === null ? null : String(fields.dealId),
      deal_name: dealName,
      owner_email: fields.organizerEmail,
      source: 'builtin',
      can_manage: organizerId === caller.id,
    };
    return meeting;
  }

  /** The booking the caller may change: 404 when they do not see it, 403 unless they organised it or are above its organiser. */
  async function manageable(on: DbOrTx, caller: Caller, id: string): Promise<BookingRow & { bookingId: string; organizerId: string }> {
    const row = await deps.repos(on).bookings.findVisible(caller, id);
    if (!row) throw notFound(BOOKING_MESSAGES.notFound);
    if (!row.bookingId) throw conflict(BOOKING_MESSAGES.notBooked);
    assertCan(caller, 'meeting.manage', { organizerId: row.organizerId, organizerSeen: row.organizerSeen });
    if (row.status === 'cancelled') throw conflict(BOOKING_MESSAGES.cancelled);
    const organizerRow = await deps.repos(on).bookings.organizerRow(row.bookingId);
    if (!organizerRow || !organizerRow.organizerId) throw notFound(BOOKING_MESSAGES.notFound);
    return { ...organizerRow, bookingId: row.bookingId, organizerId: organizerRow.organizerId };
  }

  return {
    /** Books a call organised by the caller. */
    async createAs(caller: Caller, body: TMeetingBookingBody): Promise<TBookedMeeting> {
      const timeZone = validZone(body.time_zone);
      const draft: Draft = {
        title: body.title,
        start: new Date(body.start_time),
        minutes: body.duration_minutes,
        timeZone,
        attendees: body.attendees,
        meetLink: body.meet_link ?? null,
        dealId: body.deal_id ? Number(body.deal_id) : null,
      };
      const google = await usesGoogle(caller.id);
      return deps.db.transaction(async (on) => {
        const repo = deps.repos(on).bookings;
        const { organizer, members, outside, emails } = await prepare(on, caller, draft, true);
        const bookingId = randomUUID();
        const fields = fieldsOf(draft, organizer, members, emails, { externalId: google ? googleEventIdOf(bookingId) : null, sequence: 0 });
        await repo.insert(
          { bookingId, organizationId: caller.organizationId, organizerId: caller.id },
          [caller.id, ...members.map((m) => m.id)],
          fields,
        );
        if (google) await deps.queue.enqueue(googleEventJob, { bookingId, action: 'insert' }, { db: on });
        else await mailInvitations(on, outside, invitation(bookingId, fields, organizer, 'REQUEST'));
        const row = await repo.organizerRow(bookingId);
        const deal = draft.dealId === null ? null : await repo.visibleDeal(caller, draft.dealId);
        return { meeting: view(row!.id, fields, caller.id, caller, deal?.name ?? null), invitations: google ? 'google' : 'email' };
      });
    },

    /** Edits a booked call: every copy follows, users added or removed gain or lose it, outside attendees get the update (SEQUENCE+1). */
    async updateAs(caller: Caller, id: string, body: TMeetingUpdateBody): Promise<TBookedMeeting> {
      // Asked before the transaction: the embedded database answers one connection at a time.
      const google = await usesGoogle((await manageable(deps.db, caller, id)).organizerId);
      return deps.db.transaction(async (on) => {
        const repo = deps.repos(on).bookings;
        const current = await manageable(on, caller, id);
        const minutes = Math.round(((current.endAt ?? current.startAt).getTime() - current.startAt.getTime()) / MINUTE_MS);
        const draft: Draft = {
          title: body.title ?? current.title ?? 'Meeting',
          start: body.start_time ? new Date(body.start_time) : current.startAt,
          minutes: body.duration_minutes ?? Math.max(1, minutes),
          timeZone: body.time_zone !== undefined ? validZone(body.time_zone) : current.timeZone,
          attendees: body.attendees ?? current.attendees.filter((a) => !a.organizer).map((a) => a.email),
          meetLink: body.meet_link !== undefined ? body.meet_link : current.meetLink,
          dealId: body.deal_id !== undefined ? (body.deal_id === null ? null : Number(body.deal_id)) : current.dealId,
        };
        const startChanged = body.start_time !== undefined && draft.start.getTime() !== current.startAt.getTime();
        // The organiser acts for the booking even when a manager edits it: their calendar, their invitations.
        const organizerCaller = { ...caller, id: current.organizerId, email: current.organizerEmail ?? caller.email };
        const dealCheck = body.deal_id !== undefined ? caller : null;
        if (dealCheck && draft.dealId !== null && !(await repo.visibleDeal(dealCheck, draft.dealId)))
          throw notFound(REFUSAL_MESSAGES.dealNotFound);
        const { organizer, members, outside, emails } = await prepare(
          on,
          { ...organizerCaller, role: caller.role },
          { ...draft, dealId: null },
          startChanged,
        );
        const fields = fieldsOf(draft, organizer, members, emails, { externalId: current.externalId, sequence: current.sequence + 1 });
        const keep = [current.organizerId, ...members.map((m) => m.id)];
        await repo.removeFrom(current.bookingId, keep);
        await repo.update(current.bookingId, fields);
        const present = new Set(await repo.ownersOf(current.bookingId));
        await repo.insert(
          { bookingId: current.bookingId, organizationId: current.organizationId, organizerId: current.organizerId },
          members.map((m) => m.id).filter((ownerId) => !present.has(ownerId)),
          fields,
        );
        if (current.externalId && google) {
          await deps.queue.enqueue(googleEventJob, { bookingId: current.bookingId, action: 'patch' }, { db: on });
        } else {
          const before = new Set(current.attendees.filter((a) => !a.organizer).map((a) => a.email));
          const dropped = [...before].filter((e) => !emails.includes(e));
          const droppedUsers = new Set((await repo.workspaceUsers(current.organizationId, dropped)).map((u) => u.email));
          const removed = dropped.filter((e) => !droppedUsers.has(e));
          await mailInvitations(on, outside, invitation(current.bookingId, fields, organizer, 'REQUEST'));
          await mailInvitations(on, removed, invitation(current.bookingId, fields, organizer, 'CANCEL'));
        }
        const deal = draft.dealId === null ? null : await repo.visibleDeal(caller, draft.dealId);
        return {
          meeting: view(current.id, fields, current.organizerId, caller, deal?.name ?? null),
          invitations: current.externalId && google ? 'google' : 'email',
        };
      });
    },

    /** Cancels a booked call: off every calendar, METHOD:CANCEL to outside attendees (or the Google event deleted). */
    async cancelAs(caller: Caller, id: string): Promise<TBookedMeeting> {
      const google = await usesGoogle((await manageable(deps.db, caller, id)).organizerId);
      return deps.db.transaction(async (on) => {
        const repo = deps.repos(on).bookings;
        const current = await manageable(on, caller, id);
        const sequence = current.sequence + 1;
        await repo.cancel(current.bookingId, sequence);
        const fields: BookingFields = {
          title: current.title ?? 'Meeting',
          startAt: current.startAt,
          endAt: current.endAt ?? current.startAt,
          timeZone: current.timeZone,
          attendees: current.attendees,
          organizerEmail: current.organizerEmail ?? caller.email,
          meetLink: current.meetLink,
          dealId: current.dealId,
          externalId: current.externalId,
          sequence,
        };
        if (current.externalId && google) {
          await deps.queue.enqueue(googleEventJob, { bookingId: current.bookingId, action: 'delete' }, { db: on });
        } else {
          const organizerName = current.attendees.find((a) => a.organizer)?.displayName ?? fields.organizerEmail;
          const members = await repo.workspaceUsers(
            current.organizationId,
            current.attendees.map((a) => a.email),
          );
          const outside = current.attendees.filter((a) => !a.organizer && !members.some((m) => m.email === a.email)).map((a) => a.email);
          const organizer: WorkspaceUser = { id: current.organizerId, email: fields.organizerEmail, name: organizerName };
          await mailInvitations(on, outside, invitation(current.bookingId, fields, organizer, 'CANCEL'));
        }
        const meeting = view(current.id, fields, current.organizerId, caller, null);
        return { meeting: { ...meeting, status: 'cancelled' as const }, invitations: current.externalId && google ? 'google' : 'email' };
      });
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
