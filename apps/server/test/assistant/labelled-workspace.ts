import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/**
 * What the demo seed lacks for questions: recorded meetings (the seed has none), some deals
 * without next steps, and deals that have not been updated for a while. Deterministic: the same
 * rows on every run, derived from deal ids and fixed texts.
 */
const TOPICS = [
  {
    title: 'Discovery call',
    summary: 'Walked through their current process and the reporting pain.',
    points: ['Reporting is manual every Monday', 'They want branch-level dashboards'],
    text: 'They explained how inventory planning depends on weekly spreadsheets and asked about dashboards.',
  },
  {
    title: 'Pricing discussion',
    summary: 'Discussed the volume discount and quarterly billing.',
    points: ['Volume discount requested', 'Quarterly billing preferred'],
    text: 'Procurement asked for a volume discount and the payment terms with quarterly billing.',
  },
  {
    title: 'Security review',
    summary: 'IT reviewed hosting and data residency.',
    points: ['India region hosting accepted', 'Security questionnaire due Friday'],
    text: 'The IT director asked about data residency and the security questionnaire timelines.',
  },
  {
    title: 'Dealer workflow demo',
    summary: 'Demo of dealer orders replacing WhatsApp and phone orders.',
    points: ['Dealer portal demo went well', 'WhatsApp orders are re-keyed today'],
    text: 'Dealers send orders over WhatsApp which are re-keyed into the ERP; the portal removes that.',
  },
  {
    title: 'Board decision prep',
    summary: 'Prepared the ROI case for the board meeting.',
    points: ['Board meets at month end', 'CFO wants the ROI analysis'],
    text: 'The CFO will take the ROI analysis to the board meeting at the end of the month.',
  },
  {
    title: 'GST quotation review',
    summary: 'Reviewed GST-compliant quotations from deals.',
    points: ['GST quotations are a must', 'Finance to validate templates'],
    text: 'Finance wants GST compliant quotations generated directly from each deal.',
  },
];

/** Recordings for the first deals of every demo account (uploaded by the deal's owner), deals without next steps, and aged updates. */
export async function prepareDemoWorkspace(db: Db, organizationId: string): Promise<void> {
  await db.execute(sql`
    insert into recordings (organization_id, uploaded_by, uploader_email, deal_id, pipeline_id, title, upload_type, status,
      transcript_status, transcription, summary, key_points, sentiment, created_at)
    select d.organization_id, d.owner_id, u.email, d.id, d.pipeline_id,
      split_part(d.dealname, ' - ', 1) || ' ' || (t.topic->>'title'), 'transcription', 'ready', 'available',
      t.topic->>'text', t.topic->>'summary', t.topic->'points', case when d.id % 3 = 0 then 'negative' else 'positive' end,
      now() - make_interval(days => (d.id % 40)::int, hours => t.n::int)
    from (
      select d.*, row_number() over (partition by d.company_id order by d.id) as k from deals d where d.organization_id = ${organizationId}
    ) d
    join users u on u.id = d.owner_id
    cross join lateral (
      select n, (${JSON.stringify(TOPICS)}::jsonb) -> (((d.id + n) % ${TOPICS.length})::int) as topic
      from generate_series(1, 1 + (d.id % 3)::int) n
    ) t
    where d.k <= 2`);
  await db.execute(sql`update deals set nextsteps = null where organization_id = ${organizationId} and id % 13 = 0`);
  await db.execute(
    sql`update deals set updated_at = now() - make_interval(days => (id % 97)::int) where organization_id = ${organizationId}`,
  );
}

/** The same for the 100k-deal workspace: `count` recordings over random deals, calls today and tomorrow for every user. */
export async function prepareLargeWorkspace(db: Db, organizationId: string, count: number): Promise<void> {
  await db.execute(sql`
    insert into recordings (organization_id, uploaded_by, uploader_email, deal_id, pipeline_id, title, upload_type, status,
      transcript_status, transcription, summary, key_points, created_at)
    select d.organization_id, d.owner_id, u.email, d.id, d.pipeline_id,
      split_part(d.dealname, ' - ', 1) || ' ' || (t->>'title'), 'transcription', 'ready', 'available',
      repeat((t->>'text') || ' ', 20), t->>'summary', t->'points', now() - make_interval(hours => (d.id % 2000)::int)
    from (select * from deals where organization_id = ${organizationId} and owner_id is not null order by id limit ${count}) d
    join users u on u.id = d.owner_id
    cross join lateral (select (${JSON.stringify(TOPICS)}::jsonb) -> ((d.id % ${TOPICS.length})::int) as t) x`);
  await db.execute(sql`
    insert into calendar_meetings (organization_id, owner_id, title, start_at, end_at)
    select ${organizationId}, u.id, 'Call ' || n, date_trunc('day', now()) + make_interval(hours => 6 + n * 4),
      date_trunc('day', now()) + make_interval(hours => 6 + n * 4, mins => 30)
    from users u cross join generate_series(0, 6) n where u.organization_id = ${organizationId}`);
  await db.execute(sql`analyze`);
}
