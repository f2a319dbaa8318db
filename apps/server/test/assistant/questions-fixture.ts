import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { calendarMeetings, companies, deals, pipelineStages, pipelines, recordings } from '../../src/db/schema';
import { addDays } from '../../src/modules/assistant/questions/time-zone';

/** Ids and names of what `seedQuestionsWorkspace` creates, for tests to check answers against. */
export type QuestionsData = {
  today: string;
  deals: Record<'otto' | 'ophelia' | 'overdue' | 'won', { id: number; name: string }>;
  recordings: Record<'first' | 'latest' | 'peer', string>;
};

type People = {
  organizationId: string;
  ids: { admin: string; manager: string; rep: string; rep2: string };
  emails: { rep: string; rep2: string };
};

/**
 * A small workspace of known figures over a hierarchy admin <- manager <- rep, rep2 (test/other-workspace):
 * two accounts, four deals (rep's open deal closing today, rep2's, rep's overdue deal without next
 * steps untouched for 60 days, the manager's won deal), three recordings and two calls today.
 */
export async function seedQuestionsWorkspace(db: Db, people: People, now = new Date()): Promise<QuestionsData> {
  const org = people.organizationId;
  const today = now.toISOString().slice(0, 10);
  const [pipeline] = await db.insert(pipelines).values({ organizationId: org, label: 'Sales' }).returning({ id: pipelines.id });
  const stageRows = await db
    .insert(pipelineStages)
    .values([
      { pipelineId: pipeline!.id, label: 'Discovery', displayOrder: 0 },
      { pipelineId: pipeline!.id, label: 'Proposal', displayOrder: 1 },
      { pipelineId: pipeline!.id, label: 'Closed Won', displayOrder: 2, isClosed: true, isWon: true },
    ])
    .returning({ id: pipelineStages.id, label: pipelineStages.label });
  const stage = (label: string) => stageRows.find((s) => s.label === label)!.id;
  const [zenith, orbit] = await db
    .insert(companies)
    .values([
      { organizationId: org, name: 'Zenith Mills', ownerId: people.ids.rep },
      { organizationId: org, name: 'Orbit Labs', ownerId: people.ids.rep },
    ])
    .returning({ id: companies.id });
  const base = { organizationId: org, pipelineId: pipeline!.id };
  const rows = await db
    .insert(deals)
    .values([
      {
        ...base,
        dealname: 'Zenith Mills - Expansion',
        stageId: stage('Discovery'),
        ownerId: people.ids.rep,
        companyId: zenith!.id,
        amount: '250000',
        closedate: today,
        nextsteps: 'Send the revised proposal',
        kdm: 'Kiran Rao (CFO)',
        painpoints: 'Manual spreadsheets everywhere',
      },
      {
        ...base,
        dealname: 'Zenith Mills - Renewal',
        stageId: stage('Proposal'),
        ownerId: people.ids.rep2,
        companyId: zenith!.id,
        amount: '400000',
        closedate: today,
        nextsteps: 'Call back',
        kdm: 'Secret Person (CEO)',
        painpoints: 'Peer secret pain',
      },
      {
        ...base,
        dealname: 'Orbit Labs - Pilot',
        stageId: stage('Proposal'),
        ownerId: people.ids.rep,
        companyId: orbit!.id,
        amount: '100000',
        closedate: addDays(today, -10),
        nextsteps: '',
      },
      {
        ...base,
        dealname: 'Orbit Labs - Platform',
        stageId: stage('Closed Won'),
        ownerId: people.ids.manager,
        companyId: orbit!.id,
        amount: '900000',
        closedate: addDays(today, -5),
        nextsteps: 'Kickoff',
      },
    ])
    .returning({ id: deals.id, name: deals.dealname });
  await db.execute(sql`update deals set updated_at = now() - interval '60 days' where id = ${rows[2]!.id}`);

  const recording = (
    uploadedBy: string,
    email: string,
    dealId: number,
    title: string,
    minutesAgo: number,
    text: { transcription: string; summary: string; keyPoints: string[] },
  ) => ({
    organizationId: org,
    uploadedBy,
    uploaderEmail: email,
    dealId,
    title,
    uploadType: 'transcription',
    status: 'ready',
    transcriptStatus: 'available',
    ...text,
    createdAt: new Date(now.getTime() - minutesAgo * 60_000),
  });
  const recs = await db
    .insert(recordings)
    .values([
      recording(people.ids.rep, people.emails.rep, rows[0]!.id, 'Zenith pricing call', 120, {
        transcription: 'We walked through the zeppelin rollout plan and the pricing for three regions.',
        summary: 'Pricing walkthrough.',
        keyPoints: ['Pricing shared for three regions'],
      }),
      recording(people.ids.rep, people.emails.rep, rows[0]!.id, 'Zenith follow-up', 30, {
        transcription: 'The CFO confirmed the budget. Legal review starts Monday.',
        summary: 'Budget confirmed by the CFO; legal review next.',
        keyPoints: ['Budget approved for Q1', 'Pilot with 20 reps'],
      }),
      recording(people.ids.rep2, people.emails.rep2, rows[1]!.id, 'Renewal check-in', 10, {
        transcription: 'They keep a quokka as the office mascot.',
        summary: 'Renewal going fine.',
        keyPoints: ['Mascot talk'],
      }),
    ])
    .returning({ id: recordings.id });

  const noon = new Date(`${today}T12:00:00Z`);
  await db.insert(calendarMeetings).values([
    {
      organizationId: org,
      ownerId: people.ids.rep,
      title: 'Otto call with Zenith',
      startAt: noon,
      endAt: new Date(noon.getTime() + 1_800_000),
      dealId: rows[0]!.id,
    },
    { organizationId: org, ownerId: people.ids.rep2, title: 'Ophelia secret sync', startAt: new Date(noon.getTime() + 3_600_000) },
  ]);

  return {
    today,
    deals: { otto: rows[0]!, ophelia: rows[1]!, overdue: rows[2]!, won: rows[3]! },
    recordings: { first: recs[0]!.id, latest: recs[1]!.id, peer: recs[2]!.id },
  };
}
