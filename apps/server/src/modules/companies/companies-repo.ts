import { and, asc, eq, or, sql } from 'drizzle-orm';
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
  ownerId: string | null;
  crmOwnerId: string | null;
  externalId: string | null;
  updatedAt: Date;
};

/** What a write may set; `ownerId` is a Pipewise user. */
export type CompanyFields = Partial<Pick<CompanyRecord, 'name' | 'domain' | 'industry' | 'city' | 'ownerId'>>;

const columns = {
  id: companies.id,
  name: companies.name,
  domain: companies.domain,
  industry: companies.industry,
  city: companies.city,
  ownerId: companies.ownerId,
  crmOwnerId: companies.crmOwnerId,
  externalId: companies.externalId,
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
