import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contacts, dealStakeholders } from '../../db/schema/crm';
import { scope, type Viewer } from '../access/scopes';
import { escapeLike } from '../../db/ranked-match';

export type ContactRecord = {
  id: string;
  companyId: string | null;
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  jobtitle: string | null;
  ownerId: string | null;
  crmOwnerId: string | null;
  externalId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** What a write may set; `ownerId` is a Pipewise user. */
export type ContactFields = Partial<
  Pick<ContactRecord, 'companyId' | 'firstname' | 'lastname' | 'email' | 'phone' | 'jobtitle' | 'ownerId'>
>;

/** A contact as a deal's stakeholder. */
export type StakeholderRecord = { id: string; firstname: string; lastname: string; position: string | null; email: string | null };

const columns = {
  id: contacts.id,
  companyId: contacts.companyId,
  firstname: contacts.firstname,
  lastname: contacts.lastname,
  email: contacts.email,
  phone: contacts.phone,
  jobtitle: contacts.jobtitle,
  ownerId: contacts.ownerId,
  crmOwnerId: contacts.crmOwnerId,
  externalId: contacts.externalId,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
};

/** A user as owner replaces any CRM owner (a record has one or the other). */
const ownerColumns = (fields: ContactFields) => (fields.ownerId !== undefined ? { crmOwnerId: null } : {});

export function createContactsRepo(db: DbOrTx) {
  return {
    async find(organizationId: string, id: string): Promise<ContactRecord | null> {
      const [row] = await db
        .select(columns)
        .from(contacts)
        .where(and(eq(contacts.id, id), eq(contacts.organizationId, organizationId)));
      return row ?? null;
    },

    /** A contact the viewer sees (access `scope.contacts`), or null. */
    async findVisible(viewer: Viewer, id: string): Promise<ContactRecord | null> {
      const [row] = await db
        .select(columns)
        .from(contacts)
        .where(and(eq(contacts.id, id), scope.contacts(viewer)));
      return row ?? null;
    },

    /** Contacts the viewer sees whose email is the text or whose full name contains it, by name. */
    search(viewer: Viewer, text: string, limit: number): Promise<ContactRecord[]> {
      const q = text.trim().toLowerCase();
      return db
        .select(columns)
        .from(contacts)
        .where(
          and(
            scope.contacts(viewer),
            or(
              sql`lower(${contacts.email}) = ${q}`,
              sql`lower(${contacts.firstname} || ' ' || ${contacts.lastname}) like ${`%${escapeLike(q)}%`}`,
            ),
          ),
        )
        .orderBy(asc(contacts.firstname), asc(contacts.lastname), asc(contacts.id))
        .limit(limit);
    },

    async insert(organizationId: string, fields: ContactFields & { firstname: string }): Promise<string> {
      const [row] = await db
        .insert(contacts)
        .values({ ...fields, organizationId })
        .returning({ id: contacts.id });
      return row!.id;
    },

    /** Another contact of the workspace with this email (any case), or null; callers hold `lockEmail` first. */
    async withEmail(organizationId: string, email: string, exceptId?: string): Promise<{ id: string; name: string } | null> {
      const [row] = await db
        .select({ id: contacts.id, name: sql<string>`trim(${contacts.firstname} || ' ' || ${contacts.lastname})` })
        .from(contacts)
        .where(
          and(
            eq(contacts.organizationId, organizationId),
            sql`lower(${contacts.email}) = ${email.toLowerCase()}`,
            exceptId ? sql`${contacts.id} <> ${exceptId}` : undefined,
          ),
        )
        .orderBy(asc(contacts.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** Serialises writes of one email in a workspace until the transaction ends (no unique index: imports may hold duplicates). */
    async lockEmail(organizationId: string, email: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`contact-email:${organizationId}:${email.toLowerCase()}`}, 0))`);
    },

    /** False when the workspace has no such contact. It leaves every deal's stakeholders (deal_stakeholders' ON DELETE CASCADE). */
    async remove(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(contacts)
        .where(and(eq(contacts.id, id), eq(contacts.organizationId, organizationId)))
        .returning({ id: contacts.id });
      return rows.length === 1;
    },

    /** False when the workspace has no such contact. */
    async update(organizationId: string, id: string, fields: ContactFields): Promise<boolean> {
      const rows = await db
        .update(contacts)
        .set({ ...fields, ...ownerColumns(fields), updatedAt: sql`now()` })
        .where(and(eq(contacts.id, id), eq(contacts.organizationId, organizationId)))
        .returning({ id: contacts.id });
      return rows.length === 1;
    },

    /** A deal's stakeholders in their display order. */
    forDeal(dealId: number): Promise<StakeholderRecord[]> {
      return db
        .select({
          id: contacts.id,
          firstname: contacts.firstname,
          lastname: contacts.lastname,
          position: dealStakeholders.position,
          email: contacts.email,
        })
        .from(dealStakeholders)
        .innerJoin(contacts, eq(contacts.id, dealStakeholders.contactId))
        .where(eq(dealStakeholders.dealId, dealId))
        .orderBy(asc(dealStakeholders.displayOrder), asc(contacts.firstname));
    },
  };
}

export type ContactsRepo = ReturnType<typeof createContactsRepo>;

/** A contact as an import (HubSpot) brings it: keyed by its id there, owned by a user here or by a CRM owner. */
export type ImportedContact = Pick<
  ContactRecord,
  'firstname' | 'lastname' | 'email' | 'phone' | 'jobtitle' | 'companyId' | 'ownerId' | 'crmOwnerId'
> & { externalId: string };

const keyed = sql`external_id is not null`;
const excluded = (column: string) => sql.raw(`excluded.${column}`);

/** Adds or updates imported contacts, a batch in one statement, keyed by their external ids. */
export async function upsertImportedContacts(db: DbOrTx, organizationId: string, rows: ImportedContact[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(contacts)
    .values(rows.map((c) => ({ organizationId, ...c })))
    .onConflictDoUpdate({
      target: [contacts.organizationId, contacts.externalId],
      targetWhere: keyed,
      set: {
        firstname: excluded('firstname'),
        lastname: excluded('lastname'),
        email: excluded('email'),
        phone: excluded('phone'),
        jobtitle: excluded('jobtitle'),
        companyId: excluded('company_id'),
        ownerId: excluded('owner_id'),
        crmOwnerId: excluded('crm_owner_id'),
        updatedAt: new Date(),
      },
    });
}

/** Gives a contact just created here the id the source gave it, in the create's own transaction (`on`). */
export async function linkImportedContact(on: DbOrTx, organizationId: string, id: string, externalId: string): Promise<void> {
  await on
    .update(contacts)
    .set({ externalId })
    .where(and(eq(contacts.organizationId, organizationId), eq(contacts.id, id)));
}

/** Removes the imported contacts the source archived; returns the external ids that were here. */
export async function removeImportedContacts(db: DbOrTx, organizationId: string, externalIds: string[]): Promise<string[]> {
  if (externalIds.length === 0) return [];
  const removed = await db
    .delete(contacts)
    .where(and(eq(contacts.organizationId, organizationId), inArray(contacts.externalId, externalIds)))
    .returning({ externalId: contacts.externalId });
  return removed.map((r) => r.externalId!);
}
