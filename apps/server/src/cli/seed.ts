import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { deals, organizations, users } from '../db/schema';
import { scoreDeals } from '../modules/deal-score/deal-score-service';
import { seedDemoCalendar } from './seed-calendar';
import { seedDemoCrm } from './seed-crm';
import { seedDemoRecordings } from './seed-recordings';
import { seedRecordingParticipants } from './seed-participants';
import { seedDemoCallHistory } from './seed-call-history';
import { seedDemoCallStats } from './seed-call-stats';

export const DEMO_DOMAIN = 'acme.example';

type DemoUser = {
  email: string;
  firstName: string;
  lastName: string;
  role: 'super_admin' | 'admin' | 'user';
  team: string;
  reportsTo?: string;
  lastLoginDaysAgo?: number;
};

export const DEMO_USERS: DemoUser[] = [
  { email: 'asha@acme.example', firstName: 'Asha', lastName: 'Rao', role: 'super_admin', team: 'Leadership', lastLoginDaysAgo: 0 },
  {
    email: 'vikram@acme.example',
    firstName: 'Vikram',
    lastName: 'Shah',
    role: 'admin',
    team: 'Enterprise',
    reportsTo: 'asha@acme.example',
    lastLoginDaysAgo: 1,
  },
  {
    email: 'meera@acme.example',
    firstName: 'Meera',
    lastName: 'Iyer',
    role: 'user',
    team: 'Mid-Market',
    reportsTo: 'asha@acme.example',
    lastLoginDaysAgo: 2,
  },
  {
    email: 'rahul@acme.example',
    firstName: 'Rahul',
    lastName: 'Verma',
    role: 'user',
    team: 'Enterprise',
    reportsTo: 'vikram@acme.example',
    lastLoginDaysAgo: 1,
  },
  {
    email: 'priya@acme.example',
    firstName: 'Priya',
    lastName: 'Nair',
    role: 'user',
    team: 'Enterprise',
    reportsTo: 'vikram@acme.example',
    lastLoginDaysAgo: 3,
  },
  {
    email: 'arjun@acme.example',
    firstName: 'Arjun',
    lastName: 'Mehta',
    role: 'user',
    team: 'Enterprise',
    reportsTo: 'vikram@acme.example',
  },
  {
    email: 'kavya@acme.example',
    firstName: 'Kavya',
    lastName: 'Reddy',
    role: 'user',
    team: 'Mid-Market',
    reportsTo: 'meera@acme.example',
    lastLoginDaysAgo: 5,
  },
  {
    email: 'rohan@acme.example',
    firstName: 'Rohan',
    lastName: 'Gupta',
    role: 'user',
    team: 'Mid-Market',
    reportsTo: 'meera@acme.example',
    lastLoginDaysAgo: 8,
  },
  {
    email: 'sneha@acme.example',
    firstName: 'Sneha',
    lastName: 'Kulkarni',
    role: 'user',
    team: 'Mid-Market',
    reportsTo: 'meera@acme.example',
  },
];

/** The Acme Sales organisation and its people, without CRM data; returns the organisation id. */
export async function seedDemoPeople(db: DbOrTx, now = new Date()): Promise<string> {
  const [org] = await db
    .insert(organizations)
    .values({ name: 'Acme Sales', domain: DEMO_DOMAIN, whatsappNumber: '+91 98200 00000' })
    .returning({ id: organizations.id });
  const ids = new Map<string, string>();
  // Managers come before their reports in DEMO_USERS, so each reports_to is known when needed.
  for (const u of DEMO_USERS) {
    const [row] = await db
      .insert(users)
      .values({
        organizationId: org!.id,
        email: u.email,
        firstName: u.firstName,
        lastName: u.lastName,
        role: u.role,
        team: u.team,
        reportsTo: u.reportsTo ? ids.get(u.reportsTo) : null,
        isOnboarded: true,
        lastLogin: u.lastLoginDaysAgo === undefined ? null : new Date(now.getTime() - u.lastLoginDaysAgo * 86_400_000 - 3_600_000),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (row) ids.set(u.email, row.id);
  }
  return org!.id;
}

/** Seeds the demo workspace once; running it again changes nothing. */
export async function seedDemo(db: Db, now = new Date()): Promise<{ seeded: boolean }> {
  const existing = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.domain, DEMO_DOMAIN));
  if (existing.length > 0) return { seeded: false };
  await db.transaction(async (tx) => {
    const organizationId = await seedDemoPeople(tx, now);
    await seedDemoCrm(tx, organizationId, 300, now);
    await seedDemoCalendar(tx, organizationId, now);
    await seedDemoRecordings(tx, organizationId, now);
    await seedDemoCallHistory(tx, organizationId, now);
    await seedRecordingParticipants(tx, organizationId);
    // Every demo call's statistics and the workspace's competitor list (issue 31).
    await seedDemoCallStats(tx, organizationId);
    // Every demo deal starts with its computed confidence score, as any deal gets it (issue 30).
    const seeded = await tx.select({ id: deals.id }).from(deals).where(eq(deals.organizationId, organizationId));
    await scoreDeals(
      tx,
      seeded.map((d) => d.id),
      now,
    );
  });
  return { seeded: true };
}
