import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TTranscript } from '@pipewise/contract/transcripts';
import type { TVideo } from '@pipewise/contract/videos';
import { fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { videoFixture } from '../../../../test/video-fixtures';
import { meetingPlayLink } from '../../../lib/play-from';
import { watchPlayer } from '../../../../test/media-player';

const TRANSCRIPT: TTranscript = {
  segments: [
    { seq: 0, start: 3.5, end: 7.9, speaker: 'Speaker 1', speaker_name: 'Neha Kapoor', text: 'We want the portal live before October.' },
    { seq: 1, start: 65, end: 70, speaker: 'Speaker 2', speaker_name: 'Speaker 2', text: 'Then the pilot starts in June.' },
    { seq: 2, start: 3725.3, end: 3729, speaker: 'Speaker 1', speaker_name: 'Neha Kapoor', text: 'Thanks all, talk next week.' },
  ],
  speakers: [
    { label: 'Speaker 1', participant_id: 'p1', name: 'Neha Kapoor' },
    { label: 'Speaker 2', participant_id: null, name: 'Speaker 2' },
  ],
};

function api(video: TVideo = videoFixture(), transcript: TTranscript = TRANSCRIPT) {
  return fakeApi({
    'GET /api/session/profile': () => json(profileFixture()),
    [`GET /api/videos/${video.id}`]: () => json(video),
    [`GET /api/videos/${video.id}/transcript`]: () => json(transcript),
  });
}

async function openTranscript(path = '/dashboard/meeting/v1') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 2, name: 'Kaveri discovery call' });
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name: 'Transcript' }));
  const panel = screen.getByRole('tabpanel', { name: 'Transcript' });
  await within(panel).findByRole('list', { name: 'Transcript' });
  return { view, user, panel };
}

let player: ReturnType<typeof watchPlayer>;
beforeEach(() => {
  player = watchPlayer();
});
afterEach(() => vi.restoreAllMocks());

describe('Meeting transcript', () => {
  it("lists each segment with its speaker's name and its time (m:ss, h:mm:ss)", async () => {
    api();
    const { panel } = await openTranscript();
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '0:03Neha KapoorWe want the portal live before October.',
      '1:05Speaker 2Then the pilot starts in June.',
      '1:02:05Neha KapoorThanks all, talk next week.',
    ]);
  });

  it('plays the recording from a segment when its time is clicked or pressed with the keyboard', async () => {
    api();
    const { user, panel, view } = await openTranscript();
    await user.click(within(panel).getByRole('button', { name: 'Play from 1:05' }));
    await waitFor(() => expect(player.seeks).toEqual([65]));
    expect(player.play).toHaveBeenCalledTimes(1);
    expect(view.router.state.location.search).toBe('?t=65');

    within(panel).getByRole('button', { name: 'Play from 1:02:05' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(player.seeks).toEqual([65, 3725]));
    // The same time again is a new request: it seeks again.
    await user.click(within(panel).getByRole('button', { name: 'Play from 1:02:05' }));
    await waitFor(() => expect(player.seeks).toEqual([65, 3725, 3725]));
    expect(player.play).toHaveBeenCalledTimes(3);
  });

  it('shows a transcript without times as words only, and times without buttons when there is no recording to play', async () => {
    const untimed = { ...TRANSCRIPT, segments: TRANSCRIPT.segments.map((s) => ({ ...s, start: null, end: null })) };
    api(videoFixture(), untimed);
    const { panel } = await openTranscript();
    expect(within(panel).queryAllByRole('button')).toEqual([]);
    expect(within(panel).getAllByRole('listitem')[0]!.textContent).toBe('Neha KapoorWe want the portal live before October.');
  });

  it('shows the times as text when the meeting has no recording to play', async () => {
    api(videoFixture({ s3_url: null }));
    const { panel } = await openTranscript();
    expect(within(panel).queryAllByRole('button')).toEqual([]);
    expect(within(panel).getByText('1:02:05')).toBeInTheDocument();
  });

  it('falls back to the saved text, or says there is none', async () => {
    api(videoFixture({ transcription: 'Neha: We want the portal.\nAsha: Agreed.' }), { segments: [], speakers: [] });
    renderApp('/dashboard/meeting/v1');
    await screen.findByRole('heading', { level: 2, name: 'Kaveri discovery call' });
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Transcript' }));
    expect(await screen.findByText('Asha: Agreed.')).toBeInTheDocument();
  });

  it('keeps a one-hour transcript (a thousand segments) to one list item each', async () => {
    const many = Array.from({ length: 1000 }, (_x, i) => ({
      seq: i,
      start: i * 3.6,
      end: i * 3.6 + 3,
      speaker: `Speaker ${(i % 3) + 1}`,
      speaker_name: `Speaker ${(i % 3) + 1}`,
      text: `Sentence number ${i}.`,
    }));
    api(videoFixture(), { segments: many, speakers: [] });
    const started = performance.now();
    const { panel } = await openTranscript();
    // (Role queries over a thousand items are what is slow in jsdom, so the DOM is read directly.)
    expect(panel.querySelectorAll('li')).toHaveLength(1000);
    expect(panel.querySelector('button[aria-label="Play from 59:56"]')).not.toBeNull();
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('the ?t= protocol', () => {
  it('seeks the player to t and plays when the page opens, and again when t changes', async () => {
    api();
    const view = renderApp(meetingPlayLink('v1', 90.7));
    await screen.findByRole('heading', { level: 2, name: 'Kaveri discovery call' });
    await waitFor(() => expect(player.seeks).toEqual([90]));
    expect(player.play).toHaveBeenCalledTimes(1);
    await act(() => view.router.navigate('/dashboard/meeting/v1?t=300'));
    await waitFor(() => expect(player.seeks).toEqual([90, 300]));
    expect(player.play).toHaveBeenCalledTimes(2);
  });

  it('opens on the Transcript tab, where that moment is', async () => {
    api();
    renderApp(meetingPlayLink('v1', 65));
    expect(await screen.findByRole('tab', { name: 'Transcript' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('list', { name: 'Transcript' })).toBeInTheDocument();
  });

  it('ignores a t that is not a time', async () => {
    api();
    renderApp('/dashboard/meeting/v1?t=soon');
    await screen.findByRole('heading', { level: 2, name: 'Kaveri discovery call' });
    expect(player.seeks).toEqual([]);
    expect(player.play).not.toHaveBeenCalled();
  });
});
