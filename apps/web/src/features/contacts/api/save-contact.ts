import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZContactResponse, type TContact, type TContactCreateBody, type TContactUpdateBody } from '@pipewise/contract/companies';
import { http } from '../../../lib/http';
import { CONTACTS_QUERY_KEY } from './contact-query-keys';

export async function createContact(body: TContactCreateBody): Promise<TContact> {
  return ZContactResponse.parse(await http.post('/api/contacts', body)).data;
}

export async function updateContact(id: string, body: TContactUpdateBody): Promise<TContact> {
  return ZContactResponse.parse(await http.patch(`/api/contacts/${encodeURIComponent(id)}`, body)).data;
}

/** Creates (no id) or edits a contact; every contacts list and detail reloads after. */
export function useSaveContact(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TContactCreateBody) => (id ? updateContact(id, body) : createContact(body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY }),
  });
}
