import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { COACHING_FIGURES } from '@pipewise/contract/coaching';
import { useCoachingPerson } from '../api/get-coaching-person';
import type { CoachingRange } from '../api/coaching-query-keys';
import { CoachingEmpty, CoachingError, CoachingLoading } from './coaching-states';
import { FigureCard } from './figure-card';

type PersonViewProps = {
  userId: string;
  range: CoachingRange;
  /** The period's URL query, kept on every link. */
  search: string;
  /** The caller's own figures ('Your figures') rather than someone they opened from the table. */
  own: boolean;
  /** Offer the way back to the team table (the person was opened from it). */
  showBack: boolean;
};

const callsText = (n: number) => `${n} ${n === 1 ? 'call' : 'calls'} with separated speakers in this period`;

/** One person's figures over the period, each as a card against the team's median and the published bands. */
export function CoachingPersonView({ userId, range, search, own, showBack }: PersonViewProps) {
  const person = useCoachingPerson(userId, range);
  const backTo = `/dashboard/coaching${search}`;
  let content;
  if (person.isError) content = <CoachingError error={person.error} onRetry={() => void person.refetch()} />;
  else if (person.isPending) content = <CoachingLoading />;
  else if (person.data.calls === 0) content = <CoachingEmpty />;
  else {
    const data = person.data;
    content = (
      <ul className="coaching-cards">
        {COACHING_FIGURES.map((figure) => (
          <FigureCard key={figure} figure={figure} person={data} />
        ))}
      </ul>
    );
  }
  const name = person.data?.user.name;
  return (
    <section className="coaching-view" aria-labelledby="coaching-view-title">
      {showBack ? (
        <Link to={backTo} className="coaching-back">
          <ArrowLeft size={16} aria-hidden="true" /> Back to Coaching
        </Link>
      ) : null}
      <div className="coaching-view-head">
        <h2 id="coaching-view-title">{own ? 'Your figures' : (name ?? 'Coaching figures')}</h2>
        {person.data ? <p className="coaching-view-sub">{callsText(person.data.calls)}</p> : null}
      </div>
      {content}
    </section>
  );
}
