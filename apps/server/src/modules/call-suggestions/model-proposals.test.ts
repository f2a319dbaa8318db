import { describe, expect, it } from 'vitest';
import type { ChatModel } from '../../adapters/llm/llm-port';
import { createModelProposer } from './model-proposals';
import type { ExtractionInput, PipelineStage } from './suggestion-types';
import { validProposal } from './suggestion-validation';

const STAGES: PipelineStage[] = ['Qualified To Buy', 'Presentation Scheduled', 'Contract Sent', 'Closed Won'].map((label, i) => ({
  stageId: `s${i}`,
  label,
  displayOrder: i,
  kind: i === 3 ? 'won' : 'open',
}));
const INPUT: ExtractionInput = {
  segments: [
    { seq: 0, startSeconds: 0, speaker: 'Kaveri Iyer', text: 'The approved budget is 18 lakh.' },
    { seq: 1, startSeconds: 12, speaker: 'Kaveri Iyer', text: 'We will sign by the 28th.' },
  ],
  deal: { dealname: 'Kaveri', stageId: 's1', amount: null, closedate: null, nextsteps: null, painpoints: null, kdm: null, competitors: [] },
  stages: STAGES,
  recordedAt: new Date('2026-11-12T04:30:00Z'),
  timeZone: 'Asia/Kolkata',
  team: ['Rahul Sharma'],
};

/** A model that answers the given proposals, as the JSON schema lets it. */
const model = (proposals: unknown[]): ChatModel => ({
  model: 'stub',
  json: async <T>(request: { schema: { parse(v: unknown): T } }) => request.schema.parse({ proposals }),
  chatWithTools: async () => ({ kind: 'text', text: '' }),
});

describe('the model path', () => {
  it('keeps the model’s valid proposals with their sentence, and drops what the field does not take', async () => {
    const proposed = await createModelProposer(
      model([
        { field: 'amount', value: '18,00,000', sentence: 0 },
        { field: 'close_date', value: '2026-11-28', sentence: 1 },
        { field: 'close_date', value: 'the 28th', sentence: 1 },
        { field: 'stage', value: 'Closed Won', sentence: 1 },
        { field: 'stage', value: 'Qualified To Buy', sentence: 1 },
        { field: 'stage', value: 'Negotiation', sentence: 1 },
        { field: 'amount', value: 'a lot', sentence: 0 },
        { field: 'task', value: 'Send pricing', sentence: 9 },
      ]),
    ).propose(INPUT);
    const valid = proposed.map((p) => validProposal(p, INPUT.deal, STAGES, '2026-11-12')).filter((p) => p !== null);
    expect(valid).toEqual([
      { field: 'amount', value: 1_800_000, quote: 'The approved budget is 18 lakh.', speaker: 'Kaveri Iyer', startSeconds: 0 },
      { field: 'close_date', value: '2026-11-28', quote: 'We will sign by the 28th.', speaker: 'Kaveri Iyer', startSeconds: 12 },
    ]);
  });

  it('refuses an answer outside the schema (the extraction then keeps the offline proposals)', async () => {
    await expect(createModelProposer(model([{ field: 'budget', value: 1, sentence: 0 }])).propose(INPUT)).rejects.toThrow();
  });
});
