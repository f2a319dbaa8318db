import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZCompanyListResponse } from '@pipewise/contract/companies';
import { ZOwnersResponse } from '@pipewise/contract/deals';
import { http } from '../../../lib/http';
import { contactQueryKeys } from './contact-query-keys';

export type Option = { id: string; name: string };

/** The people the caller sees (themselves and below; admins: everyone): who may own a contact they give. */
export async function fetchOwners(): Promise<Option[]> {
  return ZOwnersResponse.parse(await http.get('/api/deal/owners')).data.map((o) => ({ id: o.id, name: o.name.trim() || o.email }));
}

export function useOwners() {
  return useQuery({ queryKey: contactQueryKeys.owners(), queryFn: fetchOwners, staleTime: 5 * 60_000 });
}

/** Companies the caller sees whose name or domain holds the text (the first 25 by name): a contact's company to pick. */
export async function fetchCompanyOptions(search: string): Promise<Option[]> {
  const query = new URLSearchParams({ page_size: '25', ...(search ? { search } : {}) });
  return ZCompanyListResponse.parse(await http.get(`/api/companies?${query.toString()}`)).data.map((c) => ({ id: c.id, name: c.name }));
}

export function useCompanyOptions(search: string) {
  return useQuery({
    queryKey: contactQueryKeys.companies(search),
    queryFn: () => fetchCompanyOptions(search),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
