import { HUBSPOT_CONNECT_MESSAGES as MSG } from '@pipewise/contract/integrations';
import { HubspotApiError, type HsObjectType, type HubspotCrm, type PortalSession } from '../../adapters/hubspot/hubspot-client';
import type { DbOrTx } from '../../db/client';
import { badRequest, forbidden, HttpError } from '../../lib/http-error';
import type { Caller } from '../access/access-rules';
import type { HubspotConnectionsRepo } from './hubspot-connections-repo';
import type { HubspotSessions } from './hubspot-sessions';
import { HubspotNotConnectedError } from './hubspot-tokens';
import type { HubspotImportRepo } from './hubspot-import-repo';
import type { HubspotWriteThroughRepo, LinkedType } from './hubspot-write-through-repo';

/** The deal columns a screen or a confirmed command changes, as the deals service resolves them. */
export type DealChanges = Partial<{
  dealname: string;
  amount: string | null;
  closedate: string | null;
  nextsteps: string | null;
  pipelineId: string;
  stageId: string;
  ownerId: string | null;
  companyId: string | null;
}>;
export type CompanyChanges = Partial<{
  name: string;
  domain: string | null;
  industry: string | null;
  city: string | null;
  phone: string | null;
}>;
export type ContactChanges = Partial<{
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  jobtitle: string | null;
  companyId: string | null;
}>;

const changedInHubspot = (type: LinkedType) =>
  `This ${type} changed in HubSpot since it was last synced. Refresh to see the newer values before you change it.`;

export const WRITE_THROUGH_MESSAGES = {
  newerInHubspot: changedInHubspot('deal'),
  changedInHubspot,
  deletedInHubspot: (type: LinkedType) => `This ${type} was deleted in HubSpot. Nothing was changed.`,
  refused: (reason: string) => `HubSpot refused the change: ${reason}`,
  unreachable: 'HubSpot could not be reached. Nothing was changed; please try again.',
  ownerNotInHubspot: 'This person is not a HubSpot user of the connected account, so HubSpot cannot give them the deal.',
  stageNotInHubspot: 'This pipeline or stage is not one of HubSpot’s. Choose a stage of a HubSpot pipeline.',
  companyNotInHubspot: 'This company is not in HubSpot, so HubSpot cannot link it. Choose a company that is.',
  contactNotInHubspot: 'This contact is not in HubSpot, so HubSpot cannot link it to the deal. Choose contacts that are.',
  noPortal: "This workspace uses Pipewise's built-in CRM, not HubSpot: send the request without a hubId.",
  otherPortal: (hubId: string) =>
    `HubSpot account ${hubId.slice(0, 40)} is not the one this workspace is connected to: send your workspace's hubId, or none.`,
} as const;

/** HubSpot's association types used when a record is created with its company (primary company). */
const PRIMARY_COMPANY = { deals: 5, contacts: 1 } as const;
/** HubSpot's defined association type of a deal to a contact. */
const DEAL_TO_CONTACT = 3;
const MODIFIED: Record<HsObjectType, string> = {
  deals: 'hs_lastmodifieddate',
  companies: 'hs_lastmodifieddate',
  contacts: 'lastmodifieddate',
};

/**
 * HubSpot's reason as a person reads it: a property validation answers "Property values were not
 * valid: [json]", whose entries' own messages say what is wrong.
 */
export function readableReason(reason: string | null, status: number): string {
  if (!reason) return `HubSpot answered ${status}`;
  const listed = /^Property values were not valid: (\[.*\])$/s.exec(reason);
  if (listed) {
    try {
      const messages = (JSON.parse(listed[1]!) as { message?: unknown }[])
        .map((e) => e.message)
        .filter((m): m is string => typeof m === 'string' && m.length > 0);
      if (messages.length) return messages.join(' ');
    } catch {
      // Not the JSON HubSpot sends: its words as they are.
    }
  }
  return reason;
}

/** Only the values that are set: HubSpot keeps an unsent property as it is, and a create starts with nothing. */
const present = (properties: Record<string, string | null | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(properties).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
/** What an edit sends: every named value, a cleared one as '' (HubSpot clears a property sent empty). */
const named = (properties: Record<string, string | null | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(properties).flatMap(([k, v]) => (v === undefined ? [] : [[k, v ?? '']])));

/**
 * Writes go to HubSpot first, with the caller's own login, and only then to the local copy (the
 * deals service and the assistant's confirmations call this before their own write, never from
 * inside a transaction): a refusal is reported with HubSpot's reason and nothing local changes; a
 * record HubSpot changed after it was last synced here is a conflict (409). A workspace on the
 * built-in CRM is left alone (no HubSpot call), and so is a record that only exists here.
 */
export function createHubspotWriteThrough(deps: {
  crm: Pick<HubspotCrm, 'batchRead' | 'createObject' | 'updateObject' | 'archiveObject' | 'associations' | 'associate' | 'dissociate'>;
  sessions: Pick<HubspotSessions, 'forUser'>;
  connections: Pick<HubspotConnectionsRepo, 'workspace'>;
  repo: Pick<HubspotImportRepo, 'pushTargets'>;
  records: HubspotWriteThroughRepo;
}) {
  /** The caller's own session on the portal, or why not (the spec's connect message). */
  async function sessionFor(caller: Caller): Promise<PortalSession> {
    try {
      return await deps.sessions.forUser(caller.id);
    } catch (e) {
      if (e instanceof HubspotNotConnectedError) throw forbidden(e.reason === 'broken' ? MSG.broken : MSG.notConnected);
      throw e;
    }
  }

  /** Runs HubSpot calls, telling their failures in the user's words. */
  async function send<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (e) {
      if (e instanceof HttpError) throw e;
      if (e instanceof HubspotNotConnectedError) throw forbidden(MSG.broken);
      if (e instanceof HubspotApiError) {
        if (e.status === 401) throw forbidden(MSG.broken);
        if (e.status >= 400 && e.status < 500 && e.status !== 429) {
          throw new HttpError(e.status === 409 ? 409 : 400, WRITE_THROUGH_MESSAGES.refused(readableReason(e.reason, e.status)));
        }
        throw new HttpError(502, WRITE_THROUGH_MESSAGES.unreachable);
      }
      throw e;
    }
  }

  /** Refuses to write over a value HubSpot changed after this copy was last written (or a record HubSpot deleted). */
  async function notNewer(session: PortalSession, type: HsObjectType, externalId: string, updatedAt: Date, what: LinkedType) {
    const [remote] = await deps.crm.batchRead(session, type, [externalId], [MODIFIED[type]]);
    if (!remote) throw new HttpError(409, WRITE_THROUGH_MESSAGES.deletedInHubspot(what));
    const modified = Date.parse(remote.properties[MODIFIED[type]] ?? '');
    if (Number.isFinite(modified) && modified > updatedAt.getTime()) throw new HttpError(409, changedInHubspot(what));
  }

  /**
   * Makes `company` the record's only company in HubSpot (none when null): the new link first, then
   * the old ones go, since a sync takes a record's first company as its company.
   */
  async function setCompany(session: PortalSession, type: 'deals' | 'contacts', externalId: string, company: string | null) {
    const current = (await deps.crm.associations(session, type, 'companies', [externalId])).get(externalId) ?? [];
    if (company && !current.includes(company)) await deps.crm.associate(session, type, externalId, 'companies', company);
    for (const other of current) if (other !== company) await deps.crm.dissociate(session, type, externalId, 'companies', other);
  }

  const bound = async (organizationId: string) => Boolean(await deps.connections.workspace(organizationId));

  async function companyRef(organizationId: string, companyId: string | null | undefined): Promise<string | null> {
    if (!companyId) return null;
    const externalId = await deps.records.companyExternalId(organizationId, companyId);
    if (!externalId) throw badRequest(WRITE_THROUGH_MESSAGES.companyNotInHubspot);
    return externalId;
  }

  /**
   * A deal's HubSpot id and its changes as HubSpot properties, with HubSpot's ids for the pipeline,
   * stage and owner (`properties` refuses a stage or owner HubSpot does not have).
   */
  async function dealTargets(caller: Caller, dealId: number, changes: DealChanges) {
    const targets = await deps.repo.pushTargets(caller.organizationId, dealId, changes);
    return {
      deal: targets.deal,
      properties() {
        if (targets.pipeline === null || targets.stage === null) throw badRequest(WRITE_THROUGH_MESSAGES.stageNotInHubspot);
        if (changes.ownerId && !targets.owner) throw badRequest(WRITE_THROUGH_MESSAGES.ownerNotInHubspot);
        return named({
          dealname: changes.dealname,
          amount: changes.amount,
          closedate: changes.closedate === undefined ? undefined : changes.closedate && `${changes.closedate}T00:00:00.000Z`,
          hs_next_step: changes.nextsteps,
          pipeline: targets.pipeline,
          dealstage: targets.stage,
          hubspot_owner_id: changes.ownerId === undefined ? undefined : (targets.owner ?? null),
        });
      },
    };
  }

  /** The HubSpot ids of contacts here (400 when one only exists here: HubSpot cannot link it). */
  async function contactRefs(organizationId: string, contactIds: string[]): Promise<string[]> {
    const refs: string[] = [];
    for (const id of contactIds) {
      const externalId = (await deps.records.record(organizationId, 'contact', id))?.externalId;
      if (!externalId) throw badRequest(WRITE_THROUGH_MESSAGES.contactNotInHubspot);
      refs.push(externalId);
    }
    return refs;
  }

  const ownerOf = async (caller: Caller) => deps.records.ownerExternalId(caller.organizationId, caller.id);

  return {
    /** Whether the workspace keeps its CRM in HubSpot (writes go there first). */
    bound,

    /**
     * A hubId a request names (process-command, a new deal) must be the workspace's own portal: 403 for
     * another portal. On the built-in CRM, process-command refuses any hubId (400) while POST deal/, whose
     * spec call always carries one, ignores it. Identity comes from the session; hubId only confirms it.
     */
    async checkPortal(organizationId: string, hubId: string | undefined, onBuiltIn: 'refuse' | 'ignore' = 'refuse'): Promise<void> {
      const wanted = hubId?.trim();
      if (!wanted) return;
      const portal = (await deps.connections.workspace(organizationId))?.accountId;
      if (portal === undefined && onBuiltIn === 'ignore') return;
      if (portal === undefined) throw badRequest(WRITE_THROUGH_MESSAGES.noPortal);
      if (String(portal) !== wanted) throw forbidden(WRITE_THROUGH_MESSAGES.otherPortal(wanted));
    },

    async updateDeal(caller: Caller, dealId: number, changes: DealChanges): Promise<void> {
      if (!(await bound(caller.organizationId))) return;
      const targets = await dealTargets(caller, dealId, changes);
      const deal = targets.deal;
      // A deal made here and not in HubSpot has nothing to update there.
      if (!deal?.externalId) return;
      const properties = targets.properties();
      // A company named: the deal's company in HubSpot becomes that one (null: none).
      const company = changes.companyId === undefined ? undefined : await companyRef(caller.organizationId, changes.companyId);
      if (Object.keys(properties).length === 0 && company === undefined) return;
      const session = await sessionFor(caller);
      await send(async () => {
        await notNewer(session, 'deals', deal.externalId!, deal.updatedAt, 'deal');
        if (Object.keys(properties).length) await deps.crm.updateObject(session, 'deals', deal.externalId!, properties);
        if (company !== undefined) await setCompany(session, 'deals', deal.externalId!, company);
      });
    },

    /**
     * Creates the deal in HubSpot: its HubSpot id, or null on the built-in CRM. `links` names a
     * company just created in HubSpot (its HubSpot id, instead of `values.companyId`) and the
     * deal's contacts (ids here), associated in the create.
     */
    async createDeal(
      caller: Caller,
      values: DealChanges & { dealname: string; pipelineId: string; stageId: string },
      links: { companyExternalId?: string | null; contactIds?: string[] } = {},
    ): Promise<string | null> {
      if (!(await bound(caller.organizationId))) return null;
      // No deal yet: id 0 names none, only the pipeline, stage and owner are looked up.
      const properties = (await dealTargets(caller, 0, values)).properties();
      const company = links.companyExternalId ?? (await companyRef(caller.organizationId, values.companyId));
      const contacts = await contactRefs(caller.organizationId, links.contactIds ?? []);
      const associations = [
        ...(company ? [{ toId: company, typeId: PRIMARY_COMPANY.deals }] : []),
        ...contacts.map((toId) => ({ toId, typeId: DEAL_TO_CONTACT })),
      ];
      const session = await sessionFor(caller);
      const created = await send(() => deps.crm.createObject(session, 'deals', present(properties), associations));
      return created.id;
    },

    /** Makes the contacts (ids here) the deal's only contacts in HubSpot; nothing for a deal that only lives here. */
    async setDealContacts(caller: Caller, dealId: number, contactIds: string[]): Promise<void> {
      if (!(await bound(caller.organizationId))) return;
      const { deal } = await dealTargets(caller, dealId, {});
      if (!deal?.externalId) return;
      const externalId = deal.externalId;
      const wanted = await contactRefs(caller.organizationId, contactIds);
      const session = await sessionFor(caller);
      await send(async () => {
        const current = (await deps.crm.associations(session, 'deals', 'contacts', [externalId])).get(externalId) ?? [];
        for (const id of wanted) if (!current.includes(id)) await deps.crm.associate(session, 'deals', externalId, 'contacts', id);
        for (const id of current) if (!wanted.includes(id)) await deps.crm.dissociate(session, 'deals', externalId, 'contacts', id);
      });
    },

    /** Deletes (archives) the deal in HubSpot; nothing for a deal that only lives here or that HubSpot no longer has. */
    async deleteDeal(caller: Caller, dealId: number): Promise<void> {
      if (!(await bound(caller.organizationId))) return;
      const { deal } = await dealTargets(caller, dealId, {});
      if (!deal?.externalId) return;
      const session = await sessionFor(caller);
      await send(async () => {
        try {
          await deps.crm.archiveObject(session, 'deals', deal.externalId!);
        } catch (e) {
          // Already deleted there: the delete here goes ahead.
          if (!(e instanceof HubspotApiError && e.status === 404)) throw e;
        }
      });
    },

    /** Deletes (archives) a company or contact in HubSpot by its HubSpot id; one HubSpot no longer has is already gone. */
    async archiveRecord(caller: Caller, type: 'companies' | 'contacts', externalId: string): Promise<void> {
      if (!(await bound(caller.organizationId))) return;
      const session = await sessionFor(caller);
      await send(async () => {
        try {
          await deps.crm.archiveObject(session, type, externalId);
        } catch (e) {
          if (!(e instanceof HubspotApiError && e.status === 404)) throw e;
        }
      });
    },

    async createCompany(caller: Caller, fields: CompanyChanges & { name: string }): Promise<string | null> {
      if (!(await bound(caller.organizationId))) return null;
      const owner = await ownerOf(caller);
      const session = await sessionFor(caller);
      const properties = present({ ...fields, hubspot_owner_id: owner });
      return (await send(() => deps.crm.createObject(session, 'companies', properties))).id;
    },

    async updateCompany(caller: Caller, id: string, fields: CompanyChanges): Promise<void> {
      if (!(await bound(caller.organizationId))) return;
      const record = await deps.records.record(caller.organizationId, 'company', id);
      const properties = named(fields);
      if (!record?.externalId || Object.keys(properties).length === 0) return;
      const session = await sessionFor(caller);
      await send(async () => {
        await notNewer(session, 'companies', record.externalId!, record.updatedAt, 'company');
        await deps.crm.updateObject(session, 'companies', record.externalId!, properties);
      });
    },

    async createContact(caller: Caller, fields: ContactChanges & { firstname: string }): Promise<string | null> {
      if (!(await bound(caller.organizationId))) return null;
      const { companyId, ...rest } = fields;
      const company = await companyRef(caller.organizationId, companyId);
      const owner = await ownerOf(caller);
      const session = await sessionFor(caller);
      const properties = present({ ...rest, hubspot_owner_id: owner });
      const associations = company ? [{ toId: company, typeId: PRIMARY_COMPANY.contacts }] : [];
      return (await send(() => deps.crm.createObject(session, 'contacts', properties, associations))).id;
    },

    async updateContact(caller: Caller, id: string, fields: ContactChanges): Promise<void> {
      if (!(await bound(caller.organizationId))) return;
      const record = await deps.records.record(caller.organizationId, 'contact', id);
      if (!record?.externalId) return;
      const { companyId, ...rest } = fields;
      const properties = named(rest);
      const company = await companyRef(caller.organizationId, companyId);
      if (Object.keys(properties).length === 0 && !company) return;
      const session = await sessionFor(caller);
      await send(async () => {
        await notNewer(session, 'contacts', record.externalId!, record.updatedAt, 'contact');
        if (Object.keys(properties).length) await deps.crm.updateObject(session, 'contacts', record.externalId!, properties);
        if (company) await setCompany(session, 'contacts', record.externalId!, company);
      });
    },

    /** Gives a record just created here the id HubSpot gave it (in the create's transaction). */
    link: (on: DbOrTx, organizationId: string, type: LinkedType, id: string | number, externalId: string) =>
      deps.records.link(on, organizationId, type, id, externalId),
  };
}

export type HubspotWriteThrough = ReturnType<typeof createHubspotWriteThrough>;
