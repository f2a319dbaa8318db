import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, fakeApi, json } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-app';
import { DEAL_SOURCE } from '../../../../test/assistant-fixtures';
import { HomeAskPanel } from './home-ask-panel';

type Routes = Parameters<typeof fakeApi>[0];

function openPanel(routes: Routes = {}) {
  const api = fakeApi(routes);
  renderScreen('/dashboard', <HomeAskPanel />);
  return { api, user: userEvent.setup() };
}

const answer = (response: string, sources = [DEAL_SOURCE]) => json({ data: { response, sources, model: false, note: null } });
const tiles = () => within(screen.getByRole('list', { name: 'Suggested questions' })).getAllByRole('button');

describe('Home ask panel', () => {
  it('shows its header and six suggestion tiles of three distinct questions before the first question', () => {
    openPanel();
    expect(
      screen.getByRole('heading', { name: 'Get instant answers about your accounts, meetings or team - just ask' }),
    ).toBeInTheDocument();
    expect(tiles()).toHaveLength(6);
    expect(new Set(tiles().map((t) => t.textContent)).size).toBe(3);
  });

  it("sends a tile prefixed with 'For account {account}: ' and the account as context; thinking, then the answer", async () => {
    let release!: (r: Response) => void;
    const { api, user } = openPanel({ 'POST /api/chat/sales': () => new Promise<Response>((resolve) => (release = resolve)) });
    await user.type(screen.getByRole('textbox', { name: 'Account' }), 'Acme Corp');
    await user.click(tiles()[0]!);
    const question = 'For account Acme Corp: Which deals are closing this month?';
    expect(await screen.findByText(question)).toBeInTheDocument();
    expect(screen.getByText('Thinking...')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Suggested questions' })).not.toBeInTheDocument();
    expect(callsTo(api, 'POST', '/api/chat/sales')[0]?.body).toEqual({ query: question, context: { account: 'Acme Corp' } });

    release(answer('Acme Renewal closes on 31 Dec.'));
    expect(await screen.findByText('Acme Renewal closes on 31 Dec.')).toBeInTheDocument();
    expect(screen.queryByText('Thinking...')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'deal: Acme Renewal' })).toHaveAttribute('href', '/dashboard/deals/42');
  });

  it('sends a tile as it is without an account, and a typed question; blank is ignored', async () => {
    const { api, user } = openPanel({ 'POST /api/chat/sales': () => answer('An answer.') });
    await user.click(tiles()[2]!);
    await screen.findByText('An answer.');
    expect(callsTo(api, 'POST', '/api/chat/sales')[0]?.body).toEqual({ query: 'Who has the most pipeline?', context: {} });

    const input = screen.getByRole('textbox', { name: 'Question' });
    await user.type(input, '   {Enter}');
    expect(screen.getByRole('button', { name: 'Ask' })).toBeDisabled();
    await user.type(input, 'How many open deals?{Enter}');
    await waitFor(() => expect(callsTo(api, 'POST', '/api/chat/sales')).toHaveLength(2));
    expect(callsTo(api, 'POST', '/api/chat/sales')[1]?.body).toEqual({ query: 'How many open deals?', context: {} });
  });

  it("shows 'Failed to process query. Please try again.' as an error bubble when the call fails", async () => {
    const { user } = openPanel({ 'POST /api/chat/sales': () => json({ detail: 'boom' }, 500) });
    await user.click(tiles()[1]!);
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Failed to process query. Please try again.');
    expect(error).toHaveClass('chat-bubble-error');
  });

  it("keeps the questions in local storage 'homeChatHistory'; Clear History empties both", async () => {
    const { user } = openPanel({ 'POST /api/chat/sales': () => answer('Stored answer.', []) });
    await user.click(tiles()[1]!);
    await screen.findByText('Stored answer.');
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('homeChatHistory') ?? '[]')).toEqual([
        expect.objectContaining({ query: 'What was discussed in the last meeting?', response: 'Stored answer.' }),
      ]),
    );
    expect(localStorage.getItem('chatHistory')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear History' }));
    expect(screen.queryByText('Stored answer.')).not.toBeInTheDocument();
    expect(tiles()).toHaveLength(6);
    await waitFor(() => expect(localStorage.getItem('homeChatHistory')).toBeNull());
  });

  it('shows stored questions on return; one left waiting shows as failed', () => {
    localStorage.setItem(
      'homeChatHistory',
      JSON.stringify([
        { id: 'a', query: 'Earlier question', response: 'Earlier answer', timestamp: '2026-11-23T09:00:00.000Z' },
        { id: 'b', query: 'Interrupted question', response: null, timestamp: '2026-11-23T09:01:00.000Z' },
      ]),
    );
    openPanel();
    expect(screen.getByText('Earlier answer')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to process query. Please try again.');
    expect(screen.queryByText('Thinking...')).not.toBeInTheDocument();
  });
});
