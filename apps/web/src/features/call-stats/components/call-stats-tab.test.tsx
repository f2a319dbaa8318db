import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_SPEAKERS_TEXT, type TCallStats } from '@pipewise/contract/coaching';
import type { TVideo } from '@pipewise/contract/videos';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { callStatsBody, callStatsFixture, channelStats } from '../../../../test/call-stats-fixtures';
import { renderApp } from '../../../../test/render-app';
import { videoFixture } from '../../../../test/video-fixtures';
import { watchPlayer } from '../../../../test/media-player';

type Answer = TCallStats | (() => Response);

function api(stats: Answer = callStatsFixture(), video: TVideo = videoFixture(), routes: Record<string, () => Response> = {}) {
  return fakeApi({
    'GET /api/session/profile': () => json(profileFixture()),
    [`GET /api/videos/${video.id}`]: () => json(video),
    [`GET /api/videos/${video.id}/call-stats`]: () => (typeof stats === 'function' ? stats() : json(stats)),
    ...routes,
  });
}

async function openCallStats(path = '/dashboard/meeting/v1') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 2, name: 'Kaveri discovery call' });
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name: 'Call stats' }));
  const panel = screen.getByRole('tabpanel', { name: 'Call stats' });
  return { view, user, panel };
}

/** A figure's term and its description, as a list of terms reads them. */
function figure(panel: HTMLElement, label: string) {
  const term = within(panel).getByText(label, { selector: 'dt' });
  return term.nextElementSibling!.textContent;
}

let player: ReturnType<typeof watchPlayer>;
beforeEach(() => {
  player = watchPlayer();
});
afterEach(() => vi.restoreAllMocks());

describe('Call stats tab', () => {
  it('shows who spoke when, talk ratio per side and person, the figures with what they mean, and the mentions', async () => {
    api();
    const { panel } = await openCallStats();
    await within(panel).findByRole('heading', { name: 'Who spoke when' });

    const lanes = within(within(panel).getByRole('list', { name: 'Speakers on the timeline' })).getAllByRole('listitem');
    expect(lanes.map((lane) => lane.querySelector('.timeline-lane-name')!.textContent)).toEqual([
      'Asha Rao (Your team, 3 turns)',
      'Neha Iyer (Customer, 2 turns)',
      'Speaker 3 (Unknown side, 1 turn)',
    ]);

    const sides = within(within(panel).getByRole('list', { name: 'Talk ratio per side' })).getAllByRole('listitem');
    expect(sides.map((row) => row.textContent)).toEqual([
      'Your teamAbove 65%70% · 3 min 35 s',
      'Customer27% · 1 min 25 s',
      'Unknown side3% · 10 s',
    ]);
    const people = within(panel).getByRole('list', { name: 'Talk ratio per person' });
    expect(within(people).getByText('Asha Rao').closest('li')!.textContent).toContain('70%');
    expect(within(people).getByText('Above 65%')).toBeInTheDocument();
    expect(within(panel).getByText(/Band: on won calls reps talked about 43% of the time; above 65% converts worse/)).toBeInTheDocument();

    expect(figure(panel, 'Longest monologue')).toMatch(/^3 minAsha Rao, from 2:00The longest stretch your team's side spoke/);
    expect(figure(panel, 'Longest customer story')).toMatch(/^1 min 10 sNeha Iyer, from 0:50/);
    expect(figure(panel, 'Interactivity')).toMatch(/^1\.0 switches per minuteHow often the speaker changes/);
    expect(figure(panel, 'Patience')).toMatch(/^0\.8 sThe mean pause before your team's side speaks/);
    expect(figure(panel, 'Questions')).toMatch(/^12 questions139\.4 per hourBand: 11–14 questions on a discovery call/);
    expect(figure(panel, 'Questions')).toContain('From question marks in the transcript.');
    expect(figure(panel, 'Words per minute')).toMatch(/^151 words per minute/);
    expect(figure(panel, 'Filler words')).toMatch(/^2\.5 per minute9 filler words in all/);

    const competitors = within(panel).getByRole('region', { name: /Competitors/ });
    expect(within(competitors).getByText('We also looked at Salesforce last year.')).toBeInTheDocument();
    expect(within(competitors).getByRole('button', { name: 'Play from 1:05: Salesforce' })).toBeInTheDocument();
    expect(within(panel).getByRole('region', { name: /Pricing/ }).textContent).toContain('Our pricing is per seat, billed yearly.');
    expect(within(panel).getByRole('region', { name: /Next steps/ }).textContent).toContain('No next steps mentioned.');

    const table = within(panel).getByRole('table', { name: 'Figures per person' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(panel).getByRole('region', { name: 'What the bands mean' }).textContent).toContain('Gong Labs, 25,537 sales calls');
  });

  it("moves to what the bands mean from the talk ratio's and the questions' links, without replaying the call", async () => {
    api();
    const { user, panel, view } = await openCallStats();
    const links = await within(panel).findAllByRole('button', { name: 'What the bands mean' });
    expect(links).toHaveLength(2);
    await user.click(links[1]!);
    expect(within(panel).getByRole('region', { name: 'What the bands mean' })).toHaveFocus();
    expect(view.router.state.location.search).toBe('');
    expect(player.seeks).toEqual([]);
  });

  it('says when questions were counted from question forms (a transcript without punctuation)', async () => {
    api(callStatsFixture({ stats: callStatsBody({ question_source: 'forms' }) }));
    const { panel } = await openCallStats();
    await within(panel).findByText('Questions', { selector: 'dt' });
    expect(figure(panel, 'Questions')).toContain('From question forms');
  });

  it('plays the call from a turn of the timeline, by click and by keyboard (arrow keys, Enter)', async () => {
    api();
    const { user, panel, view } = await openCallStats();
    const asha = await within(panel).findByRole('toolbar', { name: 'Asha Rao: play from a turn' });
    await user.click(within(asha).getByRole('button', { name: 'Play from 2:00: Asha Rao, 3 min' }));
    await waitFor(() => expect(player.seeks).toEqual([120]));
    expect(player.play).toHaveBeenCalledTimes(1);
    expect(view.router.state.location.search).toBe('?t=120');

    // One Tab stop per lane: the lane's first turn; arrows move, Enter plays.
    const neha = within(panel).getByRole('toolbar', { name: 'Neha Iyer: play from a turn' });
    const [first, second] = within(neha).getAllByRole('button');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(second).toHaveAttribute('tabindex', '-1');
    first!.focus();
    await user.keyboard('{ArrowRight}');
    expect(second).toHaveFocus();
    expect(second).toHaveAccessibleName('Play from 0:50: Neha Iyer, 1 min 10 s');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(player.seeks).toEqual([120, 50]));
    // The tab stays open while the player plays.
    expect(screen.getByRole('tab', { name: 'Call stats' })).toHaveAttribute('aria-selected', 'true');
  });

  it("plays from the longest monologue's and the customer story's starts, and from a mention", async () => {
    api();
    const { user, panel } = await openCallStats();
    await user.click(await within(panel).findByRole('button', { name: 'Play from 2:00: longest monologue, Asha Rao' }));
    await waitFor(() => expect(player.seeks).toEqual([120]));
    await user.click(within(panel).getByRole('button', { name: 'Play from 0:50: longest customer story, Neha Iyer' }));
    await waitFor(() => expect(player.seeks).toEqual([120, 50]));
    await user.click(within(panel).getByRole('button', { name: 'Play from 2:10: pricing' }));
    await waitFor(() => expect(player.seeks).toEqual([120, 50, 130]));
  });

  it('shows times as text, with nothing to click, when the meeting has no recording to play', async () => {
    api(callStatsFixture(), videoFixture({ s3_url: null }));
    const { panel } = await openCallStats();
    await within(panel).findByRole('heading', { name: 'Who spoke when' });
    expect(within(panel).queryAllByRole('button', { name: /^Play from/ })).toEqual([]);
    expect(within(panel).queryByRole('toolbar')).toBeNull();
    expect(figure(panel, 'Longest monologue')).toContain('Asha Rao, from 2:00');
  });

  it('says plainly when the call has no separated speakers and shows only the figures that need none', async () => {
    const none = callStatsBody({
      speaker_source: 'none',
      turns: [],
      people: [],
      sides: null,
      longest_monologue: null,
      longest_story: null,
      interactivity: null,
      patience_seconds: null,
      questions: null,
      questions_per_hour: null,
      question_source: null,
      words_per_minute: 142,
      fillers_per_minute: 1.25,
    });
    api(callStatsFixture({ stats: none }));
    const { panel } = await openCallStats();
    expect(await within(panel).findByText(NO_SPEAKERS_TEXT)).toBeInTheDocument();
    for (const gone of ['Who spoke when', 'Talk ratio', 'Per person'])
      expect(within(panel).queryByRole('heading', { name: gone })).toBeNull();
    for (const gone of ['Longest monologue', 'Interactivity', 'Patience', 'Questions'])
      expect(within(panel).queryByText(gone, { selector: 'dt' })).toBeNull();
    expect(figure(panel, 'Words per minute')).toMatch(/^142 words per minuteEveryone on the call/);
    expect(figure(panel, 'Filler words')).toMatch(/^1\.3 per minute/);
    expect(within(panel).getByText('We also looked at Salesforce last year.')).toBeInTheDocument();
  });

  it('says a transcript without times cannot give talk time, and still counts questions', async () => {
    const untimed = callStatsBody({
      duration_seconds: null,
      turns: [],
      longest_monologue: null,
      longest_story: null,
      interactivity: null,
      patience_seconds: null,
      questions_per_hour: null,
      words_per_minute: null,
      fillers_per_minute: null,
    });
    api(callStatsFixture({ stats: untimed }));
    const { panel } = await openCallStats();
    expect(await within(panel).findByText(/This transcript has no times, so talk time/)).toBeInTheDocument();
    expect(within(panel).queryByRole('heading', { name: 'Who spoke when' })).toBeNull();
    expect(within(panel).queryByRole('list', { name: 'Talk ratio per side' })).toBeNull();
    expect(figure(panel, 'Questions')).toMatch(/^12 questionsNo rate without times/);
    expect(figure(panel, 'Longest monologue')).toMatch(/^—/);
  });

  it('shows a spinner while loading, then says the stats come once the recording is processed', async () => {
    let answer: (r: Response) => void = () => undefined;
    api(() => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response);
    const { panel } = await openCallStats();
    expect(await within(panel).findByRole('status')).toHaveTextContent('Loading call stats');
    answer(json(callStatsFixture({ state: 'processing', stats: null, computed_at: null })));
    expect(await within(panel).findByText('Call stats appear when the recording is processed')).toBeInTheDocument();
  });

  it('says there are no call stats without a transcript', async () => {
    api(callStatsFixture({ state: 'no_transcript', stats: null, computed_at: null }));
    const { panel } = await openCallStats();
    expect(await within(panel).findByText(/This meeting has no transcript, so there are no call stats/)).toBeInTheDocument();
  });

  it('shows a failure with Retry, which asks again', async () => {
    let fail = true;
    const mock = api(() => (fail ? json({ detail: 'Server error' }, 500) : json(callStatsFixture())));
    const { user, panel } = await openCallStats();
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the call stats');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(panel).findByRole('heading', { name: 'Who spoke when' })).toBeInTheDocument();
    expect(callsTo(mock, 'GET', '/api/videos/v1/call-stats').length).toBeGreaterThanOrEqual(2);
  });

  it("names the stereo channels' sides and swaps them, confirming the change on screen", async () => {
    const mock = api(channelStats('left'), videoFixture(), {
      'PUT /api/videos/v1/call-stats/team-channel': () => json(channelStats('right')),
    });
    const { user, panel } = await openCallStats();
    const sides = await within(panel).findByText(/Speakers from the stereo channels/);
    expect(sides).toHaveTextContent("Speakers from the stereo channels: left is your team's side, right is the customer's.");
    const lanes = within(within(panel).getByRole('list', { name: 'Speakers on the timeline' })).getAllByRole('listitem');
    expect(lanes.map((lane) => lane.querySelector('.timeline-lane-name')!.textContent)).toEqual([
      'Team side (Left channel, Your team, 3 turns)',
      'Customer side (Right channel, Customer, 2 turns)',
    ]);

    await user.click(within(panel).getByRole('button', { name: 'Swap sides' }));
    expect(await within(panel).findByText("Sides swapped: the right channel is now your team's side.")).toBeInTheDocument();
    expect(callsTo(mock, 'PUT', '/api/videos/v1/call-stats/team-channel').map((c) => c.body)).toEqual([{ team_channel: 'right' }]);
    expect(within(panel).getByText(/Speakers from the stereo channels/)).toHaveTextContent(
      "right is your team's side, left is the customer's.",
    );
  });

  it('shows the refusal when the sides cannot be swapped, and keeps them', async () => {
    const detail = "This call's speakers do not come from stereo channels.";
    api(channelStats('left'), videoFixture(), { 'PUT /api/videos/v1/call-stats/team-channel': () => json({ detail }, 400) });
    const { user, panel } = await openCallStats();
    await user.click(await within(panel).findByRole('button', { name: 'Swap sides' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(detail);
    expect(within(panel).getByText(/Speakers from the stereo channels/)).toHaveTextContent("left is your team's side");
  });
});
