import { isAdminRole } from '@pipewise/contract/common';
import type { TSearchResponse } from '@pipewise/contract/assistant';
import type { AccessRules, Caller } from '../access/access-rules';
import { toHits } from './search-hits';
import type { SearchRepo } from './search-repo';
import { searchTerms } from './search-terms';

/**
 * The header search: deals, companies, contacts, people and meetings matching `q`, each group at
 * most `limit`, only what the caller may see and never outside their workspace. Deals, recordings
 * and calendar meetings follow their lists' rule (the owner, uploader or calendar owner is the
 * caller or someone below them; admins see the workspace); companies and contacts have no rule of
 * their own, so they are visible through ownership by the same people or through a visible deal.
 */
export function createSearchService(deps: { repo: SearchRepo; access: Pick<AccessRules, 'visibleUserIdsSql'> }) {
  const { repo, access } = deps;
  return {
    async search(caller: Caller, q: string, limit: number): Promise<TSearchResponse> {
      const scope = { organizationId: caller.organizationId, visible: isAdminRole(caller.role) ? null : access.visibleUserIdsSql(caller) };
      return toHits(await repo.search(scope, searchTerms(q), limit));
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
