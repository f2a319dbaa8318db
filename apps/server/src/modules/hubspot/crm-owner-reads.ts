import { eq, sql } from 'drizzle-orm';
import { execute, type DbOrTx } from '../../db/client';
import { crmOwners } from '../../db/schema/crm';
import { scope, type Viewer } from '../access/scopes';

/**
 * The CRM owners the HubSpot import keeps (crm_owners), read for other modules (the assistant):
 * only this module writes SQL against that table.
 */
export function createCrmOwnerReads(db: DbOrTx) {
  return {
    /**
     * The caller's HubSpot identity for the profile: the workspace's portal (hub id) and the HubSpot
     * user id of the owner the caller is; each null when the workspace is not connected or the
     * caller is no HubSpot user.
     */
    async identity(organizationId: string, userId: string): Promise<{ hubId: string | null; userId: string | null }> {
      const [row] = await execute<{ hub_id: string | null; user_id: string | null }>(
        db,
        sql`select (select account_id::text from workspace_integrations
            where organization_id = ${organizationId} and provider = 'hubspot') as hub_id,
          (select external_user_id from crm_owners where organization_id = ${organizationId} and user_id = ${userId}) as user_id`,
      );
      const hubId = row?.hub_id ?? null;
      return { hubId, userId: hubId ? (row?.user_id ?? null) : null };
    },

    /** Every CRM owner of the workspace, with the user they are when they are one. */
    async inWorkspace(organizationId: string): Promise<{ name: string; email: string | null; userId: string | null }[]> {
      return db
        .select({ name: crmOwners.name, email: crmOwners.email, userId: crmOwners.userId })
        .from(crmOwners)
        .where(eq(crmOwners.organizationId, organizationId));
    },

    /** CRM owners of the viewer's workspace without a Pipewise account, as far as the viewer sees them (admins only). */
    async withoutAccount(viewer: Viewer): Promise<{ id: string; name: string; email: string | null }[]> {
      return execute<{ id: string; name: string; email: string | null }>(
        db,
        sql`select id::text as id, name, email from crm_owners where ${scope.crmOwnersWithoutAccount(viewer)}`,
      );
    },
  };
}

export type CrmOwnerReads = ReturnType<typeof createCrmOwnerReads>;
