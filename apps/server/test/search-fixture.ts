import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import {
  calendarMeetings,
  companies,
  contacts,
  dealStakeholders,
  deals,
  pipelineStages,
  pipelines,
  recordings,
  users,
} from '../src/db/schema';
import { findUser } from './sessions';

/**
 * Records the header search tests look for, in one workspace, owned along its hierarchy. Every
 * name holds 'zephyr' (which the demo data never does), so a search for it sees only these.
 */
export async function addSearchRecords(db: Db, domain: string) {
  const person = (name: string) => findUser(db, `${name}@${domain}`);
  const [rahul, sneha, priya] = [await person('rahul'), await person('sneha'), await person('priya')];
  const organizationId = rahul.organizationId;
  const [pipeline] = await db.select({ id: pipelines.id }).from(pipelines).where(eq(pipelines.organizationId, organizationId)).limit(1);
  const [stage] = await db
    .select({ id: pipelineStages.id, label: pipelineStages.label })
    .from(pipelineStages)
    .where(eq(pipelineStages.pipelineId, pipeline!.id))
    .limit(1);

  const company = async (name: string, ownerId: string | null, domainName: string | null = null) =>
    (
      await db
        .insert(companies)
        .values({ organizationId, name, ownerId, domain: domainName, industry: 'Textiles' })
        .returning({ id: companies.id })
    )[0]!.id;
  const deal = async (dealname: string, ownerId: string, companyId: string | null = null, amount: string | null = '1250000') =>
    (
      await db
        .insert(deals)
        .values({ organizationId, dealname, ownerId, companyId, amount, pipelineId: pipeline!.id, stageId: stage!.id })
        .returning({ id: deals.id })
    )[0]!.id;
  const contact = async (firstname: string, lastname: string, ownerId: string | null) =>
    (
      await db
        .insert(contacts)
        .values({ organizationId, firstname, lastname, ownerId, email: `${firstname}.${lastname}@mills.example`.toLowerCase() })
        .returning({ id: contacts.id })
    )[0]!.id;
  const recording = async (title: string, uploader: { id: string; email: string }) =>
    (
      await db
        .insert(recordings)
        .values({ organizationId, title, uploadedBy: uploader.id, uploaderEmail: uploader.email, uploadType: 'transcription' })
        .returning({ id: recordings.id })
    )[0]!.id;
  const meeting = async (title: string, ownerId: string, status = 'confirmed') =>
    (
      await db
        .insert(calendarMeetings)
        .values({ organizationId, title, ownerId, status, startAt: new Date('2026-03-05T10:00:00Z'), attendees: [] })
        .returning({ id: calendarMeetings.id })
    )[0]!.id;

  const millsCo = await company('Zephyrine Mills', rahul.id, 'zephyrine.example');
  const hiddenCo = await company('Zephyr Hidden Works', sneha.id);
  const ids = {
    stageLabel: stage!.label,
    millsCo,
    hiddenCo,
    alpha: await deal('Zephyr Alpha Renewal', rahul.id, millsCo),
    beta: await deal('Zephyr Beta', sneha.id),
    gamma: await deal('Zephyr Gamma', priya.id, null, null),
    project: await deal('Project Zephyr', rahul.id),
    wildcard: await deal('100% Zephyr_Plan', rahul.id),
    zelda: await contact('Zelda', 'Zephyrson', null),
    zoe: await contact('Zoe', 'Zephyrkin', sneha.id),
    kickoff: await recording('Zephyr kickoff call', rahul),
    pricing: await recording('Zephyr pricing review', sneha),
    weekly: await meeting('Zephyr weekly sync', rahul.id),
    cancelled: await meeting('Zephyr cancelled sync', rahul.id, 'cancelled'),
  };
  await db.insert(dealStakeholders).values({ dealId: ids.alpha, contactId: ids.zelda });
  const [zephyrUser] = await db
    .insert(users)
    .values({ organizationId, email: `zephyr.person@${domain}`, firstName: 'Zephyr', lastName: 'Person', team: 'Field Sales' })
    .returning({ id: users.id });
  return { ...ids, zephyrUser: zephyrUser!.id };
}
