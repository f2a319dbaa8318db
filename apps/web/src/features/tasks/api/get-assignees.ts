import { useQuery } from '@tanstack/react-query';
import { ZOwnersResponse } from '@pipewise/contract/deals';
import { http } from '../../../lib/http';
import { taskQueryKeys } from './task-query-keys';

export type Assignee = { id: string; name: string };

/** Who the caller may give a to-do to: themselves and the people below them (admins: everyone active). */
export async function fetchAssignees(): Promise<Assignee[]> {
  return ZOwnersResponse.parse(await http.get('/api/deal/owners')).data.map((o) => ({ id: o.id, name: o.name.trim() || o.email }));
}

export function useAssignees() {
  return useQuery({ queryKey: taskQueryKeys.assignees(), queryFn: fetchAssignees, staleTime: 5 * 60_000 });
}
