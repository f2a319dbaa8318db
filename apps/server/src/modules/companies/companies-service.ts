import { getTableColumns } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema/crm';
import { notFound } from '../../lib/http-error';
import { crmChange, type CrmActor } from '../crm-changes/crm-actor';
import { runCrmWrite } from '../crm-changes/crm-write';
import type { CompaniesRepo, CompanyFields, CompanyRecord } from './companies-repo';

export const COMPANY_MESSAGES = { notFound: 'Company not found' } as const;


/**
 * Company writes, each with its change record in the same transaction (crm-write.ts). A caller
 * that has a transaction of its own passes it as `tx`. `repos` gives the repositories on the
 * database or on a transaction. Routes and their access rules come with the assistant; callers
 * check the actor's rights first.
 */
export function createCompaniesService(deps: { db: DbOrTx; repos: (on: DbOrTx) => { companies: CompaniesRepo } }) {
  const { db, repos } = deps;

  async function mustFind(on: DbOrTx, actor: CrmActor, id: string): Promise<CompanyRecord> {
    const company = await repos(on).companies.find(actor.organizationId, id);
    if (!company) throw notFound(COMPANY_MESSAGES.notFound);
    return company;
  }

  return {
    get: (actor: CrmActor, id: string, tx?: DbOrTx) => mustFind(tx ?? db, actor, id),

    create(actor: CrmActor, fields: CompanyFields & { name: string }, tx?: DbOrTx): Promise<CompanyRecord> {
      return runCrmWrite(db, tx, async (on) => {
        const id = await repos(on).companies.insert(actor.organizationId, fields);
        return {
          result: await mustFind(on, actor, id),
          change: crmChange(actor, { type: 'company', id }, 'create', fields, getTableColumns(companies)),
        };
      });
    },

    update(actor: CrmActor, id: string, fields: CompanyFields, tx?: DbOrTx): Promise<CompanyRecord> {
      return runCrmWrite(db, tx, async (on) => {
        if (!(await repos(on).companies.update(actor.organizationId, id, fields))) throw notFound(COMPANY_MESSAGES.notFound);
        return {
          result: await mustFind(on, actor, id),
          change: crmChange(actor, { type: 'company', id }, 'update', fields, getTableColumns(companies)),
        };
      });
    },
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
