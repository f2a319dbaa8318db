import type { TDealScoreFactor } from '@pipewise/contract/deals';
import type { Caller } from '../../access/access-rules';
import type { DealLine } from '../../deals/deal-set-reads';
import { count, inr } from './answer-format';
import { accountIds, dealSource, dealView, forAccount, type Answer, type AnswerDeps, type AskContext } from './answer-kit';
import type { RecordReads } from './answer-record';
import { either } from './either';

/**
 * The assistant's questions about the confidence score (issue 30, docs/confidence-score.md): "which
 * of my deals are at risk" (the caller's open deals with the lowest scores and their main negative
 * factors) and "why is <deal> at 40%" (that deal's factors). Both read the stored score of deals the
 * caller sees, through the same reads as every other answer.
 */

/** "at risk" and its typos, "in danger", "likely to slip", "lowest confidence", "least likely to close". */
export const AT_RISK = either(
  /\b(?:at|in)[\s-]*(?:risk|rsik|riks|risc|rist|danger|trouble)\b|\brisk(?:y|ier|iest)\b/,
  /\b(?:likely|going|about)\s+to\s+(?:slip|fall\s+through|be\s+lost|lose)\b|\bleast\s+likely\s+to\s+(?:close|win)\b/,
  /\b(?:lowest|low|weakest|worst)\s+(?:confid\w*|confidnce|scores?|scoring)\b|\b(?:weakest|shakiest|endangered)\s+deals?\b/,
  /\bdeals?\s+(?:i|we)\s+(?:might|may|could)\s+lose\b/,
);

const WHY = /\b(?:why|wh[yi]\s*is|how\s+come|what\s+makes|what'?s\s+(?:dragging|pulling|behind)|explain|reasons?\s+for|breakdown)\b/i;
const SCORE_WORDS = either(
  /\bconfi\w*|\bconfidnce\b|\bscor(?:e|ed|ing)\b|\d{1,3}\s*(?:%|percent|pc)|\bpercent(?:age)?\b/,
  /\b(?:so|that|this|too)\s+(?:low|high|bad|weak)\b|\brisk\b|\bodds\b|\bchances?\b/,
);

/** Whether a question asks why a deal's confidence is what it is (the deal named around these words). */
export function asksWhyConfidence(rest: string): boolean {
  return (WHY.test(rest) && SCORE_WORDS.test(rest)) || /\bconfi\w*\s+(?:factors|breakdown|reasons?)\b/i.test(rest);
}

const signed = (f: TDealScoreFactor) => (f.kind === 'base' ? `${f.points}` : f.points > 0 ? `+${f.points}` : `${f.points}`);
const factorText = (f: TDealScoreFactor) => `${signed(f)}: ${f.reason}`;
const scoreOf = (d: DealLine) => (d.confidence === null ? 'not scored yet' : `${d.confidence}%`);

/** The factors that pull a score down, largest first (at most `n`). */
const negatives = (d: DealLine, n: number) =>
  (d.factors ?? [])
    .filter((f) => f.points < 0)
    .sort((a, b) => a.points - b.points)
    .slice(0, n);

/** How many deals the at-risk answer lists. */
const AT_RISK_LISTED = 5;

/** The caller's open deals with the lowest confidence scores, each with its main negative factors. */
export async function answerAtRisk(ctx: AskContext, deps: AnswerDeps): Promise<Answer> {
  const set = await deps.dealSets.find(ctx.caller, {
    owners: [],
    stages: [],
    pipelines: [],
    close: null,
    search: null,
    openOnly: true,
    companyIds: accountIds(ctx),
    order: 'confidence_asc',
    limit: AT_RISK_LISTED,
  });
  if (set.total === 0) return { text: `I could not find any open deals${forAccount(ctx)}.`, sources: [], results: [] };
  const lines = set.deals.map((d) => {
    const why = negatives(d, 3).map(factorText);
    return `- ${d.dealname}: ${scoreOf(d)} confidence on closure, ${inr(d.amount)}, ${d.stage}${why.length ? ` (${why.join('; ')})` : ''}`;
  });
  const heading =
    `The ${set.deals.length === 1 ? 'open deal' : `${set.deals.length} open deals`}${forAccount(ctx)} most at risk, ` +
    `lowest confidence first (of ${count(set.total, 'open deal')} worth ${inr(set.totalAmount)}):`;
  return { text: [heading, ...lines].join('\n'), sources: set.deals.map(dealSource), results: set.deals.map(dealView) };
}

/** "Why is <deal> at 40%": each named deal's score and every factor; says so when the number asked is not its score. */
export async function answerDealConfidence(
  records: RecordReads,
  caller: Caller,
  dealIds: (string | number)[],
  asked: string,
): Promise<Answer> {
  const deals = await records.dealRecords.deals(caller, dealIds);
  if (deals.length === 0) return { text: 'I could not find that deal among the deals you can see.', sources: [], results: [] };
  const number = /(\d{1,3})\s*(?:%|percent|pc)/i.exec(asked);
  const texts = deals.map((d) => {
    if (d.confidence === null) return `${d.dealname} has no confidence score yet: it is computed within a minute of its first change.`;
    const not = number && Number(number[1]) !== d.confidence ? `, not ${number[1]}%` : '';
    const lines = (d.factors ?? []).map((f) => `- ${factorText(f)}`);
    return [
      `${d.dealname} is at ${d.confidence}% confidence on closure${not}. It starts from its stage and moves with each signal:`,
      ...lines,
    ].join('\n');
  });
  return { text: texts.join('\n\n'), sources: deals.map(dealSource), results: deals.map(dealView) };
}
