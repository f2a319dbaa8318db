import { day, inr as inrOf } from './answer-format';
import { addDays as addDay } from './time-zone';
import { accountIds, dealSetAnswer, forAccount, LISTED, type Answer, type AnswerDeps, type AskContext } from './answer-kit';
import type { DateRange } from './periods';
import type { DealFilters, Vocabulary } from './intents';
import { describeFilters } from './answer-deal-stats';

const NO_FILTERS: DealFilters = { owners: [], stages: [], pipelines: [], close: null, search: null };
const span = (r: DateRange) =>
  r.from === '0001-01-01' ? `up to ${day(r.to)}` : r.to === '9999-12-31' ? `from ${day(r.from)}` : `${day(r.from)} to ${day(r.to)}`;

/** Open deals whose close date falls in a period. */
export async function answerClosing(ctx: AskContext, deps: AnswerDeps, range: DateRange): Promise<Answer> {
  const set = await deps.dealSets.find(ctx.caller, {
    ...NO_FILTERS,
    close: range,
    openOnly: true,
    companyIds: accountIds(ctx),
    order: 'closedate_asc',
    limit: LISTED,
  });
  return dealSetAnswer(
    set,
    (n, total) =>
      `${n}${forAccount(ctx)} ${set.total === 1 ? 'is' : 'are'} open and closing ${range.label} (${span(range)}), worth ${total} in total:`,
    `I could not find any open deals${forAccount(ctx)} closing ${range.label} (${span(range)}).`,
  );
}

/** The largest open deals. */
export async function answerLargest(
  ctx: AskContext,
  deps: AnswerDeps,
  limit: number,
  filters: DealFilters,
  vocab: Vocabulary,
): Promise<Answer> {
  const set = await deps.dealSets.find(ctx.caller, {
    ...filters,
    openOnly: true,
    companyIds: accountIds(ctx),
    order: 'amount_desc',
    limit,
  });
  const shown = Math.min(limit, set.total);
  const described = describeFilters(filters, vocab);
  const which = `${forAccount(ctx)}${described ? ` ${described}` : ''}`;
  return dealSetAnswer(
    { ...set, total: shown },
    () =>
      `The ${shown === 1 ? 'largest open deal' : `${shown} largest open deals`}${which} ` +
      `(of ${set.total.toLocaleString('en-IN')} open deals worth ${inrOf(set.totalAmount)}):`,
    `I could not find any open deals${which}.`,
  );
}

/** Open deals without next steps. */
export async function answerNoNextSteps(ctx: AskContext, deps: AnswerDeps): Promise<Answer> {
  const set = await deps.dealSets.find(ctx.caller, {
    ...NO_FILTERS,
    openOnly: true,
    noNextSteps: true,
    companyIds: accountIds(ctx),
    order: 'amount_desc',
    limit: LISTED,
  });
  return dealSetAnswer(
    set,
    (n, total) => `${n}${forAccount(ctx)} ${set.total === 1 ? 'has' : 'have'} no next steps (open deals, worth ${total}), largest first:`,
    `I could not find any open deals${forAccount(ctx)} without next steps.`,
  );
}

/** Open deals with no activity for `days` days: not updated, no meeting recorded on them and no call on them in that time. */
export async function answerStuck(ctx: AskContext, deps: AnswerDeps, days: number): Promise<Answer> {
  const before = new Date(ctx.now.getTime() - days * 86_400_000);
  const set = await deps.dealSets.find(ctx.caller, {
    ...NO_FILTERS,
    openOnly: true,
    updatedBefore: before,
    companyIds: accountIds(ctx),
    order: 'updated_asc',
    limit: LISTED,
  });
  return dealSetAnswer(
    set,
    (n, total) =>
      `${n}${forAccount(ctx)} ${set.total === 1 ? 'has' : 'have'} had no activity for ${days} days or more ` +
      `(open deals, worth ${total}: not updated, no meeting recorded and no call on ${set.total === 1 ? 'it' : 'them'} in that time), ` +
      'longest untouched first:',
    `I could not find any open deals${forAccount(ctx)} that have gone ${days} days without activity ` +
      '(an update, a recorded meeting or a call).',
    { updated: true },
  );
}

/** Open deals whose close date has passed. */
export async function answerOverdue(ctx: AskContext, deps: AnswerDeps): Promise<Answer> {
  const yesterday = { from: '0001-01-01', to: addDay(ctx.today, -1), label: 'before today' };
  const set = await deps.dealSets.find(ctx.caller, {
    ...NO_FILTERS,
    close: yesterday,
    openOnly: true,
    companyIds: accountIds(ctx),
    order: 'closedate_asc',
    limit: LISTED,
  });
  return dealSetAnswer(
    set,
    (n, total) =>
      `${n}${forAccount(ctx)} ${set.total === 1 ? 'is' : 'are'} still open past ${set.total === 1 ? 'its' : 'their'} close date ` +
      `(worth ${total}), oldest first:`,
    `I could not find any open deals${forAccount(ctx)} past their close date.`,
  );
}
