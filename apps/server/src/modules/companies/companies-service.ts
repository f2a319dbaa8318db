import { getTableColumns } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema/crm';
import { notFound } from '../../lib/http-error';
import type { Caller } from '../access/access-rules';
import { assertCan, REFUSAL_MESSAGES } from '../access/policies';
import { crmChange, type CrmActor } from '../crm-changes/crm-actor';
import { runCrmWrite } from '../crm-changes/crm-write';
import type { CompaniesRepo, CompanyFields, CompanyRecord } from './companies-repo';

export const COMPANY_MESSAGES = { notFound: REFUSAL_MESSAGES.companyNotFound } as const;

type CompaniesRepos = { companies: CompaniesRepo };

/**
 * Company writes, each with its change record in the same transaction (crm-write.ts). A caller
 * that has a transaction of its own passes it as `tx`. `repos` gives the repositories on the
 * database or on a transaction. `get`, `create` and `update` act for any actor (a sync included);
 * the `...As` operations act for a signed-in caller and see only the companies the caller sees
 * (access `scope.companies`: owned by them or someone below them, or the company of a deal they
 * see; admins see all).
 */
export function createCompaniesService(deps: { db: DbOrTx; repos: (on: DbOrTx) => CompaniesRepos }) {
  const { db, repos } = deps;

  /** A company the caller may see, else 404 (a company they cannot see does not exist for them). */
  async function mustSee(on: DbOrTx, caller: Caller, id: string): Promise<CompanyRecord> {
    const company = await repos(on).companies.findVisible(caller, id);
    if (!company) throw notFound(COMPANY_MESSAGES.notFound);
    return company;
  }

  async function mustFind(on: DbOrTx, actor: CrmActor, id: string): Promise<CompanyRecord> {
    const company = await repos(on).companies.find(actor.organizationId, id);
    if (!company) throw notFound(COMPANY_MESSAGES.notFound);
    return company;
  }

  const service = {
    get: (actor: CrmActor, id: string, tx?: DbOrTx) => mustFind(tx ?? db, actor, id),

    getAs: (caller: Caller, id: string, tx?: DbOrTx) => mustSee(tx ?? db, caller, id),

    /** A company the caller may see, or null (e.g. a visible contact's company that they do not see). */
    findAs: (caller: Caller, id: string, tx?: DbOrTx) => repos(tx ?? db).companies.findVisible(caller, id),

    searchAs: (caller: Caller, text: string, limit: number, tx?: DbOrTx) => repos(tx ?? db).companies.search(caller, text, limit),

    /** A new company owned by the caller (so they keep seeing it). */
    createAs: (caller: Caller, fields: Omit<CompanyFields, 'ownerId'> & { name: string }, tx?: DbOrTx) =>
      service.create(caller, { ...fields, ownerId: caller.id }, tx),

    /** An edit of a company the caller can see; 404 otherwise, and nothing is written. */
    updateAs(caller: Caller, id: string, fields: Omit<CompanyFields, 'ownerId'>, tx?: DbOrTx): Promise<CompanyRecord> {
      return (tx ?? db).transaction(async (on) => {
        // Access policy `company.edit`: whoever sees the company edits it (404 otherwise, as for a read).
        assertCan(caller, 'company.edit', { seen: (await repos(on).companies.findVisible(caller, id)) !== null });
        return service.update(caller, id, fields, on);
      });
    },

    create(actor: CrmActor, fields: CompanyFields & { name: string }, tx?: DbOrTx): Promise<CompanyRecord> {
      return runCrmWrite(db, tx, actor, async (on) => {
        const id = await repos(on).companies.insert(actor.organizationId, fields);
        return {
          result: await mustFind(on, actor, id),
          change: crmChange(actor, { type: 'company', id }, 'create', fields, getTableColumns(companies)),
        };
      });
    },

    /** Deletes a company; its deals and contacts stay, without a company. */
    remove(actor: CrmActor, id: string, tx?: DbOrTx): Promise<void> {
      return runCrmWrite(db, tx, actor, async (on) => {
        if (!(await repos(on).companies.remove(actor.organizationId, id))) throw notFound(COMPANY_MESSAGES.notFound);
        return { result: undefined, change: crmChange(actor, { type: 'company', id }, 'delete', {}, getTableColumns(companies)) };
      });
    },

    update(actor: CrmActor, id: string, fields: CompanyFields, tx?: DbOrTx): Promise<CompanyRecord> {
      return runCrmWrite(db, tx, actor, async (on) => {
        if (!(await repos(on).companies.update(actor.organizationId, id, fields))) throw notFound(COMPANY_MESSAGES.notFound);
        return {
          result: await mustFind(on, actor, id),
          change: crmChange(actor, { type: 'company', id }, 'update', fields, getTableColumns(companies)),
        };
      });
    },
  };
  return service;
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
