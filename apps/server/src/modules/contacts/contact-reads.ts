import { sql, type SQL } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import { anyOf, containing, inOrder, inUuids, ranked, type MatchTerms, type NameCandidate } from '../../db/ranked-match';
import { scope, type Viewer } from '../access/scopes';

/** The contacts module's reads for other modules: only this module writes SQL against contacts. */

/** A header search hit: a contact, their company (when the viewer sees it) and their newest visible deal. */
export type ContactSearchRow = {
  id: string;
  firstname: string;
  lastname: string;
  email: string | null;
  company_name: string | null;
  deal_id: string | number | null;
};

/** A contact as a question about them is answered (their company only when the caller sees it). */
export type ContactDetails = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  jobtitle: string | null;
  company: string | null;
  company_id: string | null;
};

/** A contact a recording's participant may be matched to. */
export type ParticipantCandidate = { id: string; name: string; email: string | null; company_id: string | null };

export function createContactReads(db: DbOrTx) {
  return {
    /**
     * The statement of the names of the contacts the caller sees, as gazetteer rows (kind
     * 'contact', id, label, alias: the email, own, parent: the company).
     */
    nameEntries(caller: Viewer): SQL {
      return sql`select 'contact' as kind, k.id::text as id, trim(k.firstname || ' ' || k.lastname) as label, k.email as alias,
      k.owner_id = ${caller.id} as own, k.company_id::text as parent
      from contacts k where ${scope.contacts(caller, 'k')}`;
    },

    /** Contacts the caller sees whose name or email holds one of `words`, exactly or nearly (trigrams, words of 3+ letters). */
    async nameCandidates(caller: Viewer, words: string[], limit: number): Promise<NameCandidate[]> {
      const contactText = sql`lower(ct.firstname || ' ' || ct.lastname || E'\\x1f' || coalesce(ct.email, ''))`;
      const fuzzy = anyOf(words.filter((w) => w.length >= 3).map((w) => sql`${w} <% ${contactText}`));
      const exact = anyOf(words.map((w) => sql`${contactText} like ${containing(w)}`));
      return execute<NameCandidate>(
        db,
        sql`select ct.id, ct.firstname || ' ' || ct.lastname as name, ct.company_id from contacts ct
          where ${scope.contacts(caller, 'ct')} and (${exact} or ${fuzzy}) limit ${limit}`,
      );
    },

    /** The contacts of these ids the caller sees. */
    async byIds(caller: Viewer, contactIds: string[]): Promise<ContactDetails[]> {
      return execute<ContactDetails>(
        db,
        sql`select ct.id, trim(ct.firstname || ' ' || ct.lastname) as name, ct.email, ct.phone, ct.jobtitle,
            co.name as company, ct.company_id
          from contacts ct left join companies co on co.id = ct.company_id and ${scope.companies(caller, 'co')}
          where ${scope.contacts(caller, 'ct')} and ${inUuids(sql`ct.id`, contactIds)}`,
      );
    },

    /**
     * Issue 30: the contacts the viewer sees that a recording's participants may be: those with one
     * of these emails (any case), and those of the company (the deal's), to match by full name.
     */
    async participantCandidates(viewer: Viewer, emails: string[], companyId: string | null): Promise<ParticipantCandidate[]> {
      if (emails.length === 0 && !companyId) return [];
      const lowered = emails.map((e) => e.toLowerCase());
      const byEmail = lowered.length
        ? sql`lower(ct.email) = any(${sql`array[${sql.join(
            lowered.map((e) => sql`${e}`),
            sql`, `,
          )}]::text[]`})`
        : sql`false`;
      const ofCompany = companyId ? sql`ct.company_id = ${companyId}` : sql`false`;
      return execute<ParticipantCandidate>(
        db,
        sql`select ct.id, trim(ct.firstname || ' ' || ct.lastname) as name, ct.email, ct.company_id
          from contacts ct where ${scope.contacts(viewer, 'ct')} and (${byEmail} or ${ofCompany})
          order by ct.created_at, ct.id limit 500`,
      );
    },

    /**
     * The header search's statement for contacts by name or email that the caller's team owns or
     * that are stakeholders of a deal they see: `limit` ContactSearchRow in rank order.
     */
    headerSearch(v: Viewer, t: MatchTerms, limit: number): SQL {
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
  };
}

export type ContactReads = ReturnType<typeof createContactReads>;
