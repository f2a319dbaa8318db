import { and, asc, eq } from 'drizzle-orm';
import { isAdmin } from '../modules/access/policies';
import type { DbOrTx } from '../db/client';
import { companies, contacts, dealStakeholders, deals, pipelineStages, pipelines, users } from '../db/schema';
import {
  DEMO_COMPANIES,
  DEMO_PIPELINES,
  FIRST_NAMES,
  JOB_TITLES,
  LAST_NAMES,
  NEXT_STEPS,
  PAIN_POINTS,
  POSITIONS,
  PRODUCTS,
  SUMMARIES,
} from './seed-crm-data';

/** A small deterministic PRNG, so the demo data is the same on every machine. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Pipelines with stages, companies, contacts and about 300 deals owned across the hierarchy. */
export async function seedDemoCrm(db: DbOrTx, organizationId: string, dealCount = 300, now = new Date()): Promise<void> {
  const rand = prng(20261121);
  const owners = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.organizationId, organizationId));
  // Reps carry most deals; managers hold a few strategic ones.
  const weighted = owners.flatMap((o) => (isAdmin(o) ? [o.id] : [o.id, o.id, o.id]));

  const stagesByPipeline: { pipelineId: string; stageIds: string[] }[] = [];
  for (const [i, p] of DEMO_PIPELINES.entries()) {
    // A workspace made as new customers' are already has its "Sales Pipeline" (create-workspace.ts): its deals go there.
    const [existing] = await db
      .select({ id: pipelines.id })
      .from(pipelines)
      .where(and(eq(pipelines.organizationId, organizationId), eq(pipelines.label, p.label)));
    if (existing) {
      const stages = await db
        .select({ id: pipelineStages.id })
        .from(pipelineStages)
        .where(eq(pipelineStages.pipelineId, existing.id))
        .orderBy(asc(pipelineStages.displayOrder));
      stagesByPipeline.push({ pipelineId: existing.id, stageIds: stages.map((s) => s.id) });
      continue;
    }
    const [row] = await db.insert(pipelines).values({ organizationId, label: p.label, displayOrder: i }).returning({ id: pipelines.id });
    const stageRows = await db
      .insert(pipelineStages)
      .values(
        p.stages.map((label, order) => ({
          pipelineId: row!.id,
          label,
          displayOrder: order,
          isClosed: /^Closed|^Renewed|^Churned/.test(label),
          isWon: /Won|Renewed/.test(label),
          probability: Math.round(((order + 1) / p.stages.length) * 100),
        })),
      )
      .returning({ id: pipelineStages.id });
    stagesByPipeline.push({ pipelineId: row!.id, stageIds: stageRows.map((s) => s.id) });
  }

  const companyRows = await db
    .insert(companies)
    .values(
      DEMO_COMPANIES.map(([name, domain, industry, city]) => ({
        organizationId,
        name,
        domain,
        industry,
        city,
        ownerId: rand.pick(weighted),
      })),
    )
    .returning({ id: companies.id, name: companies.name, domain: companies.domain });

  const contactValues = companyRows.flatMap((c) =>
    Array.from({ length: 3 }, () => {
      const firstname = rand.pick(FIRST_NAMES);
      const lastname = rand.pick(LAST_NAMES);
      return {
        organizationId,
        companyId: c.id,
        firstname,
        lastname,
        email: `${firstname}.${lastname}@${c.domain}`.toLowerCase(),
        phone: `+91 9${rand.int(100000000, 999999999)}`,
        jobtitle: rand.pick(JOB_TITLES),
      };
    }),
  );
  const contactRows = await db.insert(contacts).values(contactValues).returning({
    id: contacts.id,
    companyId: contacts.companyId,
    firstname: contacts.firstname,
    lastname: contacts.lastname,
    jobtitle: contacts.jobtitle,
  });

  const dealValues = Array.from({ length: dealCount }, (_, i) => {
    const company = rand.pick(companyRows);
    const pipeline = rand.pick(stagesByPipeline);
    const kdm = rand.pick(contactRows.filter((c) => c.companyId === company.id));
    const closeInDays = rand.int(-90, 180);
    const deal = {
      organizationId,
      dealname: `${company.name.replace(/ (Pvt Ltd|Co)$/, '')} - ${rand.pick(PRODUCTS)}`,
      pipelineId: pipeline.pipelineId,
      stageId: rand.pick(pipeline.stageIds),
      ownerId: rand.pick(weighted),
      companyId: company.id,
      amount: String(rand.int(5, 1500) * 10_000),
      closedate: rand.next() < 0.05 ? null : isoDay(new Date(now.getTime() + closeInDays * 86_400_000)),
      nextsteps: rand.pick(NEXT_STEPS),
      kdm: `${kdm.firstname} ${kdm.lastname} (${kdm.jobtitle})`,
      painpoints: rand.pick(PAIN_POINTS),
      summary: rand.pick(SUMMARIES),
      // Deals opened over the last three months, so their confidence scores (computed after the seed) see
      // deals that went quiet and stages that took long; from the index, so every other seeded value stays as it was.
      createdAt: new Date(now.getTime() - (3 + ((i * 37) % 88)) * 86_400_000),
    };
    // The typed confidence score this draw once gave is computed now (issue 30); drawn still, so the values after it do not move.
    void (rand.next() < 0.2 ? null : rand.int(35, 95));
    return deal;
  });
  const dealRows = await db.insert(deals).values(dealValues).returning({ id: deals.id, companyId: deals.companyId });

  const stakeholderValues = dealRows.flatMap((d) =>
    contactRows
      .filter((c) => c.companyId === d.companyId)
      .slice(0, rand.int(1, 3))
      .map((c, i) => ({ dealId: d.id, contactId: c.id, position: POSITIONS[(i + rand.int(0, 5)) % POSITIONS.length]!, displayOrder: i })),
  );
  await db.insert(dealStakeholders).values(stakeholderValues);
}
