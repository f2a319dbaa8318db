import type { TRecordView } from '@pipewise/contract/assistant';
import { count, day } from './answer-format';
import { accountIds, forAccount, type Answer, type AnswerDeps, type AskContext } from './answer-kit';
import type { CallLine } from '../../calendar/meeting-reads';
import { addDays, dayRange, localTime } from './time-zone';

/** SPEC: a call without a title is shown as 'Meeting'. */
const titleOf = (c: CallLine) => c.title?.trim() || 'Meeting';

/** Today's or tomorrow's calls on the caller's calendar and their team's, in the caller's time zone. */
export async function answerCalls(ctx: AskContext, deps: AnswerDeps, which: 'today' | 'tomorrow'): Promise<Answer> {
  const date = which === 'today' ? ctx.today : addDays(ctx.today, 1);
  const calls = await deps.calendar.calls(ctx.caller, dayRange(date, ctx.zone), accountIds(ctx));
  if (calls.length === 0)
    return { text: `I could not find any calls${forAccount(ctx)} ${which} (${day(date)}) for you or your team.`, sources: [], results: [] };
  const mine = calls.filter((c) => c.ownerId === ctx.caller.id);
  const line = (c: CallLine) =>
    `- ${c.allDay ? 'All day' : localTime(c.startAt, ctx.zone)}: ${titleOf(c)}${c.ownerId === ctx.caller.id ? '' : ` (${c.owner})`}` +
    `${c.dealName ? `, deal ${c.dealName}` : ''}${c.meetLink ? '' : ', no meeting link'}`;
  const text = [
    `${count(calls.length, 'call')}${forAccount(ctx)} ${which}, ${day(date)} (times in ${ctx.zone}); ${mine.length} on your calendar:`,
    ...calls.map(line),
  ].join('\n');
  const results: TRecordView[] = calls.map((c) => ({
    id: c.id,
    object_type: 'call',
    properties: {
      title: titleOf(c),
      start: c.allDay ? 'All day' : localTime(c.startAt, ctx.zone),
      owner: c.owner,
      deal: c.dealName,
      meet_link: c.meetLink,
    },
    url: c.dealId ? `/dashboard/deals/${c.dealId}` : null,
  }));
  return {
    text,
    sources: calls.map((c) => ({
      type: 'call' as const,
      id: c.id,
      label: titleOf(c),
      url: c.dealId ? `/dashboard/deals/${c.dealId}` : null,
    })),
    results,
  };
}
