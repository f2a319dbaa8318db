import type { DbOrTx } from '../../../db/client';
import type { AccessRules } from '../../access/access-rules';
import type { CompaniesService } from '../../companies/companies-service';
import type { ContactsService } from '../../contacts/contacts-service';
import type { DealsService } from '../../deals/deals-service';
import type { UsersRepo } from '../../users/users-repo';
import { createCommandService } from './command-service';
import { createConfirmService } from './confirm-service';
import { createPendingOperationsRepo } from './pending-operations-repo';

/** The assistant's command services over the CRM services the screens use. */
export function createAssistantCommands(deps: {
  db: DbOrTx;
  deals: DealsService;
  companies: CompaniesService;
  contacts: ContactsService;
  users: Pick<UsersRepo, 'listInOrg'>;
  access: Pick<AccessRules, 'canSeeUser'>;
}) {
  const { db, deals, companies, contacts } = deps;
  return {
    process: createCommandService({ ...deps, pending: createPendingOperationsRepo(db) }),
    confirmations: createConfirmService({ db, deals, companies, contacts, pending: createPendingOperationsRepo }),
  };
}
