import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { dealFixture, listFixture, OWNERS, PIPELINES } from '../../../../test/deal-fixtures';
import { renderApp } from '../../../../test/render-app';

const LIST = '/api/deal/get-deals-user-hierarchy';

/** A deals API whose list answers `total` deals (one row shown) for any query. */
function dealsApi(options: { total?: number; list?: (url: URL) => Response } = {}) {
  const total = options.total ?? 60;
  return fakeApi({
    'GET /api/session/profile': () => json(profileFixture()),
    [`GET ${LIST}`]: (_body, url) => {
      // Like the server, the answer names the page and size it holds.
      const q = new URL(String(url), 'http://localhost').searchParams;
      const page = { page: Number(q.get('page') ?? 1), page_size: Number(q.get('page_size') ?? 25) };
      return (
        options.list?.(url) ??
        json(
          listFixture(
            [
              dealFixture(),
              dealFixture({
                deal_id: '102',
                dealname: 'Ganga Textiles',
                owner_name: null,
                owner_email: null,
                amount: null,
                kdm: null,
                painpoints: '',
              }),
            ],
            total,
            page,
          ),
        )
      );
    },
    'GET /api/deal/owners': () => json({ data: OWNERS }),
    'GET /api/deal/get-deal-stages': () => json({ data: { results: PIPELINES } }),
  });
}

const lastListQuery = (api: ReturnType<typeof fakeApi>) => {
  const call = api.mock.calls.filter(([input]) => String(input).startsWith(LIST)).at(-1);
  return new URL(String(call?.[0]), 'http://localhost').searchParams;
};

async function openDeals(search = '', options: Parameters<typeof dealsApi>[0] = {}) {
  const api = dealsApi(options);
  const view = renderApp(`/dashboard/deals${search}`);
  await screen.findByRole('table', { name: 'Deals' });
  return { api, ...view, user: userEvent.setup() };
}

describe('All-deals list', () => {
  it('shows the metrics, the six columns with N/A, links to the detail and the page range', async () => {
    await openDeals();
    expect(screen.getByText('60 Deals')).toBeInTheDocument();
    expect(screen.getByText('RS 2,23,91,20,000')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Deal name', 'Stage', 'Owner', 'Budget', 'KDM', 'Painpoints']);
    const row = screen.getByRole('row', { name: /Ganga Textiles/ });
    expect(within(row).getAllByText('N/A')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Kaveri Foods - Dealer portal' })).toHaveAttribute('href', '/dashboard/deals/101');
    expect(screen.getByText('RS 12,50,000')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 25 of 60 deals')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Show: per page' })).toHaveValue('25');
  });

  it('pages through the URL and asks the server for that page', async () => {
    const { api, router, user } = await openDeals();
    const nav = screen.getByRole('navigation', { name: 'Deals pages' });
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
    expect(router.state.location.search).toBe('?page=3');
    await waitFor(() => expect(lastListQuery(api).get('page')).toBe('3'));
    expect(await screen.findByText('Showing 51 to 60 of 60 deals')).toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('changing the page size goes back to page 1', async () => {
    const { api, router, user } = await openDeals('?page=2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show: per page' }), '50');
    expect(router.state.location.search).toBe('?page_size=50');
    await waitFor(() => expect(lastListQuery(api).get('page_size')).toBe('50'));
    expect(lastListQuery(api).get('page')).toBe('1');
  });

  it('a filter goes to the URL and the API, shows its tag and CLEAR FILTERS; a chosen value is ignored', async () => {
    const { api, router, user } = await openDeals('?page=2');
    expect(screen.queryByRole('button', { name: 'CLEAR FILTERS' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /BY DEALOWNERS/ }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Rahul Verma' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?owners=u-rahul');
    await waitFor(() => expect(lastListQuery(api).get('owners')).toBe('u-rahul'));
    expect(screen.getByText('Owner: Rahul Verma')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CLEAR FILTERS' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /BY DEALOWNERS/ }));
    const chosen = screen.getByRole('menuitemcheckbox', { name: 'Rahul Verma' });
    expect(chosen).toHaveAttribute('aria-checked', 'true');
    await user.click(chosen);
    expect(router.state.location.search).toBe('?owners=u-rahul');
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Asha Rao' }));
    expect(router.state.location.search).toBe(`?owners=${encodeURIComponent('u-rahul,u-asha')}`);
  });

  it('keeps one dropdown open at a time; outside click and Escape close it', async () => {
    const { user } = await openDeals();
    const owners = screen.getByRole('button', { name: /BY DEALOWNERS/ });
    await user.click(owners);
    expect(screen.getByRole('menu', { name: 'BY DEALOWNERS' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /PIPELINES/ }));
    expect(screen.getAllByRole('menu')).toHaveLength(1);
    expect(screen.getByRole('menu', { name: 'PIPELINES' })).toBeInTheDocument();
    await user.click(screen.getByText('60 Deals'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(owners);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Rahul Verma' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(owners).toHaveFocus();
  });

  it("narrows the stage dropdown to the chosen pipeline's stages", async () => {
    const { user } = await openDeals();
    await user.click(screen.getByRole('button', { name: /BY DEALSTAGES/ }));
    expect(screen.getAllByRole('group', { name: /Sales Pipeline|Enterprise/ })).toHaveLength(2);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: /PIPELINES/ }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Enterprise' }));
    await user.click(screen.getByRole('button', { name: /BY DEALSTAGES/ }));
    const menu = screen.getByRole('menu', { name: 'BY DEALSTAGES' });
    expect(
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((i) => i.textContent),
    ).toEqual(['Discovery', 'Negotiation', 'Legal Review', 'Closed Won']);
    expect(within(menu).queryByText('Contract Sent')).not.toBeInTheDocument();
  });

  it('removes one tag, then CLEAR FILTERS removes the rest and hides itself', async () => {
    const { router, user } = await openDeals(
      '?owners=u-asha&stages=e-nego&pipelines=p-ent&close_from=2026-01-01&close_to=2026-03-31&search=tea',
    );
    const tags = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((t) => t.textContent),
    ).toEqual(['Owner: Asha Rao', 'Stage: Negotiation', 'Pipeline: Enterprise', 'Close date: 1 Jan 2026 to 31 Mar 2026']);
    await user.click(screen.getByRole('button', { name: 'Remove Stage: Negotiation' }));
    expect(new URLSearchParams(router.state.location.search).get('stages')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'CLEAR FILTERS' }));
    expect(router.state.location.search).toBe('?search=tea');
    expect(screen.queryByRole('list', { name: 'Active filters' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'CLEAR FILTERS' })).not.toBeInTheDocument();
  });

  it('close date: Apply does nothing without a date; an end date alone reads Until', async () => {
    const { router, user } = await openDeals();
    await user.click(screen.getByRole('button', { name: /CLOSE DATE/ }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('group', { name: 'Close date' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    await user.type(screen.getByLabelText('End Date'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(router.state.location.search).toBe('?close_to=2026-03-31');
    expect(screen.getByText('Until 31 Mar 2026')).toBeInTheDocument();
  });

  it('searches ~300 ms after typing, from page 1, replacing the history entry', async () => {
    const { api, router, user } = await openDeals('?page=2');
    await user.type(screen.getByRole('searchbox', { name: 'Search Deal' }), 'kaveri');
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() => expect(router.state.location.search).toBe('?search=kaveri'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(lastListQuery(api).get('search')).toBe('kaveri'));
  });

  it("says 'No deals found' without filters and 'No deals match your filters' with them", async () => {
    const empty = { list: () => json(listFixture([], 0, { total_amount: '0' })) };
    dealsApi(empty);
    const first = renderApp('/dashboard/deals');
    expect(await screen.findByText('No deals found')).toBeInTheDocument();
    first.unmount();
    renderApp('/dashboard/deals?pipelines=p-ent');
    expect(await screen.findByText('No deals match your filters')).toBeInTheDocument();
    expect(screen.getByText('0 Deals')).toBeInTheDocument();
  });

  it.each([
    ['deals', { deals: true, owners: false }, 'Failed to load deals'],
    ['owners', { deals: false, owners: true }, 'Failed to load deal owners'],
    ['both', { deals: true, owners: true }, 'Failed to load data'],
  ])('replaces the table with the error text when %s fail', async (_name, fail, message) => {
    fakeApi({
      'GET /api/session/profile': () => json(profileFixture()),
      [`GET ${LIST}`]: () => (fail.deals ? json({ detail: 'nope' }, 403) : json(listFixture([dealFixture()]))),
      'GET /api/deal/owners': () => (fail.owners ? json({ detail: 'nope' }, 403) : json({ data: OWNERS })),
      'GET /api/deal/get-deal-stages': () => json({ detail: 'stages down' }, 403),
    });
    renderApp('/dashboard/deals');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('Edit Columns shows and hides columns and remembers them', async () => {
    const { user } = await openDeals();
    await user.click(screen.getByRole('button', { name: 'Edit Columns' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Deal name' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'KDM' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Pipeline' }));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Deal name',
      'Stage',
      'Owner',
      'Budget',
      'Painpoints',
      'Pipeline',
    ]);
    expect(JSON.parse(localStorage.getItem('dealColumns') ?? '[]')).toEqual([
      'dealname',
      'stage',
      'owner',
      'budget',
      'painpoints',
      'pipeline',
    ]);
  });

  it('Export links to the CSV of the current filters', async () => {
    await openDeals('?owners=u-asha&search=tea&page=2');
    const href = screen.getByRole('link', { name: 'Export' }).getAttribute('href') ?? '';
    expect(href.startsWith('/api/deal/export?')).toBe(true);
    expect(Object.fromEntries(new URL(href, 'http://x').searchParams)).toEqual({ owners: 'u-asha', search: 'tea', sort: 'created_desc' });
  });

  it('the ⋮ menu refreshes, sorts by value (and back) and groups by stage with per-stage totals', async () => {
    const { api, router, user } = await openDeals('', {
      list: (url) => {
        const stage = url.searchParams.get('stages');
        if (stage === 'e-nego') return json(listFixture([dealFixture()], 12, { total_amount: '1500000.00' }));
        if (stage) return json(listFixture([], 0, { total_amount: '0' }));
        return json(listFixture([dealFixture()], 60));
      },
    });
    const listCalls = () => callsTo(api, 'GET', LIST).length;
    const before = listCalls();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Refresh Data' }));
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Sort by Value' }));
    expect(router.state.location.search).toBe('?sort=amount_desc');
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Sort by Value' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Sort by Value' }));
    expect(router.state.location.search).toBe('');

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Group by Stage' }));
    expect(router.state.location.search).toBe('?view=stage');
    const group = await screen.findByRole('region', { name: /Negotiation/ });
    expect(within(group).getByText('12 Deals · RS 15,00,000')).toBeInTheDocument();
    expect(within(group).getByRole('button', { name: 'Show all 12 deals in Negotiation' })).toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: /·/ })).toHaveLength(1);
  });
});

describe('Deals sorted by confidence (issue 30)', () => {
  it('the ⋮ menu sorts by the computed score, lowest first, asking the server; the Confidence column shows it', async () => {
    localStorage.setItem('dealColumns', JSON.stringify(['dealname', 'stage', 'confidence']));
    const { api, router, user } = await openDeals('');
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Sort by Confidence (lowest first)' }));
    expect(router.state.location.search).toBe('?sort=confidence_asc');
    await waitFor(() =>
      expect(api.mock.calls.some(([url]) => String(url).startsWith(`${LIST}?`) && /sort=confidence_asc/.test(String(url)))).toBe(true),
    );
    expect(screen.getByRole('columnheader', { name: /Confidence/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getAllByRole('cell', { name: '72%' }).length).toBeGreaterThan(0);
  });
});
