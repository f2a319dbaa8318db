import { useQuery } from '@tanstack/react-query';
import { ZOwnersResponse } from '@pipewise/contract/deals';
import { http } from '../../../lib/http';
import { companyQueryKeys } from './company-query-keys';

export type OwnerOption = { id: string; name: string };

/** The people the caller sees (themselves and below; admins: everyone): who may own a company they give. */
export async function fetchOwners(): Promise<OwnerOption[]> {
  return ZOwnersResponse.parse(await http.get('/api/deal/owners')).data.map((o) => ({ id: o.id, name: o.name.trim() || o.email }));
}

export function useOwners() {
  return useQuery({ queryKey: companyQueryKeys.owners(), queryFn: fetchOwners, staleTime: 5 * 60_000 });
}
