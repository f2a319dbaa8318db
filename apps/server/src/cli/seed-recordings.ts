import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { and, asc, eq } from 'drizzle-orm';
import type { TMeetAttendee } from '@pipewise/contract/videos';
import { extractiveInsights } from '../modules/recordings/insights/extractive-summary';
import { transcriptSentiment } from '../modules/recordings/insights/transcript-sentiment';
import { storeDemoMediaJob } from '../modules/recordings/recording-jobs';
import { extractCallSuggestionsJob } from '../modules/call-suggestions/call-suggestions-jobs';
import type { DbOrTx } from '../db/client';
import { companies, contacts, deals, jobs, pipelineStages, pipelines, recordingSegments, recordings, users } from '../db/schema';
import { DEMO_MEDIA_RECORDING, DEMO_RECORDINGS } from './seed-recordings-data';
import { prng } from './seed-crm';
import { demoTranscript, styleOf } from './seed-transcripts';

type Person = { id: string; email: string; name: string };
type DealRef = {
  id: number;
  pipelineId: string;
  companyId: string | null;
  dealname: string;
  amount: string | null;
  kdm: string | null;
  stageOrder: number;
  closed: boolean;
  company: string | null;
};
type Customer = { email: string; displayName: string; title: string | null };

/**
 * Meeting recordings on the demo deals, for reps and managers: ready-made ones with speaker-named
 * transcripts (segments with times, generated from templates: seed-transcripts.ts) whose summary,
 * key points and sentiment come from the same insights code as processing, and one real video
 * whose media is stored and processed by a job, so playback and processing show without an upload.
 */
export async function seedDemoRecordings(db: DbOrTx, organizationId: string, now = new Date()): Promise<void> {
  const rand = prng(20261130);
  const people = await db
    .select({ id: users.id, email: users.email, first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.organizationId, organizationId));
  const byEmail = new Map<string, Person>(people.map((p) => [p.email, { id: p.id, email: p.email, name: `${p.first} ${p.last}`.trim() }]));
  const used = new Set<number>();

  // The workspace's deals (with their stage and company), contacts and open stages, read once.
  const allDeals = await db
    .select({
      id: deals.id,
      ownerId: deals.ownerId,
      pipelineId: deals.pipelineId,
      companyId: deals.companyId,
      dealname: deals.dealname,
      amount: deals.amount,
      kdm: deals.kdm,
      stageOrder: pipelineStages.displayOrder,
      closed: pipelineStages.isClosed,
      company: companies.name,
    })
    .from(deals)
    .innerJoin(pipelineStages, eq(pipelineStages.id, deals.stageId))
    .leftJoin(companies, eq(companies.id, deals.companyId))
    .where(eq(deals.organizationId, organizationId))
    .orderBy(asc(deals.id));
  const allContacts = await db
    .select({
      companyId: contacts.companyId,
      email: contacts.email,
      first: contacts.firstname,
      last: contacts.lastname,
      title: contacts.jobtitle,
    })
    .from(contacts)
    .where(eq(contacts.organizationId, organizationId))
    .orderBy(asc(contacts.email));
  const openStages = await db
    .select({ pipelineId: pipelineStages.pipelineId, label: pipelineStages.label, order: pipelineStages.displayOrder })
    .from(pipelineStages)
    .innerJoin(pipelines, eq(pipelines.id, pipelineStages.pipelineId))
    .where(and(eq(pipelines.organizationId, organizationId), eq(pipelineStages.isClosed, false)))
    .orderBy(asc(pipelineStages.displayOrder));

  /**
   * The uploader's next own deal (each recording on a different one; an open one at `company` first, then any
   * open one), with the company's contacts.
   */
  function dealOf(owner: Person, company?: string): { deal: DealRef | undefined; customers: Customer[] } {
    const owned = allDeals.filter((d) => d.ownerId === owner.id);
    const free = owned.filter((d) => !used.has(d.id));
    const deal =
      free.find((d) => !d.closed && company !== undefined && d.company === company) ?? free.find((d) => !d.closed) ?? free[0] ?? owned[0];
    if (deal) used.add(deal.id);
    const people = deal?.companyId ? allContacts.filter((c) => c.companyId === deal.companyId) : [];
    return {
      deal,
      customers: people
        .filter((c) => c.email)
        .map((c) => ({ email: c.email!, displayName: `${c.first} ${c.last}`.trim(), title: c.title })),
    };
  }

  function attendees(owner: Person, customers: Customer[], responses: TMeetAttendee['responseStatus'][]): TMeetAttendee[] {
    const organizer: TMeetAttendee = {
      email: owner.email,
      displayName: owner.name,
      responseStatus: 'accepted',
      organizer: true,
      self: true,
    };
    return [
      organizer,
      ...responses.flatMap((responseStatus, i) =>
        customers[i] ? [{ email: customers[i].email, displayName: customers[i].displayName, responseStatus }] : [],
      ),
    ];
  }

  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000 - 3 * 3_600_000);

  /** What every demo recording has: its uploader, one of their deals, who attended, and when. */
  async function common(owner: Person, title: string, daysAgo: number, responses: TMeetAttendee['responseStatus'][], company?: string) {
    const { deal, customers } = dealOf(owner, company);
    return {
      deal,
      customers,
      values: {
        organizationId,
        uploadedBy: owner.id,
        uploaderEmail: owner.email,
        dealId: deal?.id ?? null,
        pipelineId: deal?.pipelineId ?? null,
        title,
        meetAttendees: attendees(owner, customers, responses),
        recordedAt: at(daysAgo),
        createdAt: at(daysAgo),
      },
    };
  }

  /** The next open stage of the deal's pipeline: the forward move a call proposes. */
  const nextStageOf = (deal: DealRef | undefined): string | null =>
    deal && !deal.closed ? (openStages.find((st) => st.pipelineId === deal.pipelineId && st.order > deal.stageOrder)?.label ?? null) : null;

  const segmentRows: (typeof recordingSegments.$inferInsert)[] = [];
  for (const r of DEMO_RECORDINGS) {
    const owner = byEmail.get(r.uploader);
    if (!owner) continue;
    const { deal, customers, values } = await common(owner, r.title, r.daysAgo, r.responses, r.company);
    const onCall = customers.slice(0, Math.max(1, r.responses.length));
    const speakers = onCall.length ? onCall.map((c) => ({ name: c.displayName, title: c.title })) : [{ name: 'Customer', title: null }];
    // The deal's key decision maker ('Name (Title)'), else another of the company's contacts.
    const kdm = /^(.*?)\s*\((.*)\)$/.exec(deal?.kdm ?? '');
    const another = customers.find((c) => c.displayName !== speakers[0]!.name) ?? customers[0];
    const decisionMaker =
      kdm && kdm[1] !== speakers[0]!.name
        ? { name: kdm[1]!, title: kdm[2]! }
        : { name: another?.displayName ?? speakers[0]!.name, title: another?.title ?? null };
    const recordedAt = at(r.daysAgo);
    const { segments, transcription, plain } = demoTranscript(
      {
        scenario: r.scenario,
        style: styleOf(r.uploader),
        seller: owner.name,
        customers: speakers,
        company: deal?.company?.replace(/ (Pvt Ltd|Co)$/, '') ?? 'your company',
        product: deal?.dealname.split(' - ')[1] ?? 'the platform',
        amount: deal?.amount ? Number(deal.amount) : null,
        decisionMaker,
        nextStage: nextStageOf(deal),
        recordedAt,
      },
      rand,
    );
    const { summary, keyPoints } = extractiveInsights(plain);
    const [row] = await db
      .insert(recordings)
      .values({
        ...values,
        uploadType: 'transcription',
        kind: r.kind,
        meetLink: `https://meet.google.com/${r.title
          .toLowerCase()
          .replace(/[^a-z]/g, '')
          .slice(0, 3)}-demo-${r.daysAgo}`,
        status: 'ready',
        // The call's length is its transcript's, to the end of the last words.
        durationSeconds: Math.ceil(segments.at(-1)!.endSeconds + 4),
        transcriptStatus: 'available',
        transcription,
        summary,
        keyPoints,
        sentiment: transcriptSentiment(plain).sentiment,
        processedAt: recordedAt,
      })
      .returning({ id: recordings.id });
    segmentRows.push(...segments.map((s) => ({ ...s, recordingId: row!.id, organizationId })));
    // A call on a deal gets its suggested updates on first start, as a processed upload does.
    if (values.dealId !== null) {
      const payload = extractCallSuggestionsJob.payload.parse({ recordingId: row!.id });
      await db.insert(jobs).values({ type: extractCallSuggestionsJob.type, payload, maxAttempts: 3, runAt: now });
    }
  }
  if (segmentRows.length) await db.insert(recordingSegments).values(segmentRows);

  const m = DEMO_MEDIA_RECORDING;
  const owner = byEmail.get(m.uploader);
  if (!owner) return;
  const id = randomUUID();
  await db.insert(recordings).values({
    ...(await common(owner, m.title, m.daysAgo, m.responses)).values,
    id,
    uploadType: 'file',
    kind: 'video',
    mediaType: m.mediaType,
    sizeBytes: fs.statSync(m.file).size,
    originalName: 'demo-call.mp4',
    storageKey: `recordings/${id}/media.mp4`,
    status: 'uploaded',
  });
  // Storage is not at hand inside the seed's transaction: the job puts the file in place, then processes it.
  await db
    .insert(jobs)
    .values({ type: storeDemoMediaJob.type, payload: storeDemoMediaJob.payload.parse({ recordingId: id }), maxAttempts: 3, runAt: now });
}
