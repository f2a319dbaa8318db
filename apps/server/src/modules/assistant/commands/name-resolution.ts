import type { TObjectType } from '@pipewise/contract/assistant';
import type { EntityKind, Gazetteer, GazetteerEntry } from '../understanding/gazetteer';
import { looseLabelOf } from '../understanding/loose-labels';
import { clearWinner, matchWhole, type MentionCandidate } from '../understanding/mentions';

/**
 * A command's names read against the caller's gazetteer: "Sales" is the pipeline "Sales
 * Pipeline", "priya" the owner priya.nair@..., "Orion renewal" the deal "Orion Logistics
 * renewal". Pure. A name that matches nothing the caller can see, or several equally well, is
 * left as typed: the service then answers "not found" or asks which one.
 */

/** The candidates a value stands for: those of the mention it is (when the parser already found one), else a whole-text match. */
export type Candidates = (kinds: readonly EntityKind[]) => MentionCandidate[];

export const candidatesOf =
  (names: Gazetteer, text: string, known: MentionCandidate[] | null): Candidates =>
  (kinds) => {
    const wanted = new Set(kinds);
    const from = known?.filter((c) => wanted.has(c.entry.kind));
    if (from && from.length) return from;
    return matchWhole(names, text, { kinds, maxCandidates: 50 });
  };

/** The one entry meant: exact names before fuzzy ones, then a clear best; several with the same label count as one. */
export function pick(candidates: MentionCandidate[]): GazetteerEntry | null {
  if (candidates.length === 0) return null;
  const exact = candidates.filter((c) => c.exact);
  const pool = exact.length ? exact : candidates;
  const label = pool[0]!.entry.label;
  if (pool.every((c) => c.entry.label === label && c.entry.kind === pool[0]!.entry.kind)) return pool[0]!.entry;
  return clearWinner(pool)?.entry ?? null;
}

/** The exact label of the pipeline named. */
export function pipelineLabel(candidates: Candidates): GazetteerEntry | null {
  return pick(candidates(['pipeline']));
}

/** The stage's exact label, within the pipeline when one is known (named in the command, or the deal's). */
export function stageLabel(candidates: Candidates, pipelineId: string | null): string | null {
  let found = candidates(['stage']);
  if (pipelineId) {
    const inPipeline = found.filter((c) => c.entry.parentId === pipelineId);
    if (inPipeline.length) found = inPipeline;
  }
  return pick(found)?.label ?? null;
}

/**
 * A stage typed loosely ('renewal snt', 'negotation'), within the pipeline when one is known: its exact label
 * when one stage (or one label) fits best, else null.
 */
export function looseStageLabel(names: Gazetteer, value: string, pipelineId: string | null): string | null {
  const stages = names.entries.filter((e) => e.kind === 'stage');
  const within = pipelineId ? stages.filter((e) => e.parentId === pipelineId) : [];
  for (const pool of within.length ? [within, stages] : [stages]) {
    const labels = looseLabelOf(
      value,
      pool.map((e) => e.label),
    );
    if (labels.length === 1) return labels[0]!;
    if (labels.length > 1) return null;
  }
  return null;
}

const ME = /^(?:me|myself|i|self)$/i;

/** An owner by name, first name, email or "me": their email (or the CRM owner's name when they have none). */
export function ownerValue(names: Gazetteer, text: string, candidates: Candidates): string | null {
  if (ME.test(text.trim())) {
    const self = names.entries.find((e) => e.kind === 'person' && e.ownedByCaller);
    return self?.email ?? null;
  }
  const found = pick(candidates(['person', 'owner']));
  return found ? (found.email ?? found.label) : null;
}

/** The record an update names: its exact name (deal name, company name, contact's full name). */
export function recordEntry(type: TObjectType, candidates: Candidates): GazetteerEntry | null {
  return pick(candidates([type]));
}
