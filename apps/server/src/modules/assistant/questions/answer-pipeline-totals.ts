import { count, inr } from './answer-format';
import { accountIds, dealSource, dealView, forAccount, type Answer, type AnswerDeps, type AskContext } from './answer-kit';
import type { GroupTotal } from '../../deals/deal-set-reads';

const NO_FILTERS = { owners: [], stages: [], pipelines: [], close: null, search: null };
const sum = (groups: GroupTotal[]) => groups.reduce((a, g) => a + Number(g.amount), 0);
const groupLine = (g: GroupTotal) => `- ${g.label}: ${count(g.deals, 'deal')}, ${inr(g.amount)}`;

/**
 * Totals per stage (every stage, closed ones included: that is what a stage breakdown shows), or
 * per pipeline or owner (open deals only: the pipeline still to win).
 */
export async function answerPipelineBy(ctx: AskContext, deps: AnswerDeps, by: 'stage' | 'pipeline' | 'owner'): Promise<Answer> {
  const openOnly = by !== 'stage';
  const [groups, top] = await Promise.all([
    deps.dealSets.groupTotals(ctx.caller, by, openOnly, accountIds(ctx)),
    deps.dealSets.find(ctx.caller, { ...NO_FILTERS, openOnly, companyIds: accountIds(ctx), order: 'amount_desc', limit: 5, totals: false }),
  ]);
  const scope = openOnly ? 'open deals' : 'deals';
  if (groups.length === 0) return { text: `I could not find any ${scope}${forAccount(ctx)}.`, sources: [], results: [] };
  const deals = groups.reduce((a, g) => a + g.deals, 0);
  const text = [
    `${openOnly ? 'Open pipeline' : 'Deals'}${forAccount(ctx)} by ${by}: ` +
      `${count(deals, openOnly ? 'open deal' : 'deal')}, ${inr(sum(groups))} in total.`,
    ...groups.map(groupLine),
    `Largest ${scope}: ${top.deals.map((d) => `${d.dealname} (${inr(d.amount)})`).join('; ')}.`,
  ].join('\n');
  return { text, sources: top.deals.map(dealSource), results: top.deals.map(dealView) };
}

/** The team member with the most open pipeline, and the runners-up. */
export async function answerTopOwner(ctx: AskContext, deps: AnswerDeps): Promise<Answer> {
  const groups = (await deps.dealSets.groupTotals(ctx.caller, 'owner', true, accountIds(ctx))).filter((g) => g.key !== null);
  if (groups.length === 0)
    return { text: `I could not find any open deals${forAccount(ctx)} owned by your team.`, sources: [], results: [] };
  const [first, ...rest] = groups.sort((a, b) => Number(b.amount) - Number(a.amount) || a.label.localeCompare(b.label));
  const top = await deps.dealSets.find(ctx.caller, {
    ...NO_FILTERS,
    owners: [first!.key!],
    openOnly: true,
    companyIds: accountIds(ctx),
    order: 'amount_desc',
    limit: 3,
    totals: false,
  });
  const text = [
    `${first!.label} has the most open pipeline${forAccount(ctx)}: ${inr(first!.amount)} across ${count(first!.deals, 'deal')}.`,
    ...(rest.length ? ['Next:', ...rest.slice(0, 4).map(groupLine)] : []),
    ...(top.deals.length
      ? [`${first!.label}'s largest open deals: ${top.deals.map((d) => `${d.dealname} (${inr(d.amount)})`).join('; ')}.`]
      : []),
  ].join('\n');
  return { text, sources: top.deals.map(dealSource), results: top.deals.map(dealView) };
}
