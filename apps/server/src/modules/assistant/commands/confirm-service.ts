import { actingFrom, type CrmSource } from '../../crm-changes/crm-actor';
import { z } from 'zod';
import type { TObjectType, TRecordView } from '@pipewise/contract/assistant';
import { ZDealCreateBody, ZDealFields } from '@pipewise/contract/deals';
import type { DbOrTx } from '../../../db/client';
import { conflict, forbidden, HttpError, notFound } from '../../../lib/http-error';
import type { Caller } from '../../access/access-rules';
import type { CompaniesService } from '../../companies/companies-service';
import type { ContactsService } from '../../contacts/contacts-service';
import type { DealsService } from '../../deals/deals-service';
import { COMMAND_TEXTS } from './command-messages';
import type { PendingOperationRecord, PendingOperationsRepo } from './pending-operations-repo';
import { companyView, contactView, dealView } from './record-views';
import type { TasksService } from '../../tasks/tasks-service';

/**
 * Where a workspace's CRM lives when it is not only here (HubSpot): a confirmed company or contact
 * write goes there first, with the caller's login, and is written here only if it was accepted
 * there (deals go through the deals service, which sends them itself). Never called inside a
 * transaction; a refusal throws with the reason to show.
 */
export type CrmRemote = {
  bound(organizationId: string): Promise<boolean>;
  /** Refuses a hubId that is not the workspace's HubSpot portal (any hubId on the built-in CRM). */
  checkPortal(organizationId: string, hubId: string | undefined, onBuiltIn?: 'refuse' | 'ignore'): Promise<void>;
  createCompany(caller: Caller, fields: CompanyValues & { name: string }): Promise<string | null>;
  updateCompany(caller: Caller, id: string, fields: CompanyValues): Promise<void>;
  createContact(caller: Caller, fields: ContactValues & { firstname: string }): Promise<string | null>;
  updateContact(caller: Caller, id: string, fields: ContactValues): Promise<void>;
  /** Gives a record just created here the id it has there (in the create's transaction). */
  link(on: DbOrTx, organizationId: string, type: 'company' | 'contact', id: string, externalId: string): Promise<void>;
};

export type ConfirmDeps = {
  db: DbOrTx;
  deals: DealsService;
  companies: CompaniesService;
  contacts: ContactsService;
  pending: (on: DbOrTx) => PendingOperationsRepo;
  /** Tasks ("remind me to ..."): created for the caller through the tasks service, as from the screen. */
  tasks?: Pick<TasksService, 'create'>;
  /** Told after a confirmed write in a workspace (its names may have changed). */
  onWritten?: (organizationId: string) => void;
  /** The workspace's HubSpot, when it has one: writes go there first. */
  remote?: CrmRemote;
};

const ZCompanyValues = z.object({
  name: z.string().optional(),
  domain: z.string().optional(),
  industry: z.string().optional(),
  city: z.string().optional(),
});
const ZContactValues = z.object({
  firstname: z.string().optional(),
  lastname: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
  jobtitle: z.string().optional(),
  companyId: z.uuid().optional(),
});
const ZTaskValues = z.object({
  title: z.string(),
  due_date: z.string().nullable(),
  due_time: z.string().nullable(),
  record_type: z.enum(['deal', 'company', 'contact']).nullable(),
  record_id: z.string().nullable(),
});
type CompanyValues = z.infer<typeof ZCompanyValues>;
type ContactValues = z.infer<typeof ZContactValues>;

const gone = () => new HttpError(410, COMMAND_TEXTS.expired);

/** A refusal of the record's own service, told in the assistant's words: gone from view is 403, a newer version 409. */
function asked<T>(type: TObjectType, write: Promise<T>): Promise<T> {
  return write.catch((e: unknown) => {
    if (e instanceof HttpError && e.statusCode === 404) throw forbidden(COMMAND_TEXTS.noLongerAllowed(type));
    if (e instanceof HttpError && e.statusCode === 409) throw conflict(COMMAND_TEXTS.changedSince(type));
    throw e;
  });
}

/**
 * POST /api/command/confirm and /cancel. A confirm runs the pending operation once, for the user
 * who asked, before it expires, and only if the caller may still change the record and it is
 * still the version they were shown; then it writes through the same services as the screens.
 */
export function createConfirmService(deps: ConfirmDeps) {
  /** The caller's own pending operation, or 404 (another user's id names nothing for them). */
  async function ownOpen(caller: Caller, id: string, on: DbOrTx): Promise<PendingOperationRecord & { expired: boolean }> {
    const op = await deps.pending(on).findForUpdate(caller.organizationId, id);
    if (!op || op.userId !== caller.id) throw notFound(COMMAND_TEXTS.missing);
    if (op.usedAt) throw conflict(COMMAND_TEXTS.used);
    if (op.expired) throw gone();
    return op;
  }

  /** Permission and version checks before the write: clear answers without holding a transaction open. */
  async function precheck(caller: Caller, op: PendingOperationRecord): Promise<void> {
    if (op.operation !== 'update' || !op.recordId || op.objectType === 'task') return;
    if (op.objectType === 'deal') {
      const deal = await asked('deal', deps.deals.get(caller, Number(op.recordId)));
      if (op.recordVersion !== null && deal.version !== op.recordVersion) throw conflict(COMMAND_TEXTS.changedSince('deal'));
      return;
    }
    const record = await asked<{ updatedAt: Date }>(
      op.objectType,
      op.objectType === 'company' ? deps.companies.getAs(caller, op.recordId) : deps.contacts.getAs(caller, op.recordId),
    );
    if (op.recordUpdatedAt && record.updatedAt.getTime() !== op.recordUpdatedAt.getTime())
      throw conflict(COMMAND_TEXTS.changedSince(op.objectType));
  }

  /**
   * Sends the operation to the workspace's HubSpot before anything is written here: the id HubSpot
   * gave a created record (null for an update). The checks were made (precheck); a refusal throws.
   */
  async function send(caller: Caller, op: PendingOperationRecord, remote: CrmRemote): Promise<string | null> {
    const v = op.values;
    if (op.objectType === 'deal') {
      if (op.operation === 'create') return deps.deals.sendCreate(caller, ZDealCreateBody.parse(v));
      await deps.deals.sendUpdate(caller, Number(op.recordId), ZDealFields.parse(v), op.recordVersion ?? undefined);
      return null;
    }
    if (op.objectType === 'company') {
      const fields = ZCompanyValues.parse(v);
      if (op.operation === 'create') return remote.createCompany(caller, { ...fields, name: fields.name ?? op.identifier });
      await remote.updateCompany(caller, op.recordId!, fields);
      return null;
    }
    const fields = ZContactValues.parse(v);
    if (op.operation === 'create') return remote.createContact(caller, { ...fields, firstname: fields.firstname ?? op.identifier });
    await remote.updateContact(caller, op.recordId!, fields);
    return null;
  }

  /** The local write; a record HubSpot created (`externalId`) keeps HubSpot's id, so a sync does not add it twice. */
  async function write(caller: Caller, op: PendingOperationRecord, tx: DbOrTx, externalId: string | null): Promise<TRecordView> {
    const v = op.values;
    const link = async (type: 'company' | 'contact', id: string) => {
      if (externalId) await deps.remote?.link(tx, caller.organizationId, type, id, externalId);
    };
    if (op.objectType === 'deal') {
      const deal =
        op.operation === 'create'
          ? await deps.deals.create(caller, ZDealCreateBody.parse(v), tx, externalId)
          : await asked('deal', deps.deals.update(caller, Number(op.recordId), ZDealFields.parse(v), op.recordVersion ?? undefined, tx));
      return dealView(deal);
    }
    if (op.objectType === 'company') {
      const fields = ZCompanyValues.parse(v);
      const company =
        op.operation === 'create'
          ? await deps.companies.createAs(caller, { ...fields, name: fields.name ?? op.identifier }, tx)
          : await asked('company', deps.companies.updateAs(caller, op.recordId!, fields, tx));
      if (op.operation === 'create') await link('company', company.id);
      return companyView(company);
    }
    const fields = ZContactValues.parse(v);
    const contact =
      op.operation === 'create'
        ? await deps.contacts.createAs(caller, { ...fields, firstname: fields.firstname ?? op.identifier }, tx)
        : await asked('contact', deps.contacts.updateAs(caller, op.recordId!, fields, tx));
    if (op.operation === 'create') await link('contact', contact.id);
    const companyName = contact.companyId ? ((await deps.companies.findAs(caller, contact.companyId, tx))?.name ?? null) : null;
    return contactView(contact, companyName);
  }

  /**
   * A yes in a HubSpot workspace: the operation is claimed first, so of two yeses at once only one
   * reaches HubSpot; then HubSpot, then the local copy. A refusal there releases the claim (a later
   * yes may try again) and nothing is written here.
   */
  async function confirmThrough(caller: Caller, id: string, op: PendingOperationRecord, remote: CrmRemote): Promise<TRecordView> {
    await deps.db.transaction(async (tx) => {
      await ownOpen(caller, id, tx);
      await deps.pending(tx).markUsed(id);
    });
    let externalId: string | null;
    try {
      externalId = await send(caller, op, remote);
    } catch (e) {
      await deps.pending(deps.db).release(id);
      throw e;
    }
    return deps.db.transaction((tx) => write(caller, op, tx, externalId));
  }

  /**
   * A yes to a task: claimed first, then created through the tasks service (which checks the record
   * and the assignee again); a refusal there releases the claim and nothing is written.
   */
  async function confirmTask(caller: Caller, id: string, op: PendingOperationRecord): Promise<TRecordView> {
    if (!deps.tasks) throw gone();
    const v = ZTaskValues.parse(op.values);
    await deps.db.transaction(async (tx) => {
      await ownOpen(caller, id, tx);
      await deps.pending(tx).markUsed(id);
    });
    try {
      const task = await deps.tasks.create(caller, {
        title: v.title,
        due_date: v.due_date,
        due_time: v.due_time,
        ...(v.record_type && v.record_id ? { record_type: v.record_type, record_id: v.record_id } : {}),
      });
      return {
        id: task.id,
        object_type: 'task',
        properties: { title: task.title, due_date: task.due_date, due_time: task.due_time, record: task.record?.name ?? null },
        url: null,
      };
    } catch (e) {
      await deps.pending(deps.db).release(id);
      throw e;
    }
  }

  return {
    /** Runs the caller's confirmed operation; its history names `source` (the assistant's panel, or WhatsApp). */
    async confirm(asker: Caller, id: string, source: CrmSource = 'assistant') {
      const caller = actingFrom(asker, source);
      const op = await ownOpen(caller, id, deps.db);
      if (op.objectType === 'task') {
        const data = await confirmTask(caller, id, op);
        return { status: 'success' as const, message: COMMAND_TEXTS.done('task', 'create'), data };
      }
      await precheck(caller, op);
      // Claimed and written in one transaction: a failed write leaves it unused, and of two yeses
      // at once the second waits for the first and then finds it used.
      const data =
        deps.remote && (await deps.remote.bound(caller.organizationId))
          ? await confirmThrough(caller, id, op, deps.remote)
          : await deps.db.transaction(async (tx) => {
              await ownOpen(caller, id, tx);
              await deps.pending(tx).markUsed(id);
              return write(caller, op, tx, null);
            });
      deps.onWritten?.(caller.organizationId);
      return { status: 'success' as const, message: COMMAND_TEXTS.done(op.objectType, op.operation), data };
    },

    async cancel(caller: Caller, id: string) {
      await deps.db.transaction(async (tx) => {
        await ownOpen(caller, id, tx);
        await deps.pending(tx).markUsed(id);
      });
      return { status: 'success' as const, message: COMMAND_TEXTS.canceled };
    },
  };
}

export type ConfirmService = ReturnType<typeof createConfirmService>;
