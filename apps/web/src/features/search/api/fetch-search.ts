import { ZSearchResponse, type TSearchResponse } from '@pipewise/contract/assistant';
import { http } from '../../../lib/http';

/** GET /api/search: deals, companies, contacts, people and meetings matching `q`, at most `limit` of each. */
export async function fetchSearch(q: string, limit: number): Promise<TSearchResponse> {
  const params = new URLSearchParams({ q, limit: String(limit) });
  return ZSearchResponse.parse(await http.get(`/api/search?${params.toString()}`));
}
