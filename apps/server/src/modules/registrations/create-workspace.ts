import { and, eq } from 'drizzle-orm';
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from '@pipewise/contract/common';
import { workspaceFieldErrors } from '@pipewise/contract/users';
import type { Db, DbOrTx } from '../../db/client';
import { organizations, registrationRequests, users } from '../../db/schema';
import { HttpError, badRequest, conflict } from '../../lib/http-error';
import { insertDefaultPipeline } from '../deals/default-pipeline';
import { insertMember } from '../users/users-repo';
import { domainOf, insertWorkspace } from '../workspaces/domain-ownership';
import { namesFromEmail, workspaceNameFromDomain } from '../workspaces/workspace-names';
import { isUniqueViolation } from '../../lib/db-errors';

export type NewWorkspace = {
  /** Defaults to a name made from the domain. */
  name?: string;
  domain: string;
  admin: { email: string; firstName?: string; lastName?: string; phoneNumber?: string | null };
  /** The operator who approved it (null from the command line). */
  decidedBy?: string | null;
};

export type CreatedWorkspace = {
  organizationId: string;
  name: string;
  domain: string;
  admin: { id: string; email: string; firstName: string; lastName: string };
};

/**
 * Creates a workspace and its first admin (role super_admin, so they can later grant every right),
 * the one way new customers' workspaces come to be: an operator's approval and
 * `npm run workspace:create`. The admin's address at the domain is what makes the workspace hold
 * it (decision 8), so a domain another workspace uses, an admin elsewhere, or an address that is
 * already someone's is refused. A pending sign-up request from the admin's address is closed as
 * approved.
 */
export async function createWorkspace(db: Db, input: NewWorkspace): Promise<CreatedWorkspace> {
  const domain = input.domain.trim().toLowerCase();
  const name = input.name?.trim() || workspaceNameFromDomain(domain);
  const fieldErrors = workspaceFieldErrors({ organization_name: name, organization_domain: domain });
  const firstError = fieldErrors.organization_domain ?? fieldErrors.organization_name;
  if (firstError) throw badRequest(firstError);
  const email = input.admin.email.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email)) throw badRequest(INVALID_EMAIL_MESSAGE);
  if (domainOf(email) !== domain) {
    throw badRequest(`The workspace's first admin needs an @${domain} address; ${email} is not one.`);
  }
  const guessed = namesFromEmail(email);
  const firstName = input.admin.firstName?.trim() || guessed.firstName;
  const lastName = input.admin.lastName?.trim() ?? guessed.lastName;

  const taken = async (tx: DbOrTx): Promise<HttpError | null> => {
    const [owner] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.domain, domain));
    if (owner) return conflict(`${domain} already belongs to the workspace ${owner.name}.`);
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (user) return conflict(`${email} already has a Pipewise account.`);
    return null;
  };

  try {
    return await db.transaction(async (tx) => {
      const refusal = await taken(tx);
      if (refusal) throw refusal;
      const organizationId = await insertWorkspace(tx, { name, domain });
      const adminId = await insertMember(tx, {
        organizationId,
        email,
        firstName,
        lastName,
        phoneNumber: input.admin.phoneNumber ?? null,
        role: 'super_admin',
      });
      // Ready to sell from the first sign-in: a deal needs a pipeline (issue 29).
      await insertDefaultPipeline(tx, organizationId);
      await tx
        .update(registrationRequests)
        .set({ status: 'approved', decidedBy: input.decidedBy ?? null, decidedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(registrationRequests.email, email), eq(registrationRequests.status, 'pending')));
      return { organizationId, name, domain, admin: { id: adminId, email, firstName, lastName } };
    });
  } catch (e) {
    // The same domain or address taken at the same moment: the unique indexes decide, and the
    // loser is told which, as if it had come second.
    if (isUniqueViolation(e)) throw (await taken(db)) ?? conflict(`${domain} or ${email} was just taken. Please try again.`);
    throw e;
  }
}
