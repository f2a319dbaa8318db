import type { TSearchResponse } from '@pipewise/contract/assistant';

export type SearchGroupKey = keyof TSearchResponse;

/** The dropdown's groups, in order. */
export const SEARCH_GROUPS: { key: SearchGroupKey; label: string }[] = [
  { key: 'deals', label: 'Deals' },
  { key: 'companies', label: 'Companies' },
  { key: 'contacts', label: 'Contacts' },
  { key: 'people', label: 'People' },
  { key: 'meetings', label: 'Meetings' },
];

/** One result as the listbox shows it; `domId` is unique on the page (aria-activedescendant names it). */
export type SearchOption = { domId: string; group: SearchGroupKey; label: string; sublabel: string | null; url: string };

const safe = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '_');

/** Every result in the order the arrow keys walk them: group by group. */
export function searchOptions(data: TSearchResponse | undefined, idPrefix: string): SearchOption[] {
  if (!data) return [];
  return SEARCH_GROUPS.flatMap(({ key }) =>
    data[key].map((hit) => ({
      domId: `${idPrefix}-${key}-${safe(hit.id)}`,
      group: key,
      label: hit.label,
      sublabel: hit.sublabel,
      url: hit.url,
    })),
  );
}

/** The option `step` places from `current` (wrapping); from none, ArrowDown starts at the first and ArrowUp at the last. */
export function stepOption(options: SearchOption[], current: string | null, step: 1 | -1): string | null {
  if (options.length === 0) return null;
  const at = options.findIndex((o) => o.domId === current);
  const next = at === -1 ? (step === 1 ? 0 : options.length - 1) : (at + step + options.length) % options.length;
  return options[next]!.domId;
}
