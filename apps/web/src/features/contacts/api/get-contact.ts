import { useQuery } from '@tanstack/react-query';
import { ZContactDetailResponse, type TContactDetailResponse } from '@pipewise/contract/companies';
import { http } from '../../../lib/http';
import { contactQueryKeys } from './contact-query-keys';

/** A contact with the deals where they are a stakeholder and the meetings they attended. */
export async function fetchContact(id: string): Promise<TContactDetailResponse> {
  return ZContactDetailResponse.parse(await http.get(`/api/contacts/${encodeURIComponent(id)}`));
}

export function useContact(id: string) {
  return useQuery({ queryKey: contactQueryKeys.detail(id), queryFn: () => fetchContact(id) });
}
