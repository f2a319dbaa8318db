import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TPipelineSettings, TStageKind } from '@pipewise/contract/pipelines';
import { execute, type DbOrTx } from '../../db/client';
import { deals, pipelineStages, pipelines } from '../../db/schema';
import type { StageSeed } from './default-pipeline';

/** A stage's kind as its two columns store it. */
export const kindColumns = (kind: TStageKind) => ({ isClosed: kind !== 'open', isWon: kind === 'won' });
const kindOf = (isClosed: boolean, isWon: boolean): TStageKind => (!isClosed ? 'open' : isWon ? 'won' : 'lost');

type Row = {
  id: string;
  label: string;
  archived: boolean;
  external_id: string | null;
  stage_id: string | null;
  stage_label: string | null;
  probability: number | null;
  is_closed: boolean | null;
  is_won: boolean | null;
  display_order: number | null;
  deals: string | null;
};

/**
 * Settings > Pipelines' reads and writes of pipelines and stages. Deal counts come from
 * deal_totals (kept by triggers on deals), so the screen reads ~1k rows, not every deal.
 */
export function createPipelineSettingsRepo(db: DbOrTx) {
  return {
    /** The workspace's pipelines (archived ones too with `includeArchived`), stages in order, with their deal counts. */
    async list(organizationId: string, options: { includeArchived: boolean; id?: string }): Promise<TPipelineSettings[]> {
      const rows = await execute<Row>(
        db,
        sql`
        with counts as (
          select stage_id, sum(deals) as deals from deal_totals where organization_id = ${organizationId} group by stage_id)
        select p.id, p.label, p.archived_at is not null as archived, p.external_id,
          s.id as stage_id, s.label as stage_label, s.probability, s.is_closed, s.is_won, s.display_order, c.deals::text as deals
        from pipelines p left join pipeline_stages s on s.pipeline_id = p.id left join counts c on c.stage_id = s.id
        where p.organization_id = ${organizationId}
          ${options.includeArchived ? sql`` : sql`and p.archived_at is null`}
          ${options.id ? sql`and p.id = ${options.id}` : sql``}
        order by p.archived_at is not null, p.display_order, p.label, s.display_order, s.label`,
      );
      const byId = new Map<string, TPipelineSettings>();
      for (const r of rows) {
        let p = byId.get(r.id);
        if (!p) {
          p = { id: r.id, label: r.label, archived: r.archived, external_id: r.external_id, deal_count: 0, open_deal_count: 0, stages: [] };
          byId.set(r.id, p);
        }
        if (!r.stage_id) continue;
        const count = Number(r.deals ?? 0);
        const kind = kindOf(r.is_closed!, r.is_won!);
        p.stages.push({
          id: r.stage_id,
          label: r.stage_label!,
          probability: r.probability,
          kind,
          display_order: r.display_order!,
          deal_count: count,
        });
        p.deal_count += count;
        if (kind === 'open') p.open_deal_count += count;
      }
      return [...byId.values()];
    },

    /** Locks the workspace's pipelines for a change that checks names or counts first (one writer at a time). */
    async lock(organizationId: string): Promise<void> {
      await execute(db, sql`select id from pipelines where organization_id = ${organizationId} order by id for update`);
    },

    async insert(organizationId: string, label: string, stages: readonly StageSeed[]): Promise<string> {
      const [{ next }] = (await execute<{ next: number }>(
        db,
        sql`select coalesce(max(display_order) + 1, 0)::int as next from pipelines where organization_id = ${organizationId}`,
      )) as [{ next: number }];
      const [row] = await db.insert(pipelines).values({ organizationId, label, displayOrder: next }).returning({ id: pipelines.id });
      await db.insert(pipelineStages).values(stages.map((s, displayOrder) => ({ ...s, pipelineId: row!.id, displayOrder })));
      return row!.id;
    },

    /** Renames or archives (restores) a pipeline; every change moves its updated_at (the workspace version reads it). */
    async update(organizationId: string, id: string, changes: { label?: string; archived?: boolean }): Promise<void> {
      await db
        .update(pipelines)
        .set({
          ...(changes.label !== undefined ? { label: changes.label } : {}),
          ...(changes.archived !== undefined ? { archivedAt: changes.archived ? sql`now()` : null } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(pipelines.organizationId, organizationId), eq(pipelines.id, id)));
    },

    /** Marks a pipeline changed (its stages were), for the workspace version. */
    async touch(id: string): Promise<void> {
      await db
        .update(pipelines)
        .set({ updatedAt: sql`now()` })
        .where(eq(pipelines.id, id));
    },

    async insertStage(pipelineId: string, stage: StageSeed, displayOrder: number): Promise<string> {
      const [row] = await db
        .insert(pipelineStages)
        .values({ ...stage, pipelineId, displayOrder })
        .returning({ id: pipelineStages.id });
      return row!.id;
    },

    async updateStage(pipelineId: string, stageId: string, changes: Partial<StageSeed>): Promise<void> {
      await db
        .update(pipelineStages)
        .set(changes)
        .where(and(eq(pipelineStages.pipelineId, pipelineId), eq(pipelineStages.id, stageId)));
    },

    /** Sets the stages' order to the list's (every id of the pipeline, checked by the service). */
    async reorder(pipelineId: string, stageIds: string[]): Promise<void> {
      for (const [displayOrder, id] of stageIds.entries()) {
        await db
          .update(pipelineStages)
          .set({ displayOrder })
          .where(and(eq(pipelineStages.pipelineId, pipelineId), eq(pipelineStages.id, id)));
      }
    },

    /**
     * Moves a stage's deals to another stage of the same pipeline (their version moves, so an edit
     * opened before gets its 409); deal_totals follows by its triggers. The moved deals' ids.
     */
    async moveDeals(organizationId: string, fromStageId: string, toStageId: string): Promise<{ id: number; version: number }[]> {
      return db
        .update(deals)
        .set({ stageId: toStageId, version: sql`${deals.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(deals.organizationId, organizationId), eq(deals.stageId, fromStageId)))
        .returning({ id: deals.id, version: deals.version });
    },

    async deleteStage(pipelineId: string, stageId: string): Promise<void> {
      await db.delete(pipelineStages).where(and(eq(pipelineStages.pipelineId, pipelineId), eq(pipelineStages.id, stageId)));
    },

    /** How many deals the stages hold (exactly, from the deals themselves). */
    async dealsIn(organizationId: string, stageIds: string[]): Promise<number> {
      if (stageIds.length === 0) return 0;
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(deals)
        .where(and(eq(deals.organizationId, organizationId), inArray(deals.stageId, stageIds)));
      return row?.n ?? 0;
    },
  };
}

export type PipelineSettingsRepo = ReturnType<typeof createPipelineSettingsRepo>;
