import type { CrmOwnerReads } from '../../hubspot/crm-owner-reads';
import type { UsersRepo } from '../../users/users-repo';

/** Someone a deal can name as owner: a Pipewise user, or a CRM owner who may or may not be one. */
export type OwnerCandidate = { userId: string | null; name: string; firstName: string; email: string | null };

/** The workspace's active users and its CRM owners (those who are users appear once, as the user). */
export async function ownerCandidates(
  crmOwners: Pick<CrmOwnerReads, 'inWorkspace'>,
  users: Pick<UsersRepo, 'listInOrg'>,
  organizationId: string,
): Promise<OwnerCandidate[]> {
  const people = (await users.listInOrg(organizationId))
    .filter((u) => u.status === 'active')
    .map((u) => ({ userId: u.id, name: `${u.firstName} ${u.lastName}`.trim() || u.email, firstName: u.firstName, email: u.email }));
  const owners = await crmOwners.inWorkspace(organizationId);
  const known = new Set(people.map((p) => p.userId));
  const crmOnly = owners
    .filter((o) => !o.userId || !known.has(o.userId))
    .map((o) => ({ userId: null, name: o.name, firstName: o.name.split(/\s+/)[0] ?? o.name, email: o.email }));
  return [...people, ...crmOnly];
}

/** The candidates a name, first name or email names (exact, case-insensitive); most specific match wins. */
export function matchOwner(candidates: OwnerCandidate[], text: string): OwnerCandidate[] {
  const q = text.trim().toLowerCase();
  candidates = [...candidates].sort((a, b) => a.name.localeCompare(b.name));
  const byEmail = candidates.filter((c) => c.email?.toLowerCase() === q);
  if (byEmail.length) return byEmail;
  const byName = candidates.filter((c) => c.name.toLowerCase() === q);
  if (byName.length) return byName;
  return candidates.filter((c) => c.firstName.toLowerCase() === q);
}
