import type { TCompetitorList } from '@pipewise/contract/coaching';
import type { Caller } from '../access/access-rules';
import { assertCan } from '../access/policies';
import type { CompetitorsRepo } from './competitors-repo';

/** A list's names trimmed, the first spelling of each kept when the same name comes again in another case. */
export function distinctNames(names: string[]): string[] {
  const seen = new Set<string>();
  return names.map((n) => n.trim().replace(/\s+/g, ' ')).filter((n) => n !== '' && !seen.has(n.toLowerCase()) && seen.add(n.toLowerCase()));
}

/**
 * The workspace's competitors (Settings; the Call stats tab marks where calls name them): everyone of the
 * workspace reads the list, admins set it; the workspace's calls are then counted again (`onChanged`).
 */
export function createCompetitorsService(deps: {
  repo: Pick<CompetitorsRepo, 'names' | 'replace'>;
  onChanged: (organizationId: string) => Promise<void>;
}) {
  return {
    /** GET /api/coaching/competitors */
    async list(caller: Caller): Promise<TCompetitorList> {
      return { names: await deps.repo.names(caller.organizationId) };
    },

    /** PUT /api/coaching/competitors: admins only; duplicates in any case are dropped, the first spelling kept. */
    async set(caller: Caller, body: TCompetitorList): Promise<TCompetitorList> {
      assertCan(caller, 'competitors.manage', null);
      const names = distinctNames(body.names);
      const before = await deps.repo.names(caller.organizationId);
      await deps.repo.replace(caller.organizationId, names);
      if (before.join('\n') !== names.join('\n')) await deps.onChanged(caller.organizationId);
      return { names: await deps.repo.names(caller.organizationId) };
    },
  };
}

export type CompetitorsService = ReturnType<typeof createCompetitorsService>;
