import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi, json } from '../../../../test/fake-api';
import { freezeNow, renderWithQueries, YOUR_MEETINGS } from '../../../../test/calls-kit';
import { UpcomingCallsButton } from './upcoming-calls-button';

describe('View upcoming calls', () => {
  it("opens 'Upcoming Calls' with your upcoming meetings as cards with Join, and closes with Escape", async () => {
    freezeNow(new Date(2026, 10, 23, 12, 0));
    const api = fakeApi({ 'GET /api/calendar/user-meetings/': () => json({ status: 'success', meetings: YOUR_MEETINGS }) });
    renderWithQueries(<UpcomingCallsButton />);
    const user = userEvent.setup();
    expect(callsTo(api, 'GET', '/api/calendar/user-meetings/')).toHaveLength(0);

    const opener = screen.getByRole('button', { name: 'View upcoming calls' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Upcoming Calls' });
    const section = within(dialog).getByRole('region', { name: 'Your Meetings' });
    const list = await within(section).findByRole('list', { name: 'Your Meetings' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Product demo', 'Daily Sync', 'Renewal call']);
    expect(
      within(list)
        .getAllByRole('button', { name: 'Join' })
        .map((b) => (b as HTMLButtonElement).disabled),
    ).toEqual([false, true, false]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('only logs a failure and shows the empty list', async () => {
    freezeNow(new Date(2026, 10, 23, 12, 0));
    fakeApi({ 'GET /api/calendar/user-meetings/': () => json({ detail: 'Not allowed' }, 403) });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithQueries(<UpcomingCallsButton />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'View upcoming calls' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upcoming Calls' });
    expect(await within(dialog).findByText('No upcoming calls')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Failed to load upcoming calls', expect.anything());
  });
});
