import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZRegistrationDecisionResponse, type TRegistrationRequest } from '@pipewise/contract/registrations';
import { http } from '../../../lib/http';
import { REGISTRATION_REQUESTS_QUERY_KEY } from './get-registration-requests';
import { USERS_QUERY_KEY } from './get-users';

export type TDecision = 'approve' | 'reject';

/** Approving creates an active user with role 'user' and mails the requester; rejecting only closes it. */
export async function decideRegistrationRequest(id: string, decision: TDecision) {
  const response = await http.post(`/api/registration-requests/${encodeURIComponent(id)}/${decision}`);
  return ZRegistrationDecisionResponse.parse(response);
}

export function useDecideRegistrationRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, decision }: { request: TRegistrationRequest; decision: TDecision }) =>
      decideRegistrationRequest(request.id, decision),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: REGISTRATION_REQUESTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
      ]),
  });
}
