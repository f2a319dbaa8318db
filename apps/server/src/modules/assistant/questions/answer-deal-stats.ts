import { count, inr, joinWords } from './answer-format';
import { accountIds, dealLine, dealSource, dealView, forAccount, type Answer, type AnswerDeps, type AskContext } from './answer-kit';
import type { DealFilters, Vocabulary } from './intents';

/** How many of the set an answer spells out. */
const SHOWN = 5;

/** The filters in words: 'owned by Rahul Verma, in Discovery, closing in December 2026'. */
export function describeFilters(f: DealFilters, vocab: Vocabulary): string {
  const parts: string[] = [];
  if (f.openOnly) parts.push('still open');
  if (f.owners.length) {
    const nameOf = (id: string) => {
      if (id === vocab.callerId) return 'you';
      const o = vocab.owners.find((p) => p.id === id);
      return o ? `${o.firstName} ${o.lastName}`.trim() || o.email : 'someone';
    };
    const names = f.owners.map(nameOf);
    parts.push(`owned by ${joinWords(names)}`);
  }
  if (f.stages.length) parts.push(`in ${joinWords(f.stages)}`);
  if (f.pipelines.length) parts.push(`in the ${joinWords(f.pipelines)} pipeline${f.pipelines.length > 1 ? 's' : ''}`);
  if (f.close) parts.push(`closing ${f.close.label}`);
  if (f.search) parts.push(`mentioning "${f.search}"`);
  return parts.join(', ');
}

/** Counts and sums over any filter set the deals list supports (the list's own filter SQL). */
export async function answerDealStats(
  ctx: AskContext,
  deps: AnswerDeps,
  measure: 'count' | 'sum' | 'both',
  filters: DealFilters,
  vocab: Vocabulary,
): Promise<Answer> {
  const set = await deps.dealSets.find(ctx.caller, { ...filters, companyIds: accountIds(ctx), order: 'amount_desc', limit: SHOWN });
  const described = describeFilters(filters, vocab);
  const subject = `${count(set.total, 'deal')}${forAccount(ctx)}${described ? ` ${described}` : ''}`;
  if (set.total === 0)
    return { text: `I could not find any deals${forAccount(ctx)}${described ? ` ${described}` : ''}.`, sources: [], results: [] };
  const head =
    measure === 'sum'
      ? `${subject} ${set.total === 1 ? 'is' : 'are'} worth ${inr(set.totalAmount)} in total.`
      : `There ${set.total === 1 ? 'is' : 'are'} ${subject}, worth ${inr(set.totalAmount)} in total.`;
  const lines = set.deals.map((d) => dealLine(d));
  const text = [head, `${set.total > SHOWN ? `The ${SHOWN} largest` : set.total === 1 ? 'The deal' : 'The deals'}:`, ...lines].join('\n');
  return { text, sources: set.deals.map(dealSource), results: set.deals.map(dealView) };
}
