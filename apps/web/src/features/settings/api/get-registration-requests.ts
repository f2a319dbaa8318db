import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZRegistrationRequestList, type TRegistrationRequest } from '@pipewise/contract/registrations';
import { http } from '../../../lib/http';

export const REGISTRATION_REQUESTS_QUERY_KEY = ['registration-requests'] as const;

/** Sign-up requests waiting for an admin of the caller's workspace. */
export async function fetchRegistrationRequests(): Promise<TRegistrationRequest[]> {
  return ZRegistrationRequestList.parse(await http.get('/api/registration-requests')).data;
}

export const registrationRequestsQueryOptions = queryOptions({
  queryKey: REGISTRATION_REQUESTS_QUERY_KEY,
  queryFn: fetchRegistrationRequests,
});

/** Admins only (the server refuses everyone else), so only admin screens mount this. */
export function useRegistrationRequests() {
  return useQuery(registrationRequestsQueryOptions);
}
