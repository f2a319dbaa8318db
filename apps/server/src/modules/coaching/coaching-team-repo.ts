import { sql, type SQL } from 'drizzle-orm';
import { COACHING_FIGURES, type TCoachingFigure } from '@pipewise/contract/coaching';
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

  return {
    /** The viewer's saved time zone, or null. */
    async zoneOf(viewer: Viewer): Promise<string | null> {
      const [row] = await execute<{ time_zone: string | null }>(
        db,
        sql`select time_zone from users where id = ${viewer.id} and organization_id = ${viewer.organizationId}`,
      );
      return row?.time_zone ?? null;
    },

    /** Everyone the viewer sees (a rep: themselves; a manager: their subtree; an admin: the workspace), by name. */
    async people(viewer: Viewer): Promise<CoachingPersonRow[]> {
      const rows = await execute<PersonRaw>(
        db,
        sql`select ${personColumns} from users u where ${scope.people(viewer, 'u')} order by 2, u.id`,
      );
      return rows.map(toPerson);
    },

    /** One person, when the viewer sees them. */
    async person(viewer: Viewer, userId: string): Promise<CoachingPersonRow | null> {
      const [row] = await execute<PersonRaw>(
        db,
        sql`select ${personColumns} from users u where u.id = ${userId} and ${scope.people(viewer, 'u')}`,
      );
      return row ? toPerson(row) : null;
    },

    /** Each person's means over the period's calls the viewer sees (people without calls: absent). */
    async means(viewer: Viewer, start: Date, end: Date, filter: PeopleFilter = {}): Promise<PersonFigures[]> {
      const figures = sql.join(
        COACHING_FIGURES.map((f) => sql.raw(`avg(p.${COLUMNS[f]})::float8 as "${f}", count(p.${COLUMNS[f]})::int as "${f}_calls"`)),
        sql`, `,
      );
      const rows = await execute<Record<string, unknown> & { user_id: string; calls: number }>(
        db,
        sql`select p.user_id, count(*)::int as calls, ${figures}
          from call_stats_people p where ${visibleRows(viewer, start, end, filter)} group by p.user_id`,
      );
      return rows.map((r) => ({
        userId: r.user_id,
        calls: Number(r.calls),
        figures: Object.fromEntries(
          COACHING_FIGURES.map((f) => [f, { value: num(r[f]), calls: Number(r[`${f}_calls`]) }]),
        ) as PersonFigures['figures'],
      }));
    },

    /** One person's calls in the period that the viewer sees, oldest first. */
    async calls(viewer: Viewer, userId: string, start: Date, end: Date): Promise<PersonCall[]> {
      const figures = sql.join(
        COACHING_FIGURES.map((f) => sql.raw(`p.${COLUMNS[f]}::float8 as "${f}"`)),
        sql`, `,
      );
      const rows = await execute<Record<TCoachingFigure, unknown> & { recording_id: string; recorded_at: string | Date; start: unknown }>(
        db,
        sql`select p.recording_id, p.recorded_at, p.longest_monologue_start::float8 as start, ${figures}
          from call_stats_people p where p.user_id = ${userId} and ${visibleRows(viewer, start, end, {})}
          order by p.recorded_at, p.recording_id`,
      );
      return rows.map((r) => ({
        recordingId: r.recording_id,
        recordedAt: new Date(r.recorded_at),
        longestMonologueStart: num(r.start),
        values: Object.fromEntries(COACHING_FIGURES.map((f) => [f, num(r[f])])) as PersonCall['values'],
      }));
    },
  };
}

export type CoachingTeamRepo = ReturnType<typeof createCoachingTeamRepo>;
