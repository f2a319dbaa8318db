import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZStakeholdersResponse, type ZStakeholder } from '@pipewise/contract/deals';
import { http } from '../../../lib/http';
import { dealQueryKeys } from './deal-query-keys';

export type TStakeholder = z.infer<typeof ZStakeholder>;

export async function fetchDealStakeholders(dealId: string): Promise<TStakeholder[]> {
  return ZStakeholdersResponse.parse(await http.get(`/api/deal/get-stackholders-for-deal?deal_id=${encodeURIComponent(dealId)}`)).data;
}

export const dealStakeholdersQueryOptions = (dealId: string) =>
  queryOptions({ queryKey: dealQueryKeys.stakeholders(dealId), queryFn: () => fetchDealStakeholders(dealId) });

export function useDealStakeholders(dealId: string, enabled: boolean) {
  return useQuery({ ...dealStakeholdersQueryOptions(dealId), enabled });
}
