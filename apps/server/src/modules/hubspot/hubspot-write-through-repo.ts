import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { companies, contacts, crmOwners } from '../../db/schema';
import { linkImportedCompany } from '../companies/companies-repo';
import { linkImportedContact } from '../contacts/contacts-repo';
import { linkImportedDeal } from '../deals/deal-imports';

export type LinkedType = 'deal' | 'company' | 'contact';
const TABLES = { company: companies, contact: contacts } as const;

/** What the write-through reads of the local copy (HubSpot ids, when a record last changed here), and the link a create leaves. */
export function createHubspotWriteThroughRepo(db: Db) {
  return {
    /** A company's or contact's HubSpot id and when it last changed here (undefined when the workspace has no such record). */
    async record(organizationId: string, type: 'company' | 'contact', id: string) {
      const table = TABLES[type];
      const [row] = await db
        .select({ externalId: table.externalId, updatedAt: table.updatedAt })
        .from(table)
        .where(and(eq(table.organizationId, organizationId), eq(table.id, id)));
      return row;
    },

    /** The HubSpot id of a company (null for one that only exists here). */
    async companyExternalId(organizationId: string, id: string): Promise<string | null> {
      return (await this.record(organizationId, 'company', id))?.externalId ?? null;
    },

    /** The HubSpot owner id of a Pipewise user (null when HubSpot has no owner with their email). */
    async ownerExternalId(organizationId: string, userId: string): Promise<string | null> {
      const [row] = await db
        .select({ externalId: crmOwners.externalId })
        .from(crmOwners)
        .where(and(eq(crmOwners.organizationId, organizationId), eq(crmOwners.userId, userId)));
      return row?.externalId ?? null;
    },

    /**
     * Records the HubSpot id of a record just created here after HubSpot made it, in the create's
     * own transaction: the next sync then updates this row instead of adding a second one.
     */
    async link(on: DbOrTx, organizationId: string, type: LinkedType, id: string | number, externalId: string): Promise<void> {
      if (type === 'deal') await linkImportedDeal(on, organizationId, Number(id), externalId);
      else if (type === 'company') await linkImportedCompany(on, organizationId, String(id), externalId);
      else await linkImportedContact(on, organizationId, String(id), externalId);
    },
  };
}

export type HubspotWriteThroughRepo = ReturnType<typeof createHubspotWriteThroughRepo>;
