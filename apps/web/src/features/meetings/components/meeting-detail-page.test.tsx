import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TGoogleStatus } from '@pipewise/contract/calendar';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { videoFixture } from '../../../../test/video-fixtures';
import { viewerTimeZone } from '../../../../test/time-zone';

const LONG_SUMMARY =
  'The buying team wants the dealer portal live before the festive season, with a phased rollout by region and training for every dealer.';

function googleStatus(mail: boolean): TGoogleStatus {
  return {
    configured: true,
    state: mail ? 'connected' : 'partial',
    mail,
    calendar: true,
    missing: mail ? [] : ['mail'],
    email: 'asha@acme.test',
    last_synced_at: null,
  };
}

function detailApi(
  video = videoFixture({
    summary: {
      summary: LONG_SUMMARY,
      key_points: [
        'Go-live before October',
        'Phased rollout by region',
        'Training for 40 dealers',
        'Pilot with 5 dealers in the southern region first',
      ],
    },
  }),
  mail = true,
  routes: Parameters<typeof fakeApi>[0] = {},
) {
  return fakeApi({
    'GET /api/session/profile': () => json(profileFixture()),
    [`GET /api/videos/${video.id}`]: () => json(video),
    [`POST /api/videos/${video.id}/follow-up-email`]: () =>
      json({ subject: 'Next steps for the dealer portal', body: 'Hi Neha,\n\nThanks for your time.', to: ['neha@kaveri.test'] }),
    'GET /api/google/status': () => json(googleStatus(mail)),
    'POST /api/google/gmail-draft': () => json({ id: 'draft-1' }),
    ...routes,
  });
}

async function openMeeting(path = '/dashboard/meeting/v1') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 2, name: 'Kaveri discovery call' });
  return { view, user: userEvent.setup() };
}

// The fixture's upload (15:05 UTC on 5 March) is 20:35 on 5 March in Kolkata; east of UTC+9 it is the 6th.
viewerTimeZone('Asia/Kolkata');

describe('Meeting detail', () => {
  it('loads from the URL alone: title, date, duration, participant count, overview with Read More / Show Less', async () => {
    const api = detailApi();
    const { user } = await openMeeting();
    expect(callsTo(api, 'GET', '/api/videos/v1')).toHaveLength(1);
    const facts = screen.getByRole('list', { name: 'Meeting facts' });
    expect(
      within(facts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Mar 5, 2026', '32 minutes', '3 participants']);

    const overview = screen.getByRole('region', { name: 'Overview' });
    const summary = within(overview).getByText(/^The buying team/);
    expect(summary.textContent).toHaveLength(101);
    await user.click(within(overview).getByRole('button', { name: 'Read More: Meeting Summary' }));
    expect(within(overview).getByText(LONG_SUMMARY)).toBeInTheDocument();
    await user.click(within(overview).getByRole('button', { name: 'Show Less: Meeting Summary' }));
    expect(within(overview).queryByText(LONG_SUMMARY)).not.toBeInTheDocument();

    await user.click(within(overview).getByRole('button', { name: 'Read More: Key Points' }));
    expect(within(overview).getAllByRole('listitem')).toHaveLength(4);
    expect(within(overview).getByRole('button', { name: 'Show Less: Key Points' })).toHaveAttribute('aria-expanded', 'true');
  });

  it("defaults the title to 'Untitled Meeting', shows the record from navigation state at once, and 'Meeting not found'", async () => {
    const video = videoFixture({ id: 'v9', title: '', meet_attendees: [], snapshots: [] });
    fakeApi({ 'GET /api/session/profile': () => json(profileFixture()), 'GET /api/videos/v9': () => json(video) });
    const view = renderApp({ pathname: '/dashboard/meeting/v9', state: { video } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Untitled Meeting' })).toBeInTheDocument();
    expect(screen.getByText('No participants found')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Snapshots' }));
    expect(screen.getByText('No snapshots available for this meeting.')).toBeInTheDocument();
    view.unmount();
    renderApp('/dashboard/meeting/missing');
    expect(await screen.findByText('Meeting not found')).toBeInTheDocument();
  });

  it('lists participants with the organizer first, (You) for the signed-in user and a border by answer; snapshots with times', async () => {
    detailApi();
    const { user } = await openMeeting();
    const panel = screen.getByRole('tabpanel', { name: 'Participants' });
    const people = within(panel).getAllByRole('listitem');
    expect(people.map((p) => p.querySelector('.participant-name')?.textContent)).toEqual(['Asha Rao (You)', 'Neha Iyer', 'karan']);
    expect(people.map((p) => p.className)).toEqual([
      'participant participant-accepted',
      'participant participant-declined',
      'participant participant-needsAction',
    ]);
    expect(people[0]).toHaveTextContent('Organizer');

    await user.click(screen.getByRole('tab', { name: 'Snapshots' }));
    const shots = screen.getByRole('tabpanel', { name: 'Snapshots' });
    expect(within(shots).getByRole('img', { name: 'Snapshot at 1:05' })).toHaveAttribute('src', '/api/videos/v1/snapshots/1.jpg');
    expect(within(shots).getByText('10:00')).toBeInTheDocument();
  });

  it('plays and pauses the recording from its button', async () => {
    detailApi();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    const { user } = await openMeeting();
    const video = document.querySelector('video')!;
    Object.defineProperty(video, 'paused', { configurable: true, get: () => !play.mock.calls.length || pausedAgain });
    let pausedAgain = false;
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      pausedAgain = true;
      this.dispatchEvent(new Event('pause'));
    });
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(play).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it("Share copies the page's address and confirms 'Link copied'", async () => {
    detailApi();
    const { user } = await openMeeting();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
  });

  it('Generate AI Email drafts an editable follow-up and saves it to Gmail drafts when mail is granted', async () => {
    const api = detailApi();
    const { user } = await openMeeting();
    await user.click(screen.getByRole('button', { name: 'Generate AI Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Follow-up email' });
    const subject = await within(dialog).findByLabelText('Subject');
    expect(subject).toHaveValue('Next steps for the dealer portal');
    expect(within(dialog).getByLabelText('Body')).toHaveValue('Hi Neha,\n\nThanks for your time.');
    await user.clear(subject);
    await user.type(subject, 'Portal next steps');
    const save = await within(dialog).findByRole('button', { name: 'Save to Gmail drafts' });
    await user.click(save);
    await waitFor(() =>
      expect(callsTo(api, 'POST', '/api/google/gmail-draft').map((c) => c.body)).toEqual([
        { to: ['neha@kaveri.test'], subject: 'Portal next steps', body: 'Hi Neha,\n\nThanks for your time.' },
      ]),
    );
    expect(await screen.findByText('Draft saved to Gmail')).toBeInTheDocument();
  });

  it('names the missing Gmail permission and points to Settings -> Integrations when mail is not granted', async () => {
    detailApi(undefined, false);
    const { user } = await openMeeting();
    await user.click(screen.getByRole('button', { name: 'Generate AI Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Follow-up email' });
    await act(async () => {
      await within(dialog).findByText(/Saving drafts needs the Gmail \(Google mail\) permission/);
    });
    expect(within(dialog).queryByRole('button', { name: 'Save to Gmail drafts' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Settings → Integrations' })).toHaveAttribute(
      'href',
      '/dashboard/settings?section=integrations',
    );
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('asks for the Gmail permission again once Google is disconnected in Settings, without a reload', async () => {
    let google = googleStatus(true);
    detailApi(undefined, true, {
      'GET /api/google/status': () => json(google),
      'POST /api/google/disconnect': () => {
        google = { ...google, state: 'not_connected', mail: false, calendar: false, email: null };
        return json(google);
      },
    });
    const { view, user } = await openMeeting();
    await user.click(screen.getByRole('button', { name: 'Generate AI Email' }));
    expect(
      await within(screen.getByRole('dialog', { name: 'Follow-up email' })).findByRole('button', { name: 'Save to Gmail drafts' }),
    ).toBeInTheDocument();

    // Settings -> Integrations in the same page: the Google card disconnects.
    await act(() => view.router.navigate('/dashboard/settings?section=integrations'));
    const card = (await screen.findByRole('heading', { level: 3, name: 'Google' })).closest('li')!;
    await user.click(await within(card).findByRole('button', { name: 'Disconnect' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Disconnect Google?' })).getByRole('button', { name: 'Disconnect' }));
    expect(await within(card).findByText('Not connected')).toBeInTheDocument();

    // Back on the meeting a moment later, the draft action knows Gmail is gone as soon as the draft shows.
    await act(() => view.router.navigate('/dashboard/meeting/v1'));
    await user.click(await screen.findByRole('button', { name: 'Generate AI Email' }));
    const dialog = screen.getByRole('dialog', { name: 'Follow-up email' });
    await within(dialog).findByLabelText('Subject');
    expect(within(dialog).getByText(/Saving drafts needs the Gmail \(Google mail\) permission/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save to Gmail drafts' })).not.toBeInTheDocument();
  });
});
