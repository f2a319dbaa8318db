import type { TPipeline } from '@pipewise/contract/deals';
import type { TVideoDealOption } from '@pipewise/contract/videos';

/** The deals of the chosen pipeline: a case-insensitive match on the pipeline's id or its name. */
export function dealsInPipeline(
  deals: readonly TVideoDealOption[],
  pipeline: Pick<TPipeline, 'pipelineId' | 'label'> | undefined,
): TVideoDealOption[] {
  if (!pipeline) return [];
  const names = new Set([pipeline.pipelineId.toLowerCase(), pipeline.label.toLowerCase()]);
  return deals.filter((deal) => names.has(deal.pipeline_id.toLowerCase()));
}
