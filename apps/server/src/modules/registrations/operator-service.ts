import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-error';
import type { JobQueue } from '../../jobs/job-queue';
import { sendMailJob } from '../mail/mail-jobs';
import { requestDeclinedMail, workspaceReadyMail } from '../mail/account-mails';
import type { RegistrationsRepo } from './registrations-repo';
import { toRegistrationRow } from './registrations-service';
import { createWorkspace } from './create-workspace';
import { domainOf } from '../workspaces/domain-ownership';
import { workspaceNameFromDomain } from '../workspaces/workspace-names';

type Operator = { id: string };

const HANDLED = 'This request was already handled, its domain now has a workspace, or it does not exist.';

/**
 * Operators decide the sign-up requests from domains no workspace holds: approving creates the
 * requester's workspace with them as its admin; either way the requester is mailed.
 */
export function createOperatorService(deps: {
  db: Db;
  registrations: Pick<RegistrationsRepo, 'listPendingUnheld' | 'findPendingUnheldById' | 'rejectUnheld'>;
  queue: Pick<JobQueue, 'enqueue'>;
  appUrl: string;
}) {
  const { registrations } = deps;
  return {
    async listRequests() {
      const rows = await registrations.listPendingUnheld();
      return rows.map((r) => {
        const domain = domainOf(r.email);
        return { ...toRegistrationRow(r), domain, workspace_name: workspaceNameFromDomain(domain) };
      });
    },

    async approve(id: string, operator: Operator) {
      const request = await registrations.findPendingUnheldById(id);
      if (!request) throw notFound(HANDLED);
      const created = await createWorkspace(deps.db, {
        domain: domainOf(request.email),
        admin: { email: request.email, firstName: request.firstName, lastName: request.lastName, phoneNumber: request.phoneNumber },
        decidedBy: operator.id,
      });
      await deps.queue.enqueue(sendMailJob, workspaceReadyMail(request.email, request.firstName, created, deps.appUrl));
      return { status: 'approved' as const, workspace: { name: created.name, domain: created.domain, admin_email: created.admin.email } };
    },

    async reject(id: string, operator: Operator) {
      const request = await registrations.rejectUnheld(id, operator.id);
      if (!request) throw notFound(HANDLED);
      await deps.queue.enqueue(sendMailJob, requestDeclinedMail(request.email, request.firstName));
      return { status: 'rejected' as const };
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
