import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, runAxe, screenshot, signIn } from './support/browser';

/** The seeded workspace name; other browser tests read it from the header, so it is put back. */
const SEEDED_NAME = 'Acme Sales';
const SEEDED_DOMAIN = 'acme.example';
const ADMIN = 'vikram@acme.example';
const REP = 'rahul@acme.example';
/** One of OPERATOR_EMAILS in the e2e server (global-setup). */
const OPERATOR = 'asha@acme.example';

let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function signedIn(email: string): Promise<Page> {
  const page = await newPage(browser);
  page.on('pageerror', (error) => pageErrors.push(`${email}: ${error.message}`));
  await signIn(page, email);
  return page;
}

async function openSection(page: Page, section: 'general' | 'users' | 'integrations' | 'workspaces', heading: string): Promise<void> {
  await page.goto(`/dashboard/settings?section=${section}`);
  await page.getByRole('heading', { level: 2, name: heading, exact: true }).waitFor();
}

const settingsMenu = (page: Page) => page.getByRole('navigation', { name: 'Settings' });
const headerOrg = (page: Page, upperName: string) => page.getByRole('banner').getByText(upperName, { exact: true });
const usersTable = (page: Page) => page.getByRole('table', { name: 'Users of your workspace' });
const userRow = (page: Page, email: string): Locator => usersTable(page).getByRole('row').filter({ hasText: email });

/** Subjects of the mail the SMTP capture received for `to`. */
async function subjectsTo(to: string): Promise<(string | undefined)[]> {
  const res = await fetch(`${inject('smtpControlURL')}/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { subject?: string }[]).map((m) => m.subject);
}

/** A visitor leaves their contact on /not-customer. */
async function requestAccess(email: string, first: string, last: string): Promise<void> {
  const guest = await newPage(browser);
  await guest.goto('/not-customer');
  await guest.getByLabel('Work email').fill(email);
  await guest.getByLabel('First name').fill(first);
  await guest.getByLabel('Last name').fill(last);
  await guest.getByLabel('Phone number').fill('9876512345');
  await guest.getByLabel('Number of employees').fill('25');
  await guest.getByRole('button', { name: 'Submit' }).click();
  await guest.waitForURL('**/pending-approval');
  await guest.context().close();
}

/** Puts the workspace back through the API, whatever a failed test left behind. */
async function restoreWorkspace(page: Page): Promise<void> {
  const status = await page.evaluate(
    async ({ email, name, domain }) => {
      const csrf = /(?:^|;\s*)csrf_token=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const res = await fetch(`/api/users/update_user/${encodeURIComponent(email)}`, {
        method: 'PUT',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': decodeURIComponent(csrf) },
        body: JSON.stringify({ organization_name: name, organization_domain: domain }),
      });
      return res.status;
    },
    { email: ADMIN, name: SEEDED_NAME, domain: SEEDED_DOMAIN },
  );
  expect(status).toBe(200);
}

describe('settings as an admin', () => {
  let page: Page;
  const newUserEmail = `e2e-${randomUUID().slice(0, 8)}@acme.example`;

  beforeAll(async () => {
    page = await signedIn(ADMIN);
  });

  afterAll(async () => {
    if (page) await restoreWorkspace(page);
    await page?.context().close();
  });

  it('renames the workspace: success notice, header updated, kept after a reload, then put back', async () => {
    await openSection(page, 'general', 'General');
    const name = page.getByLabel('Workspace Name');
    expect(await name.inputValue()).toBe(SEEDED_NAME);
    expect(await page.getByLabel('Domain').inputValue()).toBe(SEEDED_DOMAIN);

    const renamed = `Acme Sales ${randomUUID().slice(0, 4)}`;
    await name.fill(renamed);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Workspace details updated successfully!', { exact: true }).waitFor();
    await headerOrg(page, renamed.toUpperCase()).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'General', exact: true }).waitFor();
    await expect.poll(() => page.getByLabel('Workspace Name').inputValue()).toBe(renamed);

    await page.getByLabel('Workspace Name').fill(SEEDED_NAME);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Workspace details updated successfully!', { exact: true }).waitFor();
    await headerOrg(page, SEEDED_NAME.toUpperCase()).waitFor();
  });

  it('validates the workspace name on blur and on change, and blocks Save while it is invalid', async () => {
    await openSection(page, 'general', 'General');
    const name = page.getByLabel('Workspace Name');
    const save = page.getByRole('button', { name: 'Save Changes' });

    await name.fill('A');
    await name.blur();
    await page.getByText('Workspace name must be at least 2 characters', { exact: true }).waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await save.isDisabled()).toBe(true);

    await name.fill('Acme & Co');
    await page.getByText('Workspace name can only contain letters, numbers, spaces, hyphens and underscores', { exact: true }).waitFor();
    await name.fill('');
    await page.getByText('Workspace name is required', { exact: true }).waitFor();
    expect(await save.isDisabled()).toBe(true);

    await name.fill(SEEDED_NAME);
    await page.getByText('Workspace name is required', { exact: true }).waitFor({ state: 'detached' });
    expect(await save.isEnabled()).toBe(true);
  });

  it('refuses a domain no admin has an address at, saying so on the Domain field, and keeps the old one', async () => {
    await openSection(page, 'general', 'General');
    await page.getByLabel('Domain').fill('globex.example');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page
      .getByText("To use globex.example as this workspace's domain, an active admin needs an @globex.example address.", { exact: true })
      .waitFor();
    expect(await page.getByLabel('Domain').getAttribute('aria-invalid')).toBe('true');
    expect(await runAxe(page)).toEqual([]);
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'settings-general-domain-refused');
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'General', exact: true }).waitFor();
    await expect.poll(() => page.getByLabel('Domain').inputValue()).toBe(SEEDED_DOMAIN);
  });

  it('General passes axe and is captured', async () => {
    await openSection(page, 'general', 'General');
    await headerOrg(page, SEEDED_NAME.toUpperCase()).waitFor();
    expect(await runAxe(page)).toEqual([]);
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'settings-general');
  });

  it('moves between sections with the left menu; the section is in the URL', async () => {
    await openSection(page, 'general', 'General');
    await settingsMenu(page).getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(/section=users/);
    await page.getByRole('heading', { level: 2, name: 'Users', exact: true }).waitFor();
    expect(await settingsMenu(page).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: 'General', exact: true }).waitFor();
  });

  it('adds a user, who then shows in the table with the defaults', async () => {
    await openSection(page, 'users', 'Users');
    await userRow(page, REP).waitFor();
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Add User' }).click();
    await dialog.getByText('First name is required', { exact: true }).waitFor();
    await dialog.getByText('Please select a manager', { exact: true }).waitFor();
    expect(await runAxe(page)).toEqual([]);
    await screenshot(page, 'settings-add-user-errors');

    await dialog.getByLabel('First name').fill('Esha');
    await dialog.getByText('First name is required', { exact: true }).waitFor({ state: 'detached' });
    await dialog.getByLabel('Last name').fill('Tester');
    await dialog.getByLabel('Email').fill(`  ${newUserEmail.toUpperCase()} `);
    expect(await dialog.getByLabel('Phone number').getAttribute('maxlength')).toBe('10');
    await dialog.getByLabel('Phone number').fill('9876543210');
    await dialog.getByLabel('Manager').selectOption({ label: `Rahul Verma (${REP})` });
    await dialog.getByRole('button', { name: 'Add User' }).click();

    await page.getByText('User added successfully!', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = userRow(page, newUserEmail);
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(0, 4)).toEqual([newUserEmail, 'General', 'User', 'Never']);
    expect(await row.getByRole('rowheader').textContent()).toBe('Esha Tester');
  });

  it('refuses an address at another domain, saying so on the Email field', async () => {
    await openSection(page, 'users', 'Users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.getByLabel('First name').fill('Gus');
    await dialog.getByLabel('Last name').fill('Globex');
    await dialog.getByLabel('Email').fill('gus@globex.example');
    await dialog.getByLabel('Phone number').fill('9876501299');
    await dialog.getByLabel('Manager').selectOption({ label: `Vikram Shah (${ADMIN})` });
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await dialog.getByText('You can only add people with an @acme.example address.', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(await runAxe(page)).toEqual([]);
    await screenshot(page, 'settings-add-user-other-domain');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await userRow(page, 'gus@globex.example').count()).toBe(0);
  });

  it('shows the server message for a duplicate email', async () => {
    await openSection(page, 'users', 'Users');
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.getByLabel('First name').fill('Rahul');
    await dialog.getByLabel('Last name').fill('Again');
    await dialog.getByLabel('Email').fill(REP.toUpperCase());
    await dialog.getByLabel('Phone number').fill('9876501234');
    await dialog.getByLabel('Manager').selectOption({ label: `Vikram Shah (${ADMIN})` });
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await dialog.getByText('A user with this email already exists.', { exact: true }).waitFor();

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await userRow(page, REP).count()).toBe(1);
  });

  it("edits a user's team, then deactivates them after a confirmation", async () => {
    await openSection(page, 'users', 'Users');
    await page.getByRole('button', { name: 'Edit Esha Tester' }).click();
    let dialog = page.getByRole('dialog', { name: 'Edit Esha Tester' });
    await dialog.getByLabel('Team').fill('Mid-Market');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('User updated successfully!', { exact: true }).waitFor();
    await expect.poll(() => userRow(page, newUserEmail).getByRole('cell').nth(1).textContent()).toBe('Mid-Market');

    await page.getByRole('button', { name: 'Edit Esha Tester' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Esha Tester' });
    await dialog.getByRole('button', { name: 'Deactivate user' }).click();
    const confirm = dialog.getByRole('button', { name: 'Yes, deactivate' });
    await confirm.waitFor();
    expect(await runAxe(page)).toEqual([]);
    await screenshot(page, 'settings-edit-user-confirm');
    await confirm.click();
    await page.getByText('User deactivated.', { exact: true }).waitFor();
    await userRow(page, newUserEmail).getByText('Deactivated', { exact: true }).waitFor();
  });

  it('approves a pending sign-up request from the contact form', async () => {
    const requester = `signup-${randomUUID().slice(0, 8)}@acme.example`;
    await requestAccess(requester, 'Nisha', 'Pending');

    await openSection(page, 'users', 'Users');
    const pending = page.getByRole('region', { name: 'Pending requests' });
    const request = pending.getByRole('row').filter({ hasText: requester });
    await request.waitFor();
    expect(await request.getByRole('cell').nth(1).textContent()).toBe('25');
    await userRow(page, newUserEmail).waitFor();

    expect(await runAxe(page)).toEqual([]);
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'settings-users');

    await request.getByRole('button', { name: 'Approve Nisha Pending' }).click();
    await request.waitFor({ state: 'detached' });
    await userRow(page, requester).waitFor();

    // The requester is told by mail (sent by the job worker) and can now sign in.
    await expect.poll(() => subjectsTo(requester), { timeout: 15_000 }).toContain('Your Pipewise access is approved');
    const approved = await newPage(browser);
    await signIn(approved, requester);
    await approved.getByText('ACME SALES').waitFor();
    await approved.context().close();
  });

  it('Integrations shows three cards: Google and WhatsApp ready to connect, HubSpot not configured here', async () => {
    await openSection(page, 'integrations', 'Integrations');
    for (const name of ['Google', 'HubSpot', 'WhatsApp']) {
      await page.getByRole('heading', { level: 3, name, exact: true }).waitFor();
    }
    const google = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Google', exact: true }) });
    await google.getByRole('button', { name: 'Connect', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Connect WhatsApp' }).waitFor();
    await page.getByText('Not configured', { exact: true }).waitFor();
    expect(await page.getByText('Not connected', { exact: true }).count()).toBe(2);
    expect(await runAxe(page)).toEqual([]);
    await screenshot(page, 'settings-integrations');
  });
});

describe('settings as an operator', () => {
  let page: Page;

  beforeAll(async () => {
    page = await signedIn(OPERATOR);
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it("approves a new company's sign-up request: its workspace is created and the requester signs in as its admin", async () => {
    const tag = randomUUID().slice(0, 6);
    const domain = `globex-${tag}.example`;
    const requester = `bob@${domain}`;
    const workspace = `Globex ${tag.charAt(0).toUpperCase()}${tag.slice(1)}`;
    await requestAccess(requester, 'Bob', 'Stone');

    await openSection(page, 'workspaces', 'New Workspaces');
    await settingsMenu(page).getByRole('link', { name: 'New Workspaces' }).waitFor();
    const request = page
      .getByRole('table', { name: 'Sign-up requests from companies without a workspace' })
      .getByRole('row')
      .filter({ hasText: requester });
    await request.waitFor();
    expect(await request.getByRole('cell').first().textContent()).toBe(`${workspace}${domain}`);
    expect(await runAxe(page)).toEqual([]);
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, 'settings-new-workspaces');

    await request.getByRole('button', { name: 'Approve Bob Stone' }).click();
    await page.getByText(`Workspace ${workspace} created. Bob Stone is its admin and has been emailed.`, { exact: true }).waitFor();
    await request.waitFor({ state: 'detached' });
    await expect.poll(() => subjectsTo(requester), { timeout: 15_000 }).toContain(`Your Pipewise workspace ${workspace} is ready`);

    const admin = await newPage(browser);
    await signIn(admin, requester);
    await headerOrg(admin, workspace.toUpperCase()).waitFor();
    await openSection(admin, 'general', 'General');
    expect(await admin.getByLabel('Workspace Name').inputValue()).toBe(workspace);
    expect(await admin.getByLabel('Domain').inputValue()).toBe(domain);
    await openSection(admin, 'users', 'Users');
    expect(await userRow(admin, requester).getByRole('cell').nth(2).textContent()).toBe('Super Admin');
    await admin.getByRole('button', { name: 'Add User' }).waitFor();
    expect(await settingsMenu(admin).getByRole('link', { name: 'New Workspaces' }).count()).toBe(0);
    await admin.context().close();
  });
});

describe('settings as a rep', () => {
  let page: Page;

  beforeAll(async () => {
    page = await signedIn(REP);
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('General is read-only without Save', async () => {
    await openSection(page, 'general', 'General');
    const name = page.getByLabel('Workspace Name');
    expect(await name.inputValue()).toBe(SEEDED_NAME);
    expect(await name.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Domain').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);
    expect(await runAxe(page)).toEqual([]);
    await screenshot(page, 'settings-general-rep');
  });

  it('Users lists the workspace without Add User, Edit or pending requests', async () => {
    await openSection(page, 'users', 'Users');
    await userRow(page, ADMIN).waitFor();
    expect(await page.getByRole('button', { name: 'Add User' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Pending requests' }).count()).toBe(0);
    expect(await runAxe(page)).toEqual([]);
  });

  it('raised no uncaught errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
