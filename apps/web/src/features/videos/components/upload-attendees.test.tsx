import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { PIPELINES } from '../../../../test/deal-fixtures';
import { renderApp } from '../../../../test/render-app';
import { FakeXhr, videoFixture } from '../../../../test/video-fixtures';

const OPTIONS = [
  { kind: 'user', id: 'u2', name: 'Priya Nair', email: 'priya@acme.test' },
  { kind: 'contact', id: 'c7', name: 'Priyanka Kaveri', email: 'priyanka@kaveri.test' },
];

function uploadApi() {
  return fakeApi({
    'GET /api/session/profile': () => json(profileFixture()),
    'GET /api/videos/my-videos': () => json([]),
    'GET /api/videos/subordinate-videos': () => json([]),
    'GET /api/deal/get-deal-stages': () => json({ data: { results: PIPELINES } }),
    'GET /api/videos/deals': () => json([{ id: '101', name: 'Kaveri Foods', pipeline_id: 'P-ENT' }]),
    'GET /api/videos/attendee-options': (_body, url) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return json({ data: OPTIONS.filter((o) => o.name.toLowerCase().includes(q)) });
    },
  });
}

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

describe('Upload dialog: attendees', () => {
  it('suggests users and contacts as one types, takes a typed outside email, and sends them with the upload', async () => {
    const api = uploadApi();
    renderApp('/dashboard/upload');
    const user = userEvent.setup();
    await screen.findByText('No videos uploaded yet. Upload your first video to get started!');
    await user.click(screen.getByRole('button', { name: 'Upload Video' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload New Video Content' });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Enterprise' })).toBeInTheDocument());
    await user.selectOptions(within(dialog).getByLabelText('Pipeline'), 'p-ent');
    await user.selectOptions(within(dialog).getByLabelText('Deal'), '101');

    const box = within(dialog).getByRole('combobox', { name: 'Attendees (optional)' });
    await user.type(box, 'priya');
    await within(dialog).findByRole('option', { name: /Priya Nair/ });
    expect(callsTo(api, 'GET', '/api/videos/attendee-options').at(-1)).toBeDefined();
    await user.keyboard('{ArrowDown}{Enter}');
    const chosen = within(dialog).getByRole('list', { name: 'Attendees (optional) chosen' });
    expect(within(chosen).getByText('Priyanka Kaveri')).toBeInTheDocument();

    await user.type(box, 'bad-address{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    await user.clear(box);
    await user.type(box, 'Olga@Guest.example{Enter}');
    expect(within(chosen).getByText('olga@guest.example')).toBeInTheDocument();
    await user.type(box, 'priya');
    await within(dialog).findByRole('option', { name: /Priya Nair/ });
    await user.keyboard('{Enter}');
    await user.click(within(chosen).getByRole('button', { name: 'Remove Priyanka Kaveri' }));

    await user.click(within(dialog).getByLabelText('Transcription'));
    await user.type(within(dialog).getByLabelText('Transcription text'), 'We agreed on a pilot.');
    await user.click(within(dialog).getByRole('button', { name: /^Upload/ }));
    const xhr = FakeXhr.last;
    expect(JSON.parse(String(xhr.body!.get('attendees')))).toEqual([{ email: 'olga@guest.example' }, { user_id: 'u2' }]);
    act(() => xhr.respond(201, videoFixture({ upload_type: 'transcription' })));
    expect(await screen.findByText('Transcription processed successfully!')).toBeInTheDocument();
  }, 40_000);
});
