import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZWorkspaceApproved, ZWorkspaceRejected, type TWorkspaceApproved, type TWorkspaceRequest } from '@pipewise/contract/workspaces';
import { http } from '../../../lib/http';
import { WORKSPACE_REQUESTS_QUERY_KEY } from './get-workspace-requests';

export type TWorkspaceDecision = 'approve' | 'reject';

/** Approving creates the requester's workspace with them as its admin; both decisions mail them. */
export async function decideWorkspaceRequest(
  id: string,
  decision: TWorkspaceDecision,
): Promise<TWorkspaceApproved | { status: 'rejected' }> {
  const response = await http.post(`/api/operator/workspace-requests/${encodeURIComponent(id)}/${decision}`);
  return decision === 'approve' ? ZWorkspaceApproved.parse(response) : ZWorkspaceRejected.parse(response);
}

export function useDecideWorkspaceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, decision }: { request: TWorkspaceRequest; decision: TWorkspaceDecision }) =>
      decideWorkspaceRequest(request.id, decision),
    // Approving one request can take others (same domain) off the list: always refetch it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: WORKSPACE_REQUESTS_QUERY_KEY }),
  });
}
