import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCompanyResponse, type TCompany, type TCompanyCreateBody, type TCompanyUpdateBody } from '@pipewise/contract/companies';
import { http } from '../../../lib/http';
import { COMPANIES_QUERY_KEY } from './company-query-keys';

export async function createCompany(body: TCompanyCreateBody): Promise<TCompany> {
  return ZCompanyResponse.parse(await http.post('/api/companies', body)).data;
}

export async function updateCompany(id: string, body: TCompanyUpdateBody): Promise<TCompany> {
  return ZCompanyResponse.parse(await http.patch(`/api/companies/${encodeURIComponent(id)}`, body)).data;
}

/** Creates (no id) or edits a company; every companies list and detail reloads after. */
export function useSaveCompany(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCompanyCreateBody) => (id ? updateCompany(id, body) : createCompany(body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY }),
  });
}
