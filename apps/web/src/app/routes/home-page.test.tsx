import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json, profileFixture } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const at = (hours: number, dayOffset = 0) => new Date(2026, 10, 23 + dayOffset, hours).toISOString();

function meeting(id: string, summary: string, start: string) {
  return {
    id,
    summary,
    start_time: start,
    end_time: null,
    timezone: null,
    all_day: false,
    status: 'confirmed',
    attendees: [],
    organizer: null,
    meet_link: null,
    is_team: null,
    deal_id: null,
    deal_name: null,
    owner_email: 'asha@acme.test',
    source: 'builtin',
  };
}

async function openHome() {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 23, 12) });
  fakeApi({
    'GET /api/session/profile': () => json(profileFixture()),
    'GET /api/tasks': () => json({ tasks: [], total: 0, page: 1, page_size: 100 }),
    'GET /api/calendar/user-meetings/': () =>
      json({ status: 'success', meetings: [meeting('a', 'Pricing review', at(15)), meeting('b', 'Renewal call', at(10, 1))] }),
  });
  renderApp('/dashboard');
  return screen.findByRole('region', { name: 'Upcoming Calls' });
}

describe('Home right column', () => {
  it("shows 'Today's to dos' with 'No to-dos' and today's calls", async () => {
    const calls = await openHome();
    const todos = screen.getByRole('region', { name: "Today's to dos" });
    expect(await within(todos).findByText('No to-dos')).toBeInTheDocument();
    expect(await within(calls).findByRole('heading', { name: 'Pricing review' })).toBeInTheDocument();
    expect(within(calls).queryByRole('heading', { name: 'Renewal call' })).not.toBeInTheDocument();
  });

  it('expands the calls card in the right column on a click, and closes it', async () => {
    const calls = await openHome();
    await within(calls).findByRole('heading', { name: 'Pricing review' });
    fireEvent.click(within(calls).getByText('Pricing review'));
    expect(screen.queryByRole('region', { name: "Today's to dos" })).not.toBeInTheDocument();
    expect(within(calls).getByRole('heading', { name: 'Renewal call' })).toBeInTheDocument();
    expect(within(calls).queryByRole('button', { name: 'View all upcoming calls' })).not.toBeInTheDocument();

    fireEvent.click(within(calls).getByRole('button', { name: 'Close Upcoming Calls' }));
    expect(screen.getByRole('region', { name: "Today's to dos" })).toBeInTheDocument();
    expect(within(calls).queryByRole('heading', { name: 'Renewal call' })).not.toBeInTheDocument();
  });

  it('does not expand when a control inside the card is used', async () => {
    const calls = await openHome();
    fireEvent.click(within(calls).getByRole('tab', { name: 'Team' }));
    expect(screen.getByRole('region', { name: "Today's to dos" })).toBeInTheDocument();
    expect(within(calls).queryByRole('button', { name: 'Close Upcoming Calls' })).not.toBeInTheDocument();
  });

  it('expands the to-dos card from the keyboard and closes it again', async () => {
    await openHome();
    const user = userEvent.setup();
    screen.getByRole('button', { name: "Expand Today's to dos" }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('region', { name: 'Upcoming Calls' })).not.toBeInTheDocument();
    const close = screen.getByRole('button', { name: "Close Today's to dos" });
    expect(close).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Upcoming Calls' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Expand Today's to dos" })).toHaveFocus();
  });
});
