import { sql, type SQL } from 'drizzle-orm';
import { COACHING_FIGURES } from '@pipewise/contract/coaching';
import { execute, type DbOrTx } from '../../db/client';
import { idsBelow, scope, visibleUserIds, type Viewer } from '../access/scopes';
import type { Figures, PersonCall, PersonFigures } from './coaching-team-figures';

/**
 * The Coaching page's reads of call_stats_people (one row per team-side user per call with
 * separated speakers). A call counts only when the viewer sees its recording (its uploader is the
 * viewer or below them; admins: the workspace), and a person only when the viewer sees them.
 */

/** Each figure's column of call_stats_people. */
const COLUMNS: Figures<string> = {
  talk_ratio: 'talk_ratio',
  longest_monologue: 'longest_monologue_seconds',
  interactivity: 'interactivity',
  patience: 'patience_seconds',
  questions: 'questions',
  questions_per_hour: 'questions_per_hour',
  words_per_minute: 'words_per_minute',
  fillers_per_minute: 'fillers_per_minute',
};

/** A person as the page names them. */
export type CoachingPersonRow = { id: string; name: string; email: string; role: string; active: boolean; reportsTo: string | null };

type PersonRaw = { id: string; name: string; email: string; role: string; status: string; reports_to: string | null };
const toPerson = (r: PersonRaw): CoachingPersonRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  role: r.role,
  active: r.status === 'active',
  reportsTo: r.reports_to,
});
const personColumns = sql`u.id, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as name,
  u.email, u.role, u.status, u.reports_to`;

/** Whose rows a read takes: the people the viewer sees, optionally narrowed to a team (its head and everyone below). */
export type PeopleFilter = { teamOf?: string | null };

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export function createCoachingTeamRepo(db: DbOrTx) {
  /** Rows of the period whose recording the viewer sees, of people the viewer sees. */
  function visibleRows(viewer: Viewer, start: Date, end: Date, filter: PeopleFilter): SQL {
    const team = filter.teamOf
      ? sql` and p.user_id = any(array(select ${filter.teamOf}::uuid union all
          select below.id from (${idsBelow(viewer.organizationId, filter.teamOf)}) below))`
      : sql``;
    // user_id = any(array(...)) first: the ids come as an index condition of call_stats_people_user_idx.
    return sql`p.organization_id = ${viewer.organizationId} and p.user_id = any(array(${visibleUserIds(viewer)}))${team}
      and p.recorded_at >= ${start.toISOString()} and p.recorded_at < ${end.toISOString()} and ${scope.recordings(viewer, 'p')}`;
  }

  /**
   * Rows of the period of one team (its head and everyone below; the workspace when null), whoever the viewer is:
   * read only for the team's median, an aggregate that names no person and no call. A rep compares
   * their figures with their team's although they see no one else's.
   */
  function teamRows(viewer: Viewer, start: Date, end: Date, teamOf: string | null): SQL {
    const members = teamOf
      ? sql` and p.user_id = any(array(select ${teamOf}::uuid union all
          select below.id from (${idsBelow(viewer.organizationId, teamOf)}) below))`
      : sql``;
    return sql`p.organization_id = ${viewer.organizationId}${members}
      and p.recorded_at >= ${start.toISOString()} and p.recorded_at < ${end.toISOString()}`;
  }

  /** Each figure's mean and how many calls have it, per person (with `calls`, `user_id`). */
  const meanColumns = sql.join(
    COACHING_FIGURES.map((f) => sql.raw(`avg(p.${COLUMNS[f]}::float8) as "${f}", count(p.${COLUMNS[f]})::int as "${f}_calls"`)),
    sql`, `,
  );
  const toMeans = (r: Record<string, unknown>): PersonFigures => ({
    userId: String(r.user_id),
    calls: Number(r.calls),
    figures: Object.fromEntries(
      COACHING_FIGURES.map((f) => [f, { value: num(r[f]), calls: Number(r[`${f}_calls`]) }]),
    ) as PersonFigures['figures'],
  });
  /** The viewer's saved time zone, read in the statement that reads the people (one statement fewer a request). */
  const viewerZone = (viewer: Viewer) =>
    sql`(select z.time_zone from users z where z.id = ${viewer.id} and z.organization_id = ${viewer.organizationId})`;

  return {
    /** Everyone the viewer sees (a rep: themselves; a manager: their subtree; an admin: the workspace), by name; and the viewer's zone. */
    async people(viewer: Viewer): Promise<{ zone: string | null; people: CoachingPersonRow[] }> {
      const rows = await execute<PersonRaw & { viewer_zone: string | null }>(
        db,
        sql`select ${personColumns}, ${viewerZone(viewer)} as viewer_zone from users u where ${scope.people(viewer, 'u')} order by 2, u.id`,
      );
      return { zone: rows[0]?.viewer_zone ?? null, people: rows.map(toPerson) };
    },

    /** One person, when the viewer sees them (else null); and the viewer's zone. */
    async person(viewer: Viewer, userId: string): Promise<{ zone: string | null; person: CoachingPersonRow | null }> {
      const [row] = await execute<Partial<PersonRaw> & { viewer_zone: string | null }>(
        db,
        sql`select ${personColumns}, ${viewerZone(viewer)} as viewer_zone
          from (select 1) one left join users u on u.id = ${userId} and ${scope.people(viewer, 'u')}`,
      );
      return { zone: row?.viewer_zone ?? null, person: row?.id ? toPerson(row as PersonRaw) : null };
    },

    /** Each person's means over the period's calls the viewer sees (people without calls: absent); one JSON value, as below. */
    async means(viewer: Viewer, start: Date, end: Date, filter: PeopleFilter = {}): Promise<PersonFigures[]> {
      const [row] = await execute<{ team: Record<string, unknown>[] | null }>(
        db,
        sql`select json_agg(m) as team from (select p.user_id, count(*)::int as calls, ${meanColumns}
          from call_stats_people p where ${visibleRows(viewer, start, end, filter)} group by p.user_id) m`,
      );
      return (row?.team ?? []).map(toMeans);
    },

    /**
     * One person's calls in the period that the viewer sees (oldest first), and the means of the people
     * of `filter`'s team (all of them: only their median leaves the service), in one statement. Each part
     * comes as one JSON array: a year of calls is a few hundred rows, and reading them as one value costs a
     * fraction of reading each row's columns.
     */
    async personAndTeam(
      viewer: Viewer,
      userId: string,
      start: Date,
      end: Date,
      filter: PeopleFilter,
    ): Promise<{ calls: PersonCall[]; team: PersonFigures[] }> {
      // [recording, epoch ms, monologue start, ...figures in COACHING_FIGURES order]
      const callItems = sql.raw(
        ['p.recording_id', 'extract(epoch from p.recorded_at) * 1000', 'p.longest_monologue_start']
          .concat(COACHING_FIGURES.map((f) => `p.${COLUMNS[f]}`))
          .join(', '),
      );
      const [row] = await execute<{ calls: unknown[][] | null; team: Record<string, unknown>[] | null }>(
        db,
        sql`select
            (select json_agg(json_build_array(${callItems}) order by p.recorded_at, p.recording_id)
              from call_stats_people p where p.user_id = ${userId} and ${visibleRows(viewer, start, end, {})}) as calls,
            (select json_agg(m) from (select p.user_id, count(*)::int as calls, ${meanColumns}
              from call_stats_people p where ${teamRows(viewer, start, end, filter.teamOf ?? null)} group by p.user_id) m) as team`,
      );
      return {
        calls: (row?.calls ?? []).map(([recordingId, at, monologueStart, ...values]) => ({
          recordingId: String(recordingId),
          recordedAt: new Date(Number(at)),
          longestMonologueStart: num(monologueStart),
          values: Object.fromEntries(COACHING_FIGURES.map((f, i) => [f, num(values[i])])) as PersonCall['values'],
        })),
        team: (row?.team ?? []).map(toMeans),
      };
    },
  };
}

export type CoachingTeamRepo = ReturnType<typeof createCoachingTeamRepo>;
