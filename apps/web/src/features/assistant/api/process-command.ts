import { ZProcessCommandResponse, type TProcessCommandResponse } from '@pipewise/contract/assistant';
import { isApiError, request } from '../../../lib/http';
import { timeZoneHeader } from '../../../lib/time-zone-header';

/** What a command came back with: the answer, and whether the server said 404 (record not found). */
export type TCommandOutcome = { notFound: boolean; answer: TProcessCommandResponse };

/**
 * Sends one typed command. A 404 carries the same body as a 200 (the record to update is not
 * there, and `pending_operation` may hold a create to run on yes), so it is an answer, not a failure.
 */
export async function processCommand(command: string): Promise<TCommandOutcome> {
  try {
    // No body: the command travels in the query string, as the contract says. The zone makes
    // 'close date tomorrow' the user's tomorrow.
    const body = await request('POST', `/api/command/process-command?${new URLSearchParams({ command })}`, undefined, timeZoneHeader());
    return { notFound: false, answer: ZProcessCommandResponse.parse(body) };
  } catch (error) {
    if (isApiError(error, 404)) {
      const parsed = ZProcessCommandResponse.safeParse(error.body);
      if (parsed.success) return { notFound: true, answer: parsed.data };
    }
    throw error;
  }
}
