import type {
  TContact,
  TContactCreateBody,
  TContactDetailResponse,
  TContactListQuery,
  TContactUpdateBody,
  TRelatedDeal,
  TRelatedMeeting,
} from '@pipewise/contract/companies';
import type { DbOrTx } from '../../db/client';
import { badRequest, duplicate, notFound } from '../../lib/http-error';
import type { Caller, Viewer } from '../access/access-rules';
import { assertCan } from '../access/policies';
import type { CompaniesRepo } from '../companies/companies-repo';
import type { ContactFields, ContactsRepo } from './contacts-repo';
import { CONTACT_MESSAGES, type ContactsService } from './contacts-service';
import { contactRow, listContacts } from './contact-list';

export const CONTACT_SCREEN_MESSAGES = {
  duplicateEmail: (name: string) => `A contact with this email already exists: ${name}`,
  // The holder is not named to a caller who cannot see it (decision 13): only that it exists.
  duplicateEmailHidden: 'A contact with this email already exists in your workspace, owned outside your team. Ask your admin.',
} as const;

type RemoteFields = Omit<ContactFields, 'ownerId'>;
const remoteFields = ({ ownerId: _owner, ...properties }: ContactFields): RemoteFields => properties;

/** HubSpot, when the workspace keeps its CRM there: a screen's write goes there first (hubspot-write-through.ts). */
export type ContactRemote = {
  bound(organizationId: string): Promise<boolean>;
  createContact(caller: Caller, fields: RemoteFields & { firstname: string }): Promise<string | null>;
  updateContact(caller: Caller, id: string, fields: RemoteFields): Promise<void>;
  link(on: DbOrTx, organizationId: string, type: 'contact', id: string, externalId: string): Promise<void>;
  /** Deletes (archives) the record in HubSpot. */
  archiveRecord(caller: Caller, type: 'contacts', externalId: string): Promise<void>;
};

/** What a contact's screen shows beside it, each as far as the caller sees (read through the owning modules). */
export type ContactRelated = {
  deals(caller: Viewer, contactId: string): Promise<TRelatedDeal[]>;
  meetings(caller: Viewer, email: string): Promise<TRelatedMeeting[]>;
};

export type ContactsScreenDeps = {
  db: DbOrTx;
  contacts: ContactsService;
  repos: (on: DbOrTx) => { contacts: ContactsRepo; companies: Pick<CompaniesRepo, 'visibleTo'> };
  canSeeUser(viewer: Viewer, userId: string): Promise<boolean>;
  related: ContactRelated;
  remote?: ContactRemote;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function fieldsOf(body: TContactUpdateBody): ContactFields {
  const { owner_id: _owner, company_id: companyId, ...rest } = body;
  const fields = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as ContactFields;
  if (companyId !== undefined) fields.companyId = companyId;
  return fields;
}

/**
 * The contacts screens (issue 29): the list, a contact with its deals and meetings, and the
 * screen's create, edit and delete, through the contacts service (and HubSpot first on a HubSpot
 * workspace). An email is unique per workspace (any case), checked under an advisory lock.
 */
export function createContactsScreen(deps: ContactsScreenDeps) {
  const { db, repos } = deps;

  async function mustSee(caller: Caller, id: string, on: DbOrTx = db): Promise<TContact> {
    const contact = UUID.test(id) ? await contactRow(on, caller, id) : null;
    if (!contact) throw notFound(CONTACT_MESSAGES.notFound);
    return contact;
  }

  async function ownerFor(caller: Caller, ownerId: string | null | undefined): Promise<string | null | undefined> {
    if (ownerId === undefined || ownerId === caller.id) return ownerId;
    const ownerSeen = ownerId === null ? false : await deps.canSeeUser(caller, ownerId);
    assertCan(caller, 'record.assign', { ownerId, ownerSeen });
    return ownerId;
  }

  /** A caller attaches only a company they see (its name would reach them through the contact). */
  async function checkCompany(caller: Caller, companyId: string | null | undefined): Promise<void> {
    if (companyId && !(await repos(db).companies.visibleTo(caller, companyId))) throw badRequest(CONTACT_MESSAGES.unknownCompany);
  }

  async function checkEmail(on: DbOrTx, caller: Caller, email: string | null | undefined, exceptId?: string): Promise<void> {
    if (!email) return;
    const holder = await repos(on).contacts.withEmail(caller.organizationId, email, exceptId);
    if (!holder) return;
    if (await repos(on).contacts.findVisible(caller, holder.id))
      throw duplicate(CONTACT_SCREEN_MESSAGES.duplicateEmail(holder.name), holder);
    throw duplicate(CONTACT_SCREEN_MESSAGES.duplicateEmailHidden);
  }

  async function remoteBound(caller: Caller): Promise<ContactRemote | null> {
    return deps.remote && (await deps.remote.bound(caller.organizationId)) ? deps.remote : null;
  }

  return {
    list: (caller: Caller, query: TContactListQuery) => listContacts(db, caller, query),

    async detail(caller: Caller, id: string): Promise<TContactDetailResponse> {
      const data = await mustSee(caller, id);
      const [deals, meetings] = await Promise.all([
        deps.related.deals(caller, id),
        data.email ? deps.related.meetings(caller, data.email) : Promise.resolve([]),
      ]);
      return { data, deals, meetings };
    },

    async create(caller: Caller, body: TContactCreateBody): Promise<TContact> {
      const fields = { ...fieldsOf(body), firstname: body.firstname };
      const ownerId = (await ownerFor(caller, body.owner_id)) ?? (body.owner_id === null ? null : caller.id);
      await checkCompany(caller, fields.companyId);
      await checkEmail(db, caller, fields.email);
      const remote = await remoteBound(caller);
      const externalId = remote ? await remote.createContact(caller, { ...remoteFields(fields), firstname: fields.firstname }) : null;
      const id = await db.transaction(async (on) => {
        if (fields.email) await repos(on).contacts.lockEmail(caller.organizationId, fields.email);
        await checkEmail(on, caller, fields.email);
        const contact = await deps.contacts.create(caller, { ...fields, ownerId }, on);
        if (externalId) await remote!.link(on, caller.organizationId, 'contact', contact.id, externalId);
        return contact.id;
      });
      return mustSee(caller, id);
    },

    async update(caller: Caller, id: string, body: TContactUpdateBody): Promise<TContact> {
      await mustSee(caller, id);
      const fields = fieldsOf(body);
      const ownerId = await ownerFor(caller, body.owner_id);
      if (ownerId !== undefined) fields.ownerId = ownerId;
      await checkCompany(caller, fields.companyId);
      await checkEmail(db, caller, fields.email, id);
      const remote = await remoteBound(caller);
      if (remote) await remote.updateContact(caller, id, remoteFields(fields));
      await db.transaction(async (on) => {
        // Access policy `contact.edit`: whoever sees the contact edits it (404 otherwise, as for a read).
        assertCan(caller, 'contact.edit', { seen: (await repos(on).contacts.findVisible(caller, id)) !== null });
        if (fields.email) await repos(on).contacts.lockEmail(caller.organizationId, fields.email);
        await checkEmail(on, caller, fields.email, id);
        await deps.contacts.update(caller, id, fields, on);
      });
      return mustSee(caller, id);
    },

    /** Whoever may edit a contact may delete it; it leaves every deal's stakeholders. */
    async remove(caller: Caller, id: string): Promise<void> {
      const contact = UUID.test(id) ? await repos(db).contacts.findVisible(caller, id) : null;
      assertCan(caller, 'contact.edit', { seen: contact !== null });
      // On a HubSpot workspace it goes there first (archived, as HubSpot deletes), so the next sync does not bring it back.
      const remote = contact!.externalId ? await remoteBound(caller) : null;
      if (remote) await remote.archiveRecord(caller, 'contacts', contact!.externalId!);
      await deps.contacts.remove(caller, id);
    },
  };
}

export type ContactsScreen = ReturnType<typeof createContactsScreen>;
