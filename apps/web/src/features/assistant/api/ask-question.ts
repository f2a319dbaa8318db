import { ZPanelChatResponse } from '@pipewise/contract/assistant';
import { request } from '../../../lib/http';
import { timeZoneHeader } from '../../../lib/time-zone-header';

/** A free-text question from the assistant panel (POST /api/chat/): the answer is `data`. */
export async function askQuestion(query: string) {
  return ZPanelChatResponse.parse(await request('POST', '/api/chat/', { query }, timeZoneHeader())).data;
}
