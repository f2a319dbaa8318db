import type { TStageKind } from '@pipewise/contract/pipelines';

export const KIND_OPTIONS: readonly { value: TStageKind; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'won', label: 'Won' },
  { value: 'lost', label: 'Lost' },
];

export const kindLabel = (kind: TStageKind) => KIND_OPTIONS.find((k) => k.value === kind)!.label;

/** A typed probability: empty (none) or a whole number 0-100. */
export function probabilityError(value: string): string | null {
  const v = value.trim();
  if (v === '') return null;
  return /^\d{1,3}$/.test(v) && Number(v) <= 100 ? null : 'Probability must be a whole number from 0 to 100';
}
