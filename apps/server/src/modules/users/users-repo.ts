import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

export type UserIdentity = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: string;
  role: string;
  organizationId: string;
};

const identityColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  role: users.role,
  organizationId: users.organizationId,
};

const manager = alias(users, 'manager');
const rowColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  team: users.team,
  role: users.role,
  status: users.status,
  reportsTo: users.reportsTo,
  reportsToEmail: manager.email,
  lastLogin: users.lastLogin,
  isOnboarded: users.isOnboarded,
};
export type UserRecord = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  team: string;
  role: string;
  status: string;
  reportsTo: string | null;
  reportsToEmail: string | null;
  lastLogin: Date | null;
  isOnboarded: boolean;
};

export type NewUser = {
  organizationId: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  team: string;
  reportsTo: string;
};

export function createUsersRepo(db: DbOrTx) {
  const listQuery = () => db.select(rowColumns).from(users).leftJoin(manager, eq(manager.id, users.reportsTo));
  return {
    async findByEmail(email: string): Promise<UserIdentity | null> {
      const [row] = await db.select(identityColumns).from(users).where(eq(users.email, email));
      return row ?? null;
    },
    async findInOrg(organizationId: string, id: string): Promise<UserRecord | null> {
      const [row] = await listQuery().where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
      return row ?? null;
    },
    async findInOrgByEmail(organizationId: string, email: string): Promise<UserRecord | null> {
      const [row] = await listQuery().where(and(eq(users.organizationId, organizationId), eq(users.email, email)));
      return row ?? null;
    },
    listInOrg(organizationId: string): Promise<UserRecord[]> {
      return listQuery().where(eq(users.organizationId, organizationId)).orderBy(asc(users.firstName), asc(users.lastName));
    },
    listByIds(organizationId: string, ids: string[]): Promise<UserRecord[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return listQuery()
        .where(and(eq(users.organizationId, organizationId), inArray(users.id, ids)))
        .orderBy(asc(users.firstName), asc(users.lastName));
    },
    /** Inserts unless the email is taken (anywhere); returns the new id or null. */
    async insert(user: NewUser): Promise<string | null> {
      const rows = await db
        .insert(users)
        .values({ ...user, role: 'user', isOnboarded: true })
        .onConflictDoNothing()
        .returning({ id: users.id });
      return rows[0]?.id ?? null;
    },
    async update(
      organizationId: string,
      id: string,
      set: Partial<{ reportsTo: string | null; team: string; role: string; status: string }>,
    ) {
      await db
        .update(users)
        .set({ ...set, updatedAt: sql`now()` })
        .where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
    },
    /** The user's messaging number (E.164), or null. */
    async whatsappNumber(organizationId: string, id: string): Promise<string | null> {
      const [row] = await db
        .select({ number: users.whatsappNumber })
        .from(users)
        .where(and(eq(users.organizationId, organizationId), eq(users.id, id)));
      return row?.number ?? null;
    },
    async recordLogin(userId: string): Promise<void> {
      await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, userId));
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;

/** A member added by another module's flow (an approved sign-up request, a new workspace's first admin), onboarded. */
export type NewMember = {
  organizationId: string;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  role: 'user' | 'super_admin';
  reportsTo?: string;
};

/** Adds a member inside the caller's transaction (`tx`), so it commits with the rest of that flow; returns the new id. */
export async function insertMember(tx: DbOrTx, member: NewMember): Promise<string> {
  const [row] = await tx
    .insert(users)
    .values({ ...member, isOnboarded: true })
    .returning({ id: users.id });
  return row!.id;
}
export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
