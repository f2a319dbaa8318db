import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { PIPELINES } from '../../../../test/deal-fixtures';
import { renderApp } from '../../../../test/render-app';
import { FakeXhr, videoFixture } from '../../../../test/video-fixtures';

const DEALS = [
  { id: '101', name: 'Kaveri Foods', pipeline_id: 'P-ENT' },
  { id: '202', name: 'Sales deal', pipeline_id: 'p-sales' },
  { id: '303', name: 'Named by label', pipeline_id: 'enterprise' },
];

function uploadApi() {
  return fakeApi({
    'GET /api/session/profile': () => json(profileFixture()),
    'GET /api/videos/my-videos': () => json([]),
    'GET /api/videos/subordinate-videos': () => json([]),
    'GET /api/deal/get-deal-stages': () => json({ data: { results: PIPELINES } }),
    'GET /api/videos/deals': () => json(DEALS),
  });
}

async function openDialog() {
  renderApp('/dashboard/upload');
  const user = userEvent.setup();
  await screen.findByText('No videos uploaded yet. Upload your first video to get started!');
  await user.click(screen.getByRole('button', { name: 'Upload Video' }));
  const dialog = screen.getByRole('dialog', { name: 'Upload New Video Content' });
  await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Enterprise' })).toBeInTheDocument());
  return { user, dialog };
}

async function chooseDeal(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.selectOptions(within(dialog).getByLabelText('Pipeline'), 'p-ent');
  await user.selectOptions(within(dialog).getByLabelText('Deal'), '101');
}

const submit = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /^Upload/ });

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

describe('Upload dialog', () => {
  it("offers the chosen pipeline's deals, matched on pipeline id or name whatever the case", async () => {
    uploadApi();
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByLabelText('Deal')).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Pipeline'), 'p-ent');
    const deal = within(dialog).getByLabelText('Deal');
    expect(
      within(deal)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select a deal', 'Kaveri Foods', 'Named by label']);
  });

  it("shows the spec's alerts for what is missing, with the submit button marked disabled", async () => {
    uploadApi();
    const { user, dialog } = await openDialog();
    const expectAlert = async (text: string) => {
      await user.click(submit(dialog));
      expect(within(dialog).getByRole('alert')).toHaveTextContent(text);
    };
    expect(submit(dialog)).toHaveAttribute('aria-disabled', 'true');
    await expectAlert('Please select a pipeline and deal');
    await chooseDeal(user, dialog);
    await expectAlert('Please select an upload method');
    await user.click(within(dialog).getByLabelText('Google Drive link', { selector: 'input[type=radio]' }));
    await expectAlert('Please provide a Google Drive link');
    await user.click(within(dialog).getByLabelText('Video file', { selector: 'input[type=radio]' }));
    await expectAlert('Please select a video file to upload');
    await user.click(within(dialog).getByLabelText('Transcription'));
    await expectAlert('Please provide transcription text or upload a document');
    await user.type(within(dialog).getByLabelText('Transcription text'), 'Hello');
    expect(submit(dialog)).not.toHaveAttribute('aria-disabled');
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it("clears the other method's inputs when the method changes; reads a .txt document into the text box with its count", async () => {
    uploadApi();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByLabelText('Google Drive link', { selector: 'input[type=radio]' }));
    const drive = within(dialog).getByLabelText('Google Drive link', { selector: 'input[type=url]' });
    expect(drive).toHaveAttribute('type', 'url');
    await user.type(drive, 'https://drive.google.com/file/d/abc');
    await user.click(within(dialog).getByLabelText('Transcription'));
    expect(within(dialog).getByLabelText('Transcription text')).toHaveAttribute('rows', '6');
    const doc = within(dialog).getByLabelText(/Transcription document/);
    expect(doc).toHaveAttribute('accept', '.pdf,.doc,.docx,.txt,.rtf,.vtt,.srt');
    await user.upload(doc, new File(['Notes from the call'], 'notes.txt', { type: 'text/plain' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Transcription text')).toHaveValue('Notes from the call'));
    expect(within(dialog).getByText('19 characters')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Google Drive link', { selector: 'input[type=radio]' }));
    expect(within(dialog).getByLabelText('Google Drive link', { selector: 'input[type=url]' })).toHaveValue('');
    await user.click(within(dialog).getByLabelText('Transcription'));
    expect(within(dialog).getByLabelText('Transcription text')).toHaveValue('');
    expect(within(dialog).getByText('0 characters')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Video file', { selector: 'input[type=radio]' }));
    expect(within(dialog).getByLabelText('Video file', { selector: 'input[type=file]' })).toHaveAttribute(
      'accept',
      expect.stringContaining('video/*'),
    );
  });

  it("shows 'Uploading... N%' on the header button and in the dialog, then closes, refreshes the list and confirms", async () => {
    const api = uploadApi();
    const { user, dialog } = await openDialog();
    await chooseDeal(user, dialog);
    await user.type(within(dialog).getByLabelText('Google Meet link (optional)'), 'https://meet.google.com/abc');
    await user.click(within(dialog).getByLabelText('Video file', { selector: 'input[type=radio]' }));
    await user.upload(
      within(dialog).getByLabelText('Video file', { selector: 'input[type=file]' }),
      new File(['0123456789'], 'call.mp4', { type: 'video/mp4' }),
    );
    document.cookie = 'csrf_token=abc123; path=/';
    await user.click(submit(dialog));

    const xhr = FakeXhr.last;
    expect(xhr.url).toBe('/api/videos/upload');
    expect(xhr.headers['X-CSRF-Token']).toBe('abc123');
    expect(Object.fromEntries([...xhr.body!.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name]))).toEqual({
      deal_id: '101',
      pipeline_id: 'p-ent',
      upload_type: 'file',
      title: 'call.mp4',
      google_meet_link: 'https://meet.google.com/abc',
      file: 'call.mp4',
    });
    act(() => xhr.progress(42, 100));
    expect(screen.getByRole('button', { name: /Uploading\.\.\. 42%/ })).toBeDisabled();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Uploading... 42%');
    expect(within(dialog).getByLabelText('Pipeline')).toBeDisabled();

    const listsBefore = callsTo(api, 'GET', '/api/videos/my-videos').length;
    act(() => xhr.respond(201, videoFixture()));
    expect(await screen.findByText('Video uploaded successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Upload New Video Content' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Video' })).toBeEnabled();
    expect(callsTo(api, 'GET', '/api/videos/my-videos').length).toBeGreaterThan(listsBefore);

    // Reset: the next opening starts empty.
    await user.click(screen.getByRole('button', { name: 'Upload Video' }));
    expect(within(screen.getByRole('dialog')).getByLabelText('Pipeline')).toHaveValue('');
  });

  it("sends a transcription to upload-transcription and says 'Transcription processed successfully!'", async () => {
    uploadApi();
    const { user, dialog } = await openDialog();
    await chooseDeal(user, dialog);
    await user.click(within(dialog).getByLabelText('Transcription'));
    await user.type(within(dialog).getByLabelText('Transcription text'), 'We agreed on a pilot.');
    await user.click(submit(dialog));
    const xhr = FakeXhr.last;
    expect(xhr.url).toBe('/api/videos/upload-transcription');
    expect(xhr.body!.get('title')).toBe('Direct Transcription Input');
    expect(xhr.body!.get('transcription_text')).toBe('We agreed on a pilot.');
    act(() => xhr.respond(201, videoFixture({ upload_type: 'transcription' })));
    expect(await screen.findByText('Transcription processed successfully!')).toBeInTheDocument();
  });

  it("keeps the form and alerts 'Upload failed: {message}' or 'Unknown error occurred'", async () => {
    uploadApi();
    const { user, dialog } = await openDialog();
    await chooseDeal(user, dialog);
    await user.click(within(dialog).getByLabelText('Google Drive link', { selector: 'input[type=radio]' }));
    await user.type(within(dialog).getByLabelText('Google Drive link', { selector: 'input[type=url]' }), 'https://drive.google.com/x');
    await user.click(submit(dialog));
    act(() => FakeXhr.last.respond(415, { detail: 'This file type is not supported' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Upload failed: This file type is not supported');
    expect(within(dialog).getByLabelText('Google Drive link', { selector: 'input[type=url]' })).toHaveValue('https://drive.google.com/x');
    expect(screen.getByRole('button', { name: 'Upload Video', hidden: true })).toBeEnabled();

    await user.click(submit(dialog));
    act(() => FakeXhr.last.respond(500, undefined));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Upload failed: Unknown error occurred'));
  });
});
