import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TRANSCRIPT_UNAVAILABLE_TEXT, type TVideo } from '@pipewise/contract/videos';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { videoFixture } from '../../../../test/video-fixtures';
import { viewerTimeZone } from '../../../../test/time-zone';

function insightsApi(mine: () => TVideo[] | Response, team: () => TVideo[] | Response = () => []) {
  const answer = (value: TVideo[] | Response) => (value instanceof Response ? value : json(value));
  return fakeApi({
    'GET /api/session/profile': () => json(profileFixture()),
    'GET /api/videos/my-videos': () => answer(mine()),
    'GET /api/videos/subordinate-videos': () => answer(team()),
    'POST /api/videos/v-failed/retry': () => json(videoFixture({ id: 'v-failed', status: 'processing' })),
    'DELETE /api/videos/v1': () => new Response(null, { status: 204 }),
  });
}

const card = (title: string) => screen.getByRole('button', { name: title }).closest('li')!;

// The fixture's upload (15:05 UTC on 5 March) is 20:35 on 5 March in Kolkata; east of UTC+9 it is the 6th.
viewerTimeZone('Asia/Kolkata');

describe('Video Insights', () => {
  it("shows 'Loading insights...', then both sections with cards and their fallbacks", async () => {
    const bare = videoFixture({
      id: 'v2',
      title: '',
      uploaded_by: '',
      uploaded_by_name: null,
      deal_id: null,
      dealName: null,
      pipeline_id: null,
      meet_link: null,
      upload_date: 'not a date',
      transcription: null,
      summary: null,
      can_delete: false,
    });
    insightsApi(
      () => [videoFixture()],
      () => [bare],
    );
    renderApp('/dashboard/upload');
    expect(await screen.findByText('Loading insights...')).toBeInTheDocument();

    await screen.findByRole('region', { name: 'My Videos' });
    const first = card('Kaveri discovery call');
    expect(first.querySelector('video')).toHaveAttribute('preload', 'metadata');
    expect(first.querySelector('video')).toHaveAttribute('controls');
    expect(first).toHaveTextContent('Uploaded byAsha Rao');
    expect(first).toHaveTextContent('Deal ID101 (Kaveri Foods - Dealer portal)');
    expect(first).toHaveTextContent('Pipeline IDp-ent');
    expect(within(first).getByRole('link', { name: 'https://meet.google.com/abc-defg-hij' })).toBeInTheDocument();
    expect(first).toHaveTextContent('UploadedMar 5, 2026');
    const preview = within(first).getByText(/^Asha: Thanks/);
    expect(preview.textContent).toHaveLength(151);
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Go-live before October', 'Phased rollout by region', 'Training for 40 dealers']);

    const team = screen.getByRole('region', { name: 'Team Videos' });
    const fallback = within(team).getByRole('button', { name: 'Untitled Video' }).closest('li')!;
    expect(within(fallback).getByRole('button', { name: 'Untitled Video' })).toBeInTheDocument();
    expect(fallback).toHaveTextContent('Uploaded byUnknown');
    expect(fallback).toHaveTextContent('Deal IDN/A');
    expect(fallback).toHaveTextContent('UploadedDate unknown');
    expect(fallback).not.toHaveTextContent('Pipeline ID');
    expect(within(fallback).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it("says 'No videos found in this section.' for one empty section and the upload prompt when both are", async () => {
    insightsApi(() => [videoFixture()]);
    const view = renderApp('/dashboard/upload');
    const team = await screen.findByRole('region', { name: 'Team Videos' });
    expect(team).toHaveTextContent('No videos found in this section.');
    view.unmount();
    insightsApi(() => []);
    renderApp('/dashboard/upload');
    expect(await screen.findByText('No videos uploaded yet. Upload your first video to get started!')).toBeInTheDocument();
  });

  it("shows 'Error: {message}' with a Retry that loads again", async () => {
    let fail = true;
    insightsApi(() => (fail ? json({ detail: 'Service unavailable' }, 503) : [videoFixture()]));
    renderApp('/dashboard/upload');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error: Service unavailable');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'My Videos' })).toBeInTheDocument();
  });

  it('badges processing and failed recordings; Retry sends a failed one back', async () => {
    let retried = false;
    const api = insightsApi(() => [
      videoFixture({ id: 'v-proc', title: 'Still processing', status: 'processing', summary: null }),
      videoFixture({
        id: 'v-failed',
        title: 'Broken upload',
        status: retried ? 'processing' : 'failed',
        error: 'The file has no audio track',
        can_retry: !retried,
      }),
    ]);
    renderApp('/dashboard/upload');
    await screen.findByRole('region', { name: 'My Videos' });
    expect(within(card('Still processing')).getByText('Processing')).toBeInTheDocument();
    const failed = card('Broken upload');
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByRole('alert')).toHaveTextContent('The file has no audio track');
    retried = true;
    await userEvent.setup().click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(callsTo(api, 'POST', '/api/videos/v-failed/retry')).toHaveLength(1);
    await waitFor(() => expect(within(card('Broken upload')).getByText('Processing')).toBeInTheDocument());
  });

  it('says the transcription is unavailable when no speech-to-text engine could read the recording', async () => {
    insightsApi(() => [
      videoFixture({ id: 'v-silent', title: 'No engine', status: 'ready', transcription: null, transcript_status: 'unavailable' }),
    ]);
    renderApp('/dashboard/upload');
    await screen.findByRole('region', { name: 'My Videos' });
    expect(within(card('No engine')).getByText(TRANSCRIPT_UNAVAILABLE_TEXT)).toBeInTheDocument();
  });

  it('deletes after confirmation, and opens the detail modal from the title', async () => {
    let deleted = false;
    const api = insightsApi(() => (deleted ? [] : [videoFixture()]));
    renderApp('/dashboard/upload');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Kaveri discovery call' }));
    const detail = screen.getByRole('dialog', { name: 'Kaveri discovery call' });
    expect(detail).toHaveTextContent('Uploaded byAsha Rao');
    expect(detail).toHaveTextContent('DealKaveri Foods - Dealer portal');
    expect(within(detail).getByRole('heading', { name: 'Transcription' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Delete Kaveri discovery call' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete video?' });
    deleted = true;
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(callsTo(api, 'DELETE', '/api/videos/v1')).toHaveLength(1);
    expect(await screen.findByText('No videos uploaded yet. Upload your first video to get started!')).toBeInTheDocument();
  });
});
