import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZDealDeleteResponse } from '@pipewise/contract/deals';
import { http } from '../../../lib/http';
import { dealQueryKeys } from './deal-query-keys';

/** DELETE deal/{id}: its owner, those above them and admins (403 for anyone else who sees it). */
export async function deleteDeal(id: string): Promise<void> {
  ZDealDeleteResponse.parse(await http.delete(`/api/deal/${encodeURIComponent(id)}`));
}

/** On success the deal leaves the cache and every list reloads. */
export function useDeleteDeal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteDeal(id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: dealQueryKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: dealQueryKeys.lists() });
    },
  });
}
