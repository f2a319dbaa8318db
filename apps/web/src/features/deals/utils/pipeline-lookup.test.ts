import { describe, expect, it } from 'vitest';
import { PIPELINES } from '../../../../test/deal-fixtures';
import { narrowedStageGroups, pipelineLookup, stagesInView } from './pipeline-lookup';

describe('stage narrowing', () => {
  it("offers every pipeline's stages, grouped, until a pipeline is chosen", () => {
    expect(narrowedStageGroups(PIPELINES, []).map((p) => p.label)).toEqual(['Sales Pipeline', 'Enterprise']);
    const narrowed = narrowedStageGroups(PIPELINES, ['p-ent']);
    expect(narrowed.map((p) => p.label)).toEqual(['Enterprise']);
    expect(narrowed[0]!.stages.map((s) => s.label)).toEqual(['Discovery', 'Negotiation', 'Legal Review', 'Closed Won']);
  });

  it('lists the stages a grouped view covers: chosen stages, else the narrowed pipelines', () => {
    expect(stagesInView(PIPELINES, ['p-sales'], []).map((s) => s.stageId)).toEqual(['s-appt', 's-contract', 's-won', 's-lost']);
    expect(stagesInView(PIPELINES, [], ['e-legal'])).toEqual([
      { stageId: 'e-legal', label: 'Legal Review', pipelineId: 'p-ent', pipelineLabel: 'Enterprise' },
    ]);
  });

  it('looks up labels and the pipeline of a stage', () => {
    const lookup = pipelineLookup(PIPELINES);
    expect(lookup.stageLabel('e-won')).toBe('Closed Won');
    expect(lookup.stagePipeline('e-won')).toBe('p-ent');
    expect(lookup.pipelineLabel('p-sales')).toBe('Sales Pipeline');
    expect(lookup.stageLabel('nope')).toBeUndefined();
  });
});
