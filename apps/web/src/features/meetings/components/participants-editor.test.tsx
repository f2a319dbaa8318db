import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TParticipant, TParticipantsResponse } from '@pipewise/contract/participants';
import type { TVideo } from '@pipewise/contract/videos';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { videoFixture } from '../../../../test/video-fixtures';

const person = (over: Partial<TParticipant>): TParticipant => ({
  id: 'p1',
  name: null,
  email: null,
  user_id: null,
  contact_id: null,
  response_status: 'accepted',
  organizer: false,
  source: 'upload',
  speaker_label: null,
  self: false,
  can_add_as_contact: false,
  ...over,
});

const asAttendee = (p: TParticipant): TVideo['meet_attendees'][number] => ({
  id: p.id,
  email: p.email ?? '',
  displayName: p.name ?? undefined,
  responseStatus: p.response_status ?? 'needsAction',
  organizer: p.organizer,
  self: p.self,
  speaker_label: p.speaker_label,
});

function participantsApi(initial: TParticipant[], labels = ['Speaker 2', 'Neha Iyer']) {
  let list = initial;
  const answer = (): TParticipantsResponse => ({ data: list, speaker_labels: labels });
  const api = fakeApi({
    'GET /api/session/profile': () => json(profileFixture({ email: 'asha@acme.test' })),
    'GET /api/videos/v1': () => json(videoFixture({ meet_attendees: list.map(asAttendee) })),
    'GET /api/videos/v1/participants': () => json(answer()),
    'GET /api/videos/attendee-options': () =>
      json({ data: [{ kind: 'contact', id: 'c9', name: 'Karan Mehta', email: 'karan@kaveri.test' }] }),
    'POST /api/videos/v1/participants': () => {
      list = [...list, person({ id: 'p9', name: 'Karan Mehta', email: 'karan@kaveri.test', contact_id: 'c9', source: 'edited' })];
      return json(answer(), 201);
    },
    'PATCH /api/videos/v1/participants/p2': (body) => {
      const patch = body as Partial<TParticipant>;
      list = list.map((p) => (p.id === 'p2' ? { ...p, ...patch, source: 'edited' } : p));
      return json(answer());
    },
    'DELETE /api/videos/v1/participants/p2': () => {
      list = list.filter((p) => p.id !== 'p2');
      return new Response(null, { status: 204 });
    },
    'POST /api/videos/v1/participants/p2/add-as-contact': () =>
      json({ detail: 'A contact with this email already exists: Neha Iyer', existing: { id: 'c1', name: 'Neha Iyer' } }, 409),
  });
  return api;
}

const ASHA = person({ id: 'p1', name: 'Asha Rao', email: 'asha@acme.test', user_id: 'u1', organizer: true, self: true });
const NEHA = person({ id: 'p2', name: 'Neha Iyer', email: 'neha@kaveri.test', response_status: 'needsAction', can_add_as_contact: true });

async function openTab(initial: TParticipant[]) {
  const api = participantsApi(initial);
  renderApp('/dashboard/meeting/v1');
  await screen.findByRole('heading', { level: 2, name: 'Kaveri discovery call' });
  return { api, user: userEvent.setup() };
}

describe('Participants tab', () => {
  it("shows the organizer first, '(You)' for the viewer and the response borders; corrections follow in the count", async () => {
    const { api, user } = await openTab([NEHA, ASHA]);
    const tab = screen.getByRole('tabpanel');
    const cards = within(tab).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('Asha Rao (You)');
    expect(cards[0]).toHaveClass('participant-accepted');
    expect(cards[1]).toHaveClass('participant-needsAction');
    expect(screen.getByText('2 participants')).toBeInTheDocument();

    await user.click(within(tab).getByRole('button', { name: 'Correct participants' }));
    const editor = await screen.findByRole('region', { name: 'Correct participants' });
    await within(editor).findByRole('list', { name: 'Participants to correct' });

    // Add one from the suggestions, by keyboard.
    await user.type(within(editor).getByRole('combobox', { name: 'Add participant' }), 'kar');
    await within(editor).findByRole('option', { name: /Karan Mehta/ });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByText('3 participants')).toBeInTheDocument());
    expect(callsTo(api, 'POST', '/api/videos/v1/participants')[0]!.body).toEqual({ contact_id: 'c9' });

    // Declined, mapped to a speaker label: the border turns red.
    await user.selectOptions(within(editor).getByLabelText('Response of Neha Iyer'), 'declined');
    await waitFor(() =>
      expect(
        within(tab)
          .getAllByRole('listitem')
          .find((li) => li.textContent?.includes('Neha')),
      ).toHaveClass('participant-declined'),
    );
    await user.selectOptions(within(editor).getByLabelText('Speaker label of Neha Iyer'), 'Speaker 2');
    await waitFor(() => expect(screen.getByText('Speaks as Speaker 2')).toBeInTheDocument());
    const patches = callsTo(api, 'PATCH', '/api/videos/v1/participants/p2').map((c) => c.body);
    expect(patches).toEqual([{ response_status: 'declined' }, { speaker_label: 'Speaker 2' }]);

    // Add as contact refused (the email is a contact already): the message shows and Neha stays.
    await user.click(within(editor).getByRole('button', { name: 'Add Neha Iyer as contact' }));
    expect(await screen.findByText('A contact with this email already exists: Neha Iyer')).toBeInTheDocument();

    await user.click(within(editor).getByRole('button', { name: 'Remove Neha Iyer' }));
    await waitFor(() => expect(screen.getByText('2 participants')).toBeInTheDocument());
  }, 40_000);

  it("says 'No participants found' when nobody is known, and refuses a typed address that is not one", async () => {
    const { user } = await openTab([]);
    expect(screen.getAllByText('No participants found').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Correct participants' }));
    const box = await screen.findByRole('combobox', { name: 'Add participant' });
    await user.type(box, 'not-an-email{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address');
  });
});
