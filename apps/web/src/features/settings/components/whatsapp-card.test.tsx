import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WHATSAPP_MESSAGES, type TWhatsappStatus } from '@pipewise/contract/whatsapp';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { WHATSAPP_OUTBOX_NOTE } from './whatsapp-card';
import { WHATSAPP_NO_CODE } from './whatsapp-code-form';

const SAVE_PATH = '/api/users/update_whatsapp_number/asha%40acme.test';
const PAGE = '/dashboard/settings?section=integrations';
// A busy machine can take more than the default 5 s to render the settings screen the first time.
const SLOW = { timeout: 15_000 };
const MORNING = "Morning digest of today's calls (08:00)";
const INSIGHTS = "Tell me when a recording's insights are ready";

function statusOf(overrides: Partial<TWhatsappStatus> = {}): TWhatsappStatus {
  return {
    phone_number: null,
    verified: false,
    code_pending: false,
    code_expires_at: null,
    notifications: { morning_digest: false, insights_ready: false },
    delivery: 'cloud',
    ...overrides,
  };
}

const pending = (phone_number: string) =>
  statusOf({ phone_number, code_pending: true, code_expires_at: new Date(Date.now() + 600_000).toISOString() });
const verified = (phone_number: string, notifications = { morning_digest: false, insights_ready: false }) =>
  statusOf({ phone_number, verified: true, notifications });

/** A server whose status is `state.status`; routes may change it, as the real one does. */
function setup(initial: TWhatsappStatus = statusOf(), routes: Parameters<typeof fakeApi>[0] = {}) {
  const state = { status: initial };
  const api = fakeApi({
    'GET /api/session/profile': () => json(profileFixture({ role: 'user' })),
    'GET /api/google/status': () =>
      json({ configured: false, state: 'not_connected', mail: false, calendar: false, missing: [], email: null, last_synced_at: null }),
    'GET /api/whatsapp/status': () => json(state.status),
    ...routes,
  });
  return { api, state };
}

async function whatsappCard(): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 3, name: 'WhatsApp' }, { timeout: 10_000 });
  return heading.closest('li')!;
}

async function openPanel(name: RegExp): Promise<HTMLElement> {
  fireEvent.click(await within(await whatsappCard()).findByRole('button', { name }));
  return screen.findByRole('dialog', { name: 'WhatsApp number' });
}

const numberInput = (dialog: HTMLElement) => within(dialog).getByLabelText('Phone number');
const codeInput = async () => within(await whatsappCard()).findByLabelText('Verification code');

async function enterCode(code: string) {
  fireEvent.change(await codeInput(), { target: { value: code } });
  fireEvent.click(within(await whatsappCard()).getByRole('button', { name: 'Verify' }));
}

describe('the WhatsApp card: the number panel', SLOW, () => {
  it('offers Connect without a number; the panel has the number input, Cancel and Save, and Cancel saves nothing', async () => {
    const { api } = setup();
    renderApp(PAGE);
    const card = await whatsappCard();
    expect(await within(card).findByText('Not connected')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Remove number' })).toBeNull();
    const dialog = await openPanel(/^Connect/);
    expect(numberInput(dialog)).toHaveValue('');
    expect(numberInput(dialog)).toHaveFocus();
    expect(numberInput(dialog)).toHaveAttribute('type', 'tel');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(api, 'POST', SAVE_PATH)).toEqual([]);
  });

  it("shows the spec's validation message for a bad number and sends nothing", async () => {
    const { api } = setup();
    renderApp(PAGE);
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

  it("saves with 'Saving...', closes, and the card asks for the code sent to the number", async () => {
    let answer: (r: Response) => void = () => undefined;
    const { api, state } = setup(statusOf(), {
      [`POST ${SAVE_PATH}`]: () =>
        new Promise<Response>((r) => {
          answer = r;
        }),
    });
    renderApp(PAGE);
    const dialog = await openPanel(/^Connect/);
    fireEvent.change(numberInput(dialog), { target: { value: ' +91 98765-43210 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const saving = await within(dialog).findByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(callsTo(api, 'POST', SAVE_PATH).map((c) => c.body)).toEqual([{ phone_number: '+91 98765-43210' }]);

    state.status = pending('+919876543210');
    answer(json({ success: true, phone_number: '+919876543210' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const card = await whatsappCard();
    expect(await within(card).findByText(WHATSAPP_MESSAGES.codeSent('+919876543210'))).toBeInTheDocument();
    expect(within(card).getByText('+919876543210')).toBeInTheDocument();
    expect(within(card).getByText('Not verified')).toBeInTheDocument();
    const code = await codeInput();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await waitFor(() => expect(code).toHaveFocus());
    expect(within(card).getByRole('button', { name: 'Verify' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Send a new code' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: /^Update/ })).toBeEnabled();
    expect(screen.getByText('WhatsApp number saved.')).toBeInTheDocument();
  });

  it("puts the server's refusal of the number on the field", async () => {
    setup(statusOf(), {
      [`POST ${SAVE_PATH}`]: () =>
        json(
          {
            detail: 'Please enter a valid phone number',
            errors: [{ field: 'phone_number', message: 'Please enter a valid phone number' }],
          },
          400,
        ),
    });
    renderApp(PAGE);
    const dialog = await openPanel(/^Connect/);
    // A number the browser's check lets through, refused by the server (its rules may be stricter).
    fireEvent.change(numberInput(dialog), { target: { value: '+91 98765 43210' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(numberInput(dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'WhatsApp number' })).toBeInTheDocument();
  });

  it("says 'Failed to update phone number. Please try again.' when the server fails, and keeps the panel open", async () => {
    setup(statusOf(), { [`POST ${SAVE_PATH}`]: () => json({ detail: 'Internal Server Error' }, 500) });
    renderApp(PAGE);
    const dialog = await openPanel(/^Connect/);
    fireEvent.change(numberInput(dialog), { target: { value: '+91 98765 43210' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Failed to update phone number. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(numberInput(dialog)).toHaveValue('+91 98765 43210');
  });

  it("says the server's word when the code could not be sent over WhatsApp; the card shows the number it kept", async () => {
    const { state } = setup(statusOf(), {
      [`POST ${SAVE_PATH}`]: () => {
        state.status = statusOf({ phone_number: '+919876543210' });
        return json({ detail: WHATSAPP_MESSAGES.sendFailed }, 502);
      },
    });
    renderApp(PAGE);
    const dialog = await openPanel(/^Connect/);
    fireEvent.change(numberInput(dialog), { target: { value: '+91 98765 43210' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(WHATSAPP_MESSAGES.sendFailed);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const card = await whatsappCard();
    expect(await within(card).findByText('+919876543210')).toBeInTheDocument();
    expect(within(card).getByText(WHATSAPP_NO_CODE)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  });

  it("says 'Connection error. Please try again.' when nothing answers", async () => {
    setup(statusOf(), {
      [`POST ${SAVE_PATH}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp(PAGE);
    const dialog = await openPanel(/^Connect/);
    fireEvent.change(numberInput(dialog), { target: { value: '+91 98765 43210' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Connection error. Please try again.')).toBeInTheDocument();
  });

  it("says 'Connection error. Please try again.' when the card's status cannot be read, and offers no button", async () => {
    fakeApi({
      'GET /api/session/profile': () => json(profileFixture({ role: 'user' })),
      'GET /api/whatsapp/status': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp(PAGE);
    const card = await whatsappCard();
    expect(await within(card).findByText('Connection error. Please try again.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /^Connect/ })).toBeDisabled();
  });
});

describe('the WhatsApp card: verifying the number', SLOW, () => {
  it('verifies a code typed with spaces (busy while it checks), then shows the number Verified with its two opt-ins', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { api } = setup(pending('+919876543210'), {
      'POST /api/whatsapp/verify': () =>
        new Promise<Response>((r) => {
          answer = r;
        }),
    });
    renderApp(PAGE);
    await enterCode(' 123 456 ');
    const card = await whatsappCard();
    const busy = await within(card).findByRole('button', { name: 'Verifying…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(within(card).getByRole('button', { name: 'Send a new code' })).toBeDisabled();
    const [call] = callsTo(api, 'POST', '/api/whatsapp/verify');
    expect(call!.body).toEqual({ code: '123456' });
    // The morning digest goes out at 08:00 where the user is.
    expect(call!.init?.headers).toMatchObject({ 'X-Timezone': Intl.DateTimeFormat().resolvedOptions().timeZone });

    answer(json(verified('+919876543210')));
    expect(await within(card).findByText('Verified')).toBeInTheDocument();
    expect(within(card).getByText('+919876543210')).toBeInTheDocument();
    expect(within(card).queryByLabelText('Verification code')).toBeNull();
    expect(within(card).queryByText(WHATSAPP_MESSAGES.codeSent('+919876543210'))).toBeNull();
    const morning = within(card).getByRole('switch', { name: MORNING });
    expect(morning).not.toBeChecked();
    expect(within(card).getByRole('switch', { name: INSIGHTS })).not.toBeChecked();
    await waitFor(() => expect(morning).toHaveFocus());
    expect(screen.getByText('Your WhatsApp number is verified.')).toBeInTheDocument();
  });

  it('asks for 6 digits before sending anything', async () => {
    const { api } = setup(pending('+919876543210'));
    renderApp(PAGE);
    for (const bad of ['', '12345', '1234567', '12a456']) {
      await enterCode(bad);
      expect(await within(await whatsappCard()).findByText(WHATSAPP_MESSAGES.codeFormat)).toBeInTheDocument();
      expect(await codeInput()).toHaveAttribute('aria-invalid', 'true');
    }
    expect(callsTo(api, 'POST', '/api/whatsapp/verify')).toEqual([]);
  });

  it.each([
    ['a wrong code', WHATSAPP_MESSAGES.codeWrong, true],
    ['an expired code', WHATSAPP_MESSAGES.codeExpired, false],
    ['too many tries', WHATSAPP_MESSAGES.tooManyTries, false],
  ])("shows the server's reason for %s in an alert, and whether a code is still waiting", async (_name, reason, stillPending) => {
    const { state } = setup(pending('+919876543210'), {
      'POST /api/whatsapp/verify': () => {
        if (!stillPending) state.status = statusOf({ phone_number: '+919876543210' });
        return json({ detail: reason }, 400);
      },
    });
    renderApp(PAGE);
    await enterCode('654321');
    const card = await whatsappCard();
    expect(await within(card).findByRole('alert')).toHaveTextContent(reason);
    expect(within(card).getByText('Not verified')).toBeInTheDocument();
    expect(await codeInput()).toHaveFocus();
    await within(card).findByText(stillPending ? WHATSAPP_MESSAGES.codeSent('+919876543210') : WHATSAPP_NO_CODE);
    // Typing again clears the reason.
    fireEvent.change(await codeInput(), { target: { value: '1' } });
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it("sends a new code ('Sending…' meanwhile), clears the old one and says so", async () => {
    let answer: (r: Response) => void = () => undefined;
    const { api } = setup(statusOf({ phone_number: '+919876543210' }), {
      'POST /api/whatsapp/resend_code': () =>
        new Promise<Response>((r) => {
          answer = r;
        }),
    });
    renderApp(PAGE);
    const card = await whatsappCard();
    expect(await within(card).findByText(WHATSAPP_NO_CODE)).toBeInTheDocument();
    fireEvent.change(await codeInput(), { target: { value: '111111' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Send a new code' }));
    expect(await within(card).findByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Verify' })).toBeDisabled();
    answer(json(pending('+919876543210')));
    expect(await within(card).findByText(WHATSAPP_MESSAGES.codeSent('+919876543210'))).toBeInTheDocument();
    expect(await codeInput()).toHaveValue('');
    expect(screen.getByText('We sent a new code on WhatsApp.')).toBeInTheDocument();
    expect(callsTo(api, 'POST', '/api/whatsapp/resend_code')).toHaveLength(1);
  });

  it("shows the server's reason when a new code is refused (too many asked)", async () => {
    const limited = 'Too many codes requested. Please wait a few minutes and try again.';
    setup(pending('+919876543210'), { 'POST /api/whatsapp/resend_code': () => json({ detail: limited }, 429, { 'Retry-After': '60' }) });
    renderApp(PAGE);
    const card = await whatsappCard();
    fireEvent.click(await within(card).findByRole('button', { name: 'Send a new code' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(limited);
  });

  it('Update on a verified number opens the panel with it; saving another starts verification again', async () => {
    const { state } = setup(verified('+919876543210'), {
      [`POST ${SAVE_PATH}`]: () => {
        state.status = pending('+442079460958');
        return json({ success: true, phone_number: '+442079460958' });
      },
    });
    renderApp(PAGE);
    const card = await whatsappCard();
    expect(await within(card).findByText('Verified')).toBeInTheDocument();
    const dialog = await openPanel(/^Update/);
    expect(numberInput(dialog)).toHaveValue('+919876543210');
    fireEvent.change(numberInput(dialog), { target: { value: '+44 20 7946 0958' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText(WHATSAPP_MESSAGES.codeSent('+442079460958'))).toBeInTheDocument();
    expect(within(card).getByText('Not verified')).toBeInTheDocument();
    expect(within(card).queryByRole('switch')).toBeNull();
  });
});

describe('the WhatsApp card: removing the number', SLOW, () => {
  it("asks first; Cancel keeps it; Remove ('Removing…') forgets it and the card offers Connect again", async () => {
    let answer: (r: Response) => void = () => undefined;
    const { api } = setup(verified('+919876543210'), {
      'DELETE /api/whatsapp/number': () =>
        new Promise<Response>((r) => {
          answer = r;
        }),
    });
    renderApp(PAGE);
    const card = await whatsappCard();
    fireEvent.click(await within(card).findByRole('button', { name: 'Remove number' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove your WhatsApp number?' });
    expect(dialog).toHaveTextContent('+919876543210');
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(api, 'DELETE', '/api/whatsapp/number')).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Remove number' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove your WhatsApp number?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('button', { name: 'Removing…' })).toBeDisabled();
    answer(json(statusOf()));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(card).findByText('Not connected')).toBeInTheDocument();
    expect(within(card).queryByText('+919876543210')).toBeNull();
    expect(within(card).queryByRole('switch')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Remove number' })).toBeNull();
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Connect WhatsApp' })).toHaveFocus());
    expect(callsTo(api, 'DELETE', '/api/whatsapp/number')).toHaveLength(1);
  });

  it('keeps the number and says so when removing fails', async () => {
    setup(pending('+919876543210'), { 'DELETE /api/whatsapp/number': () => json({ detail: 'Internal Server Error' }, 500) });
    renderApp(PAGE);
    const card = await whatsappCard();
    fireEvent.click(await within(card).findByRole('button', { name: 'Remove number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove your WhatsApp number?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(card).findByText('Could not remove your number. Please try again.')).toBeInTheDocument();
    expect(within(card).getByText('+919876543210')).toBeInTheDocument();
  });
});

describe('the WhatsApp card: notifications', SLOW, () => {
  it('a switch moves at once and sends only its own choice; the answer keeps it', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { api } = setup(verified('+919876543210', { morning_digest: false, insights_ready: true }), {
      'PUT /api/whatsapp/notifications': () =>
        new Promise<Response>((r) => {
          answer = r;
        }),
    });
    renderApp(PAGE);
    const card = await whatsappCard();
    const morning = await within(card).findByRole('switch', { name: MORNING });
    expect(within(card).getByRole('switch', { name: INSIGHTS })).toBeChecked();
    fireEvent.click(morning);
    // Before the server answers.
    await waitFor(() => expect(morning).toBeChecked());
    const puts = callsTo(api, 'PUT', '/api/whatsapp/notifications');
    expect(puts.map((c) => c.body)).toEqual([{ morning_digest: true }]);
    expect(puts[0]!.init?.headers).toHaveProperty('X-Timezone');
    answer(json(verified('+919876543210', { morning_digest: true, insights_ready: true })));
    await waitFor(() => expect(callsTo(api, 'GET', '/api/whatsapp/status').length).toBeGreaterThan(0));
    expect(morning).toBeChecked();
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('a refused change moves the switch back and says so', async () => {
    setup(verified('+919876543210'), { 'PUT /api/whatsapp/notifications': () => json({ detail: 'Internal Server Error' }, 500) });
    renderApp(PAGE);
    const card = await whatsappCard();
    const insights = await within(card).findByRole('switch', { name: INSIGHTS });
    fireEvent.click(insights);
    expect(await within(card).findByText('Could not save your notification choice. Please try again.')).toBeInTheDocument();
    expect(insights).not.toBeChecked();
  });

  it('are offered for verified numbers only', async () => {
    setup(pending('+919876543210'));
    renderApp(PAGE);
    const card = await whatsappCard();
    await codeInput();
    expect(within(card).queryByRole('switch')).toBeNull();
  });
});

describe('the WhatsApp card: local trial', SLOW, () => {
  it("says messages go to the server's outbox when WhatsApp is not set up", async () => {
    setup(statusOf({ delivery: 'outbox' }));
    renderApp(PAGE);
    expect(await within(await whatsappCard()).findByText(WHATSAPP_OUTBOX_NOTE)).toBeInTheDocument();
  });

  it('says nothing of an outbox when WhatsApp is set up', async () => {
    setup(statusOf({ delivery: 'cloud' }));
    renderApp(PAGE);
    const card = await whatsappCard();
    await within(card).findByText('Not connected');
    expect(within(card).queryByText(WHATSAPP_OUTBOX_NOTE)).toBeNull();
  });
});
