import type { TPipeline } from '@pipewise/contract/deals';

export type StageInfo = { stageId: string; label: string; pipelineId: string; pipelineLabel: string };

/** Stage and pipeline labels by id, for tags and the stage-to-pipeline check. */
export function pipelineLookup(pipelines: readonly TPipeline[]) {
  const stages = new Map<string, StageInfo>();
  const pipelineLabels = new Map<string, string>();
  for (const p of pipelines) {
    pipelineLabels.set(p.pipelineId, p.label);
    for (const s of p.stages)
      stages.set(s.stageId, { stageId: s.stageId, label: s.label, pipelineId: p.pipelineId, pipelineLabel: p.label });
  }
  return {
    stage: (id: string) => stages.get(id),
    stageLabel: (id: string) => stages.get(id)?.label,
    stagePipeline: (id: string) => stages.get(id)?.pipelineId,
    pipelineLabel: (id: string) => pipelineLabels.get(id),
  };
}

/**
 * The stage dropdown's choices: the chosen pipelines' stages, or every pipeline's when none is
 * chosen; grouped by pipeline since labels such as 'Closed Won' repeat across pipelines.
 */
export function narrowedStageGroups(pipelines: readonly TPipeline[], chosenPipelines: readonly string[]): TPipeline[] {
  const chosen = chosenPipelines.length ? pipelines.filter((p) => chosenPipelines.includes(p.pipelineId)) : pipelines;
  return chosen.map((p) => ({ ...p, stages: [...p.stages].sort((a, b) => a.displayOrder - b.displayOrder) }));
}

/** The stages the list can contain: the chosen stages, else those of the narrowed pipelines. */
export function stagesInView(
  pipelines: readonly TPipeline[],
  chosenPipelines: readonly string[],
  chosenStages: readonly string[],
): StageInfo[] {
  const all = narrowedStageGroups(pipelines, chosenPipelines).flatMap((p) =>
    p.stages.map((s) => ({ stageId: s.stageId, label: s.label, pipelineId: p.pipelineId, pipelineLabel: p.label })),
  );
  return chosenStages.length ? all.filter((s) => chosenStages.includes(s.stageId)) : all;
}
