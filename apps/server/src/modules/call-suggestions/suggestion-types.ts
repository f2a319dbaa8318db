/**
 * What the call-suggestions extractor reads and proposes. Pure types: the rule-based extractor,
 * the model path and the bench share them.
 */

/** The fields a call may propose a change to (the labelled set's names). */
export const SUGGESTION_FIELDS = [
  'next_step',
  'close_date',
  'amount',
  'pain_points',
  'decision_maker',
  'competitors',
  'stage',
  'task',
] as const;
export type SuggestionField = (typeof SUGGESTION_FIELDS)[number];

/** One piece of the transcript: who said it, from when, and its words. */
export type TranscriptSegment = { seq: number; startSeconds: number; endSeconds?: number | null; speaker: string | null; text: string };

/** A stage of the deal's pipeline, in display order; `kind` says whether it closes the deal. */
export type PipelineStage = { stageId: string; label: string; displayOrder: number; kind: 'open' | 'won' | 'lost' };

/** The deal as the extractor compares against it (its current values). */
export type DealSnapshot = {
  dealname: string;
  stageId: string;
  amount: number | null;
  closedate: string | null;
  nextsteps: string | null;
  painpoints: string | null;
  kdm: string | null;
  competitors: string[];
};

export type ExtractionInput = {
  segments: TranscriptSegment[];
  deal: DealSnapshot;
  stages: PipelineStage[];
  /** When the call took place: relative dates ("next Tuesday") are read against it. */
  recordedAt: Date;
  /** The uploader's IANA zone (UTC when unknown). */
  timeZone: string;
  /** Names of the workspace's people on the call: their promises become tasks, their words are not the customer's pains. */
  team: string[];
};

/** One proposed change, with the sentence it came from. */
export type Proposal = {
  field: SuggestionField;
  /** The proposed value: text, a YYYY-MM-DD date, a number of rupees, a stage label, a name. */
  value: string | number;
  /** A next step's or a task's day, when one was said (YYYY-MM-DD). */
  date?: string;
  /** For a stage: its id in the deal's pipeline. */
  stageId?: string;
  quote: string;
  speaker: string | null;
  startSeconds: number;
};
