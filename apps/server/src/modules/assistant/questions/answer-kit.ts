import type { TChatSource, TRecordView } from '@pipewise/contract/assistant';
import type { Caller } from '../../access/access-rules';
import { clip, count, day, inr } from './answer-format';
import type { MeetingReads } from '../../calendar/meeting-reads';
import type { DealReads } from '../../deals/deal-reads';
import type { DealLine, DealSet, DealSetReads } from '../../deals/deal-set-reads';
import type { MeetingLine, RecordingReads } from '../../recordings/recording-reads';

/** A company of the workspace, as an account a question names. */
export type Company = { id: string; name: string };

/** An answer: its text, the records it comes from, and (for list answers) those records. */
export type Answer = { text: string; sources: TChatSource[]; results: TRecordView[] };

/** Who asks, when, where, and about which account. */
export type AskContext = {
  caller: Caller;
  /** IANA zone of the caller (X-Timezone header), else UTC. */
  zone: string;
  /** yyyy-mm-dd in `zone`. */
  today: string;
  now: Date;
  /** The account the question is scoped to, resolved to the workspace's companies; null when none was named. */
  account: { asked: string; companies: Company[] } | null;
};

/** The owners' reads the answers use (built in services.ts), each with its own visibility rule. */
export type AnswerDeps = {
  dealSets: Pick<DealSetReads, 'find' | 'groupTotals'>;
  recordings: Pick<RecordingReads, 'latestForCompanies' | 'fullTextSearch'>;
  deals: Pick<DealReads, 'stakeholders' | 'fullTextSearch'>;
  calendar: Pick<MeetingReads, 'calls'>;
};

/** How many deals a list answer spells out. */
export const LISTED = 10;

export const dealUrl = (id: number) => `/dashboard/deals/${id}`;
export const meetingUrl = (id: string) => `/dashboard/meeting/${id}`;

export const dealSource = (d: { id: number; dealname: string }): TChatSource => ({
  type: 'deal',
  id: String(d.id),
  label: d.dealname,
  url: dealUrl(d.id),
});
export const meetingSource = (m: { id: string; title: string }): TChatSource => ({
  type: 'meeting',
  id: m.id,
  label: m.title,
  url: meetingUrl(m.id),
});
export const companySource = (c: Company): TChatSource => ({ type: 'company', id: c.id, label: c.name, url: null });

export const dealView = (d: DealLine): TRecordView => ({
  id: String(d.id),
  object_type: 'deal',
  properties: {
    dealname: d.dealname,
    amount: d.amount === null ? null : inr(d.amount),
    closedate: d.closedate,
    dealstage: d.stage,
    pipeline: d.pipeline,
    owner: d.owner,
    company: d.company,
  },
  url: dealUrl(d.id),
});

export const meetingView = (m: MeetingLine): TRecordView => ({
  id: m.id,
  object_type: 'meeting',
  properties: {
    title: m.title,
    date: day(m.at.slice(0, 10)),
    deal: m.dealName,
    company: m.company,
    summary: m.summary === null ? null : clip(m.summary, 150),
  },
  url: meetingUrl(m.id),
});

/** One deal as a line of a list answer. */
export function dealLine(d: DealLine, show: { closes?: boolean; updated?: boolean } = {}): string {
  const facts = [inr(d.amount)];
  if (show.closes !== false) facts.push(d.closedate ? `closes ${day(d.closedate)}` : 'no close date');
  facts.push(d.stage);
  if (show.updated) facts.push(`last updated ${day(d.updatedAt.slice(0, 10))}`);
  facts.push(d.owner ? `owner ${d.owner}` : 'no owner');
  return `- ${d.dealname}: ${facts.join(', ')}`;
}

/** ' for Kaveri Foods Pvt Ltd' when the question is scoped to an account. */
export const forAccount = (ctx: AskContext) => (ctx.account ? ` for ${ctx.account.companies.map((c) => c.name).join(' / ')}` : '');
export const accountIds = (ctx: AskContext) => (ctx.account ? ctx.account.companies.map((c) => c.id) : null);

/**
 * A list answer over a deal set: the heading (count and total), the first deals, how many more,
 * their sources and record views. An empty set gets the 'I could not find' sentence.
 */
export function dealSetAnswer(
  set: DealSet,
  heading: (n: string, total: string) => string,
  nothing: string,
  show: Parameters<typeof dealLine>[1] = {},
): Answer {
  if (set.total === 0) return { text: nothing, sources: [], results: [] };
  const lines = set.deals.map((d) => dealLine(d, show));
  const more = set.total - set.deals.length;
  const text = [
    heading(count(set.total, 'deal'), inr(set.totalAmount)),
    ...lines,
    ...(more > 0 ? [`…and ${count(more, 'more deal')}.`] : []),
  ].join('\n');
  return { text, sources: set.deals.map(dealSource), results: set.deals.map(dealView) };
}

/** The sentence for a question about an account the workspace does not have. */
export const unknownAccount = (asked: string): Answer => ({
  text: `I could not find an account named "${asked}" in your workspace.`,
  sources: [],
  results: [],
});
