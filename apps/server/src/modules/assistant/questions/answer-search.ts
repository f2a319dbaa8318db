import type { TChatSource, TRecordView } from '@pipewise/contract/assistant';
import { clip, day, inr } from './answer-format';
import {
  accountIds,
  dealSource,
  dealUrl,
  forAccount,
  meetingSource,
  meetingView,
  type Answer,
  type AnswerDeps,
  type AskContext,
} from './answer-kit';
import type { DealHit } from '../../deals/deal-reads';
import type { MeetingHit } from '../../recordings/recording-reads';
import { searchKinds, searchText } from './search-terms';
import { localDate } from './time-zone';

const SHOWN = 3;

/** Free text: the meetings and deals that match it best (all its words, else any of them), with a snippet each. */
export async function answerSearch(ctx: AskContext, deps: AnswerDeps, question: string): Promise<Answer> {
  const text = searchText(question);
  const kinds = searchKinds(question);
  const nothing: Answer = {
    text: `I could not find anything${forAccount(ctx)} matching "${clip(question, 80)}" in your meetings or deals.`,
    sources: [],
    results: [],
  };
  if (!text) return nothing;
  const run = (anyWord: boolean) =>
    Promise.all([
      kinds.meetings
        ? deps.recordings.fullTextSearch(ctx.caller, text, anyWord, accountIds(ctx), SHOWN)
        : Promise.resolve([] as MeetingHit[]),
      kinds.deals ? deps.deals.fullTextSearch(ctx.caller, text, anyWord, accountIds(ctx), SHOWN) : Promise.resolve([] as DealHit[]),
    ]);
  let [meetings, deals] = await run(false);
  let partial = false;
  if (meetings.length === 0 && deals.length === 0 && /\s/.test(text.trim())) {
    [meetings, deals] = await run(true);
    partial = true;
  }
  if (meetings.length === 0 && deals.length === 0) return nothing;
  const lines = [`${partial ? 'Nothing matched every word; these match some of them' : 'Best matches'} for "${text}"${forAccount(ctx)}:`];
  if (meetings.length) {
    lines.push('Meetings:');
    for (const m of meetings)
      lines.push(
        `- "${m.title}" (${day(localDate(new Date(m.at), ctx.zone))}${m.dealName ? `, ${m.dealName}` : ''}): ` +
          clip(m.snippet || m.summary || '', 220),
      );
  }
  if (deals.length) {
    lines.push('Deals:');
    for (const d of deals) lines.push(`- ${d.dealname} (${inr(d.amount)}, ${d.stage}): ${clip(d.snippet, 220)}`);
  }
  const sources: TChatSource[] = [...meetings.map(meetingSource), ...deals.map(dealSource)];
  const results: TRecordView[] = [
    ...meetings.map(meetingView),
    ...deals.map((d): TRecordView => ({
      id: String(d.id),
      object_type: 'deal',
      properties: { dealname: d.dealname, amount: inr(d.amount), dealstage: d.stage, company: d.company },
      url: dealUrl(d.id),
    })),
  ];
  return { text: lines.join('\n'), sources, results };
}
