import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZUserList, type TUserRow } from '@pipewise/contract/users';
import { http } from '../../../lib/http';

export const USERS_QUERY_KEY = ['users'] as const;

/** Every user of the caller's workspace (visible to all its members). */
export async function fetchUsers(): Promise<TUserRow[]> {
  return ZUserList.parse(await http.get('/api/users')).data;
}

export const usersQueryOptions = queryOptions({ queryKey: USERS_QUERY_KEY, queryFn: fetchUsers });

export function useUsers() {
  return useQuery(usersQueryOptions);
}
