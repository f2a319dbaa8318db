import { getTableColumns } from 'drizzle-orm';
import {
  HUBSPOT_PIPELINES_MESSAGE,
  PIPELINE_MESSAGES as MSG,
  pipelineHoldsOpenDealsMessage,
  stageHoldsDealsMessage,
  type TNewPipeline,
  type TNewStage,
  type TPipelinePatch,
  type TPipelineSettings,
  type TPipelinesList,
  type TStagePatch,
} from '@pipewise/contract/pipelines';
import type { DbOrTx } from '../../db/client';
import { deals as dealsTable } from '../../db/schema/crm';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import type { Caller } from '../access/access-rules';
import { assertCan, can } from '../access/policies';
import { crmChange } from '../crm-changes/crm-actor';
import { runCrmWrites } from '../crm-changes/crm-write';
import { DEFAULT_STAGES, type StageSeed } from './default-pipeline';
import { kindColumns, type PipelineSettingsRepo } from './pipeline-settings-repo';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const stageSeed = (s: TNewStage): StageSeed => ({ label: s.label, probability: s.probability ?? null, ...kindColumns(s.kind ?? 'open') });

/**
 * Settings > Pipelines (issue 29): everyone reads the workspace's pipelines; admins shape them
 * (`pipeline.manage`). On a HubSpot workspace they are HubSpot's, and every write is refused with
 * where to change them (409: the request is right, the workspace's state refuses it). Each write
 * runs in one transaction that first locks the workspace's pipelines, so the name and count
 * checks hold when it commits.
 */
export function createPipelinesService(deps: {
  db: DbOrTx;
  repo: (on: DbOrTx) => PipelineSettingsRepo;
  /** Whether the workspace's deals live in HubSpot (its pipelines are read only here). */
  bound(organizationId: string): Promise<boolean>;
}) {
  async function one(repo: PipelineSettingsRepo, caller: Caller, id: string): Promise<TPipelineSettings> {
    const [found] = await repo.list(caller.organizationId, { includeArchived: true, id });
    if (!found) throw notFound(MSG.notFound);
    return found;
  }

  /** An admin's write on a built-in workspace, run in a transaction with the pipelines locked. */
  async function write<T>(caller: Caller, run: (repo: PipelineSettingsRepo, tx: DbOrTx) => Promise<T>): Promise<T> {
    assertCan(caller, 'pipeline.manage', null);
    if (await deps.bound(caller.organizationId)) throw conflict(HUBSPOT_PIPELINES_MESSAGE);
    return deps.db.transaction(async (tx) => {
      const repo = deps.repo(tx);
      await repo.lock(caller.organizationId);
      return run(repo, tx);
    });
  }

  const requireOpenStage = (stages: { kind: string }[]) => {
    if (stages.length === 0) throw conflict(MSG.lastStage);
    if (!stages.some((s) => s.kind === 'open')) throw conflict(MSG.lastOpenStage);
  };

  const uniqueLabels = (labels: string[], message: string) => {
    const seen = new Set<string>();
    for (const l of labels) {
      if (seen.has(l.toLowerCase())) throw conflict(message);
      seen.add(l.toLowerCase());
    }
  };

  function stageOf(pipeline: TPipelineSettings, stageId: string) {
    const stage = pipeline.stages.find((s) => s.id === stageId);
    if (!stage) throw notFound(MSG.stageNotFound);
    return stage;
  }

  return {
    async list(caller: Caller, includeArchived: boolean): Promise<TPipelinesList> {
      const [data, bound] = await Promise.all([
        deps.repo(deps.db).list(caller.organizationId, { includeArchived }),
        deps.bound(caller.organizationId),
      ]);
      return {
        data,
        source: bound ? 'hubspot' : 'builtin',
        can_manage: !bound && can(caller, 'pipeline.manage', null),
        read_only_reason: bound ? HUBSPOT_PIPELINES_MESSAGE : null,
      };
    },

    /** A new pipeline, last in the order; without stages it gets HubSpot's default ones. */
    create: (caller: Caller, body: TNewPipeline) =>
      write(caller, async (repo) => {
        const stages = body.stages?.map(stageSeed) ?? DEFAULT_STAGES;
        requireOpenStage(stages.map((s) => ({ kind: s.isClosed ? 'closed' : 'open' })));
        uniqueLabels(
          stages.map((s) => s.label),
          MSG.stageLabelTaken,
        );
        const all = await repo.list(caller.organizationId, { includeArchived: true });
        if (all.some((p) => same(p.label, body.label))) throw conflict(MSG.labelTaken);
        return one(repo, caller, await repo.insert(caller.organizationId, body.label, stages));
      }),

    /** Renames, archives or restores. Archiving keeps the deals (readable) but is refused while any is open. */
    update: (caller: Caller, id: string, patch: TPipelinePatch) =>
      write(caller, async (repo) => {
        const pipeline = await one(repo, caller, id);
        if (patch.label === undefined && patch.archived === undefined) throw badRequest(MSG.nothingToChange);
        if (patch.label !== undefined) {
          const all = await repo.list(caller.organizationId, { includeArchived: true });
          if (all.some((p) => p.id !== id && same(p.label, patch.label!))) throw conflict(MSG.labelTaken);
        }
        if (patch.archived === true && !pipeline.archived) {
          if (pipeline.open_deal_count > 0) throw conflict(pipelineHoldsOpenDealsMessage(pipeline.open_deal_count));
          const active = await repo.list(caller.organizationId, { includeArchived: false });
          if (active.length <= 1) throw conflict(MSG.lastPipeline);
        }
        await repo.update(caller.organizationId, id, patch);
        return one(repo, caller, id);
      }),

    /** A new stage, last in the pipeline's order. */
    addStage: (caller: Caller, id: string, body: TNewStage) =>
      write(caller, async (repo) => {
        const pipeline = await one(repo, caller, id);
        if (pipeline.stages.some((s) => same(s.label, body.label))) throw conflict(MSG.stageLabelTaken);
        const order = Math.max(-1, ...pipeline.stages.map((s) => s.display_order)) + 1;
        await repo.insertStage(id, stageSeed(body), order);
        await repo.touch(id);
        return one(repo, caller, id);
      }),

    updateStage: (caller: Caller, id: string, stageId: string, patch: TStagePatch) =>
      write(caller, async (repo) => {
        const pipeline = await one(repo, caller, id);
        const stage = stageOf(pipeline, stageId);
        if (patch.label === undefined && patch.probability === undefined && patch.kind === undefined) throw badRequest(MSG.nothingToChange);
        if (patch.label !== undefined && pipeline.stages.some((s) => s.id !== stageId && same(s.label, patch.label!))) {
          throw conflict(MSG.stageLabelTaken);
        }
        if (patch.kind !== undefined) requireOpenStage(pipeline.stages.map((s) => (s.id === stage.id ? { kind: patch.kind! } : s)));
        await repo.updateStage(id, stageId, {
          ...(patch.label !== undefined ? { label: patch.label } : {}),
          ...(patch.probability !== undefined ? { probability: patch.probability } : {}),
          ...(patch.kind !== undefined ? kindColumns(patch.kind) : {}),
        });
        await repo.touch(id);
        return one(repo, caller, id);
      }),

    /**
     * Removes a stage. Its deals move to `moveTo` (another stage of the same pipeline) in the same
     * transaction, each with its change record; without `moveTo` a stage holding deals is refused
     * with how many it holds.
     */
    removeStage: (caller: Caller, id: string, stageId: string, moveTo: string | undefined) =>
      write(caller, async (repo, tx) => {
        const pipeline = await one(repo, caller, id);
        stageOf(pipeline, stageId);
        requireOpenStage(pipeline.stages.filter((s) => s.id !== stageId));
        const held = await repo.dealsIn(caller.organizationId, [stageId]);
        if (held > 0 && moveTo === undefined) throw conflict(stageHoldsDealsMessage(held));
        if (moveTo !== undefined && (moveTo === stageId || !pipeline.stages.some((s) => s.id === moveTo))) {
          throw badRequest(MSG.moveToInvalid);
        }
        return runCrmWrites(tx, tx, async (on) => {
          const inner = deps.repo(on);
          const moved = moveTo ? await inner.moveDeals(caller.organizationId, stageId, moveTo) : [];
          await inner.deleteStage(id, stageId);
          await inner.touch(id);
          const columns = getTableColumns(dealsTable);
          return {
            result: { data: await one(inner, caller, id), moved_deals: moved.length },
            changes: moved.map((d) => crmChange(caller, { type: 'deal', id: d.id }, 'update', { stageId: moveTo }, columns, d.version)),
          };
        });
      }),

    /** The stages in a new order: every stage of the pipeline exactly once, else 400. */
    reorder: (caller: Caller, id: string, stageIds: string[]) =>
      write(caller, async (repo) => {
        const pipeline = await one(repo, caller, id);
        const current = new Set(pipeline.stages.map((s) => s.id));
        if (stageIds.length !== current.size || new Set(stageIds).size !== stageIds.length || !stageIds.every((s) => current.has(s))) {
          throw badRequest(MSG.badOrder);
        }
        await repo.reorder(id, stageIds);
        await repo.touch(id);
        return one(repo, caller, id);
      }),
  };
}

export type PipelinesService = ReturnType<typeof createPipelinesService>;
