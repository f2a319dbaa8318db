import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';

type Routes = Parameters<typeof fakeApi>[0];

async function openCompetitors(role = 'admin', names: string[] = ['Salesforce', 'Zoho'], routes: Routes = {}) {
  let saved = names;
  const api = fakeApi({
    'GET /api/session/profile': () => json(profileFixture({ role, database_record: { ...profileFixture().database_record, role } })),
    'GET /api/coaching/competitors': () => json({ names: saved }),
    'PUT /api/coaching/competitors': (body) => {
      saved = (body as { names: string[] }).names;
      return json({ names: saved });
    },
    ...routes,
  });
  renderApp('/dashboard/settings?section=general');
  const card = await screen.findByRole('region', { name: 'Competitors' });
  await waitFor(() => expect(within(card).queryByText('Loading competitors')).toBeNull());
  return { api, card, user: userEvent.setup() };
}

const listed = (card: HTMLElement) =>
  within(card)
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

describe('Settings -> General -> Competitors', () => {
  it('lets an admin add by Enter or the Add button, remove, and save the list', async () => {
    const { api, card, user } = await openCompetitors();
    expect(listed(card)).toEqual(['Salesforce', 'Zoho']);
    const save = within(card).getByRole('button', { name: 'Save competitors' });
    expect(save).toBeDisabled();

    const name = within(card).getByLabelText('Competitor name');
    await user.type(name, '  Freshworks {Enter}');
    expect(name).toHaveValue('');
    await user.type(name, 'HubSpot');
    await user.click(within(card).getByRole('button', { name: 'Add' }));
    await user.click(within(card).getByRole('button', { name: 'Remove Zoho' }));
    expect(listed(card)).toEqual(['Salesforce', 'Freshworks', 'HubSpot']);
    expect(within(card).getByText('Unsaved changes')).toBeInTheDocument();
    expect(callsTo(api, 'PUT', '/api/coaching/competitors')).toEqual([]);

    await user.click(save);
    expect(await within(card).findByText(/Competitors saved/)).toBeInTheDocument();
    expect(callsTo(api, 'PUT', '/api/coaching/competitors').map((c) => c.body)).toEqual([
      { names: ['Salesforce', 'Freshworks', 'HubSpot'] },
    ]);
    expect(within(card).queryByText('Unsaved changes')).toBeNull();
    expect(save).toBeDisabled();
  });

  it('refuses an empty name, a name already listed (any case) and one over 80 characters, saying why', async () => {
    const { card, user } = await openCompetitors();
    const name = within(card).getByLabelText('Competitor name');
    await user.click(within(card).getByRole('button', { name: 'Add' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('A competitor needs a name.');
    expect(name).toHaveAccessibleDescription('A competitor needs a name.');

    await user.type(name, 'salesforce{Enter}');
    expect(within(card).getByRole('alert')).toHaveTextContent('salesforce is already on the list.');

    await user.clear(name);
    name.removeAttribute('maxlength');
    await user.type(name, `${'x'.repeat(81)}{Enter}`);
    expect(within(card).getByRole('alert')).toHaveTextContent('A competitor name is at most 80 characters.');
    expect(listed(card)).toEqual(['Salesforce', 'Zoho']);
  });

  it("shows the server's refusal and keeps the unsaved list", async () => {
    const detail = 'Only admins can change the competitor list.';
    const { card, user } = await openCompetitors('admin', ['Salesforce'], {
      'PUT /api/coaching/competitors': () => json({ detail }, 403),
    });
    await user.type(within(card).getByLabelText('Competitor name'), 'Zoho{Enter}');
    await user.click(within(card).getByRole('button', { name: 'Save competitors' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(detail);
    expect(listed(card)).toEqual(['Salesforce', 'Zoho']);
    expect(within(card).getByText('Unsaved changes')).toBeInTheDocument();
  });

  it("shows a 400's field message from the server", async () => {
    const { card, user } = await openCompetitors('admin', [], {
      'PUT /api/coaching/competitors': () =>
        json({ detail: 'Invalid input', errors: [{ field: 'names.0', message: 'A competitor name is at most 80 characters.' }] }, 400),
    });
    expect(within(card).getByText('No competitors yet. Add the companies you compete with.')).toBeInTheDocument();
    await user.type(within(card).getByLabelText('Competitor name'), 'Zoho{Enter}');
    await user.click(within(card).getByRole('button', { name: 'Save competitors' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('A competitor name is at most 80 characters.');
  });

  it('shows everyone else the list, read only', async () => {
    const { card } = await openCompetitors('user');
    expect(listed(card)).toEqual(['Salesforce', 'Zoho']);
    expect(within(card).getByText(/Only admins can change the list/)).toBeInTheDocument();
    expect(within(card).queryByRole('textbox')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('says when there are none yet, to someone who cannot add them', async () => {
    const { card } = await openCompetitors('user', []);
    expect(within(card).getByText('No competitors yet. Ask an admin to add them.')).toBeInTheDocument();
  });

  it('shows a failure to load with Retry', async () => {
    let fail = true;
    const { card, user } = await openCompetitors('admin', ['Salesforce'], {
      'GET /api/coaching/competitors': () => (fail ? json({ detail: 'Server error' }, 500) : json({ names: ['Salesforce'] })),
    });
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the competitors');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(listed(card)).toEqual(['Salesforce']));
  });
});
