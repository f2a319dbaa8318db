import { getTableColumns } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contacts } from '../../db/schema/crm';
import { badRequest, notFound } from '../../lib/http-error';
import type { CompaniesRepo } from '../companies/companies-repo';
import { crmChange, type CrmActor } from '../crm-changes/crm-actor';
import { runCrmWrite } from '../crm-changes/crm-write';
import type { ContactFields, ContactRecord, ContactsRepo } from './contacts-repo';

export const CONTACT_MESSAGES = { notFound: 'Contact not found', unknownCompany: 'Unknown company' } as const;

type ContactsRepos = { contacts: ContactsRepo; companies: Pick<CompaniesRepo, 'existsInOrg'> };

/**
 * Contact writes, each with its change record in the same transaction (crm-write.ts). A caller
 * that has a transaction of its own passes it as `tx`. Routes and their access rules come with
 * the assistant; callers check the actor's rights first.
 */
export function createContactsService(deps: { db: DbOrTx; repos: (on: DbOrTx) => ContactsRepos }) {
  const { db, repos } = deps;

  async function mustFind(on: DbOrTx, actor: CrmActor, id: string): Promise<ContactRecord> {
    const contact = await repos(on).contacts.find(actor.organizationId, id);
    if (!contact) throw notFound(CONTACT_MESSAGES.notFound);
    return contact;
  }

  /** Only a company of the actor's workspace. */
  async function checkCompany(on: DbOrTx, actor: CrmActor, fields: ContactFields): Promise<void> {
    if (fields.companyId && !(await repos(on).companies.existsInOrg(actor.organizationId, fields.companyId))) {
      throw badRequest(CONTACT_MESSAGES.unknownCompany);
    }
  }

  return {
    get: (actor: CrmActor, id: string, tx?: DbOrTx) => mustFind(tx ?? db, actor, id),

    create(actor: CrmActor, fields: ContactFields & { firstname: string }, tx?: DbOrTx): Promise<ContactRecord> {
      return runCrmWrite(db, tx, async (on) => {
        await checkCompany(on, actor, fields);
        const id = await repos(on).contacts.insert(actor.organizationId, fields);
        return {
          result: await mustFind(on, actor, id),
          change: crmChange(actor, { type: 'contact', id }, 'create', fields, getTableColumns(contacts)),
        };
      });
    },

    update(actor: CrmActor, id: string, fields: ContactFields, tx?: DbOrTx): Promise<ContactRecord> {
      return runCrmWrite(db, tx, async (on) => {
        await checkCompany(on, actor, fields);
        if (!(await repos(on).contacts.update(actor.organizationId, id, fields))) throw notFound(CONTACT_MESSAGES.notFound);
        return {
          result: await mustFind(on, actor, id),
          change: crmChange(actor, { type: 'contact', id }, 'update', fields, getTableColumns(contacts)),
        };
      });
    },

    stakeholders: (dealId: number, tx?: DbOrTx) => repos(tx ?? db).contacts.forDeal(dealId),
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
