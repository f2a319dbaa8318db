import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TDeal } from '@pipewise/contract/deals';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { dealFixture, OWNERS, PIPELINES } from '../../../../test/deal-fixtures';
import { renderApp } from '../../../../test/render-app';

const STAKEHOLDERS = [
  { id: 'c1', firstname: 'Neha', lastname: 'Iyer', position: 'CFO' },
  { id: 'c2', firstname: 'Karan', lastname: 'Shah', position: null },
  { id: 'c3', firstname: 'Divya', lastname: 'Rao', position: 'Champion' },
  { id: 'c4', firstname: 'Imran', lastname: 'Khan', position: 'Blocker' },
];

type Put = (body: unknown, current: TDeal) => Response | Promise<Response>;

/** The detail API around one deal; PUT applies the change unless `put` says otherwise. */
function detailApi(initial: TDeal = dealFixture(), put?: Put) {
  let deal = initial;
  const api = fakeApi({
    'GET /api/session/profile': () => json(profileFixture()),
    [`GET /api/deal/get_deal_by_id/${deal.deal_id}`]: () => json({ data: deal }),
    'GET /api/deal/get-stackholders-for-deal': () => json({ data: STAKEHOLDERS }),
    'GET /api/deal/owners': () => json({ data: OWNERS }),
    'GET /api/deal/get-deal-stages': () => json({ data: { results: PIPELINES } }),
    'GET /api/activity': () => json({ data: [], next_cursor: null }),
    'GET /api/tasks': () => json({ tasks: [], total: 0, page: 1, page_size: 100 }),
    [`PUT /api/deal/${deal.deal_id}`]: (body) => {
      if (put) return put(body, deal);
      const { properties } = body as { properties: Record<string, string> };
      deal = {
        ...deal,
        version: deal.version + 1,
        owner_id: properties.hubspot_owner_id ?? deal.owner_id,
        amount: properties.amount ?? deal.amount,
        closedate: properties.closedate ?? deal.closedate,
        pipeline: properties.pipeline ?? deal.pipeline,
        dealstage: properties.dealstage ?? deal.dealstage,
      };
      return json({ success: true, data: deal });
    },
  });
  return { api, current: () => deal };
}

async function openDeal(path = '/dashboard/deals/101') {
  renderApp(path);
  await screen.findByRole('heading', { level: 2, name: /Kaveri Foods|New Deal/ });
  return userEvent.setup();
}

const puts = (api: ReturnType<typeof fakeApi>, id = '101') => callsTo(api, 'PUT', `/api/deal/${id}`).map((c) => c.body);

describe('Deal detail', () => {
  it('shows a loader, then the top card, chips, stakeholders and the text cards', async () => {
    detailApi();
    renderApp('/dashboard/deals/101');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Kaveri Foods - Dealer portal' })).toBeInTheDocument();
    expect(screen.getByText('72%')).toBeInTheDocument();
    expect(screen.getByText('Confidence on closure')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Owner')).toHaveDisplayValue('Asha Rao'));
    expect(screen.getByLabelText('Pipeline')).toHaveDisplayValue('Enterprise');
    expect(screen.getByLabelText('Stage')).toHaveDisplayValue('Negotiation');
    expect(screen.getByLabelText('Expected Close Date')).toHaveValue('2026-12-31');
    expect(screen.getByLabelText('Deal Value')).toHaveValue('12,50,000');
    expect(screen.getByText('INR')).toBeInTheDocument();

    const chips = within(screen.getByRole('list', { name: 'Deal status' })).getAllByRole('listitem');
    expect(chips.map((c) => c.getAttribute('data-state'))).toEqual(['active', 'active', 'neutral', 'active', 'neutral']);
    expect(chips.map((c) => c.textContent?.split(':')[0])).toEqual([
      'Relevant Account',
      'Contract Review',
      'Budget Approved',
      'Technical Fit',
      'Legal Review',
    ]);

    const stakeholders = screen.getByRole('region', { name: 'Stakeholders' });
    expect(await within(stakeholders).findByText('Neha (CFO)')).toBeInTheDocument();
    expect(
      within(stakeholders)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Neha (CFO)', 'Karan', 'Divya (Champion)']);

    const timeline = screen.getByRole('complementary', { name: 'Timeline' });
    expect(timeline).toHaveTextContent('No Events Found');
  });

  it('previews 150 characters and opens the full text from Read more', async () => {
    const deal = dealFixture();
    detailApi(deal);
    const user = await openDeal();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText(/…$/).textContent).toHaveLength(151);
    expect(
      within(screen.getByRole('region', { name: 'Pain Points' })).queryByRole('button', { name: /Read more/ }),
    ).not.toBeInTheDocument();
    await user.click(within(summary).getByRole('button', { name: 'Read more: Summary' }));
    const dialog = screen.getByRole('dialog', { name: 'Summary' });
    expect(dialog).toHaveTextContent(deal.summary!);
  });

  it("shows no made-up confidence (the spec's fixed '90%' is computed now), 'No stakeholders' and 'Deal not found'", async () => {
    fakeApi({
      'GET /api/session/profile': () => json(profileFixture()),
      'GET /api/deal/get_deal_by_id/7': () =>
        json({ data: dealFixture({ deal_id: '7', dealname: 'Kaveri Foods', confidence_score: null, confindence_score: null }) }),
      'GET /api/deal/get-stackholders-for-deal': () => json({ data: [] }),
    });
    const view = renderApp('/dashboard/deals/7');
    expect(await screen.findByRole('button', { name: /^– Confidence on closure$/ })).toBeInTheDocument();
    expect(screen.queryByText('90%')).not.toBeInTheDocument();
    expect(await screen.findByText('No stakeholders')).toBeInTheDocument();
    view.unmount();
    renderApp('/dashboard/deals/404');
    expect(await screen.findByText('Deal not found')).toBeInTheDocument();
  });

  it("owner change: 'Save Changes' dialog, Save sends the loaded version, 'Saving...', then the new owner", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { api } = detailApi(dealFixture(), async (body, deal) => {
      await gate;
      return json({ success: true, data: { ...deal, owner_id: 'u-rahul', version: deal.version + 1 } });
    });
    const user = await openDeal();
    await waitFor(() => expect(screen.getByLabelText('Owner')).toHaveDisplayValue('Asha Rao'));
    await user.selectOptions(screen.getByLabelText('Owner'), 'u-rahul');
    const dialog = screen.getByRole('dialog', { name: 'Save Changes' });
    expect(dialog).toHaveTextContent('Do you want to save the changes made to this deal?');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts(api)).toEqual([{ properties: { hubspot_owner_id: 'u-rahul' }, version: 3 }]);
    expect(screen.getByLabelText('Owner')).toHaveDisplayValue('Rahul Verma');
  });

  it('Cancel keeps the old value and saves nothing', async () => {
    const { api } = detailApi();
    const user = await openDeal();
    await waitFor(() => expect(screen.getByLabelText('Owner')).toHaveDisplayValue('Asha Rao'));
    await user.selectOptions(screen.getByLabelText('Owner'), 'u-rahul');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Owner')).toHaveDisplayValue('Asha Rao');
    expect(puts(api)).toEqual([]);
  });

  it("a 409 closes the dialog, shows the server's message and reloads the deal", async () => {
    const conflict = 'This deal was changed by someone else since you opened it. Reload to see the latest version.';
    let reloaded = false;
    const deal = dealFixture();
    const api = fakeApi({
      'GET /api/session/profile': () => json(profileFixture()),
      'GET /api/deal/get_deal_by_id/101': () =>
        json({ data: reloaded ? { ...deal, version: 9, owner_id: 'u-rahul', owner_name: 'Rahul Verma' } : deal }),
      'GET /api/deal/get-stackholders-for-deal': () => json({ data: [] }),
      'GET /api/deal/owners': () => json({ data: OWNERS }),
      'GET /api/deal/get-deal-stages': () => json({ data: { results: PIPELINES } }),
      'PUT /api/deal/101': () => {
        reloaded = true;
        return json({ detail: conflict }, 409);
      },
    });
    const user = await openDeal();
    await waitFor(() => expect(screen.getByLabelText('Stage')).toHaveDisplayValue('Negotiation'));
    await user.selectOptions(screen.getByLabelText('Stage'), 'e-legal');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(conflict)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Owner')).toHaveDisplayValue('Rahul Verma'));
    expect(screen.getByLabelText('Stage')).toHaveDisplayValue('Negotiation');
    expect(callsTo(api, 'GET', '/api/deal/get_deal_by_id/101').length).toBeGreaterThanOrEqual(2);
  });

  it('amount: saved on blur or Enter only when changed; empty is refused with the alert', async () => {
    const { api } = detailApi();
    const user = await openDeal();
    const value = screen.getByLabelText('Deal Value');
    await user.click(value);
    await user.tab();
    expect(puts(api)).toEqual([]);

    await user.clear(value);
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Amount cannot be empty');
    expect(value).toHaveValue('12,50,000');
    expect(puts(api)).toEqual([]);

    await user.clear(value);
    await user.type(value, '15,00,000.5{Enter}');
    await waitFor(() => expect(puts(api)).toEqual([{ properties: { amount: '1500000.50' }, version: 3 }]));
    expect(screen.queryByText('Amount cannot be empty')).not.toBeInTheDocument();
    await waitFor(() => expect(value).toHaveValue('15,00,000.5'));
    await user.tab();
    expect(puts(api)).toHaveLength(1);

    await user.clear(value);
    await user.type(value, '12abc');
    fireEvent.blur(value);
    expect(screen.getByRole('alert')).toHaveTextContent('Amount must be a number of at least 0 with up to 2 decimals');
    expect(puts(api)).toHaveLength(1);
  });

  it('amount: the answer to a save does not overwrite the next amount being typed', async () => {
    let deal = dealFixture();
    let release: () => void = () => {};
    fakeApi({
      'GET /api/session/profile': () => json(profileFixture()),
      [`GET /api/deal/get_deal_by_id/${deal.deal_id}`]: () => json({ data: deal }),
      'GET /api/deal/get-stackholders-for-deal': () => json({ data: STAKEHOLDERS }),
      'GET /api/deal/owners': () => json({ data: OWNERS }),
      'GET /api/deal/get-deal-stages': () => json({ data: { results: PIPELINES } }),
      'GET /api/activity': () => json({ data: [], next_cursor: null }),
      'GET /api/tasks': () => json({ tasks: [], total: 0, page: 1, page_size: 100 }),
      [`PUT /api/deal/${deal.deal_id}`]: async (body) => {
        const { properties } = body as { properties: Record<string, string> };
        deal = { ...deal, version: deal.version + 1, amount: properties.amount ?? deal.amount };
        // A busy server: the save's answer arrives only once the next amount has been typed.
        await new Promise<void>((resolve) => (release = resolve));
        return json({ success: true, data: deal });
      },
    });
    const user = await openDeal();
    const value = screen.getByLabelText('Deal Value');
    await user.clear(value);
    await user.type(value, '15,00,000{Enter}');
    await user.clear(value);
    await user.type(value, '16,00,000');
    release();
    await waitFor(() => expect(screen.getByText('Deal value saved')).toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 50));
    expect(value).toHaveValue('16,00,000');
  });

  it("pipeline change: reloads stages, clears the stage, alerts 'Please Select Deal Stage Again'; the next stage saves both", async () => {
    const { api } = detailApi();
    const user = await openDeal();
    await waitFor(() => expect(screen.getByLabelText('Pipeline')).toHaveDisplayValue('Enterprise'));
    const stageLoads = callsTo(api, 'GET', '/api/deal/get-deal-stages').length;
    await user.selectOptions(screen.getByLabelText('Pipeline'), 'p-sales');
    expect(screen.getByRole('alert')).toHaveTextContent('Please Select Deal Stage Again');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Stage')).toHaveDisplayValue('Select stage');
    expect(
      within(screen.getByLabelText('Stage'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select stage', 'Appointment Scheduled', 'Contract Sent', 'Closed Won', 'Closed Lost']);
    await waitFor(() => expect(callsTo(api, 'GET', '/api/deal/get-deal-stages').length).toBeGreaterThan(stageLoads));
    expect(puts(api)).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Stage'), 's-contract');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(api)).toEqual([{ properties: { pipeline: 'p-sales', dealstage: 's-contract' }, version: 3 }]));
    await waitFor(() => expect(screen.queryByText('Please Select Deal Stage Again')).not.toBeInTheDocument());
  });

  it('close date change opens the dialog and saves the date', async () => {
    const { api } = detailApi();
    const user = await openDeal();
    fireEvent.change(screen.getByLabelText('Expected Close Date'), { target: { value: '2027-01-15' } });
    const dialog = await screen.findByRole('dialog', { name: 'Save Changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(api)).toEqual([{ properties: { closedate: '2027-01-15' }, version: 3 }]));
  });
});
