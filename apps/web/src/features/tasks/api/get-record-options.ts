import { useQuery } from '@tanstack/react-query';
import { ZSearchResponse } from '@pipewise/contract/assistant';
import type { TTaskRecordType } from '@pipewise/contract/tasks';
import { http } from '../../../lib/http';
import { taskQueryKeys } from './task-query-keys';

/** A deal, company or contact a new task can be about. */
export type RecordOption = { type: TTaskRecordType; id: string; label: string };

/** The deals, companies and contacts the caller sees whose names match, from the header search. */
export async function fetchRecordOptions(q: string): Promise<RecordOption[]> {
  const found = ZSearchResponse.parse(await http.get(`/api/search?q=${encodeURIComponent(q)}`));
  return [
    ...found.deals.map((h) => ({ type: 'deal' as const, id: h.id, label: h.label })),
    ...found.companies.map((h) => ({ type: 'company' as const, id: h.id, label: h.label })),
    ...found.contacts.map((h) => ({ type: 'contact' as const, id: h.id, label: h.label })),
  ].slice(0, 8);
}

export function useRecordOptions(q: string) {
  const query = q.trim();
  return useQuery({ queryKey: taskQueryKeys.recordOptions(query), queryFn: () => fetchRecordOptions(query), enabled: query.length >= 2 });
}
