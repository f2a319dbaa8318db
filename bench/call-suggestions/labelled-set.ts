import fs from 'node:fs';
import path from 'node:path';
import type {
  DealSnapshot,
  PipelineStage,
  Proposal,
  TranscriptSegment,
} from '../../apps/server/src/modules/call-suggestions/suggestion-types';
import { defaultPipelineStages } from '../../apps/server/test/default-stages';

/** One labelled call (bench/call-suggestions/set/README.md): the transcript, the deal as it stood, the changes a careful rep makes. */
export type LabelledCase = {
  name: string;
  transcript: string;
  recorded_at: string;
  time_zone: string;
  deal: {
    dealname: string;
    stage: string;
    amount: number | null;
    closedate: string | null;
    nextsteps: string | null;
    painpoints: string | null;
    kdm: string | null;
    competitors: string[];
  };
  team: string[];
  expected: { field: string; value: unknown; date?: string; must_mention?: string[] }[];
};

/** The default Sales Pipeline's stages, as the set's deals name them. */
export const SET_STAGES: PipelineStage[] = defaultPipelineStages('stage-');

export function loadCases(dir: string): LabelledCase[] {
  if (!fs.existsSync(dir)) return [];
  return (
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => ({
        name: f.replace(/\.json$/, ''),
        ...(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Omit<LabelledCase, 'name'>),
      }))
      // Only the cases: the set also holds questions.json (what was said), which names no transcript.
      .filter((c) => typeof c.transcript === 'string')
  );
}

export function dealOf(c: LabelledCase): DealSnapshot {
  const stage = SET_STAGES.find((s) => s.label.toLowerCase() === c.deal.stage.toLowerCase()) ?? SET_STAGES[0]!;
  return {
    dealname: c.deal.dealname,
    stageId: stage.stageId,
    amount: c.deal.amount,
    closedate: c.deal.closedate,
    nextsteps: c.deal.nextsteps || null,
    painpoints: c.deal.painpoints || null,
    kdm: c.deal.kdm || null,
    competitors: c.deal.competitors ?? [],
  };
}

const stem = (w: string) =>
  w
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
    .replace(/(?:ing|ed|es|s|ly)$/, '');
const wordsOf = (text: string) =>
  text
    .split(/[\s/-]+/)
    .map(stem)
    .filter(Boolean);

/** Whether a proposal is the expected change, by the set's matching rule. */
export function matches(p: Proposal, e: LabelledCase['expected'][number], expectedValue: unknown = e.value): boolean {
  if (p.field !== e.field) return false;
  switch (p.field) {
    case 'close_date':
    case 'stage':
      return String(p.value).toLowerCase() === String(expectedValue).toLowerCase();
    case 'amount':
      return Number(p.value) === Number(expectedValue);
    case 'decision_maker':
    case 'competitors':
      return String(p.value).trim().toLowerCase() === String(expectedValue).trim().toLowerCase();
    default: {
      const said = new Set(wordsOf(String(p.value)));
      // The README's rule: an entry matches a word of the proposed text that starts with it ("invoice" matches "invoices").
      const raw = String(p.value)
        .toLowerCase()
        .split(/[\s/-]+/)
        .map((w) => w.replace(/[^\p{L}\p{N}]+/gu, ''));
      const all = (e.must_mention ?? []).every(
        (w) =>
          raw.some((x) => x.startsWith(w.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''))) ||
          wordsOf(w).every((s) => said.has(s) || [...said].some((x) => x.startsWith(s))),
      );
      return all && (e.date === undefined || e.date === p.date);
    }
  }
}

/** The expected changes one by one: a competitors list is one change per name. */
export function expectedItems(c: LabelledCase): { item: LabelledCase['expected'][number]; value: unknown }[] {
  // A competitors list may repeat those the deal already names: the change is the new ones.
  const known = new Set((c.deal.competitors ?? []).map((n) => n.toLowerCase()));
  return c.expected.flatMap((e) =>
    e.field === 'competitors' && Array.isArray(e.value)
      ? e.value.filter((v) => !known.has(String(v).toLowerCase())).map((v) => ({ item: e, value: v }))
      : [{ item: e, value: e.value }],
  );
}

export type { TranscriptSegment };
