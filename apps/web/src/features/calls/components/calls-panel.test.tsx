import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi, json } from '../../../../test/fake-api';
import { freezeNow, renderWithQueries, TEAM_MEETINGS, YOUR_MEETINGS } from '../../../../test/calls-kit';
import { CallsPanel } from './calls-panel';

function callsApi(yours: unknown = { status: 'success', meetings: YOUR_MEETINGS }, team: unknown = { meetings: TEAM_MEETINGS }) {
  return fakeApi({
    'GET /api/calendar/user-meetings/': () => json(yours),
    'GET /api/calendar/meetings': () => json(team),
  });
}

const titles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading')
    .map((h) => h.textContent);
const card = (title: string) => screen.getByRole('listitem', { name: title });

describe('Calls panel', () => {
  it("shows today's calls, earliest first, with time, attendees, deal and Join", async () => {
    freezeNow(new Date(2026, 10, 23, 12, 0));
    const api = callsApi();
    renderWithQueries(<CallsPanel />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading meetings...');
    const list = await screen.findByRole('list', { name: "Today's calls" });
    expect(titles(list)).toEqual(['Pricing review', 'Product demo', 'Meeting']);

    const pricing = card('Pricing review');
    expect(pricing).toHaveTextContent('9:30 am - 10:00 am');
    expect(pricing).toHaveTextContent('asha, neha ... +1 more');
    expect(pricing).toHaveTextContent('Kaveri Foods - Dealer portal');
    expect(within(card('Meeting')).getByRole('button', { name: 'Join' })).toBeDisabled();
    expect(list).toHaveClass('call-list-today');

    const [request] = callsTo(api, 'GET', '/api/calendar/user-meetings/');
    expect(request).toBeDefined();
    const url = new URL(String(api.mock.calls[0]![0]), 'http://localhost');
    expect(new Date(url.searchParams.get('from')!).getTime()).toBe(new Date(2026, 10, 23).getTime());
  });

  it('opens the meeting link in a new tab without a handle back', async () => {
    freezeNow(new Date(2026, 10, 23, 12, 0));
    callsApi();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithQueries(<CallsPanel />);
    await screen.findByRole('list', { name: "Today's calls" });
    fireEvent.click(within(card('Product demo')).getByRole('button', { name: 'Join' }));
    expect(open).toHaveBeenCalledWith('https://meet.example/demo', '_blank', 'noopener,noreferrer');
  });

  it('switches to all upcoming calls, and back, remembering the choice', async () => {
    freezeNow(new Date(2026, 10, 23, 12, 0));
    callsApi();
    renderWithQueries(<CallsPanel />);
    await screen.findByRole('list', { name: "Today's calls" });
    fireEvent.click(screen.getByRole('button', { name: 'View all upcoming calls' }));
    const list = screen.getByRole('list', { name: 'Upcoming calls' });
    expect(titles(list)).toEqual(['Product demo', 'Daily Sync', 'Renewal call']);
    expect(list).toHaveClass('call-list-all');
    expect(card('Renewal call')).toHaveTextContent('Tue, Nov 24');
    expect(localStorage.getItem('showAllMeetings')).toBe('all');

    fireEvent.click(screen.getByRole('button', { name: "View today's calls" }));
    expect(screen.getByRole('list', { name: "Today's calls" })).toBeInTheDocument();
    expect(localStorage.getItem('showAllMeetings')).toBe('today');
  });

  it('shows team calls by the team rule from the team meetings and remembers the tab', async () => {
    freezeNow(new Date(2026, 10, 23, 9, 0));
    const api = callsApi();
    renderWithQueries(<CallsPanel />);
    await screen.findByRole('list', { name: "Today's calls" });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Team' }));
    expect(screen.getByRole('tab', { name: 'Team' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Team' })).toBeInTheDocument();
    expect(titles(await screen.findByRole('list', { name: "Today's calls" }))).toEqual(['Team standup', 'Quarterly review']);
    expect(callsTo(api, 'GET', '/api/calendar/meetings')).toHaveLength(1);
    expect(localStorage.getItem('activeCallsTab')).toBe('team');

    // Arrow keys move along the tabs and select; only the selected tab is a tab stop.
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Your' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Your' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Team' })).toHaveAttribute('tabindex', '-1');
    expect(localStorage.getItem('activeCallsTab')).toBe('your');
  });

  it('starts on the remembered tab', async () => {
    freezeNow(new Date(2026, 10, 23, 9, 0));
    localStorage.setItem('activeCallsTab', 'team');
    callsApi();
    renderWithQueries(<CallsPanel />);
    expect(screen.getByRole('tab', { name: 'Team' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Team standup' })).toBeInTheDocument();
  });

  it('expanded shows every upcoming call, offers no toggle and leaves the remembered tab alone', async () => {
    freezeNow(new Date(2026, 10, 23, 12, 0));
    callsApi();
    renderWithQueries(<CallsPanel expanded />);
    expect(titles(await screen.findByRole('list', { name: 'Upcoming calls' }))).toEqual(['Product demo', 'Daily Sync', 'Renewal call']);
    expect(screen.queryByRole('button', { name: 'View all upcoming calls' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Team' }));
    expect(await screen.findByRole('heading', { name: 'Quarterly review' })).toBeInTheDocument();
    expect(localStorage.getItem('activeCallsTab')).toBeNull();
  });

  it('says when there are no calls today, or none upcoming', async () => {
    freezeNow(new Date(2026, 10, 23, 12, 0));
    callsApi({ status: 'success', meetings: [] });
    renderWithQueries(<CallsPanel />);
    expect(await screen.findByText('No calls today')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'View all upcoming calls' }));
    expect(screen.getByText('No upcoming calls')).toBeInTheDocument();
  });

  it('has no calls today while tomorrow has one', async () => {
    freezeNow(new Date(2026, 10, 23, 12, 0));
    callsApi({ status: 'success', meetings: [YOUR_MEETINGS[0]] });
    renderWithQueries(<CallsPanel />);
    expect(await screen.findByText('No calls today')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'View all upcoming calls' }));
    expect(titles(screen.getByRole('list', { name: 'Upcoming calls' }))).toEqual(['Renewal call']);
  });

  it("shows 'Failed to load meetings' when the calendar cannot be read", async () => {
    freezeNow(new Date(2026, 10, 23, 12, 0));
    fakeApi({ 'GET /api/calendar/user-meetings/': () => json({ detail: 'Not allowed' }, 403) });
    renderWithQueries(<CallsPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load meetings');
  });

  it('rejects an answer of the wrong shape as a failure', async () => {
    freezeNow(new Date(2026, 10, 23, 12, 0));
    callsApi({ meetings: [{ id: 1 }] });
    renderWithQueries(<CallsPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load meetings');
  });
});
