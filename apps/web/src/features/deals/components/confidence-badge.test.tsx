import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TDealConfidence } from '@pipewise/contract/deals';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { dealFixture, OWNERS, PIPELINES } from '../../../../test/deal-fixtures';
import { renderApp } from '../../../../test/render-app';

const FRESH: TDealConfidence = {
  deal_id: '101',
  confidence_score: 45,
  confidence_factors: [
    { kind: 'base', points: 60, reason: "starts at the Negotiation stage's probability, 60%" },
    { kind: 'activity', points: -15, reason: 'no activity for 21 days, the last was a note' },
    { kind: 'close_pushed', points: -10, reason: 'close date pushed back twice' },
    { kind: 'decision_maker', points: 10, reason: 'the decision maker (Neha Iyer) attended a call on 12 Nov' },
  ],
  computed_at: '2026-11-20T10:00:00.000Z',
};

/** The deal screen's API with the score's own route; `score` is what the route answers now. */
function api(score: () => TDealConfidence) {
  let deal = dealFixture();
  return fakeApi({
    'GET /api/session/profile': () => json(profileFixture()),
    'GET /api/deal/get_deal_by_id/101': () => json({ data: deal }),
    'GET /api/deal/101/confidence': () => json(score()),
    'GET /api/deal/get-stackholders-for-deal': () => json({ data: [] }),
    'GET /api/deal/owners': () => json({ data: OWNERS }),
    'GET /api/deal/get-deal-stages': () => json({ data: { results: PIPELINES } }),
    'GET /api/activity': () => json({ data: [], next_cursor: null }),
    'GET /api/tasks': () => json({ tasks: [], total: 0, page: 1, page_size: 100 }),
    'PUT /api/deal/101': () => {
      deal = { ...deal, owner_id: 'u-rahul', version: deal.version + 1 };
      return json({ success: true, data: deal });
    },
  });
}

const badge = () => screen.getByRole('button', { name: /Confidence on closure/ });

describe('Confidence on closure', () => {
  it('shows the stored score at once, then the fresh one, with the factors on hover', async () => {
    api(() => FRESH);
    renderApp('/dashboard/deals/101');
    expect(await screen.findByRole('button', { name: '72% Confidence on closure' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '45% Confidence on closure' })).toBeInTheDocument();
    const tooltip = screen.getByRole('tooltip', { hidden: true });
    expect(tooltip).not.toBeVisible();

    const user = userEvent.setup();
    await user.hover(badge());
    expect(tooltip).toBeVisible();
    expect(
      within(tooltip)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      "60: starts at the Negotiation stage's probability, 60%",
      '-15: no activity for 21 days, the last was a note',
      '-10: close date pushed back twice',
      '+10: the decision maker (Neha Iyer) attended a call on 12 Nov',
    ]);
    await user.unhover(badge());
    expect(tooltip).not.toBeVisible();
  });

  it('keyboard: focus on the badge shows the factors (its description), Escape hides them; a tap toggles them', async () => {
    api(() => FRESH);
    renderApp('/dashboard/deals/101');
    await screen.findByRole('button', { name: '45% Confidence on closure' });
    act(() => badge().focus());
    const tooltip = screen.getByRole('tooltip');
    expect(badge()).toHaveAttribute('aria-describedby', tooltip.id);
    expect(badge()).toHaveAccessibleDescription(/-15: no activity for 21 days/);
    expect(tooltip).toBeVisible();
    const user = userEvent.setup();
    await user.keyboard('{Escape}');
    expect(tooltip).not.toBeVisible();
    // A tap (a click with no hover before it, as on a phone) toggles them.
    fireEvent.click(badge());
    expect(tooltip).toBeVisible();
    fireEvent.click(badge());
    expect(tooltip).not.toBeVisible();
  });

  it('follows a write on the deal: after an owner change it asks for the score again', async () => {
    let score = FRESH;
    const calls = api(() => score);
    renderApp('/dashboard/deals/101');
    await screen.findByRole('button', { name: '45% Confidence on closure' });
    const before = callsTo(calls, 'GET', '/api/deal/101/confidence').length;
    score = { ...FRESH, confidence_score: 55 };
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText('Owner')).toHaveDisplayValue('Asha Rao'));
    await user.selectOptions(screen.getByLabelText('Owner'), 'u-rahul');
    await user.click(within(screen.getByRole('dialog', { name: 'Save Changes' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: '55% Confidence on closure' })).toBeInTheDocument();
    expect(callsTo(calls, 'GET', '/api/deal/101/confidence').length).toBeGreaterThan(before);
  });
});
