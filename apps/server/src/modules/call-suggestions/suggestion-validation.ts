import { isValidIsoDate, parseAmount } from '@pipewise/contract/deals';
import type { DealSnapshot, PipelineStage, Proposal } from './suggestion-types';

/**
 * Whether a proposal may be shown: its value valid for its field, different from the deal's
 * current value, a stage only forward and never won or lost, a close date not before the call.
 * The rule-based extractor and the model path both go through it: an invalid value is dropped,
 * never proposed. Returns the proposal as it will be stored (a stage with its id), or null.
 */
export function validProposal(p: Proposal, deal: DealSnapshot, stages: readonly PipelineStage[], callDay: string): Proposal | null {
  const text = typeof p.value === 'string' ? p.value.trim() : '';
  if (p.date !== undefined && (!isValidIsoDate(p.date) || p.date < callDay)) return null;
  switch (p.field) {
    case 'close_date':
      if (typeof p.value !== 'string' || !isValidIsoDate(p.value) || p.value < callDay || p.value === deal.closedate) return null;
      return p;
    case 'amount': {
      const parsed = typeof p.value === 'number' && Number.isFinite(p.value) && p.value > 0 ? parseAmount(String(p.value)) : null;
      if (!parsed?.ok || (deal.amount !== null && Number(parsed.value) === deal.amount)) return null;
      return { ...p, value: Number(parsed.value) };
    }
    case 'stage': {
      const target = stages.find((s) => (p.stageId ? s.stageId === p.stageId : s.label.toLowerCase() === text.toLowerCase()));
      const current = stages.find((s) => s.stageId === deal.stageId);
      if (!target || !current || target.kind !== 'open' || target.displayOrder <= current.displayOrder) return null;
      return { ...p, value: target.label, stageId: target.stageId };
    }
    case 'decision_maker':
      if (!/^[\p{L}][\p{L} .'-]{1,99}$/u.test(text) || (deal.kdm ?? '').toLowerCase().includes(text.toLowerCase())) return null;
      return { ...p, value: text };
    case 'competitors':
      if (text.length < 2 || text.length > 100 || deal.competitors.some((c) => c.toLowerCase() === text.toLowerCase())) return null;
      return { ...p, value: text };
    case 'pain_points':
      if (text.length < 10 || text.length > 2000 || (deal.painpoints ?? '').toLowerCase().includes(text.toLowerCase())) return null;
      return { ...p, value: text };
    case 'next_step':
      if (text.length < 10 || text.length > 2000 || text === (deal.nextsteps ?? '').trim()) return null;
      return { ...p, value: text };
    case 'task':
      return text.length >= 10 && text.length <= 500 ? { ...p, value: text } : null;
    default:
      return null;
  }
}
