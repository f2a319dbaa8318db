import type { CompaniesService } from '../companies/companies-service';
import type { ContactsService } from '../contacts/contacts-service';
import type { DealsService } from '../deals/deals-service';
import type { RecordVisibility } from './record-ref';

/**
 * Whether a caller sees a deal, company or contact, asked of the module that owns it (deals: the
 * deals scope; companies and contacts: decision 13), answered with its own 404 when they do not.
 */
export function createRecordVisibility(deps: {
  deals: Pick<DealsService, 'get'>;
  companies: Pick<CompaniesService, 'getAs'>;
  contacts: Pick<ContactsService, 'getAs'>;
}): RecordVisibility {
  return async (caller, record) => {
    if (record.type === 'deal') {
      await deps.deals.get(caller, Number(record.id));
      return record;
    }
    if (record.type === 'company') {
      await deps.companies.getAs(caller, record.id);
      return record;
    }
    const contact = await deps.contacts.getAs(caller, record.id);
    return { ...record, email: contact.email };
  };
}
