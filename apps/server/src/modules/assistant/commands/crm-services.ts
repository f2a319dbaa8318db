import type { DbOrTx } from '../../../db/client';
import { createCompaniesRepo } from '../../companies/companies-repo';
import { createCompaniesService } from '../../companies/companies-service';
import { createContactsRepo } from '../../contacts/contacts-repo';
import { createContactsService } from '../../contacts/contacts-service';

/** The company and contact services over the database, for the composition root. */
export function crmServices(db: DbOrTx) {
  return {
    companies: createCompaniesService({ db, repos: (on) => ({ companies: createCompaniesRepo(on) }) }),
    contacts: createContactsService({
      db,
      repos: (on) => ({ contacts: createContactsRepo(on), companies: createCompaniesRepo(on) }),
    }),
  };
}
