import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZDealResponse, type TDeal } from '@pipewise/contract/deals';
import { http } from '../../../lib/http';
import { dealQueryKeys } from './deal-query-keys';

/** The fields the deal screen edits, in the API's `properties` names. */
export type DealProperties = Partial<{
  dealstage: string;
  hubspot_owner_id: string;
  amount: string;
  closedate: string | null;
  pipeline: string;
  dealname: string;
  nextsteps: string | null;
  painpoints: string | null;
  kdm: string | null;
  summary: string | null;
  company_id: string | null;
  /** Pipewise's own field (not sent to HubSpot). */
  competitors: string[];
}>;

export type UpdateDealInput = { properties: DealProperties; version: number };

/** PUT with the version the screen loaded: the server answers 409 when someone changed it since. */
export async function updateDeal(id: string, input: UpdateDealInput): Promise<TDeal> {
  return ZDealResponse.parse(await http.put(`/api/deal/${encodeURIComponent(id)}`, input)).data;
}

/** On success the detail shows the server's copy (new version) and every list reloads. */
export function useUpdateDeal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateDealInput) => updateDeal(id, input),
    onSuccess: async (deal) => {
      queryClient.setQueryData(dealQueryKeys.detail(id), deal);
      await queryClient.invalidateQueries({ queryKey: dealQueryKeys.lists() });
    },
  });
}
