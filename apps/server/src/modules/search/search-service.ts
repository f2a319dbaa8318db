import type { TSearchResponse } from '@pipewise/contract/assistant';
import type { Caller } from '../access/access-rules';
import { toHits } from './search-hits';
import type { SearchRepo } from './search-repo';
import { searchTerms } from './search-terms';

/**
 * The header search: deals, companies, contacts, people and meetings matching `q`, each group at
 * most `limit`, only what the caller may see (access scopes: each kind's rule) and never outside
 * their workspace.
 */
export function createSearchService(deps: { repo: SearchRepo }) {
  const { repo } = deps;
  return {
    async search(caller: Caller, q: string, limit: number): Promise<TSearchResponse> {
      return toHits(await repo.search(caller, searchTerms(q), limit));
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
