import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZWorkspaceRequestList, type TWorkspaceRequest } from '@pipewise/contract/workspaces';
import { http } from '../../../lib/http';

export const WORKSPACE_REQUESTS_QUERY_KEY = ['workspace-requests'] as const;

/** Sign-up requests from domains no workspace holds (operators only; the server refuses everyone else). */
export async function fetchWorkspaceRequests(): Promise<TWorkspaceRequest[]> {
  return ZWorkspaceRequestList.parse(await http.get('/api/operator/workspace-requests')).data;
}

export const workspaceRequestsQueryOptions = queryOptions({
  queryKey: WORKSPACE_REQUESTS_QUERY_KEY,
  queryFn: fetchWorkspaceRequests,
});

export function useWorkspaceRequests() {
  return useQuery(workspaceRequestsQueryOptions);
}
