import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZAddUserResponse, type TAddUserInput, type TUserRow } from '@pipewise/contract/users';
import { http } from '../../../lib/http';
import { USERS_QUERY_KEY } from './get-users';

export type TAddUserRequest = TAddUserInput & { team?: string };

/** New users are always plain users, already onboarded; the email is sent trimmed and lower-cased. */
export async function addUser(callerEmail: string, input: TAddUserRequest): Promise<TUserRow> {
  const team = input.team?.trim();
  const body = {
    first_name: input.first_name.trim(),
    last_name: input.last_name.trim(),
    email: input.email.trim().toLowerCase(),
    phone_number: input.phone_number.trim(),
    role: 'user',
    reports_to_email: input.reports_to_email,
    is_onboarded: true,
    ...(team ? { team } : {}),
  };
  const response = await http.post(`/api/users/add_user/${encodeURIComponent(callerEmail)}`, body);
  return ZAddUserResponse.parse(response).data;
}

export function useAddUser(callerEmail: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TAddUserRequest) => addUser(callerEmail, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
