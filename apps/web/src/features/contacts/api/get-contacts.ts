import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZContactListResponse, type TContactListResponse } from '@pipewise/contract/companies';
import { http } from '../../../lib/http';
import { contactQueryKeys } from './contact-query-keys';

/** One page of the contacts the caller sees, with the total. */
export async function fetchContacts(query: URLSearchParams): Promise<TContactListResponse> {
  return ZContactListResponse.parse(await http.get(`/api/contacts?${query.toString()}`));
}

/** The previous page stays on screen while the next one loads. */
export function useContacts(query: URLSearchParams) {
  const key = query.toString();
  return useQuery({
    queryKey: contactQueryKeys.list(key),
    queryFn: () => fetchContacts(new URLSearchParams(key)),
    placeholderData: keepPreviousData,
  });
}
