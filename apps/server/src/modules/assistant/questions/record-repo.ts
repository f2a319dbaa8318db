import type { Caller } from '../../access/access-rules';
import type { CompanyReads } from '../../companies/company-reads';
import type { ContactReads } from '../../contacts/contact-reads';
import type { DealReads } from '../../deals/deal-reads';
import type { DealRecordReads } from '../../deals/deal-record-reads';

import type { DealRecord } from '../../deals/deal-record-reads';

export type { DealRecord };

/** A contact as a question about them is answered. */
export type ContactRecord = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  jobtitle: string | null;
  company: string | null;
  companyId: string | null;
  /** Deals the caller sees that the contact is a stakeholder of. */
  deals: { id: number; dealname: string; position: string | null }[];
};

/** The deals', contacts' and companies' reads the named records are read again through. */
export type RecordReads = {
  dealRecords: Pick<DealRecordReads, 'deals' | 'dealsOfContacts' | 'accountDeals'>;
  deals: Pick<DealReads, 'stakeholders'>;
  contacts: Pick<ContactReads, 'byIds'>;
  companies: Pick<CompanyReads, 'byIds'>;
};

/** The named records themselves, read again with the caller's scope (a name found is never a record shown unchecked). */
export function createRecordRepo(reads: RecordReads) {
  return {
    deals: (caller: Caller, dealIds: (string | number)[]): Promise<DealRecord[]> => reads.dealRecords.deals(caller, dealIds),

    /** Stakeholders of the deals (contacts linked to them), decision makers first. */
    stakeholders: reads.deals.stakeholders,

    async contacts(caller: Caller, contactIds: string[]): Promise<ContactRecord[]> {
      if (contactIds.length === 0) return [];
      const rows = await reads.contacts.byIds(caller, contactIds);
      const links = await reads.dealRecords.dealsOfContacts(caller, contactIds);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        phone: r.phone,
        jobtitle: r.jobtitle,
        company: r.company,
        companyId: r.company_id,
        deals: links.filter((l) => l.contact_id === r.id).map((l) => ({ id: Number(l.id), dealname: l.dealname, position: l.position })),
      }));
    },

    /** Deals of the accounts the caller sees: counts, totals and the largest, open ones first. */
    accountDeals: reads.dealRecords.accountDeals,

    /** The owners of the accounts (when the caller sees them). */
    companies: reads.companies.byIds,
  };
}

export type RecordRepo = ReturnType<typeof createRecordRepo>;
