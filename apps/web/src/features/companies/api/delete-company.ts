import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { COMPANIES_QUERY_KEY } from './company-query-keys';

export async function deleteCompany(id: string): Promise<void> {
  await http.delete(`/api/companies/${encodeURIComponent(id)}`);
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY }),
  });
}
