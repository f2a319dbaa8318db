import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';

const SAVE_PATH = '/api/users/update_whatsapp_number/asha%40acme.test';

function setup(routes: Parameters<typeof fakeApi>[0] = {}, saved: string | null = null) {
  return fakeApi({
    'GET /api/session/profile': () => json(profileFixture({ role: 'user' })),
    'GET /api/google/status': () =>
      json({ configured: false, state: 'not_connected', mail: false, calendar: false, missing: [], email: null, last_synced_at: null }),
    'GET /api/users/whatsapp_number': () => json({ phone_number: saved }),
    ...routes,
  });
}

async function whatsappCard(): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 3, name: 'WhatsApp' });
  return heading.closest('li')!;
}

async function openPanel(name: RegExp): Promise<HTMLElement> {
  fireEvent.click(await within(await whatsappCard()).findByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'WhatsApp number' });
}

const numberInput = (dialog: HTMLElement) => within(dialog).getByLabelText('Phone number');

describe('the WhatsApp card', () => {
  it('offers Connect without a number; the panel has the number input, Cancel and Save, and Cancel saves nothing', async () => {
    const api = setup();
    renderApp('/dashboard/settings?section=integrations');
    const card = await whatsappCard();
    expect(await within(card).findByText('Not connected')).toBeInTheDocument();
    const dialog = await openPanel(/^Connect/);
    expect(numberInput(dialog)).toHaveValue('');
    expect(numberInput(dialog)).toHaveFocus();
    expect(numberInput(dialog)).toHaveAttribute('type', 'tel');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(api, 'POST', SAVE_PATH)).toEqual([]);
  });

  it("shows the spec's validation message for a bad number and sends nothing", async () => {
    const api = setup();
    renderApp('/dashboard/settings?section=integrations');
    const dialog = await openPanel(/^Connect/);
    for (const bad of ['', '98765', '+91 98765 4321x']) {
      fireEvent.change(numberInput(dialog), { target: { value: bad } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText('Please enter a valid phone number')).toBeInTheDocument();
      expect(numberInput(dialog)).toHaveAttribute('aria-invalid', 'true');
    }
    // Editing clears the message.
    fireEvent.change(numberInput(dialog), { target: { value: '+91 9' } });
    expect(within(dialog).queryByText('Please enter a valid phone number')).toBeNull();
    expect(callsTo(api, 'POST', SAVE_PATH)).toEqual([]);
  });

  it("saves with 'Saving...' while pending, closes, and the card shows the saved number with Update", async () => {
    let answer: (r: Response) => void = () => undefined;
    const api = setup({ [`POST ${SAVE_PATH}`]: () => new Promise<Response>((r) => (answer = r)) });
    renderApp('/dashboard/settings?section=integrations');
    const dialog = await openPanel(/^Connect/);
    fireEvent.change(numberInput(dialog), { target: { value: ' +91 98765-43210 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const saving = await within(dialog).findByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(callsTo(api, 'POST', SAVE_PATH).map((c) => c.body)).toEqual([{ phone_number: '+91 98765-43210' }]);

    answer(json({ success: true, phone_number: '+919876543210' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const card = await whatsappCard();
    expect(within(card).getByText('+919876543210')).toBeInTheDocument();
    expect(within(card).getByText('Connected')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Update/ })).toBeEnabled();
  });

  it('Update opens the panel with the saved number', async () => {
    setup({}, '+442079460958');
    renderApp('/dashboard/settings?section=integrations');
    expect(await within(await whatsappCard()).findByText('+442079460958')).toBeInTheDocument();
    const dialog = await openPanel(/^Update/);
    expect(numberInput(dialog)).toHaveValue('+442079460958');
  });

  it("puts the server's refusal of the number on the field", async () => {
    setup({
      [`POST ${SAVE_PATH}`]: () =>
        json(
          {
            detail: 'Please enter a valid phone number',
            errors: [{ field: 'phone_number', message: 'Please enter a valid phone number' }],
          },
          400,
        ),
    });
    renderApp('/dashboard/settings?section=integrations');
    const dialog = await openPanel(/^Connect/);
    // A number the browser's check lets through, refused by the server (its rules may be stricter).
    fireEvent.change(numberInput(dialog), { target: { value: '+91 98765 43210' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(numberInput(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'WhatsApp number' })).toBeInTheDocument();
  });

  it("says 'Failed to update phone number. Please try again.' when the server fails, and keeps the panel open", async () => {
    setup({ [`POST ${SAVE_PATH}`]: () => json({ detail: 'Internal Server Error' }, 500) });
    renderApp('/dashboard/settings?section=integrations');
    const dialog = await openPanel(/^Connect/);
    fireEvent.change(numberInput(dialog), { target: { value: '+91 98765 43210' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Failed to update phone number. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(numberInput(dialog)).toHaveValue('+91 98765 43210');
  });

  it("says 'Connection error. Please try again.' when nothing answers", async () => {
    setup({
      [`POST ${SAVE_PATH}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/dashboard/settings?section=integrations');
    const dialog = await openPanel(/^Connect/);
    fireEvent.change(numberInput(dialog), { target: { value: '+91 98765 43210' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Connection error. Please try again.')).toBeInTheDocument();
  });
});
