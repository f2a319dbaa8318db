import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TSearchResponse } from '@pipewise/contract/assistant';
import { fakeApi, json } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-app';
import { HeaderSearch } from './header-search';

const EMPTY: TSearchResponse = { deals: [], companies: [], contacts: [], people: [], meetings: [] };
const RESULTS: TSearchResponse = {
  ...EMPTY,
  deals: [
    { id: '101', label: 'Kaveri Foods - CRM Suite', sublabel: 'Qualified · RS 12,50,000', url: '/dashboard/deals/101' },
    { id: '102', label: 'Kaveri Foods - Analytics', sublabel: null, url: '/dashboard/deals/102' },
  ],
  companies: [{ id: 'c1', label: 'Kaveri Foods Pvt Ltd', sublabel: 'kaverifoods.example', url: '/dashboard/deals/101' }],
  people: [{ id: 'u1', label: 'Kavya Reddy', sublabel: 'kavya@acme.example · Mid-Market', url: '/dashboard/settings?section=users' }],
};

function setup(answer: (q: string) => Response | Promise<Response> = () => json(RESULTS)) {
  const api = fakeApi({ 'GET /api/search': (_body, url) => answer(url.searchParams.get('q') ?? '') });
  const view = renderScreen('/dashboard', <HeaderSearch />);
  const searched = () =>
    api.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((u) => u.pathname === '/api/search')
      .map((u) => u.searchParams.get('q'));
  return { ...view, user: userEvent.setup(), box: screen.getByRole('combobox', { name: 'Search' }), searched };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const activeOption = (box: HTMLElement) => document.getElementById(box.getAttribute('aria-activedescendant') ?? '');

describe('HeaderSearch', () => {
  it('keeps the placeholder and sends nothing for a single character', async () => {
    const { user, box, searched } = setup();
    expect(box).toHaveAttribute('placeholder', 'Search for a deal, account, team, people...');
    await user.type(box, 'k');
    await pause(400);
    expect(searched()).toEqual([]);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('waits for typing to pause, shows Searching..., then the results grouped', async () => {
    let release: () => void = () => undefined;
    const { user, box, searched } = setup(() => new Promise((resolve) => (release = () => resolve(json(RESULTS)))));
    await user.type(box, 'kave');
    expect(await screen.findByText('Searching...')).toBeInTheDocument();
    await waitFor(() => expect(searched()).toEqual(['kave']));
    release();
    const listbox = await screen.findByRole('listbox', { name: 'Search results' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    const groups = within(listbox).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('aria-labelledby')).map((id) => document.getElementById(id!)?.textContent)).toEqual([
      'Deals',
      'Companies',
      'People',
    ]);
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Kaveri Foods - CRM SuiteQualified · RS 12,50,000', 'Kaveri Foods - Analytics']);
    expect(searched()).toEqual(['kave']);
  });

  it('moves through the options with the arrow keys, across groups and around the ends', async () => {
    const { user, box } = setup();
    await user.type(box, 'kav');
    await screen.findByRole('listbox');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(box)).toHaveTextContent('Kaveri Foods - CRM Suite');
    expect(activeOption(box)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption(box)).toHaveTextContent('Kaveri Foods Pvt Ltd');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption(box)).toHaveTextContent('Kaveri Foods - CRM Suite');
    await user.keyboard('{ArrowUp}');
    expect(activeOption(box)).toHaveTextContent('Kavya Reddy');
    expect(screen.getAllByRole('option', { selected: true })).toHaveLength(1);
  });

  it('opens the active result on Enter and closes', async () => {
    const { user, box } = setup();
    await user.type(box, 'kav');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/deals/102');
  });

  it('opens a result on click', async () => {
    const { user, box } = setup();
    await user.type(box, 'kav');
    await user.click(await screen.findByRole('option', { name: /Kavya Reddy/ }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/settings');
  });

  it('closes on Escape, keeping the text, and opens again on the arrow key', async () => {
    const { user, box } = setup();
    await user.type(box, 'kav');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('kav');
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
  });

  it('closes on a click outside', async () => {
    const { user, box } = setup();
    await user.type(box, 'kav');
    await screen.findByRole('listbox');
    await user.click(document.body);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    const { user, box } = setup(() => json(EMPTY));
    await user.type(box, 'zzz');
    expect(await screen.findByText('No results for "zzz"')).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('says when the search fails', async () => {
    const { user, box } = setup(() => json({ detail: 'Internal error' }, 500));
    await user.type(box, 'kav');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search failed. Please try again.');
  });
});
