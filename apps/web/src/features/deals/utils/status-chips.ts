import type { TDeal, TPipeline } from '@pipewise/contract/deals';

export type ChipState = 'active' | 'neutral' | 'inactive';
export type StatusChip = { label: string; state: ChipState; reason: string };

type Stage = TPipeline['stages'][number];
type ChipDeal = Pick<TDeal, 'company_name' | 'amount' | 'dealstage' | 'dealstage_label' | 'confidence_score'>;

const LOST = /lost|churn/i;
const WON = /won|renewed/i;
const CONTRACT = /contract|legal|negotiation/i;
const LEGAL_REVIEW = /^legal review$/i;
/** A stage this far through its pipeline's open stages counts as a high closing probability. */
const HIGH_PROBABILITY = 0.7;
const TECHNICAL_FIT_SCORE = 70;
const LOW_SCORE = 40;

/** Where the deal's stage sits: closed won/lost, or open with its share of the way through. */
function stageProgress(deal: ChipDeal, stages: readonly Stage[]) {
  const label = deal.dealstage_label;
  const won = WON.test(label);
  const lost = LOST.test(label);
  const ordered = [...stages].sort((a, b) => a.displayOrder - b.displayOrder);
  const open = ordered.filter((s) => !WON.test(s.label) && !LOST.test(s.label));
  const openIndex = open.findIndex((s) => s.stageId === deal.dealstage);
  const probability = won ? 1 : lost ? 0 : openIndex >= 0 ? (openIndex + 1) / open.length : null;
  return {
    won,
    lost,
    probability,
    index: ordered.findIndex((s) => s.stageId === deal.dealstage),
    legalIndex: ordered.findIndex((s) => LEGAL_REVIEW.test(s.label)),
  };
}

/**
 * The deal's status chips (decision 7: derived from its fields, each shown once), in the spec's
 * order. `stages` are the stages of the deal's pipeline; without them stage-based chips are neutral.
 */
export function statusChips(deal: ChipDeal, stages: readonly Stage[]): StatusChip[] {
  const progress = stageProgress(deal, stages);
  const hasAmount = deal.amount !== null && Number(deal.amount) > 0;
  const score = deal.confidence_score;

  const relevantAccount: StatusChip = deal.company_name
    ? { label: 'Relevant Account', state: 'active', reason: `Linked to ${deal.company_name}` }
    : { label: 'Relevant Account', state: 'inactive', reason: 'No company linked' };

  const contractReview: StatusChip = CONTRACT.test(deal.dealstage_label)
    ? { label: 'Contract Review', state: 'active', reason: `Stage is ${deal.dealstage_label}` }
    : progress.lost
      ? { label: 'Contract Review', state: 'inactive', reason: 'Deal is lost' }
      : { label: 'Contract Review', state: 'neutral', reason: 'Not in a contract, legal or negotiation stage' };

  let budgetApproved: StatusChip;
  if (!hasAmount) budgetApproved = { label: 'Budget Approved', state: 'inactive', reason: 'No deal value yet' };
  else if (progress.lost) budgetApproved = { label: 'Budget Approved', state: 'inactive', reason: 'Deal is lost' };
  else if (progress.probability === null) budgetApproved = { label: 'Budget Approved', state: 'neutral', reason: 'Stage not known' };
  else if (progress.probability >= HIGH_PROBABILITY)
    budgetApproved = { label: 'Budget Approved', state: 'active', reason: 'Value set and the stage is late in the pipeline' };
  else budgetApproved = { label: 'Budget Approved', state: 'neutral', reason: 'Value set; the stage is still early' };

  const technicalFit: StatusChip =
    score === null
      ? { label: 'Technical Fit', state: 'neutral', reason: 'No confidence score yet' }
      : score >= TECHNICAL_FIT_SCORE
        ? { label: 'Technical Fit', state: 'active', reason: `Confidence ${score}%` }
        : { label: 'Technical Fit', state: score < LOW_SCORE ? 'inactive' : 'neutral', reason: `Confidence ${score}%` };

  let legalReview: StatusChip;
  if (LEGAL_REVIEW.test(deal.dealstage_label)) legalReview = { label: 'Legal Review', state: 'active', reason: 'Stage is Legal Review' };
  else if (progress.index >= 0 && progress.index < progress.legalIndex && !progress.won && !progress.lost) {
    legalReview = { label: 'Legal Review', state: 'neutral', reason: 'Legal review is still ahead' };
  } else legalReview = { label: 'Legal Review', state: 'inactive', reason: 'Not in legal review' };

  return [relevantAccount, contractReview, budgetApproved, technicalFit, legalReview];
}
