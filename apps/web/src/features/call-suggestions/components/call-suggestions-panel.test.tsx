import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TCallSuggestion, TCallSuggestionsResponse } from '@pipewise/contract/call-suggestions';
import { callsTo, fakeApi, json } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-app';
import { CallSuggestionsPanel } from './call-suggestions-panel';

const base = { recording_id: 'r1', deal_id: 101, date: null, speaker: 'Kaveri Iyer', status: 'open' as const };
const CLOSE: TCallSuggestion = {
  ...base,
  id: 's-close',
  field: 'close_date',
  label: 'Close date',
  value: '2026-11-28',
  current: null,
  mode: 'replace',
  quote: 'We want to sign by the 28th of November.',
  start_seconds: 65,
};
const AMOUNT: TCallSuggestion = {
  ...base,
  id: 's-amount',
  field: 'amount',
  label: 'Deal value',
  value: '1800000',
  current: '2000000.00',
  mode: 'replace',
  quote: 'The approved budget is 18 lakh.',
  start_seconds: 9,
};
const list = (data: TCallSuggestion[]): TCallSuggestionsResponse => ({
  data,
  deal: { id: 101, name: 'Kaveri Foods - Dealer portal', version: 4 },
  call_at: '2026-11-12T04:30:00Z',
});

function renderPanel(routes: Parameters<typeof fakeApi>[0], playable = true) {
  const api = fakeApi(routes);
  renderScreen('/dashboard/meeting/:id', <CallSuggestionsPanel recordingId="r1" playable={playable} />, '/dashboard/meeting/r1');
  return { api, user: userEvent.setup() };
}

describe('Suggested updates', () => {
  it('shows each suggestion with its quote, speaker, a time that plays the call from there, and current beside proposed', async () => {
    renderPanel({ 'GET /api/videos/r1/suggestions': () => json(list([AMOUNT, CLOSE])) });
    const item = (await screen.findByRole('heading', { name: 'Close date' })).closest('li')!;
    expect(within(item).getByText('“We want to sign by the 28th of November.”')).toBeInTheDocument();
    expect(within(item).getByText(/Kaveri Iyer/)).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Play from 1:05' })).toHaveAttribute('href', '/dashboard/meeting/r1?t=65');
    expect(within(item).getByText('28 Nov 2026')).toBeInTheDocument();
    expect(within(item).getByText('(empty)')).toBeInTheDocument();
    const amount = screen.getByRole('heading', { name: 'Deal value' }).closest('li')!;
    expect(within(amount).getByText('RS 20,00,000')).toBeInTheDocument();
    expect(within(amount).getByText('RS 18,00,000')).toBeInTheDocument();
  });

  it('shows the time without a play link when the recording has no media (a transcript upload)', async () => {
    renderPanel({ 'GET /api/videos/r1/suggestions': () => json(list([CLOSE])) }, false);
    const item = (await screen.findByRole('heading', { name: 'Close date' })).closest('li')!;
    expect(within(item).getByText('1:05')).toBeInTheDocument();
    expect(within(item).queryByRole('link')).toBeNull();
  });

  it('accepts after the Save Changes confirmation, sending the deal version it loaded', async () => {
    const { api, user } = renderPanel({
      'GET /api/videos/r1/suggestions': () => json(list([CLOSE])),
      'POST /api/videos/r1/suggestions/s-close/accept': () =>
        json({ suggestion: { ...CLOSE, status: 'accepted' }, deal_version: 5, task_id: null }),
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save Changes' });
    expect(within(dialog).getByText('Do you want to save the changes made to this deal?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Accepted')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/api/videos/r1/suggestions/s-close/accept')[0]!.body).toEqual({ version: 4 });
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('edits the value, then accepts the edited one', async () => {
    const { api, user } = renderPanel({
      'GET /api/videos/r1/suggestions': () => json(list([AMOUNT])),
      'POST /api/videos/r1/suggestions/s-amount/accept': () =>
        json({ suggestion: { ...AMOUNT, value: '1750000', status: 'accepted' }, deal_version: 5, task_id: null }),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Deal value' });
    const field = within(edit).getByLabelText('Deal value');
    await user.clear(field);
    await user.type(field, '1750000');
    await user.click(within(edit).getByRole('button', { name: 'Accept' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Save Changes' })).getByRole('button', { name: 'Save' }));
    await screen.findByText('Accepted');
    expect(callsTo(api, 'POST', '/api/videos/r1/suggestions/s-amount/accept')[0]!.body).toEqual({ value: '1750000', version: 4 });
  });

  it('shows the conflict message on a 409 and keeps the suggestion open', async () => {
    const { user } = renderPanel({
      'GET /api/videos/r1/suggestions': () => json(list([CLOSE])),
      'POST /api/videos/r1/suggestions/s-close/accept': () =>
        json({ detail: 'This deal was changed by someone else since you opened it. Reload to see the latest version.' }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Save Changes' })).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This deal was changed by someone else since you opened it. Reload to see the latest version.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('dismisses a suggestion', async () => {
    const { api, user } = renderPanel({
      'GET /api/videos/r1/suggestions': () => json(list([CLOSE])),
      'POST /api/videos/r1/suggestions/s-close/dismiss': () =>
        json({ suggestion: { ...CLOSE, status: 'dismissed' }, deal_version: 4, task_id: null }),
    });
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Dismissed')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/api/videos/r1/suggestions/s-close/dismiss')).toHaveLength(1);
  });

  it('says when the call suggests nothing', async () => {
    renderPanel({ 'GET /api/videos/r1/suggestions': () => json(list([])) });
    expect(await screen.findByText('No suggested updates from this call')).toBeInTheDocument();
  });

  it('offers Retry when the list fails to load', async () => {
    renderPanel({ 'GET /api/videos/r1/suggestions': () => json({ detail: 'boom' }, 500) });
    expect(await screen.findByText('Failed to load the suggested updates')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
