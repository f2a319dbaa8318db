import type { TChatSource, TProcessCommandResponse, TRecordView } from '@pipewise/contract/assistant';
import { ZDealListQuery, type TDeal } from '@pipewise/contract/deals';
import type { Caller } from '../../access/access-rules';
import type { DealsService } from '../../deals/deals-service';
import type { CommandService } from '../commands/command-service';
import { formatInr } from '../commands/command-messages';
import { dealView } from '../commands/record-views';
import type { CheckedCall, TFindDealsArgs, TSearchArgs } from './model-tool-args';
import type { DealMatch, RecordSearchRepo, RecordingMatch } from './record-search-repo';
import { createCommandOf, updateCommandOf } from './tool-command';
import { zoneOrUtc } from '../questions/time-zone';

/** What one tool call gave: its JSON for the model, the records it named, and a command's answer. */
export type ToolOutcome = { content: string; sources: TChatSource[]; results: TRecordView[]; command: TProcessCommandResponse | null };

export type ToolDeps = {
  deals: Pick<DealsService, 'list'>;
  search: RecordSearchRepo;
  commands: Pick<CommandService, 'processParsed'>;
  now: () => Date;
};

const dealUrl = (id: number | string) => `/dashboard/deals/${id}`;
const meetingUrl = (id: string) => `/dashboard/meeting/${id}`;
/** Rupees as people here write them: ₹2,50,000. */
const inr = (amount: string | null) => (amount === null ? null : `₹${formatInr(amount)}`);
const clip = (text: string | null, max: number) => (text && text.length > max ? `${text.slice(0, max - 1)}…` : text);

const dealSource = (id: number | string, name: string): TChatSource => ({ type: 'deal', id: String(id), label: name, url: dealUrl(id) });
const meetingSource = (m: RecordingMatch): TChatSource => ({ type: 'meeting', id: m.id, label: m.title, url: meetingUrl(m.id) });

const listedDeal = (d: TDeal) => ({
  id: d.deal_id,
  name: d.dealname,
  company: d.company_name,
  stage: d.dealstage_label,
  pipeline: d.pipeline_label,
  owner: d.owner_name,
  amount: inr(d.amount),
  close_date: d.closedate,
  next_steps: clip(d.nextsteps, 200),
});

const matchedDeal = (d: DealMatch) => ({
  id: String(d.id),
  name: d.dealname,
  company: d.company,
  stage: d.stage,
  owner: d.owner,
  amount: inr(d.amount),
  close_date: d.closedate,
  next_steps: clip(d.nextsteps, 200),
  kdm: clip(d.kdm, 120),
  pain_points: clip(d.painpoints, 200),
});

const matchedMeeting = (m: RecordingMatch) => ({
  id: m.id,
  title: m.title,
  date: m.recordedAt.slice(0, 10),
  deal: m.dealname,
  summary: clip(m.summary, 400),
  transcript_excerpt: clip(m.excerpt, 400),
});

/** Runs the model's (already checked) tool calls with the caller's permissions; writes happen only on a later yes. */
export function createToolRunner(deps: ToolDeps) {
  const ctx = (timeZone: string | undefined) => ({ now: deps.now(), timeZone: zoneOrUtc(timeZone) });

  async function searchRecords(caller: Caller, args: TSearchArgs): Promise<ToolOutcome> {
    const [deals, meetings] = await Promise.all([
      deps.search.deals(caller, args.query, args.limit),
      deps.search.recordings(caller, args.query, args.limit),
    ]);
    return {
      content: JSON.stringify({ deals: deals.map(matchedDeal), meetings: meetings.map(matchedMeeting) }),
      sources: [...deals.map((d) => dealSource(d.id, d.dealname)), ...meetings.map(meetingSource)],
      results: [],
      command: null,
    };
  }

  async function findDeals(caller: Caller, args: TFindDealsArgs): Promise<ToolOutcome> {
    const query = ZDealListQuery.parse({
      owners: args.owner,
      stages: args.stage,
      pipelines: args.pipeline,
      close_from: args.close_date_from,
      close_to: args.close_date_to,
      search: args.search,
      sort: args.sort,
      page_size: 25,
    });
    const page = await deps.deals.list(caller, query);
    const rows = page.data.slice(0, args.limit);
    return {
      content: JSON.stringify({ total: page.total, total_amount: inr(page.total_amount), shown: rows.length, deals: rows.map(listedDeal) }),
      sources: rows.map((d) => dealSource(d.deal_id, d.dealname)),
      results: rows.map(dealView),
      command: null,
    };
  }

  async function command(caller: Caller, read: ReturnType<typeof createCommandOf>): Promise<ToolOutcome> {
    const { body } = await deps.commands.processParsed(caller, read.parsed, read.problems);
    const op = body.data.pending_operation;
    const sources: TChatSource[] =
      op?.record_id && op.object_type === 'deal'
        ? [dealSource(op.record_id, op.identifier)]
        : op?.record_id && op.object_type !== 'task'
          ? [{ type: op.object_type, id: op.record_id, label: op.identifier, url: null }]
          : [];
    return { content: JSON.stringify({ status: body.status, message: body.message }), sources, results: body.data.results, command: body };
  }

  return {
    /** Runs one call; `timeZone` is the caller's, for the dates a create or update names ('tomorrow'). */
    run(caller: Caller, call: CheckedCall, timeZone?: string): Promise<ToolOutcome> {
      switch (call.name) {
        case 'search_records':
          return searchRecords(caller, call.args);
        case 'find_deals':
          return findDeals(caller, call.args);
        case 'create_record':
          return command(caller, createCommandOf(call.args, ctx(timeZone)));
        case 'update_record':
          return command(caller, updateCommandOf(call.args, ctx(timeZone)));
      }
    },
  };
}

export type ToolRunner = ReturnType<typeof createToolRunner>;
