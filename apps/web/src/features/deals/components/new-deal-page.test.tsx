import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TCompany, TContact } from '@pipewise/contract/companies';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { dealFixture, listFixture, OWNERS, PIPELINES } from '../../../../test/deal-fixtures';
import { renderApp } from '../../../../test/render-app';

const company = (id: string, name: string): TCompany => ({
  id,
  name,
  domain: `${name.toLowerCase().replace(/\W/g, '')}.example`,
  industry: null,
  city: null,
  phone: null,
  owner: null,
  deal_count: 0,
  contact_count: 0,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});
const contact = (id: string, firstname: string, lastname: string): TContact => ({
  id,
  firstname,
  lastname,
  email: `${firstname.toLowerCase()}@example.com`,
  phone: null,
  jobtitle: null,
  company: null,
  owner: null,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});
const COMPANIES = [company('co-1', 'Kaveri Foods'), company('co-2', 'Kaveri Textiles')];
const CONTACTS = [contact('ct-1', 'Neha', 'Iyer'), contact('ct-2', 'Karan', 'Shah')];

/** The New Deal screen's API; POST answers `post` (by default the created deal). */
function newDealApi(post?: (body: unknown) => Response) {
  return fakeApi({
    'GET /api/session/profile': () => json(profileFixture({ id: 'u-rahul', name: 'Rahul Verma', email: 'rahul@acme.test' })),
    'GET /api/deal/owners': () => json({ data: OWNERS }),
    'GET /api/deal/get-deal-stages': () => json({ data: { results: PIPELINES } }),
    'GET /api/companies': (_b, url) => {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const data = COMPANIES.filter((c) => c.name.toLowerCase().includes(search));
      return json({ data, total: data.length, page: 1, page_size: 10 });
    },
    'GET /api/contacts': (_b, url) => {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const data = CONTACTS.filter((c) => `${c.firstname} ${c.lastname}`.toLowerCase().includes(search));
      return json({ data, total: data.length, page: 1, page_size: 10 });
    },
    'POST /api/deal/': (body) =>
      post?.(body) ?? json({ success: true, data: dealFixture({ deal_id: '555', dealname: 'Kaveri rollout' }) }, 201),
    'GET /api/deal/get_deal_by_id/555': () => json({ data: dealFixture({ deal_id: '555', dealname: 'Kaveri rollout' }) }),
    'GET /api/deal/get-stackholders-for-deal': () => json({ data: [] }),
    'GET /api/videos/get-video-by-dealId/555': () => json({ data: [] }),
    'GET /api/deal/get-deals-user-hierarchy': () => json(listFixture([dealFixture()])),
  });
}

async function openForm() {
  const view = renderApp('/dashboard/deals/new');
  await screen.findByRole('heading', { level: 2, name: 'New Deal' });
  await waitFor(() => expect(screen.getByLabelText('Owner')).toHaveDisplayValue('Rahul Verma'));
  return { ...view, user: userEvent.setup() };
}

describe('New Deal', () => {
  it('the deals list has a New Deal button that opens the form', async () => {
    newDealApi();
    const { router } = renderApp('/dashboard/deals');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'New Deal' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'New Deal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/deals/new');
  });

  it('defaults to the caller as owner and the first pipeline and stage; the owner list offers whom they may assign', async () => {
    newDealApi();
    await openForm();
    expect(screen.getByLabelText('Pipeline')).toHaveDisplayValue('Sales Pipeline');
    expect(screen.getByLabelText('Stage')).toHaveDisplayValue('Appointment Scheduled');
    expect(
      within(screen.getByLabelText('Owner'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Asha Rao', 'Rahul Verma']);
  });

  it('refuses a missing name and a bad amount with field messages, and sends nothing', async () => {
    const api = newDealApi();
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Deal Value'), '12abc');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Deal name is required')).toBeInTheDocument();
    expect(screen.getByText('Amount must be a number of at least 0 with up to 2 decimals')).toBeInTheDocument();
    expect(screen.getByLabelText('Deal name')).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(api, 'POST', '/api/deal/')).toHaveLength(0);
  });

  it('creates a company by name, adds contacts, saves and opens the new deal', async () => {
    const api = newDealApi();
    const { user, router } = await openForm();
    await user.type(screen.getByLabelText('Deal name'), 'Kaveri rollout');
    await user.selectOptions(screen.getByLabelText('Pipeline'), 'p-ent');
    expect(screen.getByLabelText('Stage')).toHaveDisplayValue('Discovery');
    await user.selectOptions(screen.getByLabelText('Stage'), 'e-nego');
    await user.type(screen.getByLabelText('Deal Value'), '12,50,000');
    await user.type(screen.getByLabelText('Expected Close Date'), '2026-12-31');
    await user.selectOptions(screen.getByLabelText('Owner'), 'u-asha');

    await user.type(screen.getByRole('combobox', { name: 'Company' }), 'Kaveri Dairy');
    await user.click(await screen.findByRole('option', { name: 'Create company "Kaveri Dairy"' }));
    expect(screen.getByText('(new company)')).toBeInTheDocument();

    await user.type(screen.getByRole('combobox', { name: 'Contacts' }), 'ne');
    await user.click(await screen.findByRole('option', { name: /Neha Iyer/ }));
    await user.type(screen.getByRole('combobox', { name: 'Contacts' }), 'Kar');
    await user.keyboard('{ArrowDown}{Enter}');
    const chosen = screen.getByRole('list', { name: 'Chosen contacts' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Neha Iyer', 'Karan Shah']);
    await user.click(within(chosen).getByRole('button', { name: 'Remove Karan Shah' }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/deals/555'));
    expect(callsTo(api, 'POST', '/api/deal/').map((c) => c.body)).toEqual([
      {
        dealname: 'Kaveri rollout',
        pipeline: 'p-ent',
        dealstage: 'e-nego',
        amount: '1250000.00',
        closedate: '2026-12-31',
        dealowner: 'u-asha',
        company_name: 'Kaveri Dairy',
        contact_ids: ['ct-1'],
      },
    ]);
    expect(await screen.findByText('Deal created')).toBeInTheDocument();
  });

  it('picks an existing company by typing; its contacts are searched within it', async () => {
    const api = newDealApi();
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Deal name'), 'Textiles deal');
    await user.type(screen.getByRole('combobox', { name: 'Company' }), 'textiles');
    await user.click(await screen.findByRole('option', { name: /Kaveri Textiles/ }));
    await user.type(screen.getByRole('combobox', { name: 'Contacts' }), 'n');
    await screen.findByRole('option', { name: /Neha Iyer/ });
    const urls = api.mock.calls.map(([input]) => String(input)).filter((u) => u.includes('/api/contacts'));
    expect(urls.some((u) => u.includes('company_id=co-2'))).toBe(true);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(api, 'POST', '/api/deal/')).toHaveLength(1));
    expect(callsTo(api, 'POST', '/api/deal/')[0]!.body).toMatchObject({ company_id: 'co-2' });
  });

  it("shows the server's refusal and stays on the form", async () => {
    newDealApi(() => json({ detail: 'You can only assign deals to people on your team.' }, 403));
    const { user, router } = await openForm();
    await user.type(screen.getByLabelText('Deal name'), 'Not mine to give');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You can only assign deals to people on your team.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/deals/new');
  });

  it('Cancel returns to the list and saves nothing', async () => {
    const api = newDealApi();
    const { user, router } = await openForm();
    await user.type(screen.getByLabelText('Deal name'), 'Never mind');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/deals'));
    expect(callsTo(api, 'POST', '/api/deal/')).toHaveLength(0);
  });
});
