import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { registrationRequests } from '../../db/schema';
import { heldByAnyWorkspace } from '../workspaces/domain-ownership';

export type RegistrationInput = {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  numEmployees: number;
};

const columns = {
  id: registrationRequests.id,
  email: registrationRequests.email,
  firstName: registrationRequests.firstName,
  lastName: registrationRequests.lastName,
  phoneNumber: registrationRequests.phoneNumber,
  numEmployees: registrationRequests.numEmployees,
  status: registrationRequests.status,
  createdAt: registrationRequests.createdAt,
};

const requestDomain = sql`split_part(${registrationRequests.email}, '@', 2)`;
const atDomain = (domain: string) => sql`${requestDomain} = ${domain.toLowerCase()}`;
/** From a domain no workspace holds: the operators' requests. */
const unheld = sql`not ${heldByAnyWorkspace(requestDomain)}`;
const pendingUnheld = (id?: string) =>
  and(eq(registrationRequests.status, 'pending'), unheld, id === undefined ? undefined : eq(registrationRequests.id, id));

export function createRegistrationsRepo(db: Db) {
  return {
    /** A repeat for the same email updates the request (and makes it pending again), never duplicates it. */
    async upsertPending(input: RegistrationInput): Promise<void> {
      await db
        .insert(registrationRequests)
        .values({ ...input, status: 'pending' })
        .onConflictDoUpdate({
          target: registrationRequests.email,
          set: { ...input, status: 'pending', decidedAt: null, decidedBy: null, updatedAt: sql`now()` },
        });
    },
    async findByEmail(email: string) {
      const [row] = await db.select(columns).from(registrationRequests).where(eq(registrationRequests.email, email));
      return row ?? null;
    },
    /** Pending requests from addresses at the workspace's domain: the workspace boundary for sign-ups. */
    async findPendingById(id: string, domain: string) {
      const [row] = await db
        .select(columns)
        .from(registrationRequests)
        .where(and(eq(registrationRequests.id, id), eq(registrationRequests.status, 'pending'), atDomain(domain)));
      return row ?? null;
    },
    async listPending(domain: string) {
      return db
        .select(columns)
        .from(registrationRequests)
        .where(and(eq(registrationRequests.status, 'pending'), atDomain(domain)))
        .orderBy(asc(registrationRequests.createdAt));
    },
    async listPendingUnheld() {
      return db.select(columns).from(registrationRequests).where(pendingUnheld()).orderBy(asc(registrationRequests.createdAt));
    },
    async findPendingUnheldById(id: string) {
      const [row] = await db.select(columns).from(registrationRequests).where(pendingUnheld(id));
      return row ?? null;
    },
    /** Rejects a pending request from a domain no workspace holds; returns it, or null. */
    async rejectUnheld(id: string, deciderId: string) {
      const [row] = await db
        .update(registrationRequests)
        .set({ status: 'rejected', decidedBy: deciderId, decidedAt: new Date(), updatedAt: new Date() })
        .where(pendingUnheld(id))
        .returning({ email: registrationRequests.email, firstName: registrationRequests.firstName });
      return row ?? null;
    },
    async decide(id: string, domain: string, status: 'approved' | 'rejected', deciderId: string, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .update(registrationRequests)
        .set({ status, decidedBy: deciderId, decidedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(registrationRequests.id, id), eq(registrationRequests.status, 'pending'), atDomain(domain)))
        .returning({ id: registrationRequests.id });
      return rows.length === 1;
    },
  };
}

export type RegistrationsRepo = ReturnType<typeof createRegistrationsRepo>;
export type RegistrationRecord = NonNullable<Awaited<ReturnType<RegistrationsRepo['findByEmail']>>>;
