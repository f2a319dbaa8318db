import type { DbOrTx } from '../../db/client';
import { createAccessRules } from '../access/access-rules';
import { createCompaniesRepo } from '../companies/companies-repo';
import { createContactsRepo } from '../contacts/contacts-repo';
import { createUsersRepo } from '../users/users-repo';
import { createDealsRepo, type DealsRepoOptions } from './deals-repo';
import type { DealsRepos } from './deals-service';
import { createPipelinesRepo } from './pipelines-repo';

/** The deals service's repositories on a connection (the database or a transaction), for the composition root. */
export function dealsRepos(options: DealsRepoOptions): (on: DbOrTx) => DealsRepos {
  return (on) => ({
    deals: createDealsRepo(on, options),
    pipelines: createPipelinesRepo(on),
    users: createUsersRepo(on),
    access: createAccessRules(on),
    companies: createCompaniesRepo(on),
    contacts: createContactsRepo(on),
  });
}
