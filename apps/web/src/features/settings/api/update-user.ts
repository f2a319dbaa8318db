import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZUserRow, type TUpdateUserBody, type TUserRow } from '@pipewise/contract/users';
import { http } from '../../../lib/http';
import { USERS_QUERY_KEY } from './get-users';

const ZUpdateUserResponse = z.object({ status: z.literal('success'), data: ZUserRow });

/** An admin changes a user's manager, team, role or active state. */
export async function updateUser(id: string, body: TUpdateUserBody): Promise<TUserRow> {
  return ZUpdateUserResponse.parse(await http.patch(`/api/users/${encodeURIComponent(id)}`, body)).data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateUserBody }) => updateUser(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
