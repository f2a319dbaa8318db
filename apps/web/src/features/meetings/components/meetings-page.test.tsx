import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { videoFixture } from '../../../../test/video-fixtures';
import { viewerTimeZone } from '../../../../test/time-zone';

const MINE = [videoFixture(), videoFixture({ id: 'v2', title: '', dealName: null, sentiment: 'negative', meet_attendees: [] })];
const TEAM = [videoFixture({ id: 'v3', title: 'Rahul weekly sync', sentiment: null, status: 'processing' })];

function meetingsApi(overrides: Record<string, () => Response | Promise<Response>> = {}) {
  return fakeApi({
    'GET /api/session/profile': () => json(profileFixture()),
    'GET /api/videos/my-videos': () => json(MINE),
    'GET /api/videos/subordinate-videos': () => json(TEAM),
    'GET /api/videos/v1': () => json(MINE[0]),
    ...overrides,
  });
}

// The fixture's upload (15:05 UTC on 5 March) is 20:35 on 5 March in Kolkata; east of UTC+9 it is the 6th.
viewerTimeZone('Asia/Kolkata');

describe('Meetings screen', () => {
  it("shows 'Loading videos...', then the table with the real deal name and sentiment", async () => {
    // The list answers only once the loading text was seen: a fast answer (the page's chunk slower than
    // the fake API on a busy machine) would otherwise leave no loading state to see.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    meetingsApi({ 'GET /api/videos/my-videos': () => held.then(() => json(MINE)) });
    renderApp('/dashboard/meetings');
    expect(await screen.findByText('Loading videos...')).toBeInTheDocument();
    answer();
    const table = await screen.findByRole('table', { name: 'Meetings' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Date', 'Meeting Title', 'Participants', 'Deal Associated', 'Deal Sentiments', 'Actions']);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 5),
    ).toEqual(['Mar 5, 2026', 'Kaveri discovery call', 'Neha Iyer, Asha Rao ... +1 more', 'Kaveri Foods - Dealer portal', 'Positive']);
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(1, 5),
    ).toEqual(['Untitled Meeting', 'No participants', 'N/A', 'Negative']);
  });

  it('reloads the list on each tab switch; arrow keys move between the tabs', async () => {
    const api = meetingsApi();
    renderApp('/dashboard/meetings');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Meetings' });
    expect(screen.getByRole('tab', { name: 'Your Meeting' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Team Meeting' }));
    expect(await screen.findByRole('cell', { name: 'Rahul weekly sync' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Pending' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Your Meeting' })).toHaveFocus();
    expect(await screen.findByRole('cell', { name: 'Kaveri discovery call' })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(api, 'GET', '/api/videos/my-videos')).toHaveLength(2));
    expect(callsTo(api, 'GET', '/api/videos/subordinate-videos')).toHaveLength(1);
  });

  it('opens the detail modal from a row or its View button; Details goes to the meeting with the record', async () => {
    meetingsApi();
    const view = renderApp('/dashboard/meetings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('cell', { name: 'Kaveri discovery call' }));
    const dialog = screen.getByRole('dialog', { name: 'Kaveri discovery call' });
    expect(dialog).toHaveTextContent('Uploaded byAsha Rao');
    expect(dialog).toHaveTextContent('Upload dateMar 5, 2026');
    expect(within(dialog).getByRole('heading', { name: 'Key Points' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    screen.getByRole('button', { name: 'View Untitled Meeting' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Video Details' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Details: Kaveri discovery call' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/dashboard/meeting/v1'));
    expect((view.router.state.location.state as { video: { id: string } }).video.id).toBe('v1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Kaveri discovery call' })).toBeInTheDocument();
  });

  it("says 'No videos found', and 'Error: Failed to load your videos' / 'Failed to load team videos'", async () => {
    meetingsApi({ 'GET /api/videos/my-videos': () => json([]), 'GET /api/videos/subordinate-videos': () => json({ detail: 'boom' }, 500) });
    renderApp('/dashboard/meetings');
    expect(await screen.findByText('No videos found')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Team Meeting' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Failed to load team videos');
  });

  it("shows 'Error: Failed to load your videos' when the own list fails", async () => {
    meetingsApi({ 'GET /api/videos/my-videos': () => json({ detail: 'boom' }, 500) });
    renderApp('/dashboard/meetings');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Failed to load your videos');
  });
});
