import { describe, expect, it } from 'vitest';
import { dealFixture, PIPELINES } from '../../../../test/deal-fixtures';
import { statusChips } from './status-chips';

const enterprise = PIPELINES[1]!.stages;
const states = (chips: ReturnType<typeof statusChips>) => Object.fromEntries(chips.map((c) => [c.label, c.state]));

describe('status chips derived from the deal', () => {
  it('shows each chip once, in the spec order', () => {
    expect(statusChips(dealFixture(), enterprise).map((c) => c.label)).toEqual([
      'Relevant Account',
      'Contract Review',
      'Budget Approved',
      'Technical Fit',
      'Legal Review',
    ]);
  });

  it('a negotiation with a company, a value and a high score', () => {
    expect(states(statusChips(dealFixture(), enterprise))).toEqual({
      'Relevant Account': 'active',
      'Contract Review': 'active',
      'Budget Approved': 'neutral', // 2 of 3 open stages: not yet a high probability
      'Technical Fit': 'active',
      'Legal Review': 'neutral', // still ahead in this pipeline
    });
  });

  it('legal review is active in the Legal Review stage, with budget approved late in the pipeline', () => {
    const chips = states(statusChips(dealFixture({ dealstage: 'e-legal', dealstage_label: 'Legal Review' }), enterprise));
    expect(chips).toMatchObject({ 'Legal Review': 'active', 'Budget Approved': 'active', 'Contract Review': 'active' });
  });

  it('missing company, value and score, or a lost deal, turn chips off', () => {
    const bare = states(statusChips(dealFixture({ company_name: null, amount: null, confidence_score: 30 }), enterprise));
    expect(bare).toMatchObject({ 'Relevant Account': 'inactive', 'Budget Approved': 'inactive', 'Technical Fit': 'inactive' });
    const lost = states(
      statusChips(dealFixture({ dealstage: 's-lost', dealstage_label: 'Closed Lost', pipeline: 'p-sales' }), PIPELINES[0]!.stages),
    );
    expect(lost).toMatchObject({ 'Budget Approved': 'inactive', 'Contract Review': 'inactive', 'Legal Review': 'inactive' });
    expect(states(statusChips(dealFixture({ confidence_score: null }), enterprise))['Technical Fit']).toBe('neutral');
  });
});
