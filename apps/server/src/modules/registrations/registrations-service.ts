import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-error';
import type { JobQueue } from '../../jobs/job-queue';
import { sendMailJob } from '../mail/mail-jobs';
import { approvalMail } from '../auth/otp-mail';
import type { UsersRepo } from '../users/users-repo';
import type { RegistrationsRepo } from './registrations-repo';

type Admin = { id: string; organizationId: string; organizationDomain: string };

/** Admins approve (creates an active 'user' in their workspace and mails the requester) or reject. */
export function createRegistrationsService(deps: {
  db: Db;
  registrations: RegistrationsRepo;
  users: Pick<UsersRepo, 'findByEmail'>;
  queue: Pick<JobQueue, 'enqueue'>;
  appUrl: string;
}) {
  const { db, registrations } = deps;
  return {
    async listPending(admin: Admin) {
      const rows = await registrations.listPending(admin.organizationDomain);
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        first_name: r.firstName,
        last_name: r.lastName,
        phone_number: r.phoneNumber,
        num_employees: r.numEmployees,
        requested_at: r.createdAt.toISOString(),
      }));
    },

    async approve(id: string, admin: Admin) {
      const request = await registrations.findPendingById(id, admin.organizationDomain);
      if (!request) throw notFound('This request was already handled or does not exist.');
      if (await deps.users.findByEmail(request.email)) throw conflict('A user with this email already exists.');
      await db.transaction(async (tx) => {
        await tx.insert(users).values({
          organizationId: admin.organizationId,
          email: request.email,
          firstName: request.firstName,
          lastName: request.lastName,
          phoneNumber: request.phoneNumber,
          role: 'user',
          reportsTo: admin.id,
          isOnboarded: true,
        });
        await registrations.decide(id, admin.organizationDomain, 'approved', admin.id, tx as unknown as Db);
      });
      await deps.queue.enqueue(sendMailJob, approvalMail(request.email, request.firstName, deps.appUrl));
      return { status: 'approved' as const };
    },

    async reject(id: string, admin: Admin) {
      if (!(await registrations.decide(id, admin.organizationDomain, 'rejected', admin.id))) {
        throw notFound('This request was already handled or does not exist.');
      }
      return { status: 'rejected' as const };
    },
  };
}

export type RegistrationsService = ReturnType<typeof createRegistrationsService>;
