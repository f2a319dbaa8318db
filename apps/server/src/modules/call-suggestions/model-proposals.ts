import { z } from 'zod';
import type { ChatModel } from '../../adapters/llm/llm-port';
import { sentencesOf } from './transcript-sentences';
import { SUGGESTION_FIELDS, type ExtractionInput, type Proposal } from './suggestion-types';

/** The model path (LLM_*): it proposes, the same validation decides (suggestion-validation.ts). */
export type ModelProposer = { propose(input: ExtractionInput): Promise<Proposal[]> };

/** At most this many sentences go to the model (a long call's first hours). */
const MAX_SENTENCES = 1500;

const ZModelProposals = z.object({
  proposals: z
    .array(
      z.object({
        field: z.enum(SUGGESTION_FIELDS),
        value: z.union([z.string().max(2000), z.number()]),
        date: z.string().max(10).nullable().optional(),
        sentence: z.number().int().min(0),
      }),
    )
    .max(40),
});

const SYSTEM = `You read a sales call's transcript and propose updates to the CRM deal it belongs to.
Fields: next_step (text, with date YYYY-MM-DD when a day was said), close_date (YYYY-MM-DD), amount (number of rupees),
pain_points (the customer's problem, text), decision_maker (a person's name), competitors (one vendor name each),
stage (the label of a later open stage of the pipeline), task (what the seller's team promised to do, with date when said).
Propose only what was firmly stated about this deal's future: never questions, hypotheticals, the past, other companies'
numbers or headcounts. Relative dates are read against the call's date. Each proposal names the number of the sentence
it came from. Answer {"proposals": [...]}; an empty list when nothing is proposed.`;

export function createModelProposer(llm: ChatModel): ModelProposer {
  return {
    async propose(input) {
      const sentences = sentencesOf(input.segments).slice(0, MAX_SENTENCES);
      const open = input.stages.filter((s) => s.kind === 'open').map((s) => s.label);
      const user = [
        `Call date: ${input.recordedAt.toISOString()} (${input.timeZone}). Seller's team: ${input.team.join(', ') || 'unknown'}.`,
        `Deal: ${JSON.stringify({ ...input.deal, stage: input.stages.find((s) => s.stageId === input.deal.stageId)?.label })}`,
        `Open stages in order: ${open.join(' > ')}`,
        'Transcript:',
        ...sentences.map((s, i) => `[${i}] ${s.speaker ?? 'Unknown'}: ${s.text}`),
      ].join('\n');
      const answer = await llm.json({ system: SYSTEM, user, schema: ZModelProposals });
      return answer.proposals.flatMap((p): Proposal[] => {
        const s = sentences[p.sentence];
        if (!s) return [];
        return [
          {
            field: p.field,
            value: p.field === 'amount' && typeof p.value === 'string' ? Number(p.value.replace(/[^\d.]/g, '')) : p.value,
            ...(p.date ? { date: p.date } : {}),
            quote: s.text,
            speaker: s.speaker,
            startSeconds: s.startSeconds,
          },
        ];
      });
    },
  };
}
