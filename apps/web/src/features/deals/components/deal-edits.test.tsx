import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TDeal } from '@pipewise/contract/deals';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { dealFixture, listFixture, OWNERS, PIPELINES } from '../../../../test/deal-fixtures';
import { renderApp } from '../../../../test/render-app';

const STAKEHOLDERS = [{ id: 'ct-1', firstname: 'Neha', lastname: 'Iyer', position: 'CFO' }];
const CONTACTS = [
  { id: 'ct-2', firstname: 'Karan', lastname: 'Shah', email: 'karan@example.com', phone: null, jobtitle: null, company: null, owner: null },
].map((c) => ({ ...c, created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z' }));
const COMPANIES = [
  {
    id: 'co-9',
    name: 'Ganga Textiles',
    domain: null,
    industry: null,
    city: null,
    phone: null,
    owner: null,
    deal_count: 0,
    contact_count: 0,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
  },
];

type Answer = (body: unknown, current: TDeal) => Response | undefined;

/** One deal's screen; PUT applies the properties unless `put` answers otherwise. */
function editApi(options: { put?: Answer; del?: () => Response } = {}) {
  let deal = dealFixture();
  const api = fakeApi({
    'GET /api/session/profile': () => json(profileFixture()),
    'GET /api/deal/get_deal_by_id/101': () => json({ data: deal }),
    'GET /api/deal/get-stackholders-for-deal': () => json({ data: STAKEHOLDERS }),
    'GET /api/deal/owners': () => json({ data: OWNERS }),
    'GET /api/deal/get-deal-stages': () => json({ data: { results: PIPELINES } }),
    'GET /api/videos/get-video-by-dealId/101': () => json({ data: [] }),
    'GET /api/contacts': () => json({ data: CONTACTS, total: 1, page: 1, page_size: 10 }),
    'GET /api/companies': () => json({ data: COMPANIES, total: 1, page: 1, page_size: 10 }),
    'GET /api/deal/get-deals-user-hierarchy': () => json(listFixture([dealFixture({ deal_id: '102', dealname: 'Another deal' })])),
    'PUT /api/deal/101': (body) => {
      const answer = options.put?.(body, deal);
      if (answer) return answer;
      const { properties } = body as { properties: Partial<TDeal> };
      const company =
        properties.company_id === undefined
          ? {}
          : { company_id: properties.company_id, company_name: properties.company_id ? 'Ganga Textiles' : null };
      deal = { ...deal, ...properties, ...company, version: deal.version + 1 };
      return json({ success: true, data: deal });
    },
    'PUT /api/deal/101/stakeholders': (body) => {
      const ids = (body as { contact_ids: string[] }).contact_ids;
      const all = [...STAKEHOLDERS, { id: 'ct-2', firstname: 'Karan', lastname: 'Shah', position: null }];
      return json({ data: ids.map((id) => all.find((c) => c.id === id)!) });
    },
    'DELETE /api/deal/101': () => options.del?.() ?? json({ success: true }),
  });
  return api;
}

async function openDeal() {
  const view = renderApp('/dashboard/deals/101');
  await screen.findByRole('heading', { level: 2, name: 'Kaveri Foods - Dealer portal' });
  return { ...view, user: userEvent.setup() };
}

describe('Deal screen edits', () => {
  it.each([
    ['Next Steps', 'nextsteps', 'Send the signed order form'],
    ['Pain Points', 'painpoints', 'Manual reconciliation'],
    ['Decision Maker', 'kdm', 'Anita Desai (CFO)'],
    ['Summary', 'summary', 'Pilot first.'],
  ] as const)('%s: edited in a dialog, saved after "Save Changes" with the loaded version', async (title, field, value) => {
    const api = editApi();
    const { user } = await openDeal();
    await user.click(within(screen.getByRole('region', { name: title })).getByRole('button', { name: `Edit ${title}` }));
    const editor = screen.getByRole('dialog', { name: `Edit ${title}` });
    const box = within(editor).getByLabelText(title);
    await user.clear(box);
    await user.paste(value);
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Save Changes' });
    expect(callsTo(api, 'PUT', '/api/deal/101')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(api, 'PUT', '/api/deal/101').map((c) => c.body)).toEqual([{ properties: { [field]: value }, version: 3 }]),
    );
    expect(await within(screen.getByRole('region', { name: title })).findByText(value)).toBeInTheDocument();
  });

  it('competitors: shown, edited as a comma-separated list and saved after "Save Changes"', async () => {
    const api = editApi();
    const { user } = await openDeal();
    const card = screen.getByRole('region', { name: 'Competitors' });
    expect(within(card).getByText('Nothing recorded yet')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Edit Competitors' }));
    const editor = screen.getByRole('dialog', { name: 'Edit Competitors' });
    await user.paste('Gong, Chorus, gong');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Save Changes' })).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(api, 'PUT', '/api/deal/101').map((c) => c.body)).toEqual([
        { properties: { competitors: ['Gong', 'Chorus'] }, version: 3 },
      ]),
    );
    expect(await within(screen.getByRole('region', { name: 'Competitors' })).findByText('Gong, Chorus')).toBeInTheDocument();
  });

  it('the name: required, and the title shows the new name once saved', async () => {
    const api = editApi();
    const { user } = await openDeal();
    await user.click(screen.getByRole('button', { name: 'Edit Deal name' }));
    const editor = screen.getByRole('dialog', { name: 'Edit Deal name' });
    await user.clear(within(editor).getByLabelText('Deal name'));
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(within(editor).getByText('Deal name is required')).toBeInTheDocument();
    await user.click(within(editor).getByLabelText('Deal name'));
    await user.paste('Kaveri Foods - Phase 2');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Save Changes' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Kaveri Foods - Phase 2' })).toBeInTheDocument();
    expect(callsTo(api, 'PUT', '/api/deal/101')).toHaveLength(1);
  });

  it("a concurrent edit: the 409's message shows and the deal reloads", async () => {
    const message = 'This deal was changed by someone else since you opened it. Reload to see the latest version.';
    const api = editApi({ put: () => json({ detail: message }, 409) });
    const { user } = await openDeal();
    await user.click(screen.getByRole('button', { name: 'Edit Summary' }));
    await user.type(within(screen.getByRole('dialog', { name: 'Edit Summary' })).getByLabelText('Summary'), ' More.');
    await user.click(within(screen.getByRole('dialog', { name: 'Edit Summary' })).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Save Changes' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(callsTo(api, 'GET', '/api/deal/get_deal_by_id/101').length).toBeGreaterThan(1));
  });

  it('Cancel in "Save Changes" saves nothing', async () => {
    const api = editApi();
    const { user } = await openDeal();
    await user.click(screen.getByRole('button', { name: 'Edit Next Steps' }));
    await user.type(within(screen.getByRole('dialog', { name: 'Edit Next Steps' })).getByLabelText('Next Steps'), ' today');
    await user.click(within(screen.getByRole('dialog', { name: 'Edit Next Steps' })).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Save Changes' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(api, 'PUT', '/api/deal/101')).toHaveLength(0);
  });

  it('the company is changed by picking another one, and cleared', async () => {
    const api = editApi();
    const { user } = await openDeal();
    expect(screen.getByText('Kaveri Foods', { selector: 'strong' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change company' }));
    const dialog = screen.getByRole('dialog', { name: 'Change company' });
    await user.click(within(dialog).getByRole('button', { name: 'Change company Kaveri Foods' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Company' }), 'Ganga');
    await user.click(await within(dialog).findByRole('option', { name: 'Ganga Textiles' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Save Changes' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Ganga Textiles', { selector: 'strong' })).toBeInTheDocument();
    expect(callsTo(api, 'PUT', '/api/deal/101')[0]!.body).toEqual({ properties: { company_id: 'co-9' }, version: 3 });

    await user.click(screen.getByRole('button', { name: 'Change company' }));
    const again = screen.getByRole('dialog', { name: 'Change company' });
    await user.click(within(again).getByRole('button', { name: 'Change company Ganga Textiles' }));
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Save Changes' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('None', { selector: 'strong' })).toBeInTheDocument();
  });

  it('stakeholders: one removed and one added, then the card shows the new list', async () => {
    const api = editApi();
    const { user } = await openDeal();
    const card = screen.getByRole('region', { name: 'Stakeholders' });
    await user.click(await within(card).findByRole('button', { name: 'Edit stakeholders' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit stakeholders' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove Neha Iyer' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Contacts' }), 'Kar');
    await user.click(await within(dialog).findByRole('option', { name: /Karan Shah/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Karan')).toBeInTheDocument();
    expect(within(card).queryByText('Neha (CFO)')).not.toBeInTheDocument();
    expect(callsTo(api, 'PUT', '/api/deal/101/stakeholders').map((c) => c.body)).toEqual([{ contact_ids: ['ct-2'] }]);
  });
});

describe('Delete a deal', () => {
  it('asks first, naming the deal; Delete returns to the list with a toast', async () => {
    const api = editApi();
    const { user, router } = await openDeal();
    await user.click(screen.getByRole('button', { name: 'Delete deal' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete deal' });
    expect(dialog).toHaveTextContent('Delete "Kaveri Foods - Dealer portal"?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(api, 'DELETE', '/api/deal/101')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete deal' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete deal' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/deals'));
    expect(await screen.findByText('Deal "Kaveri Foods - Dealer portal" deleted')).toBeInTheDocument();
    expect(callsTo(api, 'DELETE', '/api/deal/101')).toHaveLength(1);
  });

  it("a refusal shows the server's message in the dialog and the deal stays", async () => {
    editApi({ del: () => json({ detail: 'You are not authorized to perform this action.' }, 403) });
    const { user, router } = await openDeal();
    await user.click(screen.getByRole('button', { name: 'Delete deal' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete deal' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('You are not authorized to perform this action.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/deals/101');
  });
});
