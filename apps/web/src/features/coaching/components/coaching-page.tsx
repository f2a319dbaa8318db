import { Link, useParams, useSearchParams } from 'react-router';
import { useProfile } from '../../../lib/session';
import { useCoachingTeam } from '../api/get-coaching-team';
import type { CoachingRange } from '../api/coaching-query-keys';
import { periodOf, periodSearch } from '../utils/period';
import { CoachingEmpty, CoachingError, CoachingLoading } from './coaching-states';
import { PeriodPicker } from './period-picker';
import { CoachingPersonView } from './person-view';
import { CoachingTeamTable } from './team-table';
import '../coaching.css';

type ViewProps = { range: CoachingRange; search: string };

/**
 * Who the caller is decides the first view: someone whose table holds more than their own row (a
 * manager, an admin) sees everyone's table first; a rep sees their own figures.
 */
function CoachingOverview({ range, search }: ViewProps) {
  const team = useCoachingTeam(range);
  const me = useProfile().data?.id ?? null;
  if (team.isError) return <CoachingError error={team.error} onRetry={() => void team.refetch()} />;
  if (team.isPending) return <CoachingLoading />;
  const { rows } = team.data;
  if (rows.length <= 1) {
    const own = rows[0]?.user_id ?? me;
    return own ? <CoachingPersonView userId={own} range={range} search={search} own={own === me} showBack={false} /> : <CoachingEmpty />;
  }
  const calls = rows.reduce((sum, row) => sum + row.calls, 0);
  return (
    <section className="coaching-view" aria-labelledby="coaching-view-title">
      <div className="coaching-view-head">
        <h2 id="coaching-view-title">Your team</h2>
        <p className="coaching-view-sub">
          {`${rows.length} people · ${calls} ${calls === 1 ? 'call' : 'calls'} with separated speakers in this period`}
        </p>
        {me && rows.some((row) => row.user_id === me) ? (
          <Link to={`/dashboard/coaching/${encodeURIComponent(me)}${search}`}>Your own figures</Link>
        ) : null}
      </div>
      {calls === 0 ? <CoachingEmpty /> : null}
      <CoachingTeamTable team={team.data} search={search} />
      <p className="coaching-note">
        Marked values are outside a band published research ties to won deals: talk ratio above 65% (Gong Labs, 25,537 calls), or fewer than
        11 or more than 14 questions on a call. The other figures have no published band; compare them with the team median.
      </p>
    </section>
  );
}

/**
 * /dashboard/coaching and /dashboard/coaching/{userId}: conversation figures over a period (kept in
 * the URL) per person, against the team's median and the published bands (issue 31).
 */
export function CoachingPage() {
  const { userId } = useParams();
  const [params, setParams] = useSearchParams();
  const period = periodOf(params);
  const search = periodSearch(period);
  const range = { from: period.from, to: period.to };
  const me = useProfile().data?.id ?? null;
  return (
    <div className="coaching-page">
      <PeriodPicker key={search} period={period} onChange={(next) => setParams(new URLSearchParams(next))} />
      {userId ? (
        <CoachingPersonView userId={userId} range={range} search={search} own={userId === me} showBack />
      ) : (
        <CoachingOverview range={range} search={search} />
      )}
    </div>
  );
}
