import type { TRecordView } from '@pipewise/contract/assistant';
import type { TDeal } from '@pipewise/contract/deals';
import type { CompanyRecord } from '../../companies/companies-repo';
import type { ContactRecord } from '../../contacts/contacts-repo';
import { formatInr } from './command-messages';

/** A deal as property name/value pairs, linked to its page. */
export const dealView = (d: TDeal): TRecordView => ({
  id: d.deal_id,
  object_type: 'deal',
  properties: {
    dealname: d.dealname,
    amount: d.amount === null ? null : formatInr(d.amount),
    dealstage: d.dealstage_label,
    pipeline: d.pipeline_label,
    closedate: d.closedate,
    dealowner: d.owner_name,
    nextsteps: d.nextsteps,
    kdm: d.kdm,
    painpoints: d.painpoints,
  },
  url: `/dashboard/deals/${d.deal_id}`,
});

/** Companies and contacts have no page of their own yet: no link. */
export const companyView = (c: CompanyRecord): TRecordView => ({
  id: c.id,
  object_type: 'company',
  properties: { name: c.name, domain: c.domain, industry: c.industry, city: c.city },
  url: null,
});

export const contactView = (c: ContactRecord, companyName: string | null): TRecordView => ({
  id: c.id,
  object_type: 'contact',
  properties: { firstname: c.firstname, lastname: c.lastname, email: c.email, phone: c.phone, jobtitle: c.jobtitle, company: companyName },
  url: null,
});
