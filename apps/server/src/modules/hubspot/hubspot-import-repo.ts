import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { companies, contacts, crmOwners, deals, pipelines, pipelineStages, users } from '../../db/schema';
import { nameCrmActor } from '../crm-changes/crm-write';
import { removeImportedCompanies, upsertImportedCompanies } from '../companies/companies-repo';
import { removeImportedContacts, upsertImportedContacts } from '../contacts/contacts-repo';
import { removeImportedDeals, upsertImportedDeals, upsertImportedPipelines, type StageRef } from '../deals/deal-imports';
import type { MappedCompany, MappedContact, MappedDeal, MappedOwner, MappedPipeline } from './hubspot-mappers';

export type OwnerRef = { userId: string | null; crmOwnerId: string };
export type { StageRef };
const keyed = sql`external_id is not null`;

/** Who owns an imported record here: the Pipewise user the HubSpot owner is, else the CRM owner. */
const ownerColumns = (owner: OwnerRef | null) => ({
  ownerId: owner?.userId ?? null,
  crmOwnerId: owner && !owner.userId ? owner.crmOwnerId : null,
});

/**
 * A portal's records into the CRM tables the screens read, keyed by HubSpot id: the CRM owners here,
 * the deals, pipelines, companies and contacts through those modules' own import writes.
 */
export function createHubspotImportRepo(db: Db) {
  /** Runs a sync's write of CRM records in a transaction that names its source, so their history says "HubSpot sync". */
  const asSync = <T>(organizationId: string, write: (tx: DbOrTx) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await nameCrmActor(tx, { id: null, organizationId, source: 'hubspot_sync' });
      return write(tx);
    });

  async function idsOf(
    table: typeof companies | typeof contacts,
    organizationId: string,
    externalIds: string[],
  ): Promise<Map<string, string>> {
    if (externalIds.length === 0) return new Map();
    const rows = await db
      .select({ id: table.id, externalId: table.externalId })
      .from(table)
      .where(and(eq(table.organizationId, organizationId), inArray(table.externalId, externalIds)));
    return new Map(rows.map((r) => [r.externalId!, r.id]));
  }

  return {
    companyIds: (organizationId: string, externalIds: string[]) => idsOf(companies, organizationId, externalIds),
    contactIds: (organizationId: string, externalIds: string[]) => idsOf(contacts, organizationId, externalIds),

    /** Pipelines and their stages (labels and order as HubSpot has them): `pipeline:stage` ids to rows. */
    savePipelines: (organizationId: string, mapped: MappedPipeline[]): Promise<Map<string, StageRef>> =>
      upsertImportedPipelines(db, organizationId, mapped),

    /**
     * Owners: one whose email is a Pipewise user's points at that user (taking over the user's
     * existing owner row); the others stay CRM owners. HubSpot owner id to reference.
     */
    async saveOwners(organizationId: string, mapped: MappedOwner[]): Promise<Map<string, OwnerRef>> {
      const emails = mapped.map((o) => o.email).filter((e): e is string => e !== null);
      const members = emails.length
        ? await db
            .select({ id: users.id, email: users.email })
            .from(users)
            .where(and(eq(users.organizationId, organizationId), inArray(sql`lower(${users.email})`, emails)))
        : [];
      const userByEmail = new Map(members.map((u) => [u.email.toLowerCase(), u.id]));
      const refs = new Map<string, OwnerRef>();
      for (const o of mapped) {
        const userId = (o.email && userByEmail.get(o.email)) ?? null;
        const values = {
          name: o.name,
          email: o.email,
          externalId: o.externalId,
          externalUserId: o.externalUserId,
          userId,
          updatedAt: new Date(),
        };
        let [row] = userId
          ? await db
              .update(crmOwners)
              .set(values)
              .where(and(eq(crmOwners.organizationId, organizationId), eq(crmOwners.userId, userId)))
              .returning({ id: crmOwners.id })
          : [];
        if (!row) {
          [row] = await db
            .insert(crmOwners)
            .values({ ...values, organizationId })
            .onConflictDoUpdate({ target: [crmOwners.organizationId, crmOwners.externalId], targetWhere: keyed, set: values })
            .returning({ id: crmOwners.id });
        }
        refs.set(o.externalId, { userId, crmOwnerId: row!.id });
      }
      return refs;
    },

    async saveCompanies(organizationId: string, rows: (MappedCompany & { owner: OwnerRef | null })[]): Promise<void> {
      await asSync(organizationId, (tx) =>
        upsertImportedCompanies(
          tx,
          organizationId,
          rows.map((c) => ({
            externalId: c.externalId,
            name: c.name,
            domain: c.domain,
            industry: c.industry,
            city: c.city,
            phone: c.phone,
            ...ownerColumns(c.owner),
          })),
        ),
      );
    },

    async saveContacts(
      organizationId: string,
      rows: (MappedContact & { owner: OwnerRef | null; companyId: string | null })[],
    ): Promise<void> {
      await asSync(organizationId, (tx) =>
        upsertImportedContacts(
          tx,
          organizationId,
          rows.map((c) => ({
            externalId: c.externalId,
            firstname: c.firstname,
            lastname: c.lastname,
            email: c.email,
            phone: c.phone,
            jobtitle: c.jobtitle,
            companyId: c.companyId,
            ...ownerColumns(c.owner),
          })),
        ),
      );
    },

    /** Deals (new or changed) and their stakeholders (the associated contacts, in HubSpot's order). */
    async saveDeals(
      organizationId: string,
      rows: (MappedDeal & { stage: StageRef; owner: OwnerRef | null; companyId: string | null; contactIds: string[] })[],
    ): Promise<void> {
      await asSync(organizationId, (tx) =>
        upsertImportedDeals(
          tx,
          organizationId,
          rows.map((d) => ({
            externalId: d.externalId,
            dealname: d.dealname,
            stage: d.stage,
            amount: d.amount,
            closedate: d.closedate,
            nextsteps: d.nextsteps,
            companyId: d.companyId,
            ...ownerColumns(d.owner),
            contactIds: d.contactIds,
          })),
        ),
      );
    },

    /** A deal's HubSpot id and when it last changed here, with the HubSpot ids of the stage, pipeline and owner a change names. */
    async pushTargets(organizationId: string, dealId: number, refs: { pipelineId?: string; stageId?: string; ownerId?: string | null }) {
      const [deal] = await db
        .select({ externalId: deals.externalId, updatedAt: deals.updatedAt })
        .from(deals)
        .where(and(eq(deals.organizationId, organizationId), eq(deals.id, dealId)));
      const one = async (query: Promise<{ externalId: string | null }[]>) => (await query)[0]?.externalId ?? null;
      return {
        deal,
        pipeline: refs.pipelineId
          ? await one(db.select({ externalId: pipelines.externalId }).from(pipelines).where(eq(pipelines.id, refs.pipelineId)))
          : undefined,
        stage: refs.stageId
          ? await one(db.select({ externalId: pipelineStages.externalId }).from(pipelineStages).where(eq(pipelineStages.id, refs.stageId)))
          : undefined,
        owner: refs.ownerId
          ? await one(
              db
                .select({ externalId: crmOwners.externalId })
                .from(crmOwners)
                .where(and(eq(crmOwners.organizationId, organizationId), eq(crmOwners.userId, refs.ownerId))),
            )
          : undefined,
      };
    },

    /** The stages already imported, as savePipelines answers them (`pipeline:stage`, and `pipeline:` for its first stage). */
    async stageRefs(organizationId: string): Promise<Map<string, StageRef>> {
      const rows = await db
        .select({ pipeline: pipelines.externalId, stage: pipelineStages.externalId, pipelineId: pipelines.id, stageId: pipelineStages.id })
        .from(pipelineStages)
        .innerJoin(pipelines, eq(pipelines.id, pipelineStages.pipelineId))
        .where(and(eq(pipelines.organizationId, organizationId), isNotNull(pipelines.externalId), isNotNull(pipelineStages.externalId)))
        .orderBy(asc(pipelines.displayOrder), asc(pipelineStages.displayOrder));
      const refs = new Map<string, StageRef>();
      for (const r of rows) {
        const ref = { pipelineId: r.pipelineId, stageId: r.stageId };
        refs.set(`${r.pipeline}:${r.stage}`, ref);
        if (!refs.has(`${r.pipeline}:`)) refs.set(`${r.pipeline}:`, ref);
      }
      return refs;
    },

    /** The owners already imported, as saveOwners answers them (HubSpot owner id to reference). */
    async ownerRefs(organizationId: string): Promise<Map<string, OwnerRef>> {
      const rows = await db
        .select({ externalId: crmOwners.externalId, userId: crmOwners.userId, crmOwnerId: crmOwners.id })
        .from(crmOwners)
        .where(and(eq(crmOwners.organizationId, organizationId), isNotNull(crmOwners.externalId)));
      return new Map(rows.map((r) => [r.externalId!, { userId: r.userId, crmOwnerId: r.crmOwnerId }]));
    },

    /** Removes records HubSpot archived (deleted); returns how many were here. */
    async removeArchived(organizationId: string, type: 'deals' | 'companies' | 'contacts', externalIds: string[]): Promise<number> {
      const remove = type === 'deals' ? removeImportedDeals : type === 'companies' ? removeImportedCompanies : removeImportedContacts;
      return (await asSync(organizationId, (tx) => remove(tx, organizationId, externalIds))).length;
    },
  };
}

export type HubspotImportRepo = ReturnType<typeof createHubspotImportRepo>;
