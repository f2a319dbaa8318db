import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/http-error';
import type { JobQueue } from '../../jobs/job-queue';
import { assertCan, type Actor } from '../access/policies';
import { sendMailJob } from '../mail/mail-jobs';
import { approvalMail } from '../mail/account-mails';
import { insertMember, type UsersRepo } from '../users/users-repo';
import type { DomainOwnership } from '../workspaces/domain-ownership';
import type { RegistrationRecord, RegistrationsRepo } from './registrations-repo';

/** A pending sign-up request as the API shows it. */
export function toRegistrationRow(r: RegistrationRecord) {
  return {
    id: r.id,
    email: r.email,
    first_name: r.firstName,
    last_name: r.lastName,
    phone_number: r.phoneNumber,
    num_employees: r.numEmployees,
    requested_at: r.createdAt.toISOString(),
  };
}

/** The caller; only admins review sign-up requests (access policy `users.manage`). */
type Admin = Actor & { organizationId: string };

const HANDLED = 'This request was already handled or does not exist.';

/**
 * Admins approve (creates an active 'user' in their workspace and mails the requester) or reject
 * the requests from the domain their workspace holds; a workspace that holds no domain sees none.
 */
export function createRegistrationsService(deps: {
  db: Db;
  registrations: RegistrationsRepo;
  users: Pick<UsersRepo, 'findByEmail'>;
  domains: Pick<DomainOwnership, 'heldDomain'>;
  queue: Pick<JobQueue, 'enqueue'>;
  appUrl: string;
}) {
  const { db, registrations } = deps;
  return {
    async listPending(admin: Admin) {
      assertCan(admin, 'users.manage', null);
      const domain = await deps.domains.heldDomain(admin.organizationId);
      if (!domain) return [];
      const rows = await registrations.listPending(domain);
      return rows.map(toRegistrationRow);
    },

    async approve(id: string, admin: Admin) {
      assertCan(admin, 'users.manage', null);
      const domain = await deps.domains.heldDomain(admin.organizationId);
      const request = domain ? await registrations.findPendingById(id, domain) : null;
      if (!request || !domain) throw notFound(HANDLED);
      if (await deps.users.findByEmail(request.email)) throw conflict('A user with this email already exists.');
      await db.transaction(async (tx) => {
        await insertMember(tx, {
          organizationId: admin.organizationId,
          email: request.email,
          firstName: request.firstName,
          lastName: request.lastName,
          phoneNumber: request.phoneNumber,
          role: 'user',
          reportsTo: admin.id,
        });
        await registrations.decide(id, domain, 'approved', admin.id, tx);
      });
      await deps.queue.enqueue(sendMailJob, approvalMail(request.email, request.firstName, deps.appUrl));
      return { status: 'approved' as const };
    },

    async reject(id: string, admin: Admin) {
      assertCan(admin, 'users.manage', null);
      const domain = await deps.domains.heldDomain(admin.organizationId);
      if (!domain || !(await registrations.decide(id, domain, 'rejected', admin.id))) throw notFound(HANDLED);
      return { status: 'rejected' as const };
    },
  };
}

export type RegistrationsService = ReturnType<typeof createRegistrationsService>;
