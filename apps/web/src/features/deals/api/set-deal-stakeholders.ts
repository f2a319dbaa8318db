import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZStakeholdersResponse } from '@pipewise/contract/deals';
import { http } from '../../../lib/http';
import { dealQueryKeys } from './deal-query-keys';
import type { TStakeholder } from './get-deal-stakeholders';

/** PUT deal/{id}/stakeholders: the deal's contacts become these, in this order. */
export async function setDealStakeholders(dealId: string, contactIds: string[]): Promise<TStakeholder[]> {
  return ZStakeholdersResponse.parse(await http.put(`/api/deal/${encodeURIComponent(dealId)}/stakeholders`, { contact_ids: contactIds }))
    .data;
}

export function useSetDealStakeholders(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactIds: string[]) => setDealStakeholders(dealId, contactIds),
    onSuccess: (list) => queryClient.setQueryData(dealQueryKeys.stakeholders(dealId), list),
  });
}
