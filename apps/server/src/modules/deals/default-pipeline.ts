import type { DbOrTx } from '../../db/client';
import { pipelineStages, pipelines } from '../../db/schema';

/** A stage as a new pipeline gets it. */
export type StageSeed = { label: string; probability: number | null; isClosed: boolean; isWon: boolean };

/**
 * HubSpot's default deal stages and their probabilities (issue 29): what a new workspace's "Sales
 * Pipeline" and a pipeline created without stages start with. Migration 0024 gives the same to
 * workspaces made before.
 */
export const DEFAULT_STAGES: readonly StageSeed[] = [
  { label: 'Appointment Scheduled', probability: 20, isClosed: false, isWon: false },
  { label: 'Qualified To Buy', probability: 40, isClosed: false, isWon: false },
  { label: 'Presentation Scheduled', probability: 60, isClosed: false, isWon: false },
  { label: 'Decision Maker Bought-In', probability: 80, isClosed: false, isWon: false },
  { label: 'Contract Sent', probability: 90, isClosed: false, isWon: false },
  { label: 'Closed Won', probability: 100, isClosed: true, isWon: true },
  { label: 'Closed Lost', probability: 0, isClosed: true, isWon: false },
];

export const DEFAULT_PIPELINE_LABEL = 'Sales Pipeline';

/** Inserts a pipeline with its stages in order (on the caller's transaction); returns its id. */
export async function insertPipeline(
  tx: DbOrTx,
  organizationId: string,
  pipeline: { label: string; displayOrder: number; stages: readonly StageSeed[] },
): Promise<string> {
  const [row] = await tx
    .insert(pipelines)
    .values({ organizationId, label: pipeline.label, displayOrder: pipeline.displayOrder })
    .returning({ id: pipelines.id });
  await tx.insert(pipelineStages).values(pipeline.stages.map((s, displayOrder) => ({ ...s, pipelineId: row!.id, displayOrder })));
  return row!.id;
}

/** A new workspace's one pipeline, "Sales Pipeline" with HubSpot's default stages, in the workspace's transaction. */
export const insertDefaultPipeline = (tx: DbOrTx, organizationId: string) =>
  insertPipeline(tx, organizationId, { label: DEFAULT_PIPELINE_LABEL, displayOrder: 0, stages: DEFAULT_STAGES });
