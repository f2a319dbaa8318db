import { formatIsoDay } from '../../../lib/format';
import type { DealListState, FilterKey } from './deal-list-params';

export type FilterTag = { id: string; label: string } & ({ kind: FilterKey; value: string } | { kind: 'closeDate' });

export type FilterLabels = {
  owner: (id: string) => string | undefined;
  stage: (id: string) => string | undefined;
  pipeline: (id: string) => string | undefined;
};

/** The close-date tag: 'a to b', 'From a' or 'Until b'; null without either bound. */
export function closeDateTagLabel(closeFrom: string, closeTo: string): string | null {
  if (closeFrom && closeTo) return `${formatIsoDay(closeFrom)} to ${formatIsoDay(closeTo)}`;
  if (closeFrom) return `From ${formatIsoDay(closeFrom)}`;
  if (closeTo) return `Until ${formatIsoDay(closeTo)}`;
  return null;
}

const PREFIX: Record<FilterKey, string> = { owners: 'Owner', stages: 'Stage', pipelines: 'Pipeline' };

/** One removable tag per chosen value: 'Owner: x', 'Stage: x', 'Pipeline: x', then the close date. */
export function filterTags(state: DealListState, labels: FilterLabels): FilterTag[] {
  const lookup: Record<FilterKey, (id: string) => string | undefined> = {
    owners: labels.owner,
    stages: labels.stage,
    pipelines: labels.pipeline,
  };
  const tags: FilterTag[] = (['owners', 'stages', 'pipelines'] as const).flatMap((kind) =>
    state[kind].map((value) => ({ id: `${kind}:${value}`, kind, value, label: `${PREFIX[kind]}: ${lookup[kind](value) ?? value}` })),
  );
  const closeDate = closeDateTagLabel(state.closeFrom, state.closeTo);
  if (closeDate) tags.push({ id: 'closeDate', kind: 'closeDate', label: closeDate });
  return tags;
}
