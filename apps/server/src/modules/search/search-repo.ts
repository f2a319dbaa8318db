import { sql, type SQL } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import type { SearchTerms } from './search-terms';

/**
 * The header search's SQL, one statement per group, always inside one workspace. `visible` is a
 * subquery of the user ids whose records the caller sees (access-rules visibleUserIdsSql), or null
 * for an admin (the whole workspace). Each `where` repeats the expression its index was built on
 * (migration 0007 and deal_search's trigram index), so the planner can use it.
 */

export type DealRow = { id: string | number; dealname: string; stage_label: string; amount: string | null };
export type CompanyRow = { id: string; name: string; domain: string | null; industry: string | null; deal_id: string | number | null };
export type ContactRow = { id: string; firstname: string; lastname: string; email: string | null; company_name: string | null; deal_id: string | number | null };
export type PersonRow = { id: string; first_name: string; last_name: string; email: string; team: string; status: string };
export type MeetingRow = { id: string; title: string; source: 'recording' | 'calendar'; at: string | Date };

export type SearchScope = { organizationId: string; visible: SQL | null };

/** `column = any(array(subquery))`: the subquery runs once, before the scan (see deals-query's anyOf). */
const among = (column: SQL, visible: SQL | null): SQL => (visible ? sql`${column} = any(array(${visible}))` : sql`true`);

/** A label's match: anywhere in `text` (trigram index), or for a short term the start of `label` (prefix index). */
const matches = (t: SearchTerms, text: SQL, label: SQL): SQL => (t.prefixOnly ? sql`${label} like ${t.prefix}` : sql`${text} like ${t.anywhere}`);

/** Labels starting with the term first, then alphabetical. */
const byRelevance = (t: SearchTerms, label: SQL, tieBreak: SQL): SQL => sql`(${label} like ${t.prefix}) desc, ${label}, ${tieBreak}`;

const dealName = sql`lower(d.dealname)`;
const companyName = sql`lower(c.name)`;
const companyText = sql`lower(c.name || E'\\x1f' || coalesce(c.domain, ''))`;
const contactName = sql`lower(ct.firstname || ' ' || ct.lastname)`;
const contactText = sql`lower(ct.firstname || ' ' || ct.lastname || E'\\x1f' || coalesce(ct.email, ''))`;
const personName = sql`lower(u.first_name || ' ' || u.last_name)`;
const personText = sql`lower(u.first_name || ' ' || u.last_name || E'\\x1f' || u.email || E'\\x1f' || u.team)`;
const recordingTitle = sql`lower(r.title)`;
const meetingTitle = sql`lower(m.title)`;

export function createSearchRepo(db: DbOrTx) {
  return {
    /** Deals by name, read from deal_search (narrow rows, trigram index on search_text). */
    deals(s: SearchScope, t: SearchTerms, limit: number): Promise<DealRow[]> {
      // search_text also holds next steps and KDM: the index finds candidates, the name decides.
      const match = t.prefixOnly ? sql`${dealName} like ${t.prefix}` : sql`d.search_text like ${t.anywhere} and ${dealName} like ${t.anywhere}`;
      return execute<DealRow>(db, sql`
        select d.id, d.dealname, st.label as stage_label, d.amount::text as amount
        from deal_search d join pipeline_stages st on st.id = d.stage_id
        where d.organization_id = ${s.organizationId} and ${among(sql`d.owner_id`, s.visible)} and ${match}
        order by ${byRelevance(t, dealName, sql`d.id desc`)}
        limit ${limit}`);
    },

    /**
     * Companies by name or domain that the caller owns (or their team does) or has a deal of, with
     * the newest such deal to open (a company has no screen of its own).
     */
    companies(s: SearchScope, t: SearchTerms, limit: number): Promise<CompanyRow[]> {
      const visibleDeal = sql`d.company_id = c.id and d.organization_id = ${s.organizationId} and ${among(sql`d.owner_id`, s.visible)}`;
      const visible = s.visible ? sql`(${among(sql`c.owner_id`, s.visible)} or exists (select 1 from deals d where ${visibleDeal}))` : sql`true`;
      return execute<CompanyRow>(db, sql`
        select c.id, c.name, c.domain, c.industry,
          (select d.id from deals d where ${visibleDeal} order by d.id desc limit 1) as deal_id
        from companies c
        where c.organization_id = ${s.organizationId} and ${matches(t, companyText, companyName)} and ${visible}
        order by ${byRelevance(t, companyName, sql`c.id`)}
        limit ${limit}`);
    },

    /** Contacts by name or email that the caller's team owns or that are stakeholders of a deal they see. */
    contacts(s: SearchScope, t: SearchTerms, limit: number): Promise<ContactRow[]> {
      const visibleDeal = sql`sh.contact_id = ct.id and ${among(sql`d.owner_id`, s.visible)}`;
      const stakeIn = sql`from deal_stakeholders sh join deals d on d.id = sh.deal_id where ${visibleDeal}`;
      const visible = s.visible ? sql`(${among(sql`ct.owner_id`, s.visible)} or exists (select 1 ${stakeIn}))` : sql`true`;
      return execute<ContactRow>(db, sql`
        select ct.id, ct.firstname, ct.lastname, ct.email, co.name as company_name,
          (select d.id ${stakeIn} order by d.id desc limit 1) as deal_id
        from contacts ct left join companies co on co.id = ct.company_id
        where ct.organization_id = ${s.organizationId} and ${matches(t, contactText, contactName)} and ${visible}
        order by ${byRelevance(t, contactName, sql`ct.id`)}
        limit ${limit}`);
    },

    /** The workspace's people (everyone in it sees its Users list) by name, email or team. */
    people(s: SearchScope, t: SearchTerms, limit: number): Promise<PersonRow[]> {
      // A workspace has tens of people, read through users_org_idx: substring even for short terms.
      return execute<PersonRow>(db, sql`
        select u.id, u.first_name, u.last_name, u.email, u.team, u.status
        from users u
        where u.organization_id = ${s.organizationId} and ${personText} like ${t.anywhere}
        order by ${byRelevance(t, personName, sql`u.id`)}
        limit ${limit}`);
    },

    /** Recordings (uploader's team) and calendar meetings (owner's team, not cancelled) by title, newest first. */
    meetings(s: SearchScope, t: SearchTerms, limit: number): Promise<MeetingRow[]> {
      return execute<MeetingRow>(db, sql`
        select id, title, source, at from (
          (select r.id, r.title, 'recording' as source, coalesce(r.recorded_at, r.created_at) as at, (${recordingTitle} like ${t.prefix}) as starts
           from recordings r
           where r.organization_id = ${s.organizationId} and ${among(sql`r.uploaded_by`, s.visible)} and ${matches(t, recordingTitle, recordingTitle)}
           order by starts desc, at desc limit ${limit})
          union all
          (select m.id, m.title, 'calendar' as source, m.start_at as at, (${meetingTitle} like ${t.prefix}) as starts
           from calendar_meetings m
           where m.organization_id = ${s.organizationId} and m.status <> 'cancelled' and ${among(sql`m.owner_id`, s.visible)}
             and ${matches(t, meetingTitle, meetingTitle)}
           order by starts desc, at desc limit ${limit})
        ) found
        order by starts desc, at desc, id
        limit ${limit}`);
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
