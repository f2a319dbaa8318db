import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TContact, TContactDetailResponse } from '@pipewise/contract/companies';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { OWNERS } from '../../../../test/deal-fixtures';
import { renderApp } from '../../../../test/render-app';

const ID = '44444444-4444-4444-8444-444444444444';
const OTHER = '55555555-5555-4555-8555-555555555555';
const COMPANY = '11111111-1111-4111-8111-111111111111';
const kaveri: TContact = {
  id: ID,
  firstname: 'Kaveri',
  lastname: 'Iyer',
  email: 'kaveri@globex.example',
  phone: null,
  jobtitle: 'CFO',
  company: { id: COMPANY, name: 'Globex' },
  owner: { id: 'u1', name: 'Asha Rao' },
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};
const detail: TContactDetailResponse = {
  data: kaveri,
  deals: [{ id: 101, dealname: 'Globex Renewal', stage: 'Qualified To Buy', amount: null, closedate: null, position: 'Decision maker' }],
  meetings: [{ id: 'm1', kind: 'call', title: 'Pricing call', at: '2026-11-20T10:00:00.000Z', deal: null }],
};

function api(routes: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/session/profile': () => json(profileFixture()),
    'GET /api/contacts': (_b, url) => json({ data: [kaveri], total: 30, page: Number(url.searchParams.get('page') ?? 1), page_size: 25 }),
    [`GET /api/contacts/${ID}`]: () => json(detail),
    'GET /api/companies': () => json({ data: [], total: 0, page: 1, page_size: 25 }),
    'GET /api/deal/owners': () => json({ data: OWNERS }),
    ...routes,
  });
}
const lastQuery = (fake: ReturnType<typeof fakeApi>) =>
  new URL(String(fake.mock.calls.filter(([input]) => String(input).startsWith('/api/contacts?')).at(-1)?.[0]), 'http://localhost')
    .searchParams;

describe('Contacts list', () => {
  it('shows each contact with their company, searches and pages on the server', async () => {
    const fake = api();
    const user = userEvent.setup();
    renderApp('/dashboard/contacts');
    const table = await screen.findByRole('table', { name: 'Contacts' });
    expect(within(table).getByRole('link', { name: 'Kaveri Iyer' })).toHaveAttribute('href', `/dashboard/contacts/${ID}`);
    expect(within(table).getByRole('link', { name: 'Globex' })).toHaveAttribute('href', `/dashboard/companies/${COMPANY}`);
    await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'kaveri@{Enter}');
    await waitFor(() => expect(lastQuery(fake).get('search')).toBe('kaveri@'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(fake).get('page')).toBe('2'));
  });

  it('says when there are no contacts', async () => {
    api({ 'GET /api/contacts': () => json({ data: [], total: 0, page: 1, page_size: 25 }) });
    renderApp('/dashboard/contacts');
    expect(await screen.findByText('No contacts yet')).toBeInTheDocument();
  });
});

describe('Contact detail', () => {
  it('shows the fields, the deals where they are a stakeholder and the meetings they attended', async () => {
    api();
    renderApp(`/dashboard/contacts/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Kaveri Iyer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Globex Renewal' })).toHaveAttribute('href', '/dashboard/deals/101');
    expect(screen.getByText(/Decision maker/)).toBeInTheDocument();
    expect(screen.getByText('Pricing call')).toBeInTheDocument();
  });

  it('shows the 409 of an email another contact has, naming them with a link', async () => {
    api({
      [`PATCH /api/contacts/${ID}`]: () =>
        json({ detail: 'A contact with this email already exists: Meenal Rao', existing: { id: OTHER, name: 'Meenal Rao' } }, 409),
    });
    const user = userEvent.setup();
    renderApp(`/dashboard/contacts/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit contact' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'meenal@initech.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A contact with this email already exists: Meenal Rao')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open Meenal Rao' })).toHaveAttribute('href', `/dashboard/contacts/${OTHER}`);
  });

  it('deletes after the confirmation', async () => {
    const fake = api({ [`DELETE /api/contacts/${ID}`]: () => new Response(null, { status: 204 }) });
    const user = userEvent.setup();
    const view = renderApp(`/dashboard/contacts/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete contact?' });
    expect(within(dialog).getByText('Kaveri Iyer will be deleted and removed from the stakeholders of every deal.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete contact' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard/contacts'));
    expect(callsTo(fake, 'DELETE', `/api/contacts/${ID}`)).toHaveLength(1);
  });
});
