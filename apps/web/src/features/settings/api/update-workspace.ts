import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUpdateWorkspaceResponse, type TWorkspaceInput } from '@pipewise/contract/users';
import { http, isApiError } from '../../../lib/http';
import { PROFILE_QUERY_KEY } from '../../../lib/session';

export const WORKSPACE_UPDATED_MESSAGE = 'Workspace details updated successfully!';

/** The spec's error catalogue row 'Workspace update', by HTTP status. */
export function workspaceUpdateErrorMessage(error: unknown): string {
  const status = isApiError(error) ? error.status : 0;
  if (status === 400) return 'Invalid data provided. Please check your inputs.';
  if (status === 401) return 'You are not authorized to perform this action.';
  if (status === 404) return 'User not found. Please try logging in again.';
  if (status >= 500) return 'Server error. Please try again later.';
  return 'Failed to update workspace details. Please try again.';
}

export async function updateWorkspace(callerEmail: string, input: TWorkspaceInput): Promise<TWorkspaceInput> {
  const body = {
    organization_name: input.organization_name.trim(),
    organization_domain: input.organization_domain.trim(),
  };
  const response = await http.put(`/api/users/update_user/${encodeURIComponent(callerEmail)}`, body);
  return ZUpdateWorkspaceResponse.parse(response).data;
}

/** On success the profile is refetched, so the header shows the new organisation name. */
export function useUpdateWorkspace(callerEmail: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TWorkspaceInput) => updateWorkspace(callerEmail, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  });
}
