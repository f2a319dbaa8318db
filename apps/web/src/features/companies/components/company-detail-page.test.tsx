import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TCompany, TCompanyDetailResponse } from '@pipewise/contract/companies';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { OWNERS } from '../../../../test/deal-fixtures';
import { renderApp } from '../../../../test/render-app';

const ID = '11111111-1111-4111-8111-111111111111';
const OTHER = '33333333-3333-4333-8333-333333333333';
const globex: TCompany = {
  id: ID,
  name: 'Globex',
  domain: 'globex.example',
  industry: 'Manufacturing',
  city: 'Pune',
  phone: '+91 20 5555 0100',
  owner: { id: 'u1', name: 'Asha Rao' },
  deal_count: 1,
  contact_count: 1,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-02T00:00:00.000Z',
};
const detail: TCompanyDetailResponse = {
  data: globex,
  deals: [{ id: 101, dealname: 'Globex Renewal', stage: 'Qualified To Buy', amount: '250000.00', closedate: '2026-12-31' }],
  contacts: [
    {
      id: '44444444-4444-4444-8444-444444444444',
      firstname: 'Kaveri',
      lastname: 'Iyer',
      email: 'kaveri@globex.example',
      phone: null,
      jobtitle: 'CFO',
      company: { id: ID, name: 'Globex' },
      owner: null,
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-01T00:00:00.000Z',
    },
  ],
  meetings: [
    { id: 'r1', kind: 'recording', title: 'Globex discovery', at: '2026-11-20T10:00:00.000Z', deal: { id: 101, name: 'Globex Renewal' } },
  ],
};

function api(routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/session/profile': () => json(profileFixture()),
    [`GET /api/companies/${ID}`]: () => json(detail),
    'GET /api/companies': () => json({ data: [], total: 0, page: 1, page_size: 25 }),
    'GET /api/deal/owners': () => json({ data: OWNERS }),
    ...routes,
  });
}

describe('Company detail', () => {
  it('shows the fields and links to its deals, contacts and recordings', async () => {
    api();
    renderApp(`/dashboard/companies/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Globex' })).toBeInTheDocument();
    expect(screen.getByText('+91 20 5555 0100')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Deals' })).getByRole('link', { name: 'Globex Renewal' })).toHaveAttribute(
      'href',
      '/dashboard/deals/101',
    );
    expect(screen.getByRole('link', { name: 'Kaveri Iyer' })).toHaveAttribute(
      'href',
      '/dashboard/contacts/44444444-4444-4444-8444-444444444444',
    );
    expect(screen.getByRole('link', { name: 'Globex discovery' })).toHaveAttribute('href', '/dashboard/meeting/r1');
  });

  it('says so when the company is not there for the caller', async () => {
    api({ [`GET /api/companies/${ID}`]: () => json({ detail: 'Company not found' }, 404) });
    renderApp(`/dashboard/companies/${ID}`);
    expect(await screen.findByText('Company not found')).toBeInTheDocument();
  });

  it('edits a field, and shows the 409 of a taken domain naming the company that has it, with a link', async () => {
    const fake = api({
      [`PATCH /api/companies/${ID}`]: () =>
        json({ detail: 'A company with this domain already exists: Initech', existing: { id: OTHER, name: 'Initech' } }, 409),
    });
    const user = userEvent.setup();
    renderApp(`/dashboard/companies/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit company' });
    const domain = within(dialog).getByRole('textbox', { name: 'Domain' });
    await user.clear(domain);
    await user.type(domain, 'initech.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A company with this domain already exists: Initech')).toBeInTheDocument();
    expect(domain).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('link', { name: 'Open Initech' })).toHaveAttribute('href', `/dashboard/companies/${OTHER}`);
    expect(callsTo(fake, 'PATCH', `/api/companies/${ID}`)[0]!.body).toEqual({
      name: 'Globex',
      domain: 'initech.example',
      industry: 'Manufacturing',
      city: 'Pune',
      phone: '+91 20 5555 0100',
    });
  });

  it('deletes only after the confirmation, then goes back to the list', async () => {
    const fake = api({ [`DELETE /api/companies/${ID}`]: () => new Response(null, { status: 204 }) });
    const user = userEvent.setup();
    const view = renderApp(`/dashboard/companies/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete company?' });
    expect(within(dialog).getByText('Globex will be deleted. Its deals and contacts stay, without a company.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fake, 'DELETE', `/api/companies/${ID}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete company' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard/companies'));
    expect(callsTo(fake, 'DELETE', `/api/companies/${ID}`)).toHaveLength(1);
  });
});
