import { createCommandService, type CommandDeps } from './command-service';
import { createConfirmService } from './confirm-service';
import { createPendingOperationsRepo } from './pending-operations-repo';

/** The assistant's command services over the CRM services the screens use. */
export function createAssistantCommands(deps: Omit<CommandDeps, 'pending' | 'now'>) {
  const { db, deals, companies, contacts } = deps;
  return {
    process: createCommandService({ ...deps, pending: createPendingOperationsRepo(db) }),
    confirmations: createConfirmService({ db, deals, companies, contacts, pending: createPendingOperationsRepo }),
  };
}
