import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema/crm';
import { scope, type Viewer } from '../access/scopes';
import { escapeLike } from '../../db/ranked-match';

export type CompanyRecord = {
  id: string;
  name: string;
  domain: string | null;
  industry: string | null;
  city: string | null;
  phone: string | null;
  ownerId: string | null;
  crmOwnerId: string | null;
  externalId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** What a write may set; `ownerId` is a Pipewise user. */
export type CompanyFields = Partial<Pick<CompanyRecord, 'name' | 'domain' | 'industry' | 'city' | 'phone' | 'ownerId'>>;

const columns = {
  id: companies.id,
  name: companies.name,
  domain: companies.domain,
  industry: companies.industry,
  city: companies.city,
  phone: companies.phone,
  ownerId: companies.ownerId,
  crmOwnerId: companies.crmOwnerId,
  externalId: companies.externalId,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
};

/** A user as owner replaces any CRM owner (a record has one or the other). */
const ownerColumns = (fields: CompanyFields) => (fields.ownerId !== undefined ? { crmOwnerId: null } : {});

export function createCompaniesRepo(db: DbOrTx) {
  return {
    async existsInOrg(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, id), eq(companies.organizationId, organizationId)));
      return rows.length === 1;
    },

    async find(organizationId: string, id: string): Promise<CompanyRecord | null> {
      const [row] = await db
        .select(columns)
        .from(companies)
        .where(and(eq(companies.id, id), eq(companies.organizationId, organizationId)));
      return row ?? null;
    },

    /** A company the viewer sees (access `scope.companies`), or null. */
    async findVisible(viewer: Viewer, id: string): Promise<CompanyRecord | null> {
      const [row] = await db
        .select(columns)
        .from(companies)
        .where(and(eq(companies.id, id), scope.companies(viewer)));
      return row ?? null;
    },

    /** Whether the viewer sees the company. */
    async visibleTo(viewer: Viewer, id: string): Promise<boolean> {
      const rows = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, id), scope.companies(viewer)));
      return rows.length === 1;
    },

    /** Companies the viewer sees whose name contains the text or whose domain is it, by name. */
    search(viewer: Viewer, text: string, limit: number): Promise<CompanyRecord[]> {
      const q = text.trim().toLowerCase();
      return db
        .select(columns)
        .from(companies)
        .where(
          and(
            scope.companies(viewer),
            or(sql`lower(${companies.name}) like ${`%${escapeLike(q)}%`}`, sql`lower(${companies.domain}) = ${q}`),
          ),
        )
        .orderBy(asc(companies.name), asc(companies.id))
        .limit(limit);
    },

    async insert(organizationId: string, fields: CompanyFields & { name: string }): Promise<string> {
      const [row] = await db
        .insert(companies)
        .values({ ...fields, organizationId })
        .returning({ id: companies.id });
      return row!.id;
    },

    /**
     * Another company of the workspace with this domain (any case), or null. Callers hold
     * `lockDomain` first, so two writes of the same domain cannot both find none.
     */
    async withDomain(organizationId: string, domain: string, exceptId?: string): Promise<{ id: string; name: string } | null> {
      const [row] = await db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(
          and(
            eq(companies.organizationId, organizationId),
            sql`lower(${companies.domain}) = ${domain.toLowerCase()}`,
            exceptId ? sql`${companies.id} <> ${exceptId}` : undefined,
          ),
        )
        .orderBy(asc(companies.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** Serialises writes of one domain in a workspace until the transaction ends (no unique index: imports may hold duplicates). */
    async lockDomain(organizationId: string, domain: string): Promise<void> {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`company-domain:${organizationId}:${domain.toLowerCase()}`}, 0))`,
      );
    },

    /** False when the workspace has no such company. Its deals and contacts stay, without a company (the keys' ON DELETE SET NULL). */
    async remove(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(companies)
        .where(and(eq(companies.id, id), eq(companies.organizationId, organizationId)))
        .returning({ id: companies.id });
      return rows.length === 1;
    },

    /** False when the workspace has no such company. */
    async update(organizationId: string, id: string, fields: CompanyFields): Promise<boolean> {
      const rows = await db
        .update(companies)
        .set({ ...fields, ...ownerColumns(fields), updatedAt: sql`now()` })
        .where(and(eq(companies.id, id), eq(companies.organizationId, organizationId)))
        .returning({ id: companies.id });
      return rows.length === 1;
    },
  };
}

export type CompaniesRepo = ReturnType<typeof createCompaniesRepo>;

/** A company as an import (HubSpot) brings it: keyed by its id there, owned by a user here or by a CRM owner. */
export type ImportedCompany = Pick<CompanyRecord, 'name' | 'domain' | 'industry' | 'city' | 'ownerId' | 'crmOwnerId'> & {
  phone?: string | null;
  externalId: string;
};

const keyed = sql`external_id is not null`;
const excluded = (column: string) => sql.raw(`excluded.${column}`);

/** Adds or updates imported companies, a batch in one statement, keyed by their external ids. */
export async function upsertImportedCompanies(db: DbOrTx, organizationId: string, rows: ImportedCompany[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(companies)
    .values(rows.map((c) => ({ organizationId, ...c })))
    .onConflictDoUpdate({
      target: [companies.organizationId, companies.externalId],
      targetWhere: keyed,
      set: {
        name: excluded('name'),
        domain: excluded('domain'),
        industry: excluded('industry'),
        city: excluded('city'),
        phone: excluded('phone'),
        ownerId: excluded('owner_id'),
        crmOwnerId: excluded('crm_owner_id'),
        updatedAt: new Date(),
      },
    });
}

/** Gives a company just created here the id the source gave it, in the create's own transaction (`on`). */
export async function linkImportedCompany(on: DbOrTx, organizationId: string, id: string, externalId: string): Promise<void> {
  await on
    .update(companies)
    .set({ externalId })
    .where(and(eq(companies.organizationId, organizationId), eq(companies.id, id)));
}

/** Removes the imported companies the source archived; returns the external ids that were here. */
export async function removeImportedCompanies(db: DbOrTx, organizationId: string, externalIds: string[]): Promise<string[]> {
  if (externalIds.length === 0) return [];
  const removed = await db
    .delete(companies)
    .where(and(eq(companies.organizationId, organizationId), inArray(companies.externalId, externalIds)))
    .returning({ externalId: companies.externalId });
  return removed.map((r) => r.externalId!);
}
