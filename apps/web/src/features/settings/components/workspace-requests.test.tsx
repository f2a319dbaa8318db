import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TWorkspaceRequest } from '@pipewise/contract/workspaces';
import { callsTo, fakeApi, json, profileFixture } from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render-app';
import { registrationRequest } from '../../../../test/settings-fixtures';

const menu = () => screen.getByRole('navigation', { name: 'Settings' });

const request = (overrides: Partial<TWorkspaceRequest> = {}): TWorkspaceRequest => ({
  ...registrationRequest({ email: 'bob@globex.test', first_name: 'Bob', last_name: 'Stone', num_employees: 120 }),
  domain: 'globex.test',
  workspace_name: 'Globex',
  ...overrides,
});

function operator(routes: Parameters<typeof fakeApi>[0] = {}) {
  let pending = [request()];
  const api = fakeApi({
    'GET /api/session/profile': () => json(profileFixture({ role: 'user', is_operator: true })),
    'GET /api/operator/workspace-requests': () => json({ data: pending }),
    [`POST /api/operator/workspace-requests/${request().id}/approve`]: () => {
      pending = [];
      return json({ status: 'approved', workspace: { name: 'Globex', domain: 'globex.test', admin_email: 'bob@globex.test' } });
    },
    ...routes,
  });
  return api;
}

describe('Settings -> New Workspaces', () => {
  it('is in the menu for operators only', async () => {
    fakeApi({ 'GET /api/session/profile': () => json(profileFixture({ role: 'admin' })) });
    renderApp('/dashboard/settings?section=workspaces');
    // Not an operator: the section does not exist for them, and the page falls back to General.
    expect(await screen.findByRole('heading', { level: 2, name: 'General' })).toBeInTheDocument();
    expect(
      within(menu())
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['General', 'Users', 'Pipelines', 'Integrations']);
  });

  it('lists the requests with the workspace each would create, and approving one says what happened', async () => {
    const api = operator();
    renderApp('/dashboard/settings?section=workspaces');
    expect(await screen.findByRole('heading', { level: 2, name: 'New Workspaces' })).toBeInTheDocument();
    expect(
      within(menu())
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['General', 'Users', 'Pipelines', 'Integrations', 'New Workspaces']);
    const table = await screen.findByRole('table', { name: 'Sign-up requests from companies without a workspace' });
    const row = within(table)
      .getByRole('rowheader', { name: /^Bob Stone/ })
      .closest('tr')!;
    expect(within(row).getByText('Globex')).toBeInTheDocument();
    expect(within(row).getByText('globex.test')).toBeInTheDocument();
    expect(within(row).getByText('120')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: 'Approve Bob Stone' }));
    expect(await screen.findByText('Workspace Globex created. Bob Stone is its admin and has been emailed.')).toBeInTheDocument();
    expect(await screen.findByText('No sign-up requests from new companies')).toBeInTheDocument();
    expect(callsTo(api, 'POST', `/api/operator/workspace-requests/${request().id}/approve`)).toHaveLength(1);
  });

  it("shows the server's reason when a decision is refused", async () => {
    operator({
      [`POST /api/operator/workspace-requests/${request().id}/approve`]: () =>
        json({ detail: 'globex.test already belongs to the workspace Globex Trading.' }, 409),
    });
    renderApp('/dashboard/settings?section=workspaces');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Bob Stone' }));
    expect(await screen.findByText('globex.test already belongs to the workspace Globex Trading.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve Bob Stone' })).toBeEnabled());
  });
});
