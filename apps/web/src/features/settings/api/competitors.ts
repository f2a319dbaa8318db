import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZCompetitorList, type TCompetitorList } from '@pipewise/contract/coaching';
import { http } from '../../../lib/http';

/** The call stats of every recording depend on this list; the server recomputes them when it changes. */
export const COMPETITORS_QUERY_KEY = ['coaching', 'competitors'] as const;

export async function fetchCompetitors(): Promise<TCompetitorList> {
  return ZCompetitorList.parse(await http.get('/api/coaching/competitors'));
}

export async function saveCompetitors(names: readonly string[]): Promise<TCompetitorList> {
  return ZCompetitorList.parse(await http.put('/api/coaching/competitors', { names }));
}

/** Settings > General > Competitors: the workspace's competitor names, which every call's mentions look for. */
export function useCompetitors() {
  return useQuery({ queryKey: COMPETITORS_QUERY_KEY, queryFn: fetchCompetitors });
}

/** Saves the whole list; the saved list (as the server kept it) replaces the shown one. */
export function useSaveCompetitors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompetitors,
    onSuccess: (saved) => queryClient.setQueryData(COMPETITORS_QUERY_KEY, saved),
  });
}
