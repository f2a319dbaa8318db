import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZCompanyListResponse, ZContactListResponse, type TCompany, type TContact } from '@pipewise/contract/companies';
import { http } from '../../../lib/http';
import { DEALS_QUERY_KEY } from './deal-query-keys';

/** How many matches a picker offers at once. */
const PICKER_PAGE_SIZE = 10;

/** Companies the caller sees whose name matches, for the deal forms' company picker. */
export async function searchCompanies(search: string): Promise<TCompany[]> {
  const query = new URLSearchParams({ search, page_size: String(PICKER_PAGE_SIZE) });
  return ZCompanyListResponse.parse(await http.get(`/api/companies?${query}`)).data;
}

/** Contacts the caller sees matching the text, of one company when `companyId` is given. */
export async function searchContacts(search: string, companyId: string | null): Promise<TContact[]> {
  const query = new URLSearchParams({ search, page_size: String(PICKER_PAGE_SIZE), ...(companyId ? { company_id: companyId } : {}) });
  return ZContactListResponse.parse(await http.get(`/api/contacts?${query}`)).data;
}

const companySearchOptions = (search: string) =>
  queryOptions({ queryKey: [...DEALS_QUERY_KEY, 'company-search', search], queryFn: () => searchCompanies(search), staleTime: 30_000 });
const contactSearchOptions = (search: string, companyId: string | null) =>
  queryOptions({
    queryKey: [...DEALS_QUERY_KEY, 'contact-search', search, companyId],
    queryFn: () => searchContacts(search, companyId),
    staleTime: 30_000,
  });

/** Runs only while the picker is open, keeping the last matches on screen while the next ones load. */
export function useCompanySearch(search: string, enabled: boolean) {
  return useQuery({ ...companySearchOptions(search.trim()), enabled, placeholderData: keepPreviousData });
}

export function useContactSearch(search: string, companyId: string | null, enabled: boolean) {
  return useQuery({ ...contactSearchOptions(search.trim(), companyId), enabled, placeholderData: keepPreviousData });
}
