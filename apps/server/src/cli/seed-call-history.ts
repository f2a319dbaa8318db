import { sql } from 'drizzle-orm';
import type { TMeetAttendee } from '@pipewise/contract/videos';
import { execute, type DbOrTx } from '../db/client';
import { recordingSegments, recordings } from '../db/schema';
import { extractiveInsights } from '../modules/recordings/insights/extractive-summary';
import { transcriptSentiment } from '../modules/recordings/insights/transcript-sentiment';
import { prng } from './seed-crm';
import { demoTranscript, styleOf, type Scenario } from './seed-transcripts';

/** Older calls per demo user, so the Coaching page's weekly trend has points over the last 90 days. */
export const HISTORY_CALLS_PER_USER = 3;
/** The accounts the assistant's demo questions are about keep only their own calls (seed-recordings-data.ts). */
const KEPT_ACCOUNTS = ['Kaveri Foods Pvt Ltd', 'Sahyadri Logistics'];
const SCENARIOS: Scenario[] = [
  'discovery',
  'demo',
  'pricing',
  'implementation',
  'integration',
  'security',
  'review',
  'executive',
  'renewal',
];
const TITLES: Record<Scenario, string> = {
  discovery: 'Discovery call',
  demo: 'Product walkthrough',
  pricing: 'Commercials review',
  implementation: 'Implementation check',
  integration: 'Integration scoping',
  security: 'Security questions',
  review: 'Account review',
  executive: 'Leadership sync',
  renewal: 'Renewal conversation',
};

type HistoryDeal = {
  id: number;
  pipeline_id: string;
  dealname: string;
  amount: string | null;
  company: string;
  customers: { name: string; email: string; title: string | null }[];
};

/**
 * The demo users' older calls (24 to 88 days ago), each on one of the caller's open deals that has no call yet,
 * at an account other than the two the assistant's demo questions name, with a speaker-named transcript in the
 * user's speaking style (seed-transcripts.ts): older history that the lists already page through, and the
 * Coaching page's trend. Their summaries come from the same insights code as processing.
 */
export async function seedDemoCallHistory(db: DbOrTx, organizationId: string, now = new Date()): Promise<void> {
  const rand = prng(20261201);
  const people = await execute<{ id: string; email: string; name: string }>(
    db,
    sql`select id, email, trim(first_name || ' ' || last_name) as name from users where organization_id = ${organizationId} order by email`,
  );
  const segmentRows: (typeof recordingSegments.$inferInsert)[] = [];
  // Every demo call has a title of its own (the seed's checks and the lists tell calls apart by it).
  const titles = new Set<string>();
  const titleOf = (scenario: Scenario, company: string) => {
    const base = `${TITLES[scenario]} with ${company}`;
    let title = base;
    for (let n = 2; titles.has(title); n++) title = `${base} (${n})`;
    titles.add(title);
    return title;
  };
  for (const [u, person] of people.entries()) {
    const open = await execute<HistoryDeal>(
      db,
      sql`select d.id, d.pipeline_id, d.dealname, d.amount, c.name as company,
          (select json_agg(json_build_object('name', trim(k.firstname || ' ' || k.lastname), 'email', k.email, 'title', k.jobtitle)
                  order by k.email)
             from contacts k where k.company_id = c.id and k.email is not null) as customers
        from deals d join companies c on c.id = d.company_id join pipeline_stages st on st.id = d.stage_id
        where d.organization_id = ${organizationId} and d.owner_id = ${person.id} and not st.is_closed
          and c.name <> all(${`{${KEPT_ACCOUNTS.map((a) => `"${a}"`).join(',')}}`}::text[])
          and not exists (select 1 from recordings r where r.deal_id = d.id)
          and exists (select 1 from contacts k where k.company_id = c.id and k.email is not null)
        order by d.id limit ${HISTORY_CALLS_PER_USER}`,
    );
    for (const [k, deal] of open.entries()) {
      const daysAgo = 26 + k * 22 + ((u * 5) % 13);
      const recordedAt = new Date(now.getTime() - daysAgo * 86_400_000 - 5 * 3_600_000);
      const scenario = SCENARIOS[(u + k * 4) % SCENARIOS.length]!;
      const onCall = deal.customers.slice(0, 2);
      const decisionMaker = deal.customers.at(-1)!;
      const { segments, transcription, plain } = demoTranscript(
        {
          scenario,
          style: styleOf(person.email),
          seller: person.name,
          customers: onCall.map((c) => ({ name: c.name, title: c.title })),
          company: deal.company.replace(/ (Pvt Ltd|Co)$/, ''),
          product: deal.dealname.split(' - ')[1] ?? 'the platform',
          amount: deal.amount ? Number(deal.amount) : null,
          decisionMaker: { name: decisionMaker.name, title: decisionMaker.title },
          nextStage: null,
          recordedAt,
        },
        rand,
      );
      const { summary, keyPoints } = extractiveInsights(plain);
      const company = deal.company.replace(/ (Pvt Ltd|Co)$/, '');
      const attendees: TMeetAttendee[] = [
        { email: person.email, displayName: person.name, responseStatus: 'accepted', organizer: true, self: true },
        ...onCall.map((c): TMeetAttendee => ({ email: c.email, displayName: c.name, responseStatus: 'accepted' })),
      ];
      const [row] = await db
        .insert(recordings)
        .values({
          organizationId,
          uploadedBy: person.id,
          uploaderEmail: person.email,
          dealId: deal.id,
          pipelineId: deal.pipeline_id,
          title: titleOf(scenario, company),
          uploadType: 'transcription',
          kind: k % 2 === 0 ? 'call' : 'video',
          meetAttendees: attendees,
          status: 'ready',
          durationSeconds: Math.ceil(segments.at(-1)!.endSeconds + 4),
          transcriptStatus: 'available',
          transcription,
          summary,
          keyPoints,
          sentiment: transcriptSentiment(plain).sentiment,
          recordedAt,
          processedAt: recordedAt,
          createdAt: recordedAt,
        })
        .returning({ id: recordings.id });
      segmentRows.push(...segments.map((s) => ({ ...s, recordingId: row!.id, organizationId })));
    }
  }
  if (segmentRows.length) await db.insert(recordingSegments).values(segmentRows);
}
