import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';

const NAME_RULES = {
  required: 'Workspace name is required',
  short: 'Workspace name must be at least 2 characters',
  long: 'Workspace name must be less than 50 characters',
  chars: 'Workspace name can only contain letters, numbers, spaces, hyphens and underscores',
};

async function openGeneral(role = 'admin', routes: Parameters<typeof fakeApi>[0] = {}) {
  let profile = profileFixture({ role });
  const api = fakeApi({
    'GET /api/session/profile': () => json(profile),
    'PUT /api/users/update_user/asha%40acme.test': (body) => {
      const data = body as { organization_name: string; organization_domain: string };
      profile = profileFixture({ role, ...data });
      return json({ status: 'success', data });
    },
    'GET /api/coaching/competitors': () => json({ names: [] }),
    ...routes,
  });
  const view = renderApp('/dashboard/settings?section=general');
  await screen.findByRole('heading', { level: 2, name: 'General' });
  return { api, ...view };
}

const nameInput = () => screen.getByLabelText('Workspace Name');
const domainInput = () => screen.getByLabelText('Domain');
const saveButton = () => screen.getByRole('button', { name: 'Save Changes' });
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('Settings -> General', () => {
  it('prefills the workspace name and domain from the profile', async () => {
    await openGeneral();
    expect(nameInput()).toHaveValue('Acme Corp');
    expect(domainInput()).toHaveValue('acme.test');
    expect(saveButton()).toBeEnabled();
  });

  it('validates a field on blur, then on every change once touched', async () => {
    await openGeneral();
    type(nameInput(), 'A');
    expect(screen.queryByText(NAME_RULES.short)).not.toBeInTheDocument(); // not touched yet
    fireEvent.blur(nameInput());
    expect(screen.getByText(NAME_RULES.short)).toBeInTheDocument();
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');
    expect(nameInput()).toHaveAccessibleDescription(NAME_RULES.short);
    expect(saveButton()).toBeDisabled();

    type(nameInput(), '');
    expect(screen.getByText(NAME_RULES.required)).toBeInTheDocument();
    type(nameInput(), 'x'.repeat(51));
    expect(screen.getByText(NAME_RULES.long)).toBeInTheDocument();
    type(nameInput(), 'Acme & Co');
    expect(screen.getByText(NAME_RULES.chars)).toBeInTheDocument();
    type(nameInput(), 'Acme_Sales-2 West');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(nameInput()).not.toHaveAttribute('aria-invalid');
    expect(saveButton()).toBeEnabled();
  });

  it('validates the domain with its own messages', async () => {
    await openGeneral();
    fireEvent.blur(domainInput());
    type(domainInput(), '');
    expect(screen.getByText('Domain is required')).toBeInTheDocument();
    type(domainInput(), 'not a domain');
    expect(screen.getByText('Please enter a valid domain (e.g., example.com)')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('a submit with an untouched invalid field shows every error and the fix-errors message, and sends nothing', async () => {
    const noDomain = profileFixture({ organization_domain: null });
    noDomain.database_record.organization_domain = null;
    const { api } = await openGeneral('admin', { 'GET /api/session/profile': () => json(noDomain) });
    // No domain yet: invalid but untouched, so Save is still offered.
    expect(domainInput()).toHaveValue('');
    expect(saveButton()).toBeEnabled();
    fireEvent.click(saveButton());
    expect(await screen.findByText('Please fix the errors above before submitting.')).toBeInTheDocument();
    expect(screen.getByText('Domain is required')).toBeInTheDocument();
    expect(domainInput()).toHaveFocus();
    expect(saveButton()).toBeDisabled();
    expect(callsTo(api, 'PUT', '/api/users/update_user/asha%40acme.test')).toHaveLength(0);

    type(domainInput(), 'acme.test');
    expect(screen.queryByText('Please fix the errors above before submitting.')).not.toBeInTheDocument();
  });

  it('saves, shows the success notice for 5 s and updates the header', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = await openGeneral();
    type(nameInput(), '  Acme West ');
    type(domainInput(), 'acme-west.test');
    fireEvent.click(saveButton());
    expect(await screen.findByText('Workspace details updated successfully!')).toBeInTheDocument();
    expect(callsTo(api, 'PUT', '/api/users/update_user/asha%40acme.test')[0]?.body).toEqual({
      organization_name: 'Acme West',
      organization_domain: 'acme-west.test',
    });
    expect(await within(screen.getByRole('banner')).findByText('ACME WEST')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(screen.getByText('Workspace details updated successfully!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText('Workspace details updated successfully!')).not.toBeInTheDocument();
  });

  it('shows a server error for 8 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openGeneral('admin', {
      'PUT /api/users/update_user/asha%40acme.test': () => json({ detail: 'boom' }, 500),
    });
    fireEvent.click(saveButton());
    const notice = await screen.findByText('Server error. Please try again later.');
    expect(notice.closest('[role="alert"]')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(7900));
    expect(screen.getByText('Server error. Please try again later.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText('Server error. Please try again later.')).not.toBeInTheDocument();
  });

  it.each([
    [400, 'Invalid data provided. Please check your inputs.'],
    [401, 'You are not authorized to perform this action.'],
    [404, 'User not found. Please try logging in again.'],
    [409, 'Failed to update workspace details. Please try again.'],
  ])('maps HTTP %i to "%s"', async (status, message) => {
    await openGeneral('admin', {
      'PUT /api/users/update_user/asha%40acme.test': () => json({ detail: 'Another workspace already uses this domain.' }, status),
    });
    fireEvent.click(saveButton());
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('puts a 409 (domain taken) on the domain field until it is edited', async () => {
    await openGeneral('admin', {
      'PUT /api/users/update_user/asha%40acme.test': () => json({ detail: 'Another workspace already uses this domain.' }, 409),
    });
    fireEvent.click(saveButton());
    expect(await screen.findByText('Another workspace already uses this domain.')).toBeInTheDocument();
    expect(domainInput()).toHaveAttribute('aria-invalid', 'true');
    type(domainInput(), 'acme-two.test');
    expect(screen.queryByText('Another workspace already uses this domain.')).not.toBeInTheDocument();
  });

  it.each(['ADMIN', 'super_admin', 'Super_Admin'])('treats role %s as an admin', async (role) => {
    await openGeneral(role);
    expect(saveButton()).toBeInTheDocument();
    expect(nameInput()).not.toHaveAttribute('readonly');
  });

  it('is read-only without a Save button for a non-admin', async () => {
    await openGeneral('user');
    expect(nameInput()).toHaveAttribute('readonly');
    expect(domainInput()).toHaveAttribute('readonly');
    expect(nameInput()).toHaveValue('Acme Corp');
    expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
    expect(screen.getByText(/Only admins can change them/)).toBeInTheDocument();
  });
});
