import type {
  TCompany,
  TCompanyCreateBody,
  TCompanyDetailResponse,
  TCompanyListQuery,
  TCompanyUpdateBody,
  TContact,
  TRelatedDeal,
  TRelatedMeeting,
} from '@pipewise/contract/companies';
import type { DbOrTx } from '../../db/client';
import { duplicate, notFound } from '../../lib/http-error';
import type { Caller, Viewer } from '../access/access-rules';
import { assertCan } from '../access/policies';
import type { CompaniesRepo, CompanyFields } from './companies-repo';
import { COMPANY_MESSAGES, type CompaniesService } from './companies-service';
import { companyRow, listCompanies } from './company-list';

export const COMPANY_SCREEN_MESSAGES = {
  duplicateDomain: (name: string) => `A company with this domain already exists: ${name}`,
  // The holder is not named to a caller who cannot see it (decision 13): only that it exists.
  duplicateDomainHidden: 'A company with this domain already exists in your workspace, owned outside your team. Ask your admin.',
} as const;

/** What HubSpot is sent: the company's own properties (its owner there stays the writer's, as for the assistant's writes). */
type RemoteFields = Omit<CompanyFields, 'ownerId'>;
const remoteFields = ({ ownerId: _owner, ...properties }: CompanyFields): RemoteFields => properties;

/** HubSpot, when the workspace keeps its CRM there: a screen's write goes there first (hubspot-write-through.ts). */
export type CompanyRemote = {
  bound(organizationId: string): Promise<boolean>;
  createCompany(caller: Caller, fields: RemoteFields & { name: string }): Promise<string | null>;
  updateCompany(caller: Caller, id: string, fields: RemoteFields): Promise<void>;
  link(on: DbOrTx, organizationId: string, type: 'company', id: string, externalId: string): Promise<void>;
  /** Deletes (archives) the record in HubSpot. */
  archiveRecord(caller: Caller, type: 'companies', externalId: string): Promise<void>;
};

/** What a company's screen shows beside it, each as far as the caller sees (read through the owning modules). */
export type CompanyRelated = {
  deals(caller: Viewer, companyId: string): Promise<TRelatedDeal[]>;
  contacts(caller: Viewer, companyId: string): Promise<TContact[]>;
  meetings(caller: Viewer, companyId: string): Promise<TRelatedMeeting[]>;
};

export type CompaniesScreenDeps = {
  db: DbOrTx;
  companies: CompaniesService;
  repos: (on: DbOrTx) => { companies: CompaniesRepo };
  /** Whether the user is the viewer or below them (any user of the workspace for an admin). */
  canSeeUser(viewer: Viewer, userId: string): Promise<boolean>;
  related: CompanyRelated;
  remote?: CompanyRemote;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The body's fields as the repository names them (only those the body has). */
function fieldsOf(body: TCompanyUpdateBody): CompanyFields {
  const { owner_id: _owner, ...rest } = body;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as CompanyFields;
}

/**
 * The companies screens (issue 29): the list, a company with what belongs to it, and the screen's
 * create, edit and delete. Writes go through the companies service (its change record, so search
 * and HubSpot sync follow) and, on a HubSpot workspace, to HubSpot first. A domain is unique per
 * workspace (any case), checked under an advisory lock so two saves cannot both pass.
 */
export function createCompaniesScreen(deps: CompaniesScreenDeps) {
  const { db, repos } = deps;

  async function mustSee(caller: Caller, id: string, on: DbOrTx = db): Promise<TCompany> {
    const company = UUID.test(id) ? await companyRow(on, caller, id) : null;
    if (!company) throw notFound(COMPANY_MESSAGES.notFound);
    return company;
  }

  /** The owner a write gives: the caller by default; another only as `record.assign` allows. */
  async function ownerFor(caller: Caller, ownerId: string | null | undefined): Promise<string | null | undefined> {
    if (ownerId === undefined || ownerId === caller.id) return ownerId;
    const ownerSeen = ownerId === null ? false : await deps.canSeeUser(caller, ownerId);
    assertCan(caller, 'record.assign', { ownerId, ownerSeen });
    return ownerId;
  }

  /** 409 when another company of the workspace has the domain; named only when the caller sees it. */
  async function checkDomain(on: DbOrTx, caller: Caller, domain: string | null | undefined, exceptId?: string): Promise<void> {
    if (!domain) return;
    const holder = await repos(on).companies.withDomain(caller.organizationId, domain, exceptId);
    if (!holder) return;
    if (await repos(on).companies.visibleTo(caller, holder.id))
      throw duplicate(COMPANY_SCREEN_MESSAGES.duplicateDomain(holder.name), holder);
    throw duplicate(COMPANY_SCREEN_MESSAGES.duplicateDomainHidden);
  }

  async function remoteBound(caller: Caller): Promise<CompanyRemote | null> {
    return deps.remote && (await deps.remote.bound(caller.organizationId)) ? deps.remote : null;
  }

  return {
    list: (caller: Caller, query: TCompanyListQuery) => listCompanies(db, caller, query),

    async detail(caller: Caller, id: string): Promise<TCompanyDetailResponse> {
      const data = await mustSee(caller, id);
      const [deals, contacts, meetings] = await Promise.all([
        deps.related.deals(caller, id),
        deps.related.contacts(caller, id),
        deps.related.meetings(caller, id),
      ]);
      return { data, deals, contacts, meetings };
    },

    async create(caller: Caller, body: TCompanyCreateBody): Promise<TCompany> {
      const fields = { ...fieldsOf(body), name: body.name };
      const ownerId = (await ownerFor(caller, body.owner_id)) ?? (body.owner_id === null ? null : caller.id);
      await checkDomain(db, caller, fields.domain);
      const remote = await remoteBound(caller);
      const externalId = remote ? await remote.createCompany(caller, { ...remoteFields(fields), name: fields.name }) : null;
      const id = await db.transaction(async (on) => {
        if (fields.domain) await repos(on).companies.lockDomain(caller.organizationId, fields.domain);
        await checkDomain(on, caller, fields.domain);
        const company = await deps.companies.create(caller, { ...fields, ownerId }, on);
        if (externalId) await remote!.link(on, caller.organizationId, 'company', company.id, externalId);
        return company.id;
      });
      return mustSee(caller, id);
    },

    async update(caller: Caller, id: string, body: TCompanyUpdateBody): Promise<TCompany> {
      await mustSee(caller, id);
      const fields: CompanyFields = fieldsOf(body);
      const ownerId = await ownerFor(caller, body.owner_id);
      if (ownerId !== undefined) fields.ownerId = ownerId;
      await checkDomain(db, caller, fields.domain, id);
      const remote = await remoteBound(caller);
      if (remote) await remote.updateCompany(caller, id, remoteFields(fields));
      await db.transaction(async (on) => {
        // Access policy `company.edit`: whoever sees the company edits it (404 otherwise, as for a read).
        assertCan(caller, 'company.edit', { seen: await repos(on).companies.visibleTo(caller, id) });
        if (fields.domain) await repos(on).companies.lockDomain(caller.organizationId, fields.domain);
        await checkDomain(on, caller, fields.domain, id);
        await deps.companies.update(caller, id, fields, on);
      });
      return mustSee(caller, id);
    },

    /** Whoever may edit a company may delete it; its deals and contacts stay, without it. */
    async remove(caller: Caller, id: string): Promise<void> {
      const company = UUID.test(id) ? await repos(db).companies.findVisible(caller, id) : null;
      assertCan(caller, 'company.edit', { seen: company !== null });
      // On a HubSpot workspace it goes there first (archived, as HubSpot deletes), so the next sync does not bring it back.
      const remote = company!.externalId ? await remoteBound(caller) : null;
      if (remote) await remote.archiveRecord(caller, 'companies', company!.externalId!);
      await deps.companies.remove(caller, id);
    },
  };
}

export type CompaniesScreen = ReturnType<typeof createCompaniesScreen>;
