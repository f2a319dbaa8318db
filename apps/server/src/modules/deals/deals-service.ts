import { getTableColumns } from 'drizzle-orm';
import type { TDeal, TDealFields, TDealListQuery, TPipeline } from '@pipewise/contract/deals';
import type { CompaniesService } from '../companies/companies-service';
import type { DbOrTx } from '../../db/client';
import { deals as dealsTable } from '../../db/schema/crm';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import type { AccessRules, Caller, Viewer } from '../access/access-rules';
import { assertCan, REFUSAL_MESSAGES } from '../access/policies';
import type { CompaniesRepo } from '../companies/companies-repo';
import type { ContactsRepo } from '../contacts/contacts-repo';
import { crmChange } from '../crm-changes/crm-actor';
import { runCrmWrite } from '../crm-changes/crm-write';
import type { UsersRepo } from '../users/users-repo';
import type { DealChanges, DealRecord, DealsRepo } from './deals-repo';
import type { PipelinesRepo } from './pipelines-repo';
import { isUuid } from '../../lib/ids';

export const DEAL_MESSAGES = {
  notFound: REFUSAL_MESSAGES.dealNotFound,
  conflict: 'This deal was changed by someone else since you opened it. Reload to see the latest version.',
  ownerNotVisible: REFUSAL_MESSAGES.assignDealsToTeam,
  stageRequired: 'Please Select Deal Stage Again',
  unknownPipeline: 'Unknown pipeline',
  unknownStage: 'Unknown deal stage for this pipeline',
  unknownOwner: 'Unknown deal owner',
  unknownCompany: 'Unknown company',
  unknownContact: 'Unknown contact',
} as const;

/** The API's deal, shaped from the repository's record. */
export function toDeal(r: DealRecord): TDeal {
  const ownerName = r.ownerId ? `${r.ownerFirstName ?? ''} ${r.ownerLastName ?? ''}`.trim() || r.ownerEmail : null;
  return {
    deal_id: String(r.id),
    dealname: r.dealname,
    dealstage: r.stageId,
    dealstage_label: r.stageLabel,
    dealowner: r.ownerId,
    owner_id: r.ownerId,
    owner_name: ownerName,
    owner_email: r.ownerEmail,
    pipeline: r.pipelineId,
    pipeline_label: r.pipelineLabel,
    amount: r.amount,
    closedate: r.closedate,
    nextsteps: r.nextsteps,
    kdm: r.kdm,
    painpoints: r.painpoints,
    competitors: r.competitors,
    summary: r.summary,
    confidence_score: r.confidenceScore,
    confindence_score: r.confidenceScore,
    confidence_factors: r.confidenceFactors,
    company_id: r.companyId,
    company_name: r.companyName,
    version: r.version,
    updated_at: r.updatedAt,
  };
}

/** What the deals service reads and writes, on the database or on a transaction. */
export type DealsRepos = {
  deals: DealsRepo;
  pipelines: PipelinesRepo;
  users: Pick<UsersRepo, 'findInOrg' | 'findInOrgByEmail' | 'listByIds'>;
  access: AccessRules;
  companies: Pick<CompaniesRepo, 'visibleTo'>;
  contacts: Pick<ContactsRepo, 'forDeal' | 'findVisible'>;
};

/**
 * Where a workspace's deals live when it is not only here (HubSpot): an edit or a new deal goes
 * there first and is written here only if it was accepted there. Never called inside a transaction.
 */
export type DealsRemote = {
  /** Whether the workspace's deals live there too (else nothing is sent, and nothing is read for it). */
  bound(organizationId: string): Promise<boolean>;
  /** Sends an edit's column changes; throws (with the reason to show) to stop the local write. */
  updateDeal(caller: Caller, dealId: number, changes: DealChanges): Promise<void>;
  /**
   * Creates the deal there: its id there, or null when the workspace keeps its deals here only.
   * `links`: a company just created there (its id there) and the deal's contacts (ids here).
   */
  createDeal(
    caller: Caller,
    values: DealChanges & { dealname: string; pipelineId: string; stageId: string },
    links?: { companyExternalId?: string | null; contactIds?: string[] },
  ): Promise<string | null>;
  /** Creates a company there (a new deal's company typed by name): its id there, or null on the built-in CRM. */
  createCompany(caller: Caller, fields: { name: string }): Promise<string | null>;
  /** Makes the contacts (ids here) the deal's contacts there. */
  setDealContacts(caller: Caller, dealId: number, contactIds: string[]): Promise<void>;
  /** Deletes the deal there (HubSpot archives it). */
  deleteDeal(caller: Caller, dealId: number): Promise<void>;
  /** Refuses a hubId that is not the workspace's HubSpot portal (any hubId on the built-in CRM). */
  checkPortal(organizationId: string, hubId: string | undefined, onBuiltIn?: 'refuse' | 'ignore'): Promise<void>;
  /** Gives the new local row the id it has there (in the create's transaction), so a sync does not add it twice. */
  link(on: DbOrTx, organizationId: string, type: 'deal' | 'company', id: number | string, externalId: string): Promise<void>;
};

/** A new deal: its fields, a new company by name (instead of `company_id`) and its stakeholders. */
type NewDealFields = TDealFields & { dealname: string; pipeline: string; dealstage: string; company_name?: string; contact_ids?: string[] };

/**
 * The deals screens' operations. Creating and editing a deal run in one transaction with the
 * change record they write (crm-write.ts); a caller with a transaction of its own passes it as
 * `tx`, and then every read of the operation runs on it too. With `remote` (a HubSpot workspace)
 * the change goes there first: `update` and `create` send it themselves, while a caller with its
 * own transaction sends it first (`sendUpdate`, `sendCreate`), outside that transaction.
 */
export function createDealsService(deps: {
  db: DbOrTx;
  repos: (on: DbOrTx) => DealsRepos;
  /** Creates a new deal's company typed by name, owned by the caller, in the deal's transaction. */
  companies: Pick<CompaniesService, 'createAs'>;
  remote?: DealsRemote;
}) {
  const { deals, pipelines, users, access, contacts } = deps.repos(deps.db);

  /** Whose deals: the caller, or someone the caller can see (`?email=`), else 403 (decision 3). */
  async function viewerFor(caller: Caller, email: string | undefined): Promise<Viewer> {
    const wanted = email?.trim().toLowerCase();
    if (!wanted || wanted === caller.email) return caller;
    const user = await users.findInOrgByEmail(caller.organizationId, wanted);
    assertCan(caller, 'person.view-deals', { personSeen: user !== null && (await access.canSeeUser(caller, user.id)) });
    return { id: user!.id, organizationId: caller.organizationId, role: user!.role };
  }

  async function resolveOwner(repos: DealsRepos, caller: Caller, value: string | null | undefined): Promise<string | null | undefined> {
    if (value === undefined) return undefined;
    if (value === null || value.trim() === '') {
      // An unowned deal is visible to admins only: anyone else would lose it (and get a 404 after the write).
      assertCan(caller, 'deal.assign', { ownerId: null, ownerSeen: false });
      return null;
    }
    const v = value.trim();
    const user = isUuid(v)
      ? await repos.users.findInOrg(caller.organizationId, v)
      : await repos.users.findInOrgByEmail(caller.organizationId, v.toLowerCase());
    if (!user) throw badRequest(DEAL_MESSAGES.unknownOwner);
    assertCan(caller, 'deal.assign', { ownerId: user.id, ownerSeen: await repos.access.canSeeUser(caller, user.id) });
    return user.id;
  }

  function resolvePipeline(all: TPipeline[], value: string): TPipeline {
    const v = value.trim().toLowerCase();
    const found = all.find((p) => p.pipelineId.toLowerCase() === v || p.label.toLowerCase() === v);
    if (!found) throw badRequest(DEAL_MESSAGES.unknownPipeline);
    return found;
  }

  function resolveStage(pipeline: TPipeline, value: string): string {
    const v = value.trim().toLowerCase();
    const found = pipeline.stages.find((s) => s.stageId.toLowerCase() === v || s.label.toLowerCase() === v);
    if (!found) throw badRequest(DEAL_MESSAGES.unknownStage);
    return found.stageId;
  }

  /** Turns API fields into column changes, checking pipeline/stage consistency and owner visibility. */
  async function changesFrom(repos: DealsRepos, caller: Caller, fields: TDealFields, current: DealRecord | null): Promise<DealChanges> {
    const changes: DealChanges = {};
    const all = await repos.pipelines.list(caller.organizationId);
    const pipeline =
      fields.pipeline !== undefined ? resolvePipeline(all, fields.pipeline) : all.find((p) => p.pipelineId === current?.pipelineId);
    const pipelineChanged = fields.pipeline !== undefined && pipeline!.pipelineId !== current?.pipelineId;
    if (pipelineChanged) changes.pipelineId = pipeline!.pipelineId;
    if (fields.dealstage !== undefined) {
      if (!pipeline) throw badRequest(DEAL_MESSAGES.unknownPipeline);
      changes.stageId = resolveStage(pipeline, fields.dealstage);
    } else if (pipelineChanged) {
      throw badRequest(DEAL_MESSAGES.stageRequired);
    }
    const owner = await resolveOwner(repos, caller, fields.dealowner !== undefined ? fields.dealowner : fields.hubspot_owner_id);
    if (owner !== undefined) changes.ownerId = owner;
    if (fields.dealname !== undefined) changes.dealname = fields.dealname;
    if (fields.amount !== undefined) changes.amount = fields.amount;
    if (fields.closedate !== undefined) changes.closedate = fields.closedate;
    for (const key of ['nextsteps', 'kdm', 'painpoints', 'summary'] as const) {
      if (fields[key] !== undefined) changes[key] = fields[key];
    }
    if (fields.competitors !== undefined) changes.competitors = fields.competitors;
    if (fields.company_id !== undefined) {
      // Only a company the caller sees: another one's name would reach them through the deal.
      if (fields.company_id !== null && !(await repos.companies.visibleTo(caller, fields.company_id))) {
        throw badRequest(DEAL_MESSAGES.unknownCompany);
      }
      changes.companyId = fields.company_id;
    }
    return changes;
  }

  /** The contacts, each one the caller sees (400 otherwise: another team's contact does not exist for them). */
  async function visibleContacts(repos: DealsRepos, caller: Caller, ids: string[] | undefined): Promise<string[]> {
    for (const id of ids ?? []) {
      if (!(await repos.contacts.findVisible(caller, id))) throw badRequest(DEAL_MESSAGES.unknownContact);
    }
    return ids ?? [];
  }

  async function find(on: Pick<DealsRepos, 'deals'>, caller: Caller, id: number): Promise<DealRecord> {
    const deal = await on.deals.find(caller, id);
    if (!deal) throw notFound(DEAL_MESSAGES.notFound);
    return deal;
  }

  /** A deal the caller may edit (access policy `deal.edit`: whoever sees it), else 404 as for a read. */
  async function findEditable(on: Pick<DealsRepos, 'deals'>, caller: Caller, id: number): Promise<DealRecord> {
    const deal = await on.deals.find(caller, id);
    assertCan(caller, 'deal.edit', { seen: deal !== null });
    return deal!;
  }

  const dealChange = (caller: Caller, id: number, operation: 'create' | 'update' | 'delete', changes: DealChanges, version: number) =>
    crmChange(caller, { type: 'deal', id }, operation, changes, getTableColumns(dealsTable), version);

  /** A new deal's columns: the owner is the caller unless the fields name one. */
  async function newDealValues(repos: DealsRepos, caller: Caller, fields: NewDealFields) {
    const changes = await changesFrom(repos, caller, fields, null);
    return {
      ...changes,
      dealname: fields.dealname,
      pipelineId: changes.pipelineId!,
      stageId: changes.stageId!,
      ownerId: changes.ownerId === undefined ? caller.id : changes.ownerId,
    };
  }

  /** An edit checked as the write will check it, then sent to the remote CRM (nothing is written here). */
  async function sendUpdate(caller: Caller, id: number, fields: TDealFields, version: number | undefined): Promise<void> {
    if (!deps.remote || !(await deps.remote.bound(caller.organizationId))) return;
    const repos = deps.repos(deps.db);
    const current = await findEditable(repos, caller, id);
    if (version !== undefined && current.version !== version) throw conflict(DEAL_MESSAGES.conflict);
    await deps.remote.updateDeal(caller, id, await changesFrom(repos, caller, fields, current));
  }

  /** A new deal checked as the write will check it, then created in the remote CRM: its id there (null without one). */
  async function sendCreate(caller: Caller, fields: NewDealFields): Promise<string | null> {
    return (await sendCreateWithCompany(caller, fields)).deal;
  }

  /** sendCreate, with the new company typed by name created there first: both ids there (null without a remote CRM). */
  async function sendCreateWithCompany(caller: Caller, fields: NewDealFields): Promise<{ deal: string | null; company: string | null }> {
    if (!deps.remote || !(await deps.remote.bound(caller.organizationId))) return { deal: null, company: null };
    const repos = deps.repos(deps.db);
    const values = await newDealValues(repos, caller, fields);
    const contactIds = await visibleContacts(repos, caller, fields.contact_ids);
    const company = fields.company_name !== undefined ? await deps.remote.createCompany(caller, { name: fields.company_name }) : null;
    return { deal: await deps.remote.createDeal(caller, values, { companyExternalId: company, contactIds }), company };
  }

  return {
    get: async (caller: Caller, id: number): Promise<TDeal> => toDeal(await find({ deals }, caller, id)),
    pipelines: (caller: Caller) => pipelines.list(caller.organizationId),

    async list(caller: Caller, q: TDealListQuery) {
      const viewer = await viewerFor(caller, q.email);
      const { records, total, totalAmount } = await deals.list(viewer, q);
      return { data: records.map(toDeal), total, total_amount: totalAmount, page: q.page, page_size: q.page_size };
    },

    async *exportRows(caller: Caller, q: TDealListQuery) {
      const viewer = await viewerFor(caller, q.email);
      for await (const chunk of deals.iterate(viewer, q)) yield chunk.map(toDeal);
    },

    sendUpdate,
    sendCreate,

    /** POST deal/'s hubId: only the workspace's own HubSpot portal (none on the built-in CRM). */
    checkPortal: async (caller: Caller, hubId: string | undefined) => deps.remote?.checkPortal(caller.organizationId, hubId, 'ignore'),

    /** An edit; without `tx` it goes to the remote CRM first (with `tx` the caller has sent it: `sendUpdate`). */
    async update(caller: Caller, id: number, fields: TDealFields, version: number | undefined, tx?: DbOrTx): Promise<TDeal> {
      if (!tx) await sendUpdate(caller, id, fields, version);
      return runCrmWrite(deps.db, tx, caller, async (on) => {
        const repos = deps.repos(on);
        const current = await findEditable(repos, caller, id);
        const changes = await changesFrom(repos, caller, fields, current);
        const newVersion = await repos.deals.update(caller.organizationId, id, changes, version);
        if (newVersion === null) throw conflict(DEAL_MESSAGES.conflict);
        return { result: toDeal(await find(repos, caller, id)), change: dealChange(caller, id, 'update', changes, newVersion) };
      });
    },

    /**
     * A new deal; without `tx` it is created in the remote CRM first. With `tx` the caller has
     * created it there (`sendCreate`) and passes the id it got, which the new row keeps.
     */
    async create(caller: Caller, fields: NewDealFields, tx?: DbOrTx, externalId?: string | null): Promise<TDeal> {
      const remote = tx ? { deal: externalId ?? null, company: null } : await sendCreateWithCompany(caller, fields);
      return runCrmWrite(deps.db, tx, caller, async (on) => {
        const repos = deps.repos(on);
        const contactIds = await visibleContacts(repos, caller, fields.contact_ids);
        let companyId = fields.company_id;
        if (fields.company_name !== undefined) {
          // A company typed by name is created with the deal: a refused deal leaves no company behind.
          companyId = (await deps.companies.createAs(caller, { name: fields.company_name }, on)).id;
          if (remote.company && deps.remote) await deps.remote.link(on, caller.organizationId, 'company', companyId, remote.company);
        }
        const values = await newDealValues(repos, caller, { ...fields, company_id: companyId });
        const { id, version } = await repos.deals.insert(caller.organizationId, values);
        if (remote.deal && deps.remote) await deps.remote.link(on, caller.organizationId, 'deal', id, remote.deal);
        if (contactIds.length) await repos.deals.setStakeholders(id, contactIds);
        return { result: toDeal(await find(repos, caller, id)), change: dealChange(caller, id, 'create', values, version) };
      });
    },

    /**
     * Replaces a deal's stakeholders (each a contact the caller sees), in the order given: on a
     * HubSpot workspace its contacts there first. The deal's stakeholders as they now are.
     */
    async setStakeholders(caller: Caller, dealId: number, contactIds: string[]) {
      if (deps.remote && (await deps.remote.bound(caller.organizationId))) {
        const repos = deps.repos(deps.db);
        await findEditable(repos, caller, dealId);
        await deps.remote.setDealContacts(caller, dealId, await visibleContacts(repos, caller, contactIds));
      }
      return runCrmWrite(deps.db, undefined, caller, async (on) => {
        const repos = deps.repos(on);
        await findEditable(repos, caller, dealId);
        const ids = await visibleContacts(repos, caller, contactIds);
        await repos.deals.setStakeholders(dealId, ids);
        return {
          result: await repos.contacts.forDeal(dealId),
          change: crmChange(
            caller,
            { type: 'deal', id: dealId },
            'update',
            { stakeholders: ids },
            { stakeholders: { name: 'stakeholders' } },
          ),
        };
      });
    },

    /**
     * Deletes a deal (access policy `deal.delete`: its owner, those above them, admins): on a HubSpot
     * workspace there first. Its recordings and meetings stay, no longer linked to it.
     */
    async remove(caller: Caller, id: number): Promise<void> {
      const deal = await deals.find(caller, id);
      const ownerId = deal?.ownerId ?? null;
      assertCan(caller, 'deal.delete', {
        seen: deal !== null,
        ownerId,
        ownerSeen: ownerId !== null && (await access.canSeeUser(caller, ownerId)),
      });
      await deps.remote?.deleteDeal(caller, id);
      await runCrmWrite(deps.db, undefined, caller, async (on) => {
        if (!(await deps.repos(on).deals.remove(caller.organizationId, id))) throw notFound(DEAL_MESSAGES.notFound);
        return { result: undefined, change: dealChange(caller, id, 'delete', {}, deal!.version) };
      });
    },

    async stakeholders(caller: Caller, dealId: number) {
      await find({ deals }, caller, dealId);
      return contacts.forDeal(dealId);
    },

    async owners(caller: Caller) {
      const ids = await access.visibleUserIds(caller);
      // Deals can only be assigned to active people; deactivated owners still show on their deals.
      const assignable = (await users.listByIds(caller.organizationId, ids)).filter((u) => u.status === 'active');
      return assignable.map((u) => ({
        id: u.id,
        hubspot_user_id: u.id,
        name: `${u.firstName} ${u.lastName}`.trim() || u.email,
        firstname: u.firstName,
        lastname: u.lastName,
        email: u.email,
      }));
    },
  };
}

export type DealsService = ReturnType<typeof createDealsService>;
