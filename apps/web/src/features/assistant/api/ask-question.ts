import { ZPanelChatResponse } from '@pipewise/contract/assistant';
import { http } from '../../../lib/http';

/** A free-text question from the assistant panel (POST /api/chat/): the answer is `data`. */
export async function askQuestion(query: string) {
  return ZPanelChatResponse.parse(await http.post('/api/chat/', { query })).data;
}
