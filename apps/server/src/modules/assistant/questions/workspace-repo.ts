import type { Caller } from '../../access/access-rules';
import type { CompanyReads } from '../../companies/company-reads';
import type { DealSetReads } from '../../deals/deal-set-reads';
import type { UserReads } from '../../users/user-reads';
import type { Vocabulary } from './intents';

export type { GroupTotal } from '../../deals/deal-set-reads';
export type Company = { id: string; name: string };

/** The users', deals' and companies' reads the questions use besides deal lists. */
export type WorkspaceReads = {
  people: Pick<UserReads, 'workspacePeople'>;
  dealSets: Pick<DealSetReads, 'labels' | 'groupTotals'>;
  companies: Pick<CompanyReads, 'named'>;
};

/** What questions read besides deal lists: names, per-group totals, accounts. */
export function createWorkspaceRepo(reads: WorkspaceReads) {
  return {
    /** The workspace's people and labels, so a question can name them. */
    async vocabulary(caller: Caller): Promise<Vocabulary> {
      const [people, labels] = await Promise.all([reads.people.workspacePeople(caller), reads.dealSets.labels(caller)]);
      return {
        callerId: caller.id,
        owners: people.map((p) => ({ id: p.id, firstName: p.first_name, lastName: p.last_name, email: p.email })),
        stages: labels.filter((l) => l.kind === 'stage').map((l) => l.label),
        pipelines: labels.filter((l) => l.kind === 'pipeline').map((l) => l.label),
      };
    },

    /** Deal count and amount per stage, pipeline or owner of the deals the caller may see (deal_totals, or an account's deals). */
    groupTotals: reads.dealSets.groupTotals,

    /** Companies the caller sees whose name matches the account the question names (exact, else prefix, else substring). */
    companiesNamed: (caller: Caller, account: string): Promise<Company[]> => reads.companies.named(caller, account),
  };
}

export type WorkspaceRepo = ReturnType<typeof createWorkspaceRepo>;
