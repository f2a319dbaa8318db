import { sql, type SQL } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import type { Viewer } from '../access/scopes';
import type { MeetingReads } from '../calendar/meeting-reads';
import type { CompanyReads, CompanySearchRow } from '../companies/company-reads';
import type { ContactReads, ContactSearchRow } from '../contacts/contact-reads';
import type { DealReads, DealSearchRow } from '../deals/deal-reads';
import type { RecordingReads } from '../recordings/recording-reads';
import type { PersonSearchRow, UserReads } from '../users/user-reads';
import type { SearchTerms } from './search-terms';

/**
 * The header search, one statement per group, each written by the module that owns its table
 * (their `headerSearch` reads: within what the viewer sees, by the access module's scope of its
 * kind, which also keeps it in the viewer's workspace). Each statement repeats the expressions its
 * indexes were built on (the search_indexes migration and deal_search's trigram index), so the
 * planner can use them. This module names no table: it runs the groups and merges the meetings.
 */

/** A meeting hit: a recording or a calendar meeting. */
export type MeetingRow = { id: string; title: string; source: 'recording' | 'calendar'; at: string | Date };

/** The owners' reads the header search uses. */
export type SearchReads = {
  deals: Pick<DealReads, 'headerSearch'>;
  companies: Pick<CompanyReads, 'headerSearch'>;
  contacts: Pick<ContactReads, 'headerSearch'>;
  people: Pick<UserReads, 'headerSearch'>;
  recordings: Pick<RecordingReads, 'headerSearch'>;
  calendar: Pick<MeetingReads, 'headerSearch'>;
};

export type SearchRows = {
  deals: DealSearchRow[];
  companies: CompanySearchRow[];
  contacts: ContactSearchRow[];
  people: PersonSearchRow[];
  meetings: MeetingRow[];
};
const GROUPS = ['deals', 'companies', 'contacts', 'people', 'meetings'] as const;

export type SearchRepoOptions = {
  /**
   * The five groups in one statement (each as a JSON array) instead of five run at once: PGlite
   * runs one statement at a time in-process, so one saves four rounds of protocol and planning;
   * PostgreSQL runs the five on pool connections in parallel (as deals-repo does, for the same reason).
   */
  oneStatement: boolean;
};

export function createSearchRepo(db: DbOrTx, reads: SearchReads, options: SearchRepoOptions) {
  /** The statement of each group: the owners' own; meetings: recordings and calendar meetings, merged. */
  const GROUP_SQL: Record<(typeof GROUPS)[number], (v: Viewer, t: SearchTerms, limit: number) => SQL> = {
    deals: reads.deals.headerSearch,
    companies: reads.companies.headerSearch,
    contacts: reads.contacts.headerSearch,
    people: reads.people.headerSearch,
    meetings: (v, t, limit) => sql`
      select id, title, source, at
      from ((${reads.recordings.headerSearch(v, t, limit)}) union all (${reads.calendar.headerSearch(v, t, limit)})) found
      order by rank, sort_label using ~<~, at desc limit ${limit}`,
  };
  return {
    async search(s: Viewer, t: SearchTerms, limit: number): Promise<SearchRows> {
      if (options.oneStatement) {
        const columns = GROUPS.map(
          (g) => sql`(select coalesce(json_agg(found), '[]'::json) from (${GROUP_SQL[g](s, t, limit)}) found) as ${sql.raw(g)}`,
        );
        const [row] = await execute<SearchRows>(db, sql`select ${sql.join(columns, sql`, `)}`);
        return row!;
      }
      const [deals, companies, contacts, people, meetings] = await Promise.all(GROUPS.map((g) => execute(db, GROUP_SQL[g](s, t, limit))));
      return { deals, companies, contacts, people, meetings } as SearchRows;
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
