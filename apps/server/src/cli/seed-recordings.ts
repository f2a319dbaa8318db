import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TMeetAttendee } from '@pipewise/contract/videos';
import { extractiveInsights } from '../modules/recordings/insights/extractive-summary';
import { transcriptSentiment } from '../modules/recordings/insights/transcript-sentiment';
import { storeDemoMediaJob } from '../modules/recordings/recording-jobs';
import { extractCallSuggestionsJob } from '../modules/call-suggestions/call-suggestions-jobs';
import type { DbOrTx } from '../db/client';
import { contacts, deals, jobs, recordings, users } from '../db/schema';
import { DEMO_MEDIA_RECORDING, DEMO_RECORDINGS } from './seed-recordings-data';

type Person = { id: string; email: string; name: string };
type DealRef = { id: number; pipelineId: string; companyId: string | null };

/**
 * Meeting recordings on the demo deals, for reps and managers: ready-made ones whose summary,
 * key points and sentiment come from the same insights code as processing, and one real video
 * whose media is stored and processed by a job, so playback and processing show without an upload.
 */
export async function seedDemoRecordings(db: DbOrTx, organizationId: string, now = new Date()): Promise<void> {
  const people = await db
    .select({ id: users.id, email: users.email, first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.organizationId, organizationId));
  const byEmail = new Map<string, Person>(people.map((p) => [p.email, { id: p.id, email: p.email, name: `${p.first} ${p.last}`.trim() }]));
  const used = new Set<number>();

  /** The uploader's next own deal (each recording on a different one), with the company's contacts. */
  async function dealOf(owner: Person): Promise<{ deal: DealRef | undefined; customers: { email: string; displayName: string }[] }> {
    const owned = await db
      .select({ id: deals.id, pipelineId: deals.pipelineId, companyId: deals.companyId })
      .from(deals)
      .where(and(eq(deals.organizationId, organizationId), eq(deals.ownerId, owner.id)))
      .orderBy(asc(deals.id));
    const deal = owned.find((d) => !used.has(d.id)) ?? owned[0];
    if (deal) used.add(deal.id);
    const people = deal?.companyId
      ? await db
          .select({ email: contacts.email, first: contacts.firstname, last: contacts.lastname })
          .from(contacts)
          .where(inArray(contacts.companyId, [deal.companyId]))
          .orderBy(asc(contacts.email))
      : [];
    return { deal, customers: people.filter((c) => c.email).map((c) => ({ email: c.email!, displayName: `${c.first} ${c.last}`.trim() })) };
  }

  function attendees(
    owner: Person,
    customers: { email: string; displayName: string }[],
    responses: TMeetAttendee['responseStatus'][],
  ): TMeetAttendee[] {
    const organizer: TMeetAttendee = {
      email: owner.email,
      displayName: owner.name,
      responseStatus: 'accepted',
      organizer: true,
      self: true,
    };
    return [organizer, ...responses.flatMap((responseStatus, i) => (customers[i] ? [{ ...customers[i], responseStatus }] : []))];
  }

  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000 - 3 * 3_600_000);

  /** What every demo recording has: its uploader, one of their deals, who attended, and when. */
  async function common(owner: Person, title: string, daysAgo: number, responses: TMeetAttendee['responseStatus'][]) {
    const { deal, customers } = await dealOf(owner);
    return {
      organizationId,
      uploadedBy: owner.id,
      uploaderEmail: owner.email,
      dealId: deal?.id ?? null,
      pipelineId: deal?.pipelineId ?? null,
      title,
      meetAttendees: attendees(owner, customers, responses),
      recordedAt: at(daysAgo),
      createdAt: at(daysAgo),
    };
  }

  for (const r of DEMO_RECORDINGS) {
    const owner = byEmail.get(r.uploader);
    if (!owner) continue;
    const { summary, keyPoints } = extractiveInsights(r.transcript);
    const recordingId = randomUUID();
    const shared = await common(owner, r.title, r.daysAgo, r.responses);
    // A call on a deal gets its suggested updates on first start, as a processed upload does.
    if (shared.dealId !== null) {
      const payload = extractCallSuggestionsJob.payload.parse({ recordingId });
      await db.insert(jobs).values({ type: extractCallSuggestionsJob.type, payload, maxAttempts: 3, runAt: now });
    }
    await db.insert(recordings).values({
      ...shared,
      id: recordingId,
      uploadType: 'transcription',
      kind: r.kind,
      meetLink: `https://meet.google.com/${r.title
        .toLowerCase()
        .replace(/[^a-z]/g, '')
        .slice(0, 3)}-demo-${r.daysAgo}`,
      status: 'ready',
      // A transcript of the whole call; the recorded length is what the calendar booked.
      durationSeconds: r.durationMinutes * 60,
      transcriptStatus: 'available',
      transcription: r.transcript,
      summary,
      keyPoints,
      sentiment: transcriptSentiment(r.transcript).sentiment,
      processedAt: at(r.daysAgo),
    });
  }

  const m = DEMO_MEDIA_RECORDING;
  const owner = byEmail.get(m.uploader);
  if (!owner) return;
  const id = randomUUID();
  await db.insert(recordings).values({
    ...(await common(owner, m.title, m.daysAgo, m.responses)),
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
