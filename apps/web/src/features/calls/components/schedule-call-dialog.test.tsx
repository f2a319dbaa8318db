import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_MESSAGES } from '@pipewise/contract/calendar';
import { callsTo, fakeApi, json } from '../../../../test/fake-api';
import { meetingFixture } from '../../../../test/call-fixtures';
import { freezeNow, local, renderWithQueries } from '../../../../test/calls-kit';
import { CallsPanel } from './calls-panel';
import { ScheduleCallButton } from './schedule-call-button';

/**
 * Scheduling a call (issue 29, item 8): the dialog's labelled fields, attendee chips added by
 * typing or from suggestions and removed by keyboard, errors beside their fields, progress while
 * saving and a toast once saved; a booked call's organiser edits or cancels it from its card.
 */

afterEach(() => {
  vi.useRealTimers();
});

const booked = (body: unknown) =>
  json(
    {
      meeting: meetingFixture({ id: 'new-call', summary: (body as { title: string }).title, can_manage: true }),
      invitations: 'email',
    },
    201,
  );

function api(
  post: (body: unknown) => Response | Promise<Response> = booked,
  meetings = [meetingFixture({ id: 'x', summary: 'Existing', start_time: local(15), end_time: local(15, 30) })],
) {
  return fakeApi({
    'GET /api/calendar/user-meetings/': () => json({ status: 'success', meetings }),
    'GET /api/calendar/meetings': () => json({ meetings }),
    'GET /api/deal/owners': () =>
      json({
        data: [
          { id: 'u1', hubspot_user_id: 'u1', name: 'Priya Nair', firstname: 'Priya', lastname: 'Nair', email: 'priya@acme.example' },
          { id: 'u2', hubspot_user_id: 'u2', name: 'Vikram Shah', firstname: 'Vikram', lastname: 'Shah', email: 'vikram@acme.example' },
        ],
      }),
    'POST /api/calendar/meetings': post,
    'PATCH /api/calendar/meetings/mine': (body) =>
      json({ meeting: meetingFixture({ id: 'mine', ...(body as object) }), invitations: 'email' }),
    'DELETE /api/calendar/meetings/mine': () =>
      json({ meeting: meetingFixture({ id: 'mine', status: 'cancelled' }), invitations: 'email' }),
  });
}

async function openFromPanel() {
  renderWithQueries(
    <>
      <CallsPanel />
      <Toaster />
    </>,
  );
  await screen.findByRole('list', { name: "Today's calls" });
  await userEvent.click(screen.getByRole('button', { name: 'Schedule call' }));
  return screen.findByRole('dialog', { name: 'Schedule call' });
}

describe('ScheduleCallDialog', () => {
  it('books a call from the calls panel: labelled fields, chips by typing and from suggestions, keyboard removal, a toast', async () => {
    freezeNow(new Date(2026, 10, 23, 12, 10));
    const mock = api();
    renderWithQueries(
      <>
        <ScheduleCallButton
          deal={{ id: '42', name: 'Kaveri Foods - Dealer portal' }}
          suggestions={[
            { email: 'neha@kaveri.example', name: 'Neha Kapoor' },
            { email: 'priya@acme.example', name: 'Priya Nair' },
          ]}
        />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Schedule call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule call' });
    expect(dialog).toHaveTextContent('About Kaveri Foods - Dealer portal');
    const title = within(dialog).getByLabelText('Title');
    expect(title).toHaveFocus();
    // A new call starts at the next whole hour, 30 minutes long.
    expect(within(dialog).getByLabelText('Date')).toHaveValue('2026-11-23');
    expect(within(dialog).getByLabelText(/^Time/)).toHaveValue('13:00');
    expect(within(dialog).getByLabelText('Length')).toHaveValue('30');
    // The deal's contacts first, then colleagues not already offered.
    const suggested = await within(dialog).findByRole('list', { name: 'Suggested' });
    await waitFor(() =>
      expect(
        within(suggested)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Neha Kapoor (neha@kaveri.example)', 'Priya Nair (priya@acme.example)', 'Vikram Shah (vikram@acme.example)']),
    );

    await userEvent.type(title, 'Dealer portal demo');
    await userEvent.selectOptions(within(dialog).getByLabelText('Length'), '45');
    const attendees = within(dialog).getByLabelText('Attendees');
    await userEvent.type(attendees, 'Buyer@Client.example{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Neha Kapoor (neha@kaveri.example)' }));
    await userEvent.type(attendees, 'ravi@client.example,');
    const chips = () =>
      within(within(dialog).getByRole('list', { name: 'People invited' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(chips()).toEqual(['buyer@client.example', 'Neha Kapoor (neha@kaveri.example)', 'ravi@client.example']);
    // Backspace in the empty input takes the last chip off; a chip's own button removes it.
    attendees.focus();
    await userEvent.keyboard('{Backspace}');
    expect(chips()).toEqual(['buyer@client.example', 'Neha Kapoor (neha@kaveri.example)']);
    within(dialog).getByRole('button', { name: 'Remove buyer@client.example' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(chips()).toEqual(['Neha Kapoor (neha@kaveri.example)']);
    await userEvent.type(within(dialog).getByLabelText('Meeting link (optional)'), 'https://meet.example/kaveri');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule call' }));
    expect(await screen.findByText('Call scheduled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [post] = callsTo(mock, 'POST', '/api/calendar/meetings');
    expect(post!.body).toEqual({
      title: 'Dealer portal demo',
      start_time: new Date(2026, 10, 23, 13, 0).toISOString(),
      duration_minutes: 45,
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      attendees: ['neha@kaveri.example'],
      meet_link: 'https://meet.example/kaveri',
      deal_id: '42',
    });
  });

  it('shows each problem beside its field and sends nothing; a custom length over 24 hours is refused', async () => {
    freezeNow(new Date(2026, 10, 23, 12, 10));
    const mock = api();
    const dialog = await openFromPanel();
    fireEvent.change(within(dialog).getByLabelText(/^Time/), { target: { value: '09:00' } });
    await userEvent.selectOptions(within(dialog).getByLabelText('Length'), 'custom');
    await userEvent.type(within(dialog).getByLabelText('Custom length (minutes)'), '1500');
    await userEvent.type(within(dialog).getByLabelText('Meeting link (optional)'), 'ftp://files.example');
    await userEvent.type(within(dialog).getByLabelText('Attendees'), 'not-an-address{Enter}');
    expect(within(dialog).getByText('"not-an-address" is not an email address.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule call' }));

    expect(within(dialog).getByLabelText('Title')).toHaveAccessibleDescription(BOOKING_MESSAGES.title);
    expect(within(dialog).getByLabelText('Date')).toHaveAccessibleDescription(BOOKING_MESSAGES.startInPast);
    expect(within(dialog).getByLabelText('Custom length (minutes)')).toHaveAccessibleDescription(BOOKING_MESSAGES.durationTooLong);
    expect(within(dialog).getByLabelText('Meeting link (optional)')).toHaveAccessibleDescription(BOOKING_MESSAGES.meetLink);
    expect(callsTo(mock, 'POST', '/api/calendar/meetings')).toHaveLength(0);
  });

  it('shows progress while saving, and the server’s refusal in the dialog', async () => {
    freezeNow(new Date(2026, 10, 23, 12, 10));
    let answer: (r: Response) => void = () => undefined;
    api(() => new Promise<Response>((resolve) => (answer = resolve)));
    const dialog = await openFromPanel();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Quarterly review');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule call' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Saving the call');
    answer(json({ detail: 'Deal not found' }, 404));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Deal not found');
    expect(within(dialog).getByRole('button', { name: 'Schedule call' })).toBeEnabled();
  });

  it('puts a server field error beside its field', async () => {
    freezeNow(new Date(2026, 10, 23, 12, 10));
    api(() => json({ detail: 'Invalid request', errors: [{ field: 'attendees.0', message: BOOKING_MESSAGES.badEmail }] }, 400));
    const dialog = await openFromPanel();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Quarterly review');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Schedule call' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Attendees')).toHaveAccessibleDescription(BOOKING_MESSAGES.badEmail));
  });
});

describe('a booked call on its card', () => {
  const mine = meetingFixture({ id: 'mine', summary: 'Renewal call', start_time: local(16), end_time: local(17), can_manage: true });
  const theirs = meetingFixture({ id: 'theirs', summary: 'Board prep', start_time: local(18), end_time: local(18, 30), can_manage: false });

  it('offers its organiser Edit, which saves the changes, and no one else', async () => {
    freezeNow(new Date(2026, 10, 23, 12, 10));
    const mock = api(booked, [mine, theirs]);
    renderWithQueries(<CallsPanel />);
    await screen.findByRole('list', { name: "Today's calls" });
    expect(within(screen.getByRole('listitem', { name: 'Board prep' })).queryByRole('button', { name: /Edit/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Renewal call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit call' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Renewal call');
    expect(within(dialog).getByLabelText('Length')).toHaveValue('60');
    expect(within(within(dialog).getByRole('list', { name: 'People invited' })).getAllByRole('listitem')).toHaveLength(1);
    await userEvent.clear(within(dialog).getByLabelText('Title'));
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Renewal call (pricing)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(callsTo(mock, 'PATCH', '/api/calendar/meetings/mine')).toHaveLength(1));
    const [patch] = callsTo(mock, 'PATCH', '/api/calendar/meetings/mine');
    // The start did not change, so it is not sent (a started call can still be renamed).
    expect(patch!.body).toMatchObject({ title: 'Renewal call (pricing)', duration_minutes: 60, attendees: ['neha@kaveri.example'] });
    expect(patch!.body).not.toHaveProperty('start_time');
  });

  it('cancels only after a confirmation', async () => {
    freezeNow(new Date(2026, 10, 23, 12, 10));
    const mock = api(booked, [mine]);
    renderWithQueries(<CallsPanel />);
    await screen.findByRole('list', { name: "Today's calls" });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Renewal call' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this call?' });
    expect(callsTo(mock, 'DELETE', '/api/calendar/meetings/mine')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel call' }));
    await waitFor(() => expect(callsTo(mock, 'DELETE', '/api/calendar/meetings/mine')).toHaveLength(1));
  });
});
