import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZCompanyListResponse, type TCompanyListResponse } from '@pipewise/contract/companies';
import { http } from '../../../lib/http';
import { companyQueryKeys } from './company-query-keys';

/** One page of the companies the caller sees, with the total. */
export async function fetchCompanies(query: URLSearchParams): Promise<TCompanyListResponse> {
  return ZCompanyListResponse.parse(await http.get(`/api/companies?${query.toString()}`));
}

/** The previous page stays on screen while the next one loads. */
export function useCompanies(query: URLSearchParams) {
  const key = query.toString();
  return useQuery({
    queryKey: companyQueryKeys.list(key),
    queryFn: () => fetchCompanies(new URLSearchParams(key)),
    placeholderData: keepPreviousData,
  });
}
