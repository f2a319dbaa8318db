import { sql, type SQL } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import { scope, type Viewer } from '../access/scopes';
import type { SearchTerms } from './search-terms';

/**
 * The header search's SQL, one statement per group, each group within what the viewer sees (the
 * access module's scope of its kind, which also keeps it in the viewer's workspace). Each statement repeats the expressions its indexes were
 * built on (the search_indexes migration and deal_search's trigram index), so the planner can use them.
 */

export type DealRow = { id: string | number; dealname: string; stage_label: string; amount: string | null };
export type CompanyRow = { id: string; name: string; domain: string | null; industry: string | null; deal_id: string | number | null };
export type ContactRow = {
  id: string;
  firstname: string;
  lastname: string;
  email: string | null;
  company_name: string | null;
  deal_id: string | number | null;
};
export type PersonRow = { id: string; first_name: string; last_name: string; email: string; team: string; status: string };
export type MeetingRow = { id: string; title: string; source: 'recording' | 'calendar'; at: string | Date };

type Ranked = {
  /** The select list (without the rank and sort columns). */
  select: SQL;
  from: SQL;
  /** Workspace and visibility. */
  where: SQL;
  /** The lower-cased label: its start ranks first, through a `text_pattern_ops` index on (organization_id, label). */
  label: SQL;
  /** A match anywhere, through a trigram index (defaults to `label like '%term%'`). */
  anywhere?: SQL;
};

/**
 * At most `limit` matches, those whose label starts with the term first (alphabetical), then, for
 * terms of 3+ characters and only while fewer than `limit` were found, others containing it.
 * Neither part sorts every match (a common term can match 10% of 100k deals): the first reads the
 * prefix index in its own order (`using ~<~`, the order of `text_pattern_ops`) and stops at
 * `limit`; the second takes the first `limit` matches the trigram index yields and only those are
 * ordered. A full name usually fills the first part, which spares the trigram scan of a long term.
 */
function ranked(r: Ranked, t: SearchTerms, limit: number): SQL {
  const prefix = sql`${r.label} like ${t.prefix}`;
  const first = sql`select ${r.select}, 0 as rank, ${r.label} as sort_label from ${r.from}
    where ${r.where} and ${prefix} order by ${r.label} using ~<~ limit ${limit}`;
  if (t.prefixOnly) return sql`select * from (${first}) found`;
  const anywhere = r.anywhere ?? sql`${r.label} like ${t.anywhere}`;
  return sql`with starts as materialized (${first})
    select * from starts
    union all
    (select ${r.select}, 1 as rank, ${r.label} as sort_label from ${r.from}
     where ${r.where} and ${anywhere} and not (${prefix}) and (select count(*) from starts) < ${limit} limit ${limit})`;
}

/** A ranked() statement's rows in their order. */
const inOrder = (query: SQL, limit: number): SQL => sql`select * from (${query}) found order by rank, sort_label using ~<~ limit ${limit}`;

/** The statement of each group; `createSearchRepo` runs them one by one or as one. */
const GROUP_SQL = {
  /** Deals by name, read from deal_search (narrow rows, trigram index on search_text). */
  deals(v: Viewer, t: SearchTerms, limit: number): SQL {
    const label = sql`lower(d.dealname)`;
    return inOrder(
      ranked(
        {
          select: sql`d.id, d.dealname, (select st.label from pipeline_stages st where st.id = d.stage_id) as stage_label, d.amount::text as amount`,
          from: sql`deal_search d`,
          where: scope.deals(v, 'd'),
          label,
          // search_text also holds next steps and KDM: the index finds candidates, the name decides.
          anywhere: sql`d.search_text like ${t.anywhere} and ${label} like ${t.anywhere}`,
        },
        t,
        limit,
      ),
      limit,
    );
  },

  /**
   * Companies by name or domain that the caller owns (or their team does) or has a deal of, with
   * the newest such deal to open (a company has no screen of its own).
   */
  companies(v: Viewer, t: SearchTerms, limit: number): SQL {
    // A scalar subquery with LIMIT runs per candidate row, a few index probes each; as EXISTS
    // the planner may hash it instead, which joins every stakeholder or deal of the workspace.
    const newestDeal = sql`(select d.id from deals d where d.company_id = c.id and ${scope.deals(v, 'd')} order by d.id desc limit 1)`;
    return inOrder(
      ranked(
        {
          select: sql`c.id, c.name, c.domain, c.industry, ${newestDeal} as deal_id`,
          from: sql`companies c`,
          where: scope.companies(v, 'c'),
          label: sql`lower(c.name)`,
          anywhere: sql`lower(c.name || E'\\x1f' || coalesce(c.domain, '')) like ${t.anywhere}`,
        },
        t,
        limit,
      ),
      limit,
    );
  },

  /** Contacts by name or email that the caller's team owns or that are stakeholders of a deal they see. */
  contacts(v: Viewer, t: SearchTerms, limit: number): SQL {
    const newestDeal = sql`(select d.id from deal_stakeholders sh join deals d on d.id = sh.deal_id
      where sh.contact_id = ct.id and ${scope.deals(v, 'd')} order by d.id desc limit 1)`;
    return inOrder(
      ranked(
        {
          // The contact's company only when the viewer sees it too.
          select: sql`ct.id, ct.firstname, ct.lastname, ct.email,
        (select co.name from companies co where co.id = ct.company_id and ${scope.companies(v, 'co')}) as company_name,
        ${newestDeal} as deal_id`,
          from: sql`contacts ct`,
          where: scope.contacts(v, 'ct'),
          label: sql`lower(ct.firstname || ' ' || ct.lastname)`,
          anywhere: sql`lower(ct.firstname || ' ' || ct.lastname || E'\\x1f' || coalesce(ct.email, '')) like ${t.anywhere}`,
        },
        t,
        limit,
      ),
      limit,
    );
  },

  /** The workspace's people (everyone in it sees its Users list) by name, email or team. */
  people(v: Viewer, t: SearchTerms, limit: number): SQL {
    // A workspace has tens of people, read through users_org_idx: substring even for short terms.
    const name = sql`lower(u.first_name || ' ' || u.last_name)`;
    return sql`
      select u.id, u.first_name, u.last_name, u.email, u.team, u.status
      from users u
      where u.organization_id = ${v.organizationId}
        and lower(u.first_name || ' ' || u.last_name || E'\\x1f' || u.email || E'\\x1f' || u.team) like ${t.anywhere}
      order by (${name} like ${t.prefix}) desc, ${name}, u.id
      limit ${limit}`;
  },

  /** Recordings (uploader's team) and calendar meetings (owner's team, not cancelled) by title. */
  meetings(v: Viewer, t: SearchTerms, limit: number): SQL {
    const recordings = ranked(
      {
        select: sql`r.id, r.title, 'recording' as source, coalesce(r.recorded_at, r.created_at) as at`,
        from: sql`recordings r`,
        where: scope.recordings(v, 'r'),
        label: sql`lower(r.title)`,
      },
      t,
      limit,
    );
    const calendar = ranked(
      {
        select: sql`m.id, m.title, 'calendar' as source, m.start_at as at`,
        from: sql`calendar_meetings m`,
        where: sql`${scope.meetings(v, 'm')} and m.status <> 'cancelled'`,
        label: sql`lower(m.title)`,
      },
      t,
      limit,
    );
    return sql`
      select id, title, source, at from ((${recordings}) union all (${calendar})) found
      order by rank, sort_label using ~<~, at desc limit ${limit}`;
  },
};

export type SearchRows = { deals: DealRow[]; companies: CompanyRow[]; contacts: ContactRow[]; people: PersonRow[]; meetings: MeetingRow[] };
const GROUPS = Object.keys(GROUP_SQL) as (keyof typeof GROUP_SQL)[];

export type SearchRepoOptions = {
  /**
   * The five groups in one statement (each as a JSON array) instead of five run at once: PGlite
   * runs one statement at a time in-process, so one saves four rounds of protocol and planning;
   * PostgreSQL runs the five on pool connections in parallel (as deals-repo does, for the same reason).
   */
  oneStatement: boolean;
};

export function createSearchRepo(db: DbOrTx, options: SearchRepoOptions) {
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
