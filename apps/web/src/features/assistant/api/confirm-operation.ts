import { ZConfirmResponse } from '@pipewise/contract/assistant';
import { http } from '../../../lib/http';

/** The user's yes: the server runs the pending operation once and answers the written record. */
export async function confirmOperation(pendingOperationId: string) {
  return ZConfirmResponse.parse(await http.post('/api/command/confirm', { pending_operation_id: pendingOperationId }));
}
