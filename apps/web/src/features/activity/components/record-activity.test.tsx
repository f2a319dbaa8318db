import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TActivityItem, TActivityPage } from '@pipewise/contract/activity';
import type { TNote } from '@pipewise/contract/notes';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-app';
import { RecordActivity } from './record-activity';

const NOW = new Date('2026-11-20T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();

const note = (overrides: Partial<TNote> = {}): TNote => ({
  id: 'n1',
  record_type: 'deal',
  record_id: '101',
  body: 'Budget confirmed by Kaveri',
  author: { id: 'u1', name: 'Asha Rao' },
  created_at: hoursAgo(1),
  updated_at: hoursAgo(1),
  can_edit: true,
  can_delete: true,
  ...overrides,
});

const CHANGE: TActivityItem = {
  kind: 'change',
  id: '0000000000000000007',
  at: hoursAgo(2),
  actor: { id: 'u2', name: 'Rahul Sharma' },
  source: 'assistant',
  operation: 'update',
  field: 'amount',
  old_value: '10000.00',
  new_value: '12500.00',
};
const CREATED: TActivityItem = {
  kind: 'change',
  id: '0000000000000000001',
  at: hoursAgo(30),
  actor: null,
  source: 'hubspot_sync',
  operation: 'create',
  field: null,
  old_value: null,
  new_value: null,
};
const RECORDING: TActivityItem = {
  kind: 'recording',
  id: 'r1',
  at: hoursAgo(50),
  type: 'call',
  title: 'Discovery call',
  description: 'Talked about the rollout',
  deal_id: 101,
};

function activityApi(pages: TActivityPage[], extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/session/profile': () => json(profileFixture()),
    'GET /api/activity': (_body, url) => {
      const cursor = url.searchParams.get('cursor');
      return json(cursor ? pages[Number(cursor)]! : pages[0]!);
    },
    ...extra,
  });
}

const show = () => renderScreen('/record', <RecordActivity recordType="deal" recordId="101" />);

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});
afterEach(() => vi.useRealTimers());

describe('RecordActivity', () => {
  it('says which call an accepted suggestion came from, linking to that meeting', async () => {
    const fromCall: TActivityItem = {
      ...CHANGE,
      source: 'call_suggestion',
      field: 'closedate',
      old_value: null,
      new_value: '2026-11-28',
      from_call: { recording_id: 'r9', at: '2026-11-12T04:30:00.000000Z' },
    };
    activityApi([{ data: [fromCall], next_cursor: null }]);
    show();
    const link = await screen.findByRole('link', { name: 'from the call on 12 Nov 2026' });
    expect(link).toHaveAttribute('href', '/dashboard/meeting/r9');
  });

  it('shows notes, changes phrased for people, creations and recordings, newest first, and loads more', async () => {
    const api = activityApi([
      { data: [{ kind: 'note', id: 'n1', at: hoursAgo(1), note: note() }, CHANGE], next_cursor: '1' },
      { data: [CREATED, RECORDING], next_cursor: null },
    ]);
    show();
    const timeline = await screen.findByRole('list', { name: 'Timeline, newest first' });
    const entries = () => within(timeline).getAllByRole('listitem');
    expect(entries()[0]).toHaveTextContent('Budget confirmed by Kaveri');
    expect(entries()[0]).toHaveTextContent('Asha Rao added a note · 1 h ago');
    expect(entries()[1]).toHaveTextContent('Rahul Sharma changed Amount from RS 10,000 to RS 12,500');
    expect(entries()[1]).toHaveTextContent('via the assistant · 2 h ago');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(entries()).toHaveLength(4));
    expect(entries()[2]).toHaveTextContent('HubSpot created this deal');
    expect(entries()[2]).toHaveTextContent('via HubSpot sync');
    expect(entries()[3]).toHaveTextContent('Discovery call');
    expect(within(entries()[3]!).getByRole('img', { name: 'Call' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(callsTo(api, 'GET', '/api/activity')).toHaveLength(2);
  });

  it('says so when there is nothing yet', async () => {
    activityApi([{ data: [], next_cursor: null }]);
    show();
    expect(await screen.findByText('No Events Found')).toBeInTheDocument();
  });

  it('adds a note with a counter, and refuses more than 10,000 characters', async () => {
    let saved: unknown = null;
    const api = activityApi([{ data: [], next_cursor: null }], {
      'POST /api/notes': (body) => {
        saved = body;
        return json(note({ body: (body as { body: string }).body }), 201);
      },
    });
    show();
    const user = userEvent.setup();
    const box = await screen.findByLabelText('Add a note');
    expect(screen.getByText('0 / 10,000 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(box, '  Send the proposal  ');
    expect(screen.getByText('17 / 10,000 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual({ body: 'Send the proposal' }));
    const [post] = callsTo(api, 'POST', '/api/notes');
    expect(post).toBeDefined();
    await waitFor(() => expect(box).toHaveValue(''));

    await user.click(box);
    await user.paste('x'.repeat(10_001));
    expect(screen.getByText('10,001 / 10,000 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("edits one's own note and deletes it after a confirmation; others' notes have no controls", async () => {
    const mine = note();
    const theirs = note({
      id: 'n2',
      body: 'A colleague wrote this',
      author: { id: 'u9', name: 'Vikram Shah' },
      can_edit: false,
      can_delete: false,
    });
    const api = activityApi(
      [
        {
          data: [
            { kind: 'note', id: 'n1', at: mine.created_at, note: mine },
            { kind: 'note', id: 'n2', at: theirs.created_at, note: theirs },
          ],
          next_cursor: null,
        },
      ],
      {
        'PATCH /api/notes/n1': (body) => json({ ...mine, body: (body as { body: string }).body }),
        'DELETE /api/notes/n1': () => new Response(null, { status: 204 }),
      },
    );
    show();
    const user = userEvent.setup();
    const timeline = await screen.findByRole('list', { name: 'Timeline, newest first' });
    const [first, second] = within(timeline).getAllByRole('listitem');
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(first!).getByRole('button', { name: 'Edit note' }));
    const editBox = within(first!).getByLabelText('Edit note');
    await user.clear(editBox);
    await user.type(editBox, 'Budget confirmed on Monday');
    await user.click(within(first!).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(callsTo(api, 'PATCH', '/api/notes/n1').map((c) => c.body)).toEqual([{ body: 'Budget confirmed on Monday' }]),
    );

    await user.click(await within(first!).findByRole('button', { name: 'Delete note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this note?' });
    expect(callsTo(api, 'DELETE', '/api/notes/n1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(api, 'DELETE', '/api/notes/n1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows an error with a retry when the timeline cannot be loaded', async () => {
    fakeApi({
      'GET /api/session/profile': () => json(profileFixture()),
      'GET /api/activity': () => json({ detail: 'Deal not found' }, 404),
    });
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Deal not found');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
