import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { CONTACTS_QUERY_KEY } from './contact-query-keys';

export async function deleteContact(id: string): Promise<void> {
  await http.delete(`/api/contacts/${encodeURIComponent(id)}`);
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteContact, onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY }) });
}
