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

export type ConfirmDeps = {
  db: DbOrTx;
  deals: DealsService;
  companies: CompaniesService;
  contacts: ContactsService;
  pending: (on: DbOrTx) => PendingOperationsRepo;
  /** Told after a confirmed write in a workspace (its names may have changed). */
  onWritten?: (organizationId: string) => void;
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
    if (op.operation !== 'update' || !op.recordId) return;
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

  async function write(caller: Caller, op: PendingOperationRecord, tx: DbOrTx): Promise<TRecordView> {
    const v = op.values;
    if (op.objectType === 'deal') {
      const deal =
        op.operation === 'create'
          ? await deps.deals.create(caller, ZDealCreateBody.parse(v), tx)
          : await asked('deal', deps.deals.update(caller, Number(op.recordId), ZDealFields.parse(v), op.recordVersion ?? undefined, tx));
      return dealView(deal);
    }
    if (op.objectType === 'company') {
      const fields = ZCompanyValues.parse(v);
      const company =
        op.operation === 'create'
          ? await deps.companies.createAs(caller, { ...fields, name: fields.name ?? op.identifier }, tx)
          : await asked('company', deps.companies.updateAs(caller, op.recordId!, fields, tx));
      return companyView(company);
    }
    const fields = ZContactValues.parse(v);
    const contact =
      op.operation === 'create'
        ? await deps.contacts.createAs(caller, { ...fields, firstname: fields.firstname ?? op.identifier }, tx)
        : await asked('contact', deps.contacts.updateAs(caller, op.recordId!, fields, tx));
    const companyName = contact.companyId ? ((await deps.companies.findAs(caller, contact.companyId, tx))?.name ?? null) : null;
    return contactView(contact, companyName);
  }

  return {
    async confirm(caller: Caller, id: string) {
      const op = await ownOpen(caller, id, deps.db);
      await precheck(caller, op);
      // Claimed and written in one transaction: a failed write leaves it unused, and of two yeses
      // at once the second waits for the first and then finds it used.
      const data = await deps.db.transaction(async (tx) => {
        await ownOpen(caller, id, tx);
        await deps.pending(tx).markUsed(id);
        return write(caller, op, tx);
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
