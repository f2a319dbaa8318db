import type { Db } from '../src/db/client';
import { users } from '../src/db/schema';
import { seedDemoCrm } from '../src/cli/seed-crm';
import { createWorkspace } from '../src/modules/registrations/create-workspace';

export type OtherWorkspace = {
  organizationId: string;
  name: string;
  domain: string;
  /** Emails and ids by key: admin (super_admin, its first admin), manager (user, reports to admin), rep and rep2 (report to manager). */
  emails: { admin: string; manager: string; rep: string; rep2: string };
  ids: { admin: string; manager: string; rep: string; rep2: string };
};

/**
 * A second workspace beside the demo one, created the way new customers' workspaces are (the
 * function behind operator approval and `npm run workspace:create`), then given a manager and two reps:
 *
 *   admin@<domain> (super_admin) <- manager@<domain> (user) <- rep@, rep2@<domain> (user)
 *
 * `deals` > 0 also gives it pipelines, companies, contacts and that many deals owned by its users.
 * Call it with another `domain` for a third workspace (emails are unique across workspaces).
 */
export async function createOtherWorkspace(
  db: Db,
  options: { domain?: string; name?: string; deals?: number } = {},
): Promise<OtherWorkspace> {
  const domain = options.domain ?? 'globex.example';
  const name = options.name ?? 'Globex Trading';
  const emails = { admin: `admin@${domain}`, manager: `manager@${domain}`, rep: `rep@${domain}`, rep2: `rep2@${domain}` };
  const created = await createWorkspace(db, { name, domain, admin: { email: emails.admin, firstName: 'Olga', lastName: 'Other' } });
  const { organizationId } = created;
  const add = async (email: string, firstName: string, role: string, reportsTo: string | null) => {
    const [row] = await db
      .insert(users)
      .values({ organizationId, email, firstName, lastName: 'Other', role, team: 'General', reportsTo, isOnboarded: true })
      .returning({ id: users.id });
    return row!.id;
  };
  const admin = created.admin.id;
  const manager = await add(emails.manager, 'Oscar', 'user', admin);
  const rep = await add(emails.rep, 'Otto', 'user', manager);
  const rep2 = await add(emails.rep2, 'Ophelia', 'user', manager);
  if (options.deals) await seedDemoCrm(db, organizationId, options.deals);
  return { organizationId, name, domain, emails, ids: { admin, manager, rep, rep2 } };
}
