import { sql, type SQL } from 'drizzle-orm';
import { ranked, type MatchTerms } from '../../db/ranked-match';
import { scope, type Viewer } from '../access/scopes';

/** The calendar module's reads for other modules: only this module writes SQL against calendar_meetings. */
export function createMeetingReads() {
  return {
    /**
     * The header search's statement for calendar meetings (owner's team, not cancelled) by title:
     * at most `limit` rows of (id, title, source 'calendar', at, rank, sort_label), not yet in order (ranked()).
     */
    headerSearch(v: Viewer, t: MatchTerms, limit: number): SQL {
      return ranked(
        {
          select: sql`m.id, m.title, 'calendar' as source, m.start_at as at`,
          from: sql`calendar_meetings m`,
          where: sql`${scope.meetings(v, 'm')} and m.status <> 'cancelled'`,
          label: sql`lower(m.title)`,
        },
        t,
        limit,
      );
    },
  };
}

export type MeetingReads = ReturnType<typeof createMeetingReads>;
