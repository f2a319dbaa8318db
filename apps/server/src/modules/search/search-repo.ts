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
export type DealRow = DealSearchRow;
export type CompanyRow = CompanySearchRow;
export type ContactRow = ContactSearchRow;
export type PersonRow = PersonSearchRow;
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

/** The statement of each group; `createSearchRepo` runs them one by one or as one. */
function groupSql(reads: SearchReads) {
  return {
    deals: (v: Viewer, t: SearchTerms, limit: number): SQL => reads.deals.headerSearch(v, t, limit),
    companies: (v: Viewer, t: SearchTerms, limit: number): SQL => reads.companies.headerSearch(v, t, limit),
    contacts: (v: Viewer, t: SearchTerms, limit: number): SQL => reads.contacts.headerSearch(v, t, limit),
    people: (v: Viewer, t: SearchTerms, limit: number): SQL => reads.people.headerSearch(v, t, limit),
    /** Recordings (uploader's team) and calendar meetings (owner's team, not cancelled) by title. */
    meetings(v: Viewer, t: SearchTerms, limit: number): SQL {
      const recordings = reads.recordings.headerSearch(v, t, limit);
      const calendar = reads.calendar.headerSearch(v, t, limit);
      return sql`
      select id, title, source, at from ((${recordings}) union all (${calendar})) found
      order by rank, sort_label using ~<~, at desc limit ${limit}`;
    },
  };
}

export type SearchRows = { deals: DealRow[]; companies: CompanyRow[]; contacts: ContactRow[]; people: PersonRow[]; meetings: MeetingRow[] };
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
  const GROUP_SQL = groupSql(reads);
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
