import type { TCoachingCall, TCoachingPerson, TCoachingRow, TCoachingTeam } from '@pipewise/contract/coaching';
import { isUuid } from '../../lib/ids';
import { assertCan } from '../access/policies';
import type { Viewer } from '../access/scopes';
import { bestAndWorst, marked, meansOf, teamMedian, type PersonFigures, type RankedCall } from './coaching-team-figures';
import { knownZoneOrNull, localDay, mondayOf, resolvePeriod, weeksOf, type Period, type PeriodAsked } from './coaching-team-period';
import type { CoachingPersonRow, CoachingTeamRepo } from './coaching-team-repo';

/** A period as a caller asks for it: days (yyyy-mm-dd) in their time zone, and the browser's zone while they saved none. */
export type CoachingRange = PeriodAsked & { timeZone?: string };

export type CoachingTeamDeps = {
  repo: CoachingTeamRepo;
  /** The titles of the recordings among `ids` that the viewer sees (the recordings module's reads). */
  recordingTitles: (viewer: Viewer, ids: string[]) => Promise<{ id: string; title: string }[]>;
  now?: () => Date;
};

const iso = (d: Date) => d.toISOString();
/** A user id nobody has: a malformed id is looked up as this, so it reads as nobody (404) after the period is checked. */
const NO_ONE = '00000000-0000-0000-0000-000000000000';

/**
 * The Coaching page's data (issue 31): each person's conversation figures over a period, as the
 * mean of their calls with separated speakers, against the team's median and the published bands;
 * one person's weekly trend and their best and worst calls. Only calls whose recording the viewer
 * sees count, and only people the viewer sees appear: a rep sees themselves, a manager their
 * subtree, an admin the workspace.
 */
export function createCoachingTeamService(deps: CoachingTeamDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  /** The viewer's period: their saved zone, else their browser's, else UTC. */
  const periodFor = (saved: string | null, range: CoachingRange): Period =>
    resolvePeriod(range, knownZoneOrNull(saved) ?? knownZoneOrNull(range.timeZone) ?? 'UTC', now());

  const rowOf = (person: CoachingPersonRow, means: PersonFigures | undefined): TCoachingRow => ({
    user_id: person.id,
    name: person.name,
    email: person.email,
    role: person.role,
    calls: means?.calls ?? 0,
    figures: marked(means?.figures ?? meansOf([]).figures),
  });

  /** The ranked calls with their recordings' titles (a recording the viewer no longer sees is left out). */
  async function withTitles(viewer: Viewer, ranked: { best: RankedCall[]; worst: RankedCall[] }) {
    const ids = [...new Set([...ranked.best, ...ranked.worst].map((c) => c.recordingId))];
    const titles = new Map((await deps.recordingTitles(viewer, ids)).map((r) => [r.id, r.title]));
    const titled = (calls: RankedCall[]): TCoachingCall[] =>
      calls.flatMap((c) => {
        const title = titles.get(c.recordingId);
        if (title === undefined) return [];
        return [{ figure: c.figure, recording_id: c.recordingId, title, recorded_at: iso(c.recordedAt), value: c.value, at: c.at }];
      });
    return { best: titled(ranked.best), worst: titled(ranked.worst) };
  }

  /**
   * GET /api/coaching/users/{id}: one person's figures against their team's median (their manager's
   * subtree, or the workspace for someone without a manager: an aggregate, so a rep gets it too), the
   * weekly trend and the best and worst calls. Null when the viewer does not see that person.
   */
  async function person(viewer: Viewer, userId: string, range: CoachingRange): Promise<TCoachingPerson | null> {
    const { zone, person: who } = await repo.person(viewer, isUuid(userId) ? userId : NO_ONE);
    const period = periodFor(zone, range);
    if (!who) return null;
    const { calls, team: peers } = await repo.personAndTeam(viewer, who.id, period.start, period.end, { teamOf: who.reportsTo });
    const own = meansOf(calls);
    const median = teamMedian(peers);
    const byWeek = new Map<string, typeof calls>();
    for (const call of calls) {
      const week = mondayOf(localDay(call.recordedAt, period.zone));
      byWeek.set(week, [...(byWeek.get(week) ?? []), call]);
    }
    const weeks = weeksOf(period).map((week) => {
      const of = meansOf(byWeek.get(week) ?? []);
      return {
        week,
        calls: of.calls,
        figures: Object.fromEntries(
          Object.entries(of.figures).map(([f, x]) => [f, x.value]),
        ) as TCoachingPerson['weeks'][number]['figures'],
      };
    });
    const { best, worst } = await withTitles(viewer, bestAndWorst(calls, median));
    return {
      from: period.from,
      to: period.to,
      user: { id: who.id, name: who.name, email: who.email, role: who.role },
      calls: own.calls,
      figures: marked(own.figures),
      team_median: median,
      weeks,
      best,
      worst,
    };
  }

  return {
    /** GET /api/coaching: one row per person the viewer sees, and the median of the rows with calls. */
    async team(viewer: Viewer, range: CoachingRange): Promise<TCoachingTeam> {
      const { zone, people } = await repo.people(viewer);
      const period = periodFor(zone, range);
      const means = await repo.means(viewer, period.start, period.end);
      const byUser = new Map(means.map((m) => [m.userId, m]));
      // A deactivated person stays in the table while the period holds calls of theirs.
      const rows = people.filter((p) => p.active || byUser.has(p.id)).map((p) => rowOf(p, byUser.get(p.id)));
      return { from: period.from, to: period.to, rows, team_median: teamMedian(means) };
    },

    person,

    /** The route's form of `person`: a person the viewer does not see is 404, as if they did not exist. */
    async personOr404(viewer: Viewer, userId: string, range: CoachingRange): Promise<TCoachingPerson> {
      const answer = await person(viewer, userId, range);
      assertCan(viewer, 'coaching.view-person', { personSeen: answer !== null });
      return answer!;
    },
  };
}

export type CoachingTeamService = ReturnType<typeof createCoachingTeamService>;
