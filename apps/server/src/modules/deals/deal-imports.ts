import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dealStakeholders, deals, pipelines, pipelineStages } from '../../db/schema';

/**
 * The deals module's writes for an import (HubSpot): pipelines, stages and deals keyed by their
 * ids there (`external_id`), each batch in one statement. The import maps its records to these
 * shapes; only this module writes its tables.
 */

/** A pipeline row and one of its stages. */
export type StageRef = { pipelineId: string; stageId: string };

export type ImportedPipeline = {
  externalId: string;
  label: string;
  displayOrder: number;
  stages: { externalId: string; label: string; displayOrder: number; probability: number | null; isClosed: boolean; isWon: boolean }[];
};

/** A deal as the import brings it, with its stage, owner (a user here or a CRM owner), company and stakeholders (contact ids, in order). */
export type ImportedDeal = {
  externalId: string;
  dealname: string;
  stage: StageRef;
  amount: string | null;
  closedate: string | null;
  nextsteps: string | null;
  companyId: string | null;
  ownerId: string | null;
  crmOwnerId: string | null;
  contactIds: string[];
};

const keyed = sql`external_id is not null`;
const excluded = (column: string) => sql.raw(`excluded.${column}`);

/** Pipelines and their stages (labels and order as the source has them): `pipeline:stage` external ids to rows. */
export async function upsertImportedPipelines(
  db: DbOrTx,
  organizationId: string,
  mapped: ImportedPipeline[],
): Promise<Map<string, StageRef>> {
  const refs = new Map<string, StageRef>();
  // Once HubSpot's pipelines arrive they are the workspace's: the built-in ones (and their deals) stay,
  // archived, out of the stage lists, filters and New Deal choices (docs/decisions/0018).
  if (mapped.length > 0) {
    await db
      .update(pipelines)
      .set({ archivedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(pipelines.organizationId, organizationId), isNull(pipelines.externalId), isNull(pipelines.archivedAt)));
  }
  for (const p of mapped) {
    const [row] = await db
      .insert(pipelines)
      .values({ organizationId, label: p.label, displayOrder: p.displayOrder, externalId: p.externalId })
      .onConflictDoUpdate({
        target: [pipelines.organizationId, pipelines.externalId],
        targetWhere: keyed,
        set: { label: p.label, displayOrder: p.displayOrder, updatedAt: sql`now()` },
      })
      .returning({ id: pipelines.id });
    for (const s of p.stages) {
      const values = { label: s.label, displayOrder: s.displayOrder, probability: s.probability, isClosed: s.isClosed, isWon: s.isWon };
      const [stage] = await db
        .insert(pipelineStages)
        .values({ ...values, pipelineId: row!.id, externalId: s.externalId })
        .onConflictDoUpdate({ target: [pipelineStages.pipelineId, pipelineStages.externalId], targetWhere: keyed, set: values })
        .returning({ id: pipelineStages.id });
      refs.set(`${p.externalId}:${s.externalId}`, { pipelineId: row!.id, stageId: stage!.id });
    }
    // A deal in a stage the source no longer lists lands in its pipeline's first stage.
    if (p.stages[0]) refs.set(`${p.externalId}:`, refs.get(`${p.externalId}:${p.stages[0].externalId}`)!);
  }
  return refs;
}

/** Deals (new or changed) and their stakeholders (the associated contacts, in the source's order), in one transaction. */
export async function upsertImportedDeals(db: DbOrTx, organizationId: string, rows: ImportedDeal[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    const saved = await tx
      .insert(deals)
      .values(
        rows.map((d) => ({
          organizationId,
          externalId: d.externalId,
          dealname: d.dealname,
          pipelineId: d.stage.pipelineId,
          stageId: d.stage.stageId,
          amount: d.amount,
          closedate: d.closedate,
          nextsteps: d.nextsteps,
          companyId: d.companyId,
          ownerId: d.ownerId,
          crmOwnerId: d.crmOwnerId,
        })),
      )
      .onConflictDoUpdate({
        target: [deals.organizationId, deals.externalId],
        targetWhere: keyed,
        set: {
          dealname: excluded('dealname'),
          pipelineId: excluded('pipeline_id'),
          stageId: excluded('stage_id'),
          amount: excluded('amount'),
          closedate: excluded('closedate'),
          nextsteps: excluded('nextsteps'),
          companyId: excluded('company_id'),
          ownerId: excluded('owner_id'),
          crmOwnerId: excluded('crm_owner_id'),
          version: sql`${deals.version} + 1`,
          updatedAt: new Date(),
        },
      })
      .returning({ id: deals.id, externalId: deals.externalId });
    const idOf = new Map(saved.map((s) => [s.externalId!, s.id]));
    const dealIds = [...idOf.values()];
    await tx.delete(dealStakeholders).where(inArray(dealStakeholders.dealId, dealIds));
    const links = rows.flatMap((d) =>
      d.contactIds.map((contactId, i) => ({ dealId: idOf.get(d.externalId)!, contactId, displayOrder: i })),
    );
    if (links.length) await tx.insert(dealStakeholders).values(links).onConflictDoNothing();
  });
}

/** Gives a deal just created here the id the source gave it, in the create's own transaction (`on`). */
export async function linkImportedDeal(on: DbOrTx, organizationId: string, id: number, externalId: string): Promise<void> {
  await on
    .update(deals)
    .set({ externalId })
    .where(and(eq(deals.organizationId, organizationId), eq(deals.id, id)));
}

/** Removes the imported deals the source archived; returns the external ids that were here. */
export async function removeImportedDeals(db: DbOrTx, organizationId: string, externalIds: string[]): Promise<string[]> {
  if (externalIds.length === 0) return [];
  const removed = await db
    .delete(deals)
    .where(and(eq(deals.organizationId, organizationId), inArray(deals.externalId, externalIds)))
    .returning({ externalId: deals.externalId });
  return removed.map((r) => r.externalId!);
}

/** How many of the workspace's deals were made in Pipewise (no CRM id): what connecting HubSpot leaves in archived pipelines. */
export async function countBuiltInDeals(db: DbOrTx, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deals)
    .where(and(eq(deals.organizationId, organizationId), isNull(deals.externalId)));
  return row?.n ?? 0;
}
