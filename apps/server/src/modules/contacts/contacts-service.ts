import { getTableColumns } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contacts } from '../../db/schema/crm';
import { badRequest, notFound } from '../../lib/http-error';
import type { Caller } from '../access/access-rules';
import { assertCan, REFUSAL_MESSAGES } from '../access/policies';
import type { CompaniesRepo } from '../companies/companies-repo';
import { crmChange, type CrmActor } from '../crm-changes/crm-actor';
import { runCrmWrite } from '../crm-changes/crm-write';
import type { ContactFields, ContactRecord, ContactsRepo } from './contacts-repo';

export const CONTACT_MESSAGES = { notFound: REFUSAL_MESSAGES.contactNotFound, unknownCompany: 'Unknown company' } as const;

type ContactsRepos = {
  contacts: ContactsRepo;
  companies: Pick<CompaniesRepo, 'existsInOrg' | 'visibleTo'>;
};

/**
 * Contact writes, each with its change record in the same transaction (crm-write.ts). A caller
 * that has a transaction of its own passes it as `tx`. `get`, `create` and `update` act for any
 * actor (a sync included); the `...As` operations act for a signed-in caller and see only the
 * contacts the caller sees (access `scope.contacts`: owned by them or someone below them, or a
 * stakeholder of a deal they see; admins see all), and attach only companies the caller sees.
 */
export function createContactsService(deps: { db: DbOrTx; repos: (on: DbOrTx) => ContactsRepos }) {
  const { db, repos } = deps;

  /** A contact the caller may see, else 404 (a contact they cannot see does not exist for them). */
  async function mustSee(on: DbOrTx, caller: Caller, id: string): Promise<ContactRecord> {
    const contact = await repos(on).contacts.findVisible(caller, id);
    if (!contact) throw notFound(CONTACT_MESSAGES.notFound);
    return contact;
  }

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

  /** A caller attaches only a company they see (its name would reach them through the contact). */
  async function checkVisibleCompany(on: DbOrTx, caller: Caller, fields: ContactFields): Promise<void> {
    if (fields.companyId && !(await repos(on).companies.visibleTo(caller, fields.companyId))) {
      throw badRequest(CONTACT_MESSAGES.unknownCompany);
    }
  }

  const service = {
    get: (actor: CrmActor, id: string, tx?: DbOrTx) => mustFind(tx ?? db, actor, id),

    getAs: (caller: Caller, id: string, tx?: DbOrTx) => mustSee(tx ?? db, caller, id),

    searchAs: (caller: Caller, text: string, limit: number, tx?: DbOrTx) => repos(tx ?? db).contacts.search(caller, text, limit),

    /** A new contact owned by the caller (so they keep seeing it). */
    createAs(caller: Caller, fields: Omit<ContactFields, 'ownerId'> & { firstname: string }, tx?: DbOrTx): Promise<ContactRecord> {
      return (tx ?? db).transaction(async (on) => {
        await checkVisibleCompany(on, caller, fields);
        return service.create(caller, { ...fields, ownerId: caller.id }, on);
      });
    },

    /** An edit of a contact the caller can see; 404 otherwise, and nothing is written. */
    updateAs(caller: Caller, id: string, fields: Omit<ContactFields, 'ownerId'>, tx?: DbOrTx): Promise<ContactRecord> {
      return (tx ?? db).transaction(async (on) => {
        // Access policy `contact.edit`: whoever sees the contact edits it (404 otherwise, as for a read).
        assertCan(caller, 'contact.edit', { seen: (await repos(on).contacts.findVisible(caller, id)) !== null });
        await checkVisibleCompany(on, caller, fields);
        return service.update(caller, id, fields, on);
      });
    },

    create(actor: CrmActor, fields: ContactFields & { firstname: string }, tx?: DbOrTx): Promise<ContactRecord> {
      return runCrmWrite(db, tx, actor, async (on) => {
        await checkCompany(on, actor, fields);
        const id = await repos(on).contacts.insert(actor.organizationId, fields);
        return {
          result: await mustFind(on, actor, id),
          change: crmChange(actor, { type: 'contact', id }, 'create', fields, getTableColumns(contacts)),
        };
      });
    },

    /** Deletes a contact; it leaves the stakeholders of every deal. */
    remove(actor: CrmActor, id: string, tx?: DbOrTx): Promise<void> {
      return runCrmWrite(db, tx, actor, async (on) => {
        if (!(await repos(on).contacts.remove(actor.organizationId, id))) throw notFound(CONTACT_MESSAGES.notFound);
        return { result: undefined, change: crmChange(actor, { type: 'contact', id }, 'delete', {}, getTableColumns(contacts)) };
      });
    },

    update(actor: CrmActor, id: string, fields: ContactFields, tx?: DbOrTx): Promise<ContactRecord> {
      return runCrmWrite(db, tx, actor, async (on) => {
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
  return service;
}

export type ContactsService = ReturnType<typeof createContactsService>;
