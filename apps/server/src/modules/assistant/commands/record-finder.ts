import type { TObjectType } from '@pipewise/contract/assistant';
import { ZDealListQuery, type TDeal } from '@pipewise/contract/deals';
import { HttpError } from '../../../lib/http-error';
import { isUuid } from '../../../lib/ids';
import type { Caller } from '../../access/access-rules';
import type { CompaniesService } from '../../companies/companies-service';
import type { CompanyRecord } from '../../companies/companies-repo';
import type { ContactsService } from '../../contacts/contacts-service';
import type { ContactRecord } from '../../contacts/contacts-repo';
import type { DealsService } from '../../deals/deals-service';

export type FinderDeps = {
  deals: Pick<DealsService, 'get' | 'list'>;
  companies: Pick<CompaniesService, 'getAs' | 'searchAs'>;
  contacts: Pick<ContactsService, 'getAs' | 'searchAs'>;
};

export type Found =
  { type: 'deal'; records: TDeal[] } | { type: 'company'; records: CompanyRecord[] } | { type: 'contact'; records: ContactRecord[] };

/** How many candidates a selection offers at most. */
const MAX_MATCHES = 10;

/** A lookup that answers 404 for what the caller cannot see: none. */
async function orNone<T>(load: () => Promise<T>): Promise<T[]> {
  try {
    return [await load()];
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 404) return [];
    throw e;
  }
}

/** Exact matches when there are any (a name typed in full), else every partial one. */
function best<T>(records: T[], exact: (r: T) => boolean): T[] {
  const exacts = records.filter(exact);
  return (exacts.length ? exacts : records).slice(0, MAX_MATCHES);
}

/**
 * The records an update names, among those the caller can see (through the same services as the
 * screens): deals by name (or "#10042", the id a selection shows), companies by name or domain,
 * contacts by name or email (or an id).
 */
export async function findRecords(deps: FinderDeps, caller: Caller, type: TObjectType, identifier: string): Promise<Found> {
  const q = identifier.trim().toLowerCase();
  if (type === 'deal') {
    const byId = /^#(\d{1,15})$/.exec(q);
    if (byId) return { type, records: await orNone(() => deps.deals.get(caller, Number(byId[1]))) };
    const page = await deps.deals.list(caller, ZDealListQuery.parse({ search: identifier.trim().slice(0, 200), page_size: 100 }));
    const named = page.data.filter((d) => d.dealname.toLowerCase().includes(q));
    return { type, records: best(named, (d) => d.dealname.toLowerCase() === q) };
  }
  if (type === 'company') {
    if (isUuid(q)) return { type, records: await orNone(() => deps.companies.getAs(caller, q)) };
    const found = await deps.companies.searchAs(caller, q, 50);
    return { type, records: best(found, (c) => c.name.toLowerCase() === q || c.domain === q) };
  }
  if (isUuid(q)) return { type, records: await orNone(() => deps.contacts.getAs(caller, q)) };
  const found = await deps.contacts.searchAs(caller, q, 50);
  return { type, records: best(found, (c) => c.email?.toLowerCase() === q || `${c.firstname} ${c.lastname}`.trim().toLowerCase() === q) };
}
