import { http } from '../../../lib/http';

/** The user's no: the server forgets the pending operation (it would expire on its own anyway). */
export async function cancelOperation(pendingOperationId: string): Promise<void> {
  await http.post('/api/command/cancel', { pending_operation_id: pendingOperationId });
}
