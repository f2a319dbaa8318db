import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TUserRow } from '@pipewise/contract/users';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { registrationRequest, userRow } from '../../../../test/settings-fixtures';

const ADD_PATH = '/api/users/add_user/asha%40acme.test';

function seedUsers(): TUserRow[] {
  return [
    userRow(),
    userRow({
      id: 'u2',
      first_name: 'Rahul',
      last_name: 'Verma',
      email: 'rahul@acme.test',
      team: '',
      role: '',
      access: '',
      last_login: null,
      reports_to_email: 'asha@acme.test',
    }),
    userRow({ id: 'u3', first_name: 'Old', last_name: 'Timer', email: 'old@acme.test', role: 'user', status: 'deactivated' }),
    userRow({ id: 'u4', first_name: 'Meera', last_name: 'Iyer', email: 'meera@acme.test', role: 'SUPER_ADMIN' }),
  ];
}

async function openUsers(role = 'admin', routes: Parameters<typeof fakeApi>[0] = {}) {
  const users = seedUsers();
  const api = fakeApi({
    'GET /api/session/profile': () => json(profileFixture({ role })),
    'GET /api/users': () => json({ data: users }),
    'GET /api/registration-requests': () => json({ data: [] }),
    [`POST ${ADD_PATH}`]: (body) => {
      const b = body as Record<string, string>;
      const added = userRow({
        id: `u${users.length + 1}`,
        first_name: b.first_name,
        last_name: b.last_name,
        email: b.email,
        role: 'user',
        last_login: null,
      });
      users.push(added);
      return json({ status: 'success', data: added }, 201);
    },
    ...routes,
  });
  const view = renderApp('/dashboard/settings?section=users');
  await screen.findByRole('table', { name: 'Users of your workspace' });
  return { api, ...view };
}

const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr')!;

async function openAddUser() {
  fireEvent.click(screen.getByRole('button', { name: 'Add User' }));
  return screen.findByRole('dialog', { name: 'Add New User' });
}

function fillValid(dialog: HTMLElement) {
  const field = (label: string) => within(dialog).getByLabelText(label);
  fireEvent.change(field('First name'), { target: { value: 'Neha' } });
  fireEvent.change(field('Last name'), { target: { value: 'Kapoor' } });
  fireEvent.change(field('Email'), { target: { value: '  Neha.Kapoor@ACME.test ' } });
  fireEvent.change(field('Phone number'), { target: { value: '9876543210' } });
  fireEvent.change(field('Manager'), { target: { value: 'rahul@acme.test' } });
}

describe('Settings -> Users table', () => {
  it('has the spec columns and fills Team, Access and Last Login defaults', async () => {
    await openUsers();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(0, 5)).toEqual(['Full Name', 'Email Address', 'Team', 'Access', 'Last Login']);

    const rahul = within(rowOf('Rahul Verma'));
    expect(rahul.getByText('rahul@acme.test')).toBeInTheDocument();
    expect(rahul.getByText('General')).toBeInTheDocument();
    expect(rahul.getByText('User')).toBeInTheDocument();
    expect(rahul.getByText('Never')).toBeInTheDocument();

    const asha = within(rowOf('Asha Rao'));
    expect(asha.getByText('Leadership')).toBeInTheDocument();
    expect(asha.getByText('Admin')).toBeInTheDocument();
    expect(asha.getByText(/2025/)).toBeInTheDocument();
    expect(within(rowOf('Meera Iyer')).getByText('Super Admin')).toBeInTheDocument();
  });

  it('marks deactivated users', async () => {
    await openUsers();
    expect(within(rowOf('Old Timer')).getByText('Deactivated')).toBeInTheDocument();
    expect(within(rowOf('Rahul Verma')).queryByText('Deactivated')).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    fakeApi({
      'GET /api/session/profile': () => json(profileFixture({ role: 'user' })),
      'GET /api/users': () => json({ data: [] }),
    });
    renderApp('/dashboard/settings?section=users');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.getByText('Get started by adding your first user')).toBeInTheDocument();
  });

  it('shows the load failure', async () => {
    fakeApi({
      'GET /api/session/profile': () => json(profileFixture({ role: 'user' })),
      'GET /api/users': () => json({ detail: 'nope' }, 403),
    });
    renderApp('/dashboard/settings?section=users');
    expect(await screen.findByText('Failed to load users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('gives a rep the list but no Add User, Edit or pending requests', async () => {
    const { api } = await openUsers('user');
    expect(screen.queryByRole('button', { name: 'Add User' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pending requests' })).not.toBeInTheDocument();
    expect(callsTo(api, 'GET', '/api/registration-requests')).toHaveLength(0);
  });
});

describe('Add New User dialog', () => {
  it('is offered to admins and closes on a click outside and on Escape', async () => {
    await openUsers();
    await openAddUser();
    expect(screen.getByLabelText('First name')).toHaveFocus();
    // Radix starts listening for outside presses a tick after opening.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const overlay = document.querySelector('.dialog-overlay')!;
    fireEvent.pointerDown(overlay);
    fireEvent.pointerUp(overlay);
    fireEvent.click(overlay);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await openAddUser();
    fireEvent.keyDown(screen.getByLabelText('First name'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows every field error on submit and clears each when its field is edited', async () => {
    const { api } = await openUsers();
    const dialog = await openAddUser();
    const field = (label: string) => within(dialog).getByLabelText(label);
    expect(field('Phone number')).toHaveAttribute('maxLength', '10');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));

    const messages = [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
      'Please select a manager',
    ];
    for (const m of messages) expect(within(dialog).getByText(m)).toBeInTheDocument();
    expect(field('First name')).toHaveFocus();
    expect(field('Manager')).toHaveAccessibleDescription('Please select a manager');

    fireEvent.change(field('First name'), { target: { value: 'N' } });
    expect(within(dialog).queryByText('First name is required')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Last name is required')).toBeInTheDocument();

    fireEvent.change(field('Email'), { target: { value: 'bad' } });
    fireEvent.change(field('Phone number'), { target: { value: '0123456789' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(within(dialog).getByText('First name must be at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid 10-digit phone number')).toBeInTheDocument();
    expect(callsTo(api, 'POST', ADD_PATH)).toHaveLength(0);
  });

  it('offers active users as managers, by name and email', async () => {
    await openUsers();
    const dialog = await openAddUser();
    const options = within(within(dialog).getByLabelText('Manager'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([
      'Select a manager',
      'Asha Rao (asha@acme.test)',
      'Rahul Verma (rahul@acme.test)',
      'Meera Iyer (meera@acme.test)',
    ]);
  });

  it('adds a user: lower-cased email, role user, onboarded; success toast and list refresh', async () => {
    const { api } = await openUsers();
    const dialog = await openAddUser();
    fillValid(dialog);
    fireEvent.change(within(dialog).getByLabelText('Team (optional)'), { target: { value: 'Mid-Market' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await screen.findByText('User added successfully!')).toBeInTheDocument();
    expect(callsTo(api, 'POST', ADD_PATH)[0]?.body).toEqual({
      first_name: 'Neha',
      last_name: 'Kapoor',
      email: 'neha.kapoor@acme.test',
      phone_number: '9876543210',
      role: 'user',
      reports_to_email: 'rahul@acme.test',
      is_onboarded: true,
      team: 'Mid-Market',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('neha.kapoor@acme.test')).toBeInTheDocument();
  });

  it('shows the server message on a duplicate email', async () => {
    await openUsers('admin', { [`POST ${ADD_PATH}`]: () => json({ detail: 'A user with this email already exists.' }, 409) });
    const dialog = await openAddUser();
    fillValid(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByText('A user with this email already exists.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add New User' })).toBeInTheDocument();
  });

  it("maps a 400's field errors onto the fields", async () => {
    await openUsers('admin', {
      [`POST ${ADD_PATH}`]: () =>
        json({ detail: 'Please select a manager', errors: [{ field: 'reports_to_email', message: 'Please select a manager' }] }, 400),
    });
    const dialog = await openAddUser();
    fillValid(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Manager')).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('Please select a manager')).toBeInTheDocument();
  });

  it('falls back to the generic failure message', async () => {
    await openUsers('admin', { [`POST ${ADD_PATH}`]: () => new Response('oops', { status: 502 }) });
    const dialog = await openAddUser();
    fillValid(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    expect(await within(dialog).findByText('Failed to add user. Please try again.')).toBeInTheDocument();
  });
});

describe('Edit user dialog', () => {
  it("changes team and role, and shows the server's detail on a refusal", async () => {
    let reply = json({ detail: 'Rahul Verma cannot report to ... that would make a reporting cycle.' }, 409);
    const { api } = await openUsers('admin', { 'PATCH /api/users/u2': () => reply });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Rahul Verma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Rahul Verma' });
    fireEvent.change(within(dialog).getByLabelText('Team'), { target: { value: 'Enterprise' } });
    fireEvent.change(within(dialog).getByLabelText('Access'), { target: { value: 'admin' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(/that would make a reporting cycle/)).toBeInTheDocument();
    expect(callsTo(api, 'PATCH', '/api/users/u2')[0]?.body).toEqual({ team: 'Enterprise', role: 'admin' });

    reply = json({ status: 'success', data: userRow({ id: 'u2', team: 'Enterprise' }) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('User updated successfully!')).toBeInTheDocument();
  });

  it('deactivates only after a confirmation', async () => {
    const { api } = await openUsers('admin', {
      'PATCH /api/users/u2': () => json({ status: 'success', data: userRow({ id: 'u2', status: 'deactivated' }) }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Edit Rahul Verma' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Rahul Verma' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate user' }));
    expect(callsTo(api, 'PATCH', '/api/users/u2')).toHaveLength(0);
    const confirm = within(dialog).getByRole('button', { name: 'Yes, deactivate' });
    expect(confirm).toHaveFocus();
    fireEvent.click(confirm);
    expect(await screen.findByText('User deactivated.')).toBeInTheDocument();
    expect(callsTo(api, 'PATCH', '/api/users/u2')[0]?.body).toEqual({ status: 'deactivated' });
  });
});

describe('Pending sign-up requests', () => {
  it('lists requests for admins and approving refreshes requests and users', async () => {
    let pending = [registrationRequest()];
    const { api } = await openUsers('admin', {
      'GET /api/registration-requests': () => json({ data: pending }),
      [`POST /api/registration-requests/${registrationRequest().id}/approve`]: () => {
        pending = [];
        return json({ status: 'approved' });
      },
    });
    const section = (await screen.findByRole('heading', { name: 'Pending requests' })).closest('section')!;
    const row = (await within(section).findByRole('rowheader', { name: /^Neha Kapoor/ })).closest('tr')!;
    for (const text of ['neha@acme.test', '+919876543210', '40', 'Mar 1, 2025']) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    expect(within(row).getByRole('button', { name: 'Reject Neha Kapoor' })).toBeInTheDocument();
    const usersCallsBefore = callsTo(api, 'GET', '/api/users').length;

    fireEvent.click(within(row).getByRole('button', { name: 'Approve Neha Kapoor' }));
    expect(await within(section).findByText('No pending requests')).toBeInTheDocument();
    expect(callsTo(api, 'POST', `/api/registration-requests/${registrationRequest().id}/approve`)).toHaveLength(1);
    await waitFor(() => expect(callsTo(api, 'GET', '/api/users').length).toBeGreaterThan(usersCallsBefore));
  });

  it("shows the server's reason when a decision fails", async () => {
    await openUsers('admin', {
      'GET /api/registration-requests': () => json({ data: [registrationRequest()] }),
      [`POST /api/registration-requests/${registrationRequest().id}/reject`]: () =>
        json({ detail: 'This request was already handled or does not exist.' }, 404),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reject Neha Kapoor' }));
    expect(await screen.findByText('This request was already handled or does not exist.')).toBeInTheDocument();
  });

  it('says so when nothing is pending', async () => {
    await openUsers();
    expect(await screen.findByText('No pending requests')).toBeInTheDocument();
  });
});
