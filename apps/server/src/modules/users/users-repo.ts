import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type UserIdentity = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  status: string;
  organizationId: string;
};

const identityColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  status: users.status,
  organizationId: users.organizationId,
};

export function createUsersRepo(db: Db) {
  return {
    async findByEmail(email: string): Promise<UserIdentity | null> {
      const [row] = await db.select(identityColumns).from(users).where(eq(users.email, email));
      return row ?? null;
    },
    async recordLogin(userId: string): Promise<void> {
      await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, userId));
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
