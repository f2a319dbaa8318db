import { and, eq, sql, type SQL } from 'drizzle-orm';
import { execute, type Db, type DbOrTx } from '../../db/client';
import { organizations } from '../../db/schema';
import { hasAdminRole } from '../access/policies';

/** The part of an address after the @, lower-cased. */
export const domainOf = (email: string) =>
  email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();

export const DOMAIN_MESSAGES = {
  onlyOwnDomain: (domain: string) => `You can only add people with an @${domain} address.`,
  unverified: (domain: string) =>
    `This workspace does not hold ${domain} yet: an active admin needs an @${domain} address before people can be added.`,
  needsAdminAddress: (domain: string) => `To use ${domain} as this workspace's domain, an active admin needs an @${domain} address.`,
} as const;

/**
 * Whether a workspace holds a domain: it does while one of its active admins has an address at
 * that domain. Computed from the users on every call, so a deactivation or demotion counts at once.
 * `organizationId` and `domain` are SQL expressions of the enclosing query.
 */
export function adminAddressAt(organizationId: SQL, domain: SQL): SQL {
  return sql`exists (
    select 1 from users a
    where a.organization_id = ${organizationId} and a.status = 'active'
      and ${hasAdminRole(sql`a.role`)} and split_part(a.email, '@', 2) = ${domain})`;
}

/** True when some workspace holds `domain` (an SQL expression) as its verified domain. */
export function heldByAnyWorkspace(domain: SQL): SQL {
  return sql`exists (
    select 1 from organizations o
    where o.domain = ${domain} and ${adminAddressAt(sql`o.id`, sql`o.domain`)})`;
}

/** Adds a workspace inside the caller's transaction (`tx`), so it commits with its first admin; returns its id. */
export async function insertWorkspace(tx: DbOrTx, workspace: { name: string; domain: string }): Promise<string> {
  const [row] = await tx.insert(organizations).values(workspace).returning({ id: organizations.id });
  return row!.id;
}

/** Holds the workspace row's lock until the transaction (`tx`) ends: changes to its hierarchy queue behind each other. */
export async function lockWorkspace(tx: DbOrTx, organizationId: string): Promise<void> {
  await tx.execute(sql`select id from organizations where id = ${organizationId} for update`);
}

export function createDomainOwnership(db: Db) {
  return {
    /** The workspace's domain and whether it holds it (null for an unknown workspace). */
    async ofWorkspace(organizationId: string): Promise<{ domain: string; verified: boolean } | null> {
      const found = await execute<{ domain: string; verified: boolean }>(
        db,
        sql`
        select o.domain, ${adminAddressAt(sql`o.id`, sql`o.domain`)} as verified
        from organizations o where o.id = ${organizationId}`,
      );
      return found[0] ?? null;
    },

    /** The domain the workspace holds, or null when no active admin has an address at its domain. */
    async heldDomain(organizationId: string): Promise<string | null> {
      const own = await this.ofWorkspace(organizationId);
      return own?.verified ? own.domain : null;
    },

    /** Whether an active admin of the workspace has an address at `domain`. */
    async adminHasAddressAt(organizationId: string, domain: string): Promise<boolean> {
      const found = await execute<{ ok: boolean }>(
        db,
        sql`select ${adminAddressAt(sql`${organizationId}::uuid`, sql`${domain.toLowerCase()}`)} as ok`,
      );
      return found[0]?.ok === true;
    },

    /** Whether another workspace has this domain. */
    async domainTakenByOther(organizationId: string, domain: string): Promise<boolean> {
      const rows = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(and(eq(organizations.domain, domain), sql`${organizations.id} <> ${organizationId}`));
      return rows.length > 0;
    },

    /** Saves the workspace's name and domain (the workspace settings). */
    async updateOrganization(organizationId: string, name: string, domain: string): Promise<void> {
      await db
        .update(organizations)
        .set({ name, domain, updatedAt: sql`now()` })
        .where(eq(organizations.id, organizationId));
    },

    /** The workspace whose domain this is, held or not. */
    async workspaceWithDomain(domain: string): Promise<{ id: string; name: string } | null> {
      const [row] = await db
        .select({ id: organizations.id, name: organizations.name })
        .from(organizations)
        .where(eq(organizations.domain, domain.toLowerCase()));
      return row ?? null;
    },
  };
}

export type DomainOwnership = ReturnType<typeof createDomainOwnership>;
