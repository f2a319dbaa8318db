import { sql, type SQL } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../../db/client';
import type { Caller } from '../../access/access-rules';
import { scope } from '../../access/scopes';

/** A recorded meeting as an answer names it. */
export type MeetingLine = {
  id: string;
  title: string;
  summary: string | null;
  keyPoints: string[];
  sentiment: string | null;
  /** ISO instant: when it was recorded, else uploaded. */
  at: string;
  dealId: number | null;
  dealName: string | null;
  company: string | null;
};

/** A calendar call. */
export type CallLine = {
  id: string;
  title: string | null;
  startAt: Date;
  endAt: Date | null;
  allDay: boolean;
  ownerId: string;
  owner: string;
  meetLink: string | null;
  dealId: number | null;
  dealName: string | null;
};

/** A stakeholder of an account's deal. */
export type StakeholderLine = {
  contactId: string;
  name: string;
  jobtitle: string | null;
  position: string | null;
  dealId: number;
  dealName: string;
};

type MeetingRow = {
  id: string;
  title: string;
  summary: string | null;
  key_points: string[] | null;
  sentiment: string | null;
  at: string;
  deal_id: string | number | null;
  deal_name: string | null;
  company: string | null;
};

const toMeeting = (r: MeetingRow): MeetingLine => ({
  id: r.id,
  title: r.title,
  summary: r.summary,
  keyPoints: Array.isArray(r.key_points) ? r.key_points.filter((k): k is string => typeof k === 'string') : [],
  sentiment: r.sentiment,
  at: r.at,
  dealId: r.deal_id === null ? null : Number(r.deal_id),
  dealName: r.deal_name,
  company: r.company,
});

const uuidList = (ids: string[]) =>
  ids.length
    ? sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )
    : sql`null::uuid`;

/** Recordings, stakeholders and calendar calls the caller may see (the recordings' and calendar's own rules). */
export function createMeetingsRepo(db: DbOrTx) {
  /** Recordings (as `r`) the caller sees: the uploader's, everyone above them, the workspace's admins. */
  const recordingScope = (caller: Caller): SQL => scope.recordings(caller, 'r');

  const meetingColumns = sql`r.id, r.title, r.summary, r.key_points, r.sentiment,
    to_char(coalesce(r.recorded_at, r.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at,
    d.id as deal_id, d.dealname as deal_name, c.name as company`;

  return {
    recordingScope,
    meetingColumns,
    toMeeting,

    /** The latest recordings of the accounts' deals, newest first. */
    async latestForCompanies(caller: Caller, companyIds: string[], limit: number): Promise<MeetingLine[]> {
      const rows = await execute<MeetingRow>(
        db,
        sql`
        select ${meetingColumns} from recordings r join deals d on d.id = r.deal_id left join companies c on c.id = d.company_id
        where ${recordingScope(caller)} and ${scope.deals(caller, 'd')} and d.company_id in (${uuidList(companyIds)})
        order by coalesce(r.recorded_at, r.created_at) desc, r.id desc limit ${limit}`,
      );
      return rows.map(toMeeting);
    },

    /** Stakeholders of the given deals, decision makers first. */
    async stakeholders(dealIds: number[]): Promise<StakeholderLine[]> {
      if (dealIds.length === 0) return [];
      const rows = await execute<{
        contact_id: string;
        firstname: string;
        lastname: string;
        jobtitle: string | null;
        position: string | null;
        deal_id: string | number;
        dealname: string;
      }>(
        db,
        sql`
        select ct.id as contact_id, ct.firstname, ct.lastname, ct.jobtitle, ds.position, ds.deal_id, d.dealname
        from deal_stakeholders ds join contacts ct on ct.id = ds.contact_id join deals d on d.id = ds.deal_id
        where ds.deal_id in (${sql.join(
          dealIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by (ds.position ilike '%decision%' or ds.position ilike '%economic%') desc, ds.display_order, ct.firstname, ct.id`,
      );
      return rows.map((r) => ({
        contactId: r.contact_id,
        name: `${r.firstname} ${r.lastname}`.trim(),
        jobtitle: r.jobtitle,
        position: r.position,
        dealId: Number(r.deal_id),
        dealName: r.dealname,
      }));
    },

    /** Live calls starting in [from, to) on the calendars of the caller and everyone they see; optionally only calls linked to the accounts' deals. */
    async calls(caller: Caller, range: { from: Date; to: Date }, companyIds: string[] | null): Promise<CallLine[]> {
      const account = companyIds ? sql`and d.company_id in (${uuidList(companyIds)})` : sql``;
      const rows = await execute<{
        id: string;
        title: string | null;
        start_at: string;
        end_at: string | null;
        all_day: boolean;
        owner_id: string;
        owner: string;
        meet_link: string | null;
        deal_id: string | number | null;
        dealname: string | null;
      }>(
        db,
        sql`
        select m.id, m.title, m.start_at, m.end_at, m.all_day, m.owner_id,
          coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as owner, m.meet_link, d.id as deal_id, d.dealname
        from calendar_meetings m join users u on u.id = m.owner_id
        left join deals d on d.id = m.deal_id and ${scope.deals(caller, 'd')}
        where ${scope.meetings(caller, 'm')}
          and m.status <> 'cancelled' and m.start_at >= ${range.from.toISOString()}::timestamptz and m.start_at < ${range.to.toISOString()}::timestamptz ${account}
        order by m.start_at, m.id limit 200`,
      );
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        startAt: new Date(r.start_at),
        endAt: r.end_at ? new Date(r.end_at) : null,
        allDay: r.all_day,
        ownerId: r.owner_id,
        owner: r.owner,
        meetLink: r.meet_link,
        dealId: r.deal_id === null ? null : Number(r.deal_id),
        dealName: r.dealname,
      }));
    },
  };
}

export type MeetingsRepo = ReturnType<typeof createMeetingsRepo>;
