import { useQuery } from '@tanstack/react-query';
import { ZCompanyDetailResponse, type TCompanyDetailResponse } from '@pipewise/contract/companies';
import { http } from '../../../lib/http';
import { companyQueryKeys } from './company-query-keys';

/** A company with its deals, contacts and meetings that the caller sees. */
export async function fetchCompany(id: string): Promise<TCompanyDetailResponse> {
  return ZCompanyDetailResponse.parse(await http.get(`/api/companies/${encodeURIComponent(id)}`));
}

export function useCompany(id: string) {
  return useQuery({ queryKey: companyQueryKeys.detail(id), queryFn: () => fetchCompany(id) });
}
