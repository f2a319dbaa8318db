import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { figuresFixture, personFixture, rowFixture, teamFixture } from '../../../../test/coaching-fixtures';
import { renderApp } from '../../../../test/render-app';

// jsdom has no canvas: the uPlot chart is stood in for; its text alternative (the weekly table) is the card's own.
vi.mock('./trend-canvas', () => ({ TrendCanvas: () => <div data-testid="trend-canvas" /> }));

const rep = () => profileFixture({ id: 'u2', name: 'Ravi Kumar', email: 'ravi@acme.test', role: 'rep' });
const manager = () => profileFixture({ id: 'u1', name: 'Asha Rao', role: 'manager' });

const TEAM = teamFixture([
  rowFixture({ user_id: 'u1', name: 'Asha Rao', role: 'manager', calls: 4, figures: figuresFixture(4, { talk_ratio: 0.4 }) }),
  rowFixture({
    user_id: 'u2',
    name: 'Ravi Kumar',
    calls: 6,
    figures: figuresFixture(6, { talk_ratio: 0.72, questions: 6 }, ['talk_ratio', 'questions']),
  }),
  rowFixture({ user_id: 'u3', name: 'Meera Iyer', calls: 0, figures: figuresFixture(0) }),
]);

const searchOf = (mock: ReturnType<typeof fakeApi>, path: string) =>
  mock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => `${url.searchParams.get('from')}..${url.searchParams.get('to')}`);

beforeEach(() => {
  // Sunday 29 November 2026, late morning, local time: the last 30 days are 31 Oct to 29 Nov.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 29, 11) });
});

describe('Coaching page: a rep', () => {
  it('shows their figures as cards against the median and the bands, with the weekly values and their calls at the moment', async () => {
    fakeApi({
      'GET /api/session/profile': () => json(rep()),
      'GET /api/coaching': () => json(teamFixture([rowFixture({ user_id: 'u2', name: 'Ravi Kumar' })])),
      'GET /api/coaching/users/u2': () => json(personFixture()),
    });
    renderApp('/dashboard/coaching');
    expect(await screen.findByRole('heading', { level: 2, name: 'Your figures' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Coaching' })).toBeInTheDocument();

    const talk = await screen.findByRole('listitem', { name: 'Talk ratio' });
    expect(talk).toHaveTextContent('72%');
    expect(within(talk).getByText('Above 65%')).toHaveClass('badge-danger');
    expect(talk).toHaveTextContent('Team median48%');
    expect(talk).toHaveTextContent('Won calls: about 43%; above 65% converts worse (Gong Labs, 25,537 calls)');
    expect(talk).toHaveTextContent('Based on 5 calls');
    const weekly = within(talk).getByRole('table', { name: 'Talk ratio by week' });
    expect(
      within(weekly)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Week ofTalk ratioCalls', '16 Nov 202648%2', '23 Nov 202680%3']);
    expect(within(talk).getByRole('link', { name: 'Discovery with Kaveri' })).toHaveAttribute('href', '/dashboard/meeting/r1');
    expect(within(talk).getByRole('link', { name: 'Demo for Sahyadri' })).toHaveAttribute('href', '/dashboard/meeting/r2?t=125');
    expect(talk).toHaveTextContent('86% · at 2:05');

    const questions = screen.getByRole('listitem', { name: 'Questions per call' });
    expect(questions).toHaveTextContent('11–14 on discovery calls');
    expect(within(questions).queryByText(/Above|Below/)).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Patience' })).toHaveTextContent('No published band: compare with the team median.');
    // No table of everyone for a rep.
    expect(screen.queryByRole('table', { name: /per person/ })).not.toBeInTheDocument();
  });

  it('says when no call of the period has separated speakers, and how to get some', async () => {
    fakeApi({
      'GET /api/session/profile': () => json(rep()),
      'GET /api/coaching': () =>
        json(teamFixture([rowFixture({ user_id: 'u2', name: 'Ravi Kumar', calls: 0, figures: figuresFixture(0) })])),
      'GET /api/coaching/users/u2': () => json(personFixture({ calls: 0, figures: figuresFixture(0), weeks: [], best: [], worst: [] })),
    });
    renderApp('/dashboard/coaching');
    expect(await screen.findByText('No calls with separated speakers in this period')).toBeInTheDocument();
    expect(screen.getByText(/Upload transcripts that name their speakers, or stereo recordings/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload a call' })).toHaveAttribute('href', '/dashboard/upload');
    expect(screen.queryByRole('listitem', { name: 'Talk ratio' })).not.toBeInTheDocument();
  });

  it('shows an error with Retry, which asks again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/session/profile': () => json(rep()),
      'GET /api/coaching': () =>
        fail ? json({ detail: 'boom' }, 500) : json(teamFixture([rowFixture({ user_id: 'u2', name: 'Ravi Kumar' })])),
      'GET /api/coaching/users/u2': () => json(personFixture()),
    });
    renderApp('/dashboard/coaching');
    expect(await screen.findByText('Failed to load coaching figures')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Talk ratio' })).toBeInTheDocument();
  });
});

describe('Coaching page: a manager', () => {
  const routes = () => ({
    'GET /api/session/profile': () => json(manager()),
    'GET /api/coaching': () => json(TEAM),
    'GET /api/coaching/users/u2': () => json(personFixture()),
  });
  const names = () =>
    screen
      .getAllByRole('row')
      .slice(1, -1)
      .map((row) => within(row).getByRole('rowheader').querySelector('a')?.textContent);

  it('sees everyone in a table: out-of-band values marked, no calls as —, the team median, the calls count', async () => {
    fakeApi(routes());
    renderApp('/dashboard/coaching');
    const table = await screen.findByRole('table', { name: /per person/ });
    expect(screen.getByRole('heading', { level: 2, name: 'Your team' })).toBeInTheDocument();
    const ravi = within(table).getByRole('row', { name: /Ravi Kumar/ });
    const cells = within(ravi).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('6');
    expect(cells[1]).toHaveTextContent('72%Above 65%');
    expect(within(cells[1]!).getByText('Above 65%')).toHaveClass('badge-danger');
    expect(cells[5]).toHaveTextContent('6Below 11');
    const meera = within(table).getByRole('row', { name: /Meera Iyer/ });
    expect(
      within(meera)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(Array(9).fill('—'));
    const median = within(table).getByRole('row', { name: /Team median/ });
    expect(within(median).getAllByRole('cell')[0]).toHaveTextContent('10 in all');
    expect(within(median).getAllByRole('cell')[1]).toHaveTextContent('48%');
    expect(screen.getByRole('link', { name: 'Your own figures' })).toHaveAttribute('href', '/dashboard/coaching/u1');
  });

  it('sorts by a column header, by click or keyboard, and says so with aria-sort', async () => {
    fakeApi(routes());
    renderApp('/dashboard/coaching');
    await screen.findByRole('table', { name: /per person/ });
    expect(names()).toEqual(['Asha Rao', 'Meera Iyer', 'Ravi Kumar']);
    expect(screen.getByRole('columnheader', { name: /Person/ })).toHaveAttribute('aria-sort', 'ascending');

    const talk = screen.getByRole('button', { name: 'Talk ratio' });
    fireEvent.click(talk);
    expect(names()).toEqual(['Ravi Kumar', 'Asha Rao', 'Meera Iyer']);
    expect(screen.getByRole('columnheader', { name: /Talk ratio/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Person/ })).not.toHaveAttribute('aria-sort');

    // From the keyboard: the person without calls stays last either way.
    talk.focus();
    await userEvent.setup().keyboard('{Enter}');
    expect(names()).toEqual(['Asha Rao', 'Ravi Kumar', 'Meera Iyer']);
    expect(screen.getByRole('columnheader', { name: /Talk ratio/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it("opens a person's page from their name, keeping the period, and goes back", async () => {
    const api = fakeApi(routes());
    const { router } = renderApp('/dashboard/coaching?period=90d');
    fireEvent.click(await screen.findByRole('link', { name: 'Ravi Kumar' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Ravi Kumar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/coaching/u2');
    expect(router.state.location.search).toBe('?period=90d');
    expect(searchOf(api, '/api/coaching/users/u2')).toEqual(['2026-09-01..2026-11-29']);
    expect(screen.getByRole('listitem', { name: 'Talk ratio' })).toHaveTextContent('72%');
    fireEvent.click(screen.getByRole('link', { name: 'Back to Coaching' }));
    expect(await screen.findByRole('table', { name: /per person/ })).toBeInTheDocument();
  });

  it('says plainly when the person is not theirs to see', async () => {
    fakeApi({ ...routes(), 'GET /api/coaching/users/u9': () => json({ detail: 'Not found' }, 404) });
    renderApp('/dashboard/coaching/u9');
    expect(await screen.findByText('This person is not on your team, or does not exist.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Coaching' })).toHaveAttribute('href', '/dashboard/coaching');
  });
});

describe('Coaching page: the period', () => {
  const routes = () => ({
    'GET /api/session/profile': () => json(manager()),
    'GET /api/coaching': () => json(TEAM),
  });

  it('asks for the last 30 days first, then the last 90 when chosen, and keeps it in the URL', async () => {
    const api = fakeApi(routes());
    const { router } = renderApp('/dashboard/coaching');
    await screen.findByRole('table', { name: /per person/ });
    expect(searchOf(api, '/api/coaching')).toEqual(['2026-10-31..2026-11-29']);
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('30d');

    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: '90d' } });
    await waitFor(() => expect(searchOf(api, '/api/coaching')).toEqual(['2026-10-31..2026-11-29', '2026-09-01..2026-11-29']));
    expect(router.state.location.search).toBe('?period=90d');
    expect(screen.getByText('1 Sept 2026 – 29 Nov 2026')).toBeInTheDocument();
  });

  it('checks a custom range before asking for it', async () => {
    const api = fakeApi(routes());
    const { router } = renderApp('/dashboard/coaching');
    await screen.findByRole('table', { name: /per person/ });
    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: 'custom' } });
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveValue('2026-10-31');

    fireEvent.change(from, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Choose a start date.')).toBeInTheDocument();
    expect(from).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(from, { target: { value: '2026-11-10' } });
    fireEvent.change(to, { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The end date cannot be before the start date.')).toBeInTheDocument();

    fireEvent.change(from, { target: { value: '2026-12-05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The start date cannot be in the future.')).toBeInTheDocument();
    expect(searchOf(api, '/api/coaching')).toHaveLength(1);

    fireEvent.change(from, { target: { value: '2026-08-01' } });
    fireEvent.change(to, { target: { value: '2026-09-15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(searchOf(api, '/api/coaching').at(-1)).toBe('2026-08-01..2026-09-15'));
    expect(router.state.location.search).toBe('?period=custom&from=2026-08-01&to=2026-09-15');
  });

  it('reopens a custom range from a link', async () => {
    const api = fakeApi(routes());
    renderApp('/dashboard/coaching?period=custom&from=2026-01-05&to=2026-03-01');
    await screen.findByRole('table', { name: /per person/ });
    expect(searchOf(api, '/api/coaching')).toEqual(['2026-01-05..2026-03-01']);
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('custom');
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-05');
  });
});
