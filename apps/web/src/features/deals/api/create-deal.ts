import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZDealCreateBody, ZDealResponse, type TDeal } from '@pipewise/contract/deals';
import { http } from '../../../lib/http';
import { dealQueryKeys } from './deal-query-keys';

/** What the New Deal form sends (before the contract's parsing: the amount as typed, and so on). */
export type CreateDealInput = z.input<typeof ZDealCreateBody>;

/** POST deal/: the new deal (on a HubSpot workspace it is created there too). */
export async function createDeal(input: CreateDealInput): Promise<TDeal> {
  return ZDealResponse.parse(await http.post('/api/deal/', input)).data;
}

/** On success the new deal is cached for its screen and every list reloads. */
export function useCreateDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeal,
    onSuccess: async (deal) => {
      queryClient.setQueryData(dealQueryKeys.detail(deal.deal_id), deal);
      await queryClient.invalidateQueries({ queryKey: dealQueryKeys.lists() });
    },
  });
}
