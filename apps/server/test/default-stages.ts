import type { PipelineStage } from '../src/modules/call-suggestions/suggestion-types';
import { DEFAULT_STAGES } from '../src/modules/deals/default-pipeline';

/** A new workspace's Sales Pipeline as the extractor reads stages: ids `${prefix}0`…, in order, won and lost marked. */
export const defaultPipelineStages = (prefix: string): PipelineStage[] =>
  DEFAULT_STAGES.map((s, i) => ({
    stageId: `${prefix}${i}`,
    label: s.label,
    displayOrder: i,
    kind: !s.isClosed ? 'open' : s.isWon ? 'won' : 'lost',
  }));
