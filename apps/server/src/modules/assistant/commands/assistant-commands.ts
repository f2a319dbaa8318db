import type { AccessRules } from '../../access/access-rules';
import type { UsersRepo } from '../../users/users-repo';
import { createGazetteerLoader, type GazetteerReads } from '../understanding/gazetteer-loader';
import { createCommandService, type CommandDeps } from './command-service';
import { createConfirmService, type CrmRemote } from './confirm-service';
import { createPendingOperationsRepo } from './pending-operations-repo';

/**
 * The assistant's command services over the CRM services the screens use, and each caller's
 * gazetteer (the names they may see), which the questions read too: `gazetteers.forCaller(caller)`.
 */
export function createAssistantCommands(
  deps: Omit<CommandDeps, 'pending' | 'now' | 'gazetteers' | 'users' | 'access'> & {
    users: Pick<UsersRepo, 'listInOrg'>;
    access: Pick<AccessRules, 'canSeeUser' | 'visibleUserIds'>;
    /** The owners' reads of the names the gazetteer holds. */
    names: GazetteerReads;
    /** The workspace's data version (crm-changes), read before a cached gazetteer is used. */
    workspaceVersion: (organizationId: string) => Promise<string>;
    /** The workspace's HubSpot (confirmed writes go there first; process-command's hubId must be its portal). */
    remote?: CrmRemote;
  },
) {
  const { db, deals, companies, contacts } = deps;
  const gazetteers = createGazetteerLoader({
    db,
    reads: deps.names,
    access: deps.access,
    users: deps.users,
    pipelines: (caller) => deals.pipelines(caller),
    version: deps.workspaceVersion,
  });
  return {
    gazetteers,
    process: createCommandService({ ...deps, gazetteers, pending: createPendingOperationsRepo(db) }),
    confirmations: createConfirmService({
      db,
      deals,
      companies,
      contacts,
      pending: createPendingOperationsRepo,
      remote: deps.remote,
      onWritten: (organizationId) => gazetteers.invalidate(organizationId),
    }),
  };
}
