import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, fakeApi, json } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-app';
import {
  commandAnswer,
  DEAL_SOURCE,
  MEETING_SOURCE,
  panelAnswer,
  PENDING_ID,
  pendingOperation,
  record,
} from '../../../../test/assistant-fixtures';
import { AssistantChat } from './assistant-chat';

type Routes = Parameters<typeof fakeApi>[0];

function openChat(routes: Routes = {}) {
  const api = fakeApi(routes);
  renderScreen('/dashboard', <AssistantChat />);
  return { api, user: userEvent.setup(), input: screen.getByRole('textbox', { name: 'Message' }) };
}

const log = () => screen.getByRole('log', { name: 'Conversation' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });

/** A reply the test releases when it wants, to look at the busy state. */
function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

const confirmRoutes = (
  confirmBody: unknown = {
    status: 'success',
    message: 'Deal Acme Renewal created.',
    data: record('42', { dealname: 'Acme Renewal', amount: '₹50,000' }),
  },
): Routes => ({
  'POST /api/command/process-command': () =>
    json(commandAnswer('confirm', 'Create deal Acme Renewal? Reply yes to confirm.', { pending_operation: pendingOperation() })),
  'POST /api/command/confirm': () => json(confirmBody),
  'POST /api/command/cancel': () => json({ status: 'success', message: 'Canceled' }),
});

/** The command text the first process-command call carried (the panel may ask other APIs first). */
const commandSent = (api: ReturnType<typeof fakeApi>) =>
  new URL(String(api.mock.calls.find(([url]) => String(url).includes('/api/command/process-command'))?.[0]), 'http://x').searchParams.get(
    'command',
  );

describe('Assistant panel conversation', () => {
  it("starts with 'Ask Me Anything?' and three example commands; the input has focus", () => {
    openChat();
    expect(screen.getByText('Ask Me Anything?')).toBeInTheDocument();
    const examples = within(screen.getByRole('list', { name: 'Example commands' })).getAllByRole('button');
    expect(examples.map((b) => b.textContent?.split(' ').slice(0, 2).join(' '))).toEqual([
      'create deal',
      'update company',
      'create contact',
    ]);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
    expect(screen.getByText('AI can make mistakes, including about people, so please double check')).toBeInTheDocument();
  });

  it('sends a question to the chat API and shows the answer with its sources and time', async () => {
    const { api, user, input } = openChat({
      'POST /api/chat/': () => json(panelAnswer('Acme Renewal closes on 31 Dec.', { sources: [DEAL_SOURCE, MEETING_SOURCE] })),
    });
    await user.type(input, 'When does Acme close?{Enter}');
    expect(await within(log()).findByText('Acme Renewal closes on 31 Dec.')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/api/chat/')[0]?.body).toEqual({ query: 'When does Acme close?' });
    expect(callsTo(api, 'POST', '/api/command/process-command')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'deal: Acme Renewal' })).toHaveAttribute('href', '/dashboard/deals/42');
    expect(screen.getByRole('link', { name: 'meeting: Pricing review' })).toHaveAttribute('href', '/dashboard/meeting/m1');
    expect(within(log()).getAllByText(/^\d{2}:\d{2} (AM|PM)$/)).toHaveLength(2);
    expect(input).toHaveValue('');
  });

  it('sends create/update commands (any case) to the command API with no body', async () => {
    const { api, user, input } = openChat({
      'POST /api/command/process-command': () =>
        json(commandAnswer('not_understood', 'I can create or update deals, companies and contacts.')),
    });
    await user.type(input, 'UPDATE deal Acme set amount to 5{Enter}');
    expect(await screen.findByText('I can create or update deals, companies and contacts.')).toBeInTheDocument();
    expect(commandSent(api)).toBe('UPDATE deal Acme set amount to 5');
    expect(callsTo(api, 'POST', '/api/command/process-command')[0]?.init?.body).toBeUndefined();
    expect(callsTo(api, 'POST', '/api/chat/')).toHaveLength(0);
  });

  it("treats 'created the deal?' and 'update' alone as questions", async () => {
    const { api, user, input } = openChat({ 'POST /api/chat/': () => json(panelAnswer('ok')) });
    await user.type(input, 'created the deal?{Enter}');
    await screen.findByText('ok');
    await user.type(input, 'update{Enter}');
    await waitFor(() => expect(callsTo(api, 'POST', '/api/chat/')).toHaveLength(2));
    expect(callsTo(api, 'POST', '/api/command/process-command')).toHaveLength(0);
  });

  it('ignores blank input and keeps Send disabled while empty or busy', async () => {
    const reply = deferred();
    const { api, user, input } = openChat({ 'POST /api/chat/': () => reply.promise });
    expect(sendButton()).toBeDisabled();
    await user.type(input, '    {Enter}');
    expect(sendButton()).toBeDisabled();
    expect(callsTo(api, 'POST', '/api/chat/')).toHaveLength(0);
    expect(screen.getByText('Ask Me Anything?')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'Who owns Acme?');
    expect(sendButton()).toBeEnabled();
    await user.click(sendButton());
    expect(await screen.findByText('Processing your request...')).toBeInTheDocument();
    await user.type(input, 'second question');
    expect(sendButton()).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(callsTo(api, 'POST', '/api/chat/')).toHaveLength(1);

    reply.release(json(panelAnswer('Asha owns it.')));
    expect(await screen.findByText('Asha owns it.')).toBeInTheDocument();
    expect(screen.queryByText('Processing your request...')).not.toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
  });

  it("sends a command with the browser's time zone, so 'tomorrow' is the user's", async () => {
    const { api, user, input } = openChat({
      'POST /api/command/process-command': () => json(commandAnswer('invalid', 'I could not find the deal.')),
    });
    await user.type(input, 'update deal Acme close date tomorrow{Enter}');
    await screen.findByText('I could not find the deal.');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(new Headers(callsTo(api, 'POST', '/api/command/process-command')[0]?.init?.headers).get('X-Timezone')).toBe(zone);
  });

  it('sends an example command when it is clicked', async () => {
    const { api, user } = openChat({
      'POST /api/command/process-command': () => json(commandAnswer('invalid', 'I could not read the close date.')),
    });
    await user.click(screen.getByRole('button', { name: /^create contact/ }));
    expect(await screen.findByText('I could not read the close date.')).toBeInTheDocument();
    expect(commandSent(api)).toMatch(/^create contact /);
  });
});

describe('Assistant panel confirmation', () => {
  it("asks for a yes, confirms it and shows the server's success message in green with the record", async () => {
    const { api, user, input } = openChat(confirmRoutes());
    await user.type(input, 'create deal Acme Renewal with amount 50000{Enter}');
    const question = await screen.findByText('Create deal Acme Renewal? Reply yes to confirm.');
    expect(question.closest('.chat-bubble')).toHaveClass('chat-bubble-system');
    expect(input).toHaveAttribute('placeholder', "Type 'yes' to confirm or 'no' to cancel");

    await user.type(input, '  YES {Enter}');
    const success = await screen.findByText('Deal Acme Renewal created.');
    expect(success.closest('.chat-bubble')).toHaveClass('chat-bubble-success');
    expect(callsTo(api, 'POST', '/api/command/confirm')[0]?.body).toEqual({ pending_operation_id: PENDING_ID });
    expect(within(success.closest('.chat-bubble') as HTMLElement).getByText('dealname')).toBeInTheDocument();
    expect(input).not.toHaveAttribute('placeholder', "Type 'yes' to confirm or 'no' to cancel");
    expect(screen.getByRole('link', { name: 'Open deal Acme Renewal' })).toHaveAttribute('href', '/dashboard/deals/42');
    // The success record is a result, not a selection: no Update button.
    expect(screen.queryByRole('button', { name: /^Update/ })).not.toBeInTheDocument();
  });

  it("asks for a yes when a model's answer to a question proposes a change, and confirms it", async () => {
    const proposal = commandAnswer('confirm', 'Create deal "Acme Renewal" with amount 50,000?', { pending_operation: pendingOperation() });
    const { api, user, input } = openChat({
      ...confirmRoutes(),
      'POST /api/chat/': () => json(panelAnswer('I can create that deal.', { command: proposal, model: true })),
    });
    await user.type(input, 'please add a deal Acme Renewal for 50k{Enter}');
    expect(await screen.findByText('Create deal "Acme Renewal" with amount 50,000?')).toBeInTheDocument();
    expect(input).toHaveAttribute('placeholder', "Type 'yes' to confirm or 'no' to cancel");
    await user.type(input, 'yes{Enter}');
    expect(await screen.findByText('Deal Acme Renewal created.')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/api/command/confirm')[0]?.body).toEqual({ pending_operation_id: PENDING_ID });
  });

  it("falls back to '{objectType} {operation}d successfully!' when the server sends no message", async () => {
    const { user, input } = openChat(confirmRoutes({ status: 'success', message: '', data: record('42', { dealname: 'Acme Renewal' }) }));
    await user.type(input, 'create deal Acme Renewal{Enter}');
    await screen.findByText(/Reply yes to confirm/);
    await user.type(input, 'sure{Enter}');
    expect(await screen.findByText('Deal created successfully!')).toBeInTheDocument();
  });

  it("cancels on a no ('Operation canceled.') and runs nothing", async () => {
    const { api, user, input } = openChat(confirmRoutes());
    await user.type(input, 'create deal Acme Renewal{Enter}');
    await screen.findByText(/Reply yes to confirm/);
    await user.type(input, 'Nope{Enter}');
    expect(await screen.findByText('Operation canceled.')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/api/command/cancel')[0]?.body).toEqual({ pending_operation_id: PENDING_ID });
    expect(callsTo(api, 'POST', '/api/command/confirm')).toHaveLength(0);
    expect(input).not.toHaveAttribute('placeholder', "Type 'yes' to confirm or 'no' to cancel");
  });

  it("answers anything else with 'Please respond with 'yes' or 'no'' and keeps waiting", async () => {
    const { api, user, input } = openChat(confirmRoutes());
    await user.type(input, 'create deal Acme Renewal{Enter}');
    await screen.findByText(/Reply yes to confirm/);
    await user.type(input, 'maybe later{Enter}');
    expect(await screen.findByText("Please respond with 'yes' or 'no'")).toBeInTheDocument();
    expect(input).toHaveAttribute('placeholder', "Type 'yes' to confirm or 'no' to cancel");
    expect(callsTo(api, 'POST', '/api/chat/')).toHaveLength(0);
    await user.type(input, 'y{Enter}');
    expect(await screen.findByText('Deal Acme Renewal created.')).toBeInTheDocument();
  });

  it('offers to create a record an update did not find (404), and creates it on yes', async () => {
    const notFound = {
      ...commandAnswer('not_found', 'No deal found. Would you like to create it?', { pending_operation: pendingOperation() }),
      detail: 'No deal found. Would you like to create it?',
    };
    const { api, user, input } = openChat({
      ...confirmRoutes(),
      'POST /api/command/process-command': () => json(notFound, 404),
    });
    await user.type(input, 'update deal Acme Renewal set amount to 50000{Enter}');
    expect(await screen.findByText('No deal found. Would you like to create it?')).toBeInTheDocument();
    expect(screen.queryByText(/^Error:/)).not.toBeInTheDocument();
    expect(input).toHaveAttribute('placeholder', "Type 'yes' to confirm or 'no' to cancel");
    await user.type(input, 'ok{Enter}');
    expect(await screen.findByText('Deal Acme Renewal created.')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/api/command/confirm')).toHaveLength(1);
  });

  it("shows a failed confirmation as a red 'Error: {detail}' and leaves confirmation mode", async () => {
    const { user, input } = openChat({
      ...confirmRoutes(),
      'POST /api/command/confirm': () => json({ detail: 'This confirmation has expired. Send the command again.' }, 410),
    });
    await user.type(input, 'create deal Acme Renewal{Enter}');
    await screen.findByText(/Reply yes to confirm/);
    await user.type(input, 'yes{Enter}');
    const error = await screen.findByText('Error: This confirmation has expired. Send the command again.');
    expect(error.closest('.chat-bubble')).toHaveClass('chat-bubble-error');
    expect(input).not.toHaveAttribute('placeholder', "Type 'yes' to confirm or 'no' to cancel");
  });
});

describe('Assistant panel failures and selections', () => {
  it("shows the server's detail, else the error's message, in red", async () => {
    let answer: () => Response | Promise<Response> = () =>
      json({ detail: 'Too many requests. Try again in 30 seconds.' }, 429, { 'Retry-After': '30' });
    const { user, input } = openChat({ 'POST /api/chat/': () => answer() });
    await user.type(input, 'pipeline?{Enter}');
    expect(await screen.findByText('Error: Too many requests. Try again in 30 seconds.')).toBeInTheDocument();

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.type(input, 'pipeline again?{Enter}');
    expect(await screen.findByText('Error: Failed to fetch')).toBeInTheDocument();

    answer = () => json({ unexpected: true });
    await user.type(input, 'and now?{Enter}');
    expect(await screen.findByText('Error: An error occurred')).toBeInTheDocument();
  });

  it("lists a selection's records with an Update button that starts the update command", async () => {
    const results = [
      record('41', { dealname: 'Acme Renewal', amount: '₹50,000' }),
      record('43', { dealname: 'Acme Expansion', amount: null }),
    ];
    const { user, input } = openChat({
      'POST /api/command/process-command': () => json(commandAnswer('select', 'Several deals match. Which one?', { results })),
    });
    await user.type(input, 'update deal Acme set amount to 5{Enter}');
    await screen.findByText('Several deals match. Which one?');
    expect(screen.getByText('Acme Expansion')).toBeInTheDocument();
    expect(screen.getAllByText('amount')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Update deal Acme Expansion' }));
    expect(input).toHaveValue('update deal Acme Expansion ');
    expect(input).toHaveFocus();
  });

  it('shows records found by a question with Update buttons too (not for meetings), sending the time zone', async () => {
    const results = [
      record('c1', { firstname: 'Priya', lastname: 'Sharma', email: 'p@x.in' }, 'contact'),
      record('m1', { name: 'Pricing review' }, 'meeting'),
    ];
    const { api, user, input } = openChat({ 'POST /api/chat/': () => json(panelAnswer('Two records match.', { results })) });
    await user.type(input, 'who is priya?{Enter}');
    await screen.findByText('Pricing review');
    expect(screen.getAllByRole('button', { name: /^Update/ })).toHaveLength(1);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(new Headers(callsTo(api, 'POST', '/api/chat/')[0]?.init?.headers).get('X-Timezone')).toBe(zone);
    await user.click(screen.getByRole('button', { name: 'Update contact Priya Sharma' }));
    expect(input).toHaveValue('update contact Priya Sharma ');
  });

  it('renders text as text, never as HTML', async () => {
    const { user, input } = openChat({ 'POST /api/chat/': () => json(panelAnswer('<img src=x onerror="alert(1)"><b>bold</b>')) });
    await user.type(input, 'hi{Enter}');
    expect(await screen.findByText('<img src=x onerror="alert(1)"><b>bold</b>')).toBeInTheDocument();
    expect(log().querySelector('img, b')).toBeNull();
  });
});

describe('Assistant panel history', () => {
  it("keeps the conversation in local storage 'chatHistory' and Clear History removes it", async () => {
    const { user, input } = openChat({ 'POST /api/chat/': () => json(panelAnswer('Three deals close this month.')) });
    await user.type(input, 'closing soon?{Enter}');
    await screen.findByText('Three deals close this month.');
    const stored = JSON.parse(localStorage.getItem('chatHistory') ?? '[]') as { type: string; content: string; timestamp: string }[];
    expect(stored.map((m) => [m.type, m.content])).toEqual([
      ['user', 'closing soon?'],
      ['bot', 'Three deals close this month.'],
    ]);
    expect(Number.isNaN(Date.parse(stored[0]!.timestamp))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Clear History' }));
    expect(screen.queryByText('Three deals close this month.')).not.toBeInTheDocument();
    expect(screen.getByText('Ask Me Anything?')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('chatHistory')).toBeNull());
  });

  it('shows the stored history when it opens', () => {
    localStorage.setItem(
      'chatHistory',
      JSON.stringify([{ id: '1', type: 'user', content: 'earlier question', timestamp: '2026-11-23T09:05:00.000Z' }]),
    );
    openChat();
    expect(screen.getByText('earlier question')).toBeInTheDocument();
    expect(screen.queryByText('Ask Me Anything?')).not.toBeInTheDocument();
  });

  it('starts empty when the stored history is not readable', () => {
    localStorage.setItem('chatHistory', '{not json');
    openChat();
    expect(screen.getByText('Ask Me Anything?')).toBeInTheDocument();
  });
});
