import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TCompany } from '@pipewise/contract/companies';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { OWNERS } from '../../../../test/deal-fixtures';
import { renderApp } from '../../../../test/render-app';

const company = (overrides: Partial<TCompany> = {}): TCompany => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Globex',
  domain: 'globex.example',
  industry: 'Manufacturing',
  city: 'Pune',
  phone: null,
  owner: { id: 'u1', name: 'Asha Rao' },
  deal_count: 3,
  contact_count: 2,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-02T00:00:00.000Z',
  ...overrides,
});

function companiesApi(list: (url: URL) => Response) {
  return fakeApi({
    'GET /api/session/profile': () => json(profileFixture()),
    'GET /api/companies': (_b, url) => list(url),
    'GET /api/deal/owners': () => json({ data: OWNERS }),
  });
}
const lastQuery = (api: ReturnType<typeof fakeApi>) =>
  new URL(String(api.mock.calls.filter(([input]) => String(input).startsWith('/api/companies')).at(-1)?.[0]), 'http://localhost')
    .searchParams;

describe('Companies list', () => {
  it('shows each company with its counts and a link to it, and the page range', async () => {
    companiesApi(() => json({ data: [company()], total: 60, page: 1, page_size: 25 }));
    renderApp('/dashboard/companies');
    const table = await screen.findByRole('table', { name: 'Companies' });
    const row = within(table).getByRole('row', { name: /Globex/ });
    expect(within(row).getByRole('link', { name: 'Globex' })).toHaveAttribute('href', `/dashboard/companies/${company().id}`);
    expect(within(row).getByText('globex.example')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 25 of 60 companies')).toBeInTheDocument();
  });

  it('searches, sorts, filters by owner and pages on the server', async () => {
    const api = companiesApi((url) =>
      json({ data: [company()], total: 60, page: Number(url.searchParams.get('page') ?? 1), page_size: 25 }),
    );
    const user = userEvent.setup();
    renderApp('/dashboard/companies');
    await screen.findByRole('table', { name: 'Companies' });
    await user.type(screen.getByRole('searchbox', { name: 'Search companies' }), 'glo{Enter}');
    await waitFor(() => expect(lastQuery(api).get('search')).toBe('glo'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Newest first');
    await waitFor(() => expect(lastQuery(api).get('sort')).toBe('created_desc'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Owner' }), OWNERS[0]!.name);
    await waitFor(() => expect(lastQuery(api).get('owner_id')).toBe(OWNERS[0]!.id));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(lastQuery(api).get('page')).toBe('2'));
    expect(lastQuery(api).get('search')).toBe('glo');
  });

  it('says when there are no companies, and when none match the search', async () => {
    companiesApi(() => json({ data: [], total: 0, page: 1, page_size: 25 }));
    const first = renderApp('/dashboard/companies');
    expect(await screen.findByText('No companies yet')).toBeInTheDocument();
    first.unmount();
    renderApp('/dashboard/companies?search=zzz');
    expect(await screen.findByText('No companies match your search')).toBeInTheDocument();
  });

  it('shows an error with Retry when the list fails', async () => {
    companiesApi(() => json({ detail: 'boom' }, 500));
    renderApp('/dashboard/companies');
    expect(await screen.findByText('Failed to load companies')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('creates a company from New company and opens it', async () => {
    const api = fakeApi({
      'GET /api/session/profile': () => json(profileFixture()),
      'GET /api/companies': () => json({ data: [], total: 0, page: 1, page_size: 25 }),
      'GET /api/deal/owners': () => json({ data: OWNERS }),
      'POST /api/companies': () => json({ data: company({ id: '22222222-2222-4222-8222-222222222222', name: 'Initech' }) }, 201),
    });
    const user = userEvent.setup();
    const view = renderApp('/dashboard/companies');
    await screen.findByText('No companies yet');
    await user.click(screen.getByRole('button', { name: 'New company' }));
    const dialog = await screen.findByRole('dialog', { name: 'New company' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Initech');
    await user.type(within(dialog).getByRole('textbox', { name: 'Domain' }), 'initech.example');
    await user.click(within(dialog).getByRole('button', { name: 'Create company' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard/companies/22222222-2222-4222-8222-222222222222'));
    expect(callsTo(api, 'POST', '/api/companies')[0]!.body).toEqual({ name: 'Initech', domain: 'initech.example' });
  });
});
