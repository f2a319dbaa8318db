import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, runAxe, screenshot } from './support/browser';
import { REPO_ROOT, startServer, type RunningServer } from './support/pipewise-server';
import { startSmtpCapture, type SmtpCapture } from './support/smtp-capture';

/**
 * A new customer runs its sales on Pipewise from day one (issue 29), in Chromium, on a server of its
 * own with no demo data and no HubSpot: the workspace comes from `npm run workspace:create`, its
 * admin signs in, looks at the pipeline every new workspace gets and changes it, adds a rep; the rep
 * creates a company, a contact and a deal from the screens, adds a note, a task and a call with an
 * outside attendee (whose invitation arrives over SMTP with its iCalendar part), edits the deal, and
 * reads its history. Every screen on the way is checked with axe at desktop width and at 390 px.
 */

const DOMAIN = 'northwind.example';
const ADMIN = `nadia@${DOMAIN}`;
const REP = `omar@${DOMAIN}`;
const OUTSIDE = 'li.wei@contoso.example';

let capture: SmtpCapture;
let server: RunningServer;
let dataDir: string;
let baseURL: string;
let browser: Browser;
const pageErrors: string[] = [];
/** The deal the rep creates, for the tests after. */
let dealUrl = '';

const run = promisify(execFile);

/** The sign-in as a person does it, the code read from this server's SMTP capture. */
async function signIn(page: Page, email: string): Promise<void> {
  const codes = () => capture.messages.filter((m) => m.to.includes(email) && m.code);
  const before = codes().length;
  await page.goto('/signin');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('One-time code').waitFor();
  const deadline = Date.now() + 15_000;
  while (codes().length <= before) {
    if (Date.now() > deadline) throw new Error(`no sign-in code mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await page.getByLabel('One-time code').fill(codes().at(-1)!.code!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/dashboard\/?$/);
}

async function openAs(email: string, width = 1280): Promise<Page> {
  const page = await newPage(browser, { baseURL, viewport: { width, height: width < 600 ? 844 : 800 } });
  page.on('pageerror', (error) => pageErrors.push(`${email}: ${error.message}`));
  await signIn(page, email);
  return page;
}

/** axe clean, at desktop width and at 390 px, with a screenshot of each. */
async function checkScreen(page: Page, name: string): Promise<void> {
  expect(await runAxe(page), `${name} at desktop`).toEqual([]);
  await screenshot(page, `new-customer-${name}`);
  const { width, height } = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    expect(await runAxe(page), `${name} at 390 px`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(0);
    await screenshot(page, `new-customer-${name}-390`);
  } finally {
    await page.setViewportSize({ width, height });
  }
}

beforeAll(async () => {
  capture = await startSmtpCapture();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-e2e-new-customer-'));
  const env = { ...process.env, DATA_DIR: dataDir, DEMO_SEED: '0', LOG_LEVEL: 'warn' };
  // As the README and docs/configuration.md say: the workspace and its admin from the command line.
  const cli = path.join(REPO_ROOT, 'apps/server/src/cli/workspace-create-cli.ts');
  await run(process.execPath, ['--import', 'tsx', cli, '--domain', DOMAIN, '--admin', ADMIN, '--first', 'Nadia', '--last', 'Khan'], {
    cwd: REPO_ROOT,
    env,
  });
  server = await startServer({
    dataDir,
    timeoutMs: 300_000,
    env: { DEMO_SEED: '0', SMTP_URL: capture.smtpURL, AUTH_IP_LIMIT: '10000', LOG_LEVEL: 'warn' },
  });
  baseURL = `http://localhost:${server.port}`;
  browser = await launchBrowser();
}, 360_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await capture?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a new customer, from the command line to its first deal', () => {
  it('the admin finds the Sales Pipeline every new workspace gets, and adds a stage to it', async () => {
    const page = await openAs(ADMIN);
    await page.goto('/dashboard/settings?section=pipelines');
    await page.getByRole('heading', { level: 2, name: 'Pipelines', exact: true }).waitFor();
    const stages = page.getByRole('table', { name: 'Stages of Sales Pipeline' });
    await stages.waitFor();
    const names = async () => (await stages.getByRole('row').allTextContents()).slice(1);
    const expected = [
      'Appointment Scheduled',
      'Qualified To Buy',
      'Presentation Scheduled',
      'Decision Maker Bought-In',
      'Contract Sent',
      'Closed Won',
      'Closed Lost',
    ];
    expect((await names()).map((row) => expected.find((label) => row.startsWith(label)))).toEqual(expected);
    await checkScreen(page, 'pipelines');

    const add = page.getByRole('form', { name: 'Add a stage to Sales Pipeline' });
    await add.getByLabel('New stage name').fill('Negotiation');
    await add.getByLabel('Probability (%)').fill('85');
    await add.getByRole('button', { name: 'Add stage' }).click();
    await page.getByText('Stage "Negotiation" added to Sales Pipeline.').waitFor();
    // Added last; moved up twice it sits before Closed Won and Closed Lost.
    await stages.getByRole('row').filter({ hasText: 'Negotiation' }).waitFor();
    for (let i = 0; i < 2; i++) {
      const before = await names();
      await page.getByRole('button', { name: 'Move Negotiation up' }).click();
      await expect.poll(names).not.toEqual(before);
    }
    expect((await names()).map((row) => row.split(/\d/)[0]!.trim()).slice(-3)).toEqual(['Negotiation', 'Closed Won', 'Closed Lost']);
    await page.context().close();
  });

  it('the admin adds a rep', async () => {
    const page = await openAs(ADMIN);
    await page.goto('/dashboard/settings?section=users');
    await page.getByRole('heading', { level: 2, name: 'Users', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.getByLabel('First name').fill('Omar');
    await dialog.getByLabel('Last name').fill('Haddad');
    await dialog.getByLabel('Email').fill(REP);
    await dialog.getByLabel('Phone number').fill('9876543210');
    await dialog.getByLabel('Manager').selectOption({ label: `Nadia Khan (${ADMIN})` });
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await page.getByText('User added successfully!', { exact: true }).waitFor();
    await page.context().close();
    expect(pageErrors).toEqual([]);
  });

  it('the rep creates a company and a contact from their screens; a second company with the same domain is refused by name', async () => {
    const page = await openAs(REP);
    await page.goto('/dashboard/companies');
    await page.getByRole('button', { name: 'New company' }).waitFor();
    await checkScreen(page, 'companies-empty');
    await page.getByRole('button', { name: 'New company' }).click();
    let dialog = page.getByRole('dialog', { name: 'New company' });
    await dialog.getByLabel('Name').fill('Contoso Dairy');
    await dialog.getByLabel('Domain').fill('Contoso.example');
    await dialog.getByLabel('City').fill('Pune');
    await checkScreen(page, 'company-form');
    await dialog.getByRole('button', { name: 'Create company' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.goto('/dashboard/companies');
    await page.getByRole('link', { name: 'Contoso Dairy' }).first().waitFor();
    await checkScreen(page, 'companies');

    // The same domain again, in other letters: refused, naming the company that has it; nothing saved.
    await page.getByRole('button', { name: 'New company' }).click();
    dialog = page.getByRole('dialog', { name: 'New company' });
    await dialog.getByLabel('Name').fill('Contoso Again');
    await dialog.getByLabel('Domain').fill('CONTOSO.EXAMPLE');
    await dialog.getByRole('button', { name: 'Create company' }).click();
    await dialog
      .getByText(/Contoso Dairy/)
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('link', { name: 'Contoso Again' }).count()).toBe(0);

    await page.goto('/dashboard/contacts');
    await page.getByRole('button', { name: 'New contact' }).click();
    dialog = page.getByRole('dialog', { name: 'New contact' });
    await dialog.getByLabel('First name').fill('Li');
    await dialog.getByLabel('Last name').fill('Wei');
    await dialog.getByLabel('Email').fill(OUTSIDE);
    await dialog.getByLabel('Job title').fill('Head of Operations');
    await dialog.getByLabel('Find company').fill('Contoso');
    await expect
      .poll(async () => dialog.getByLabel('Company', { exact: true }).locator('option', { hasText: 'Contoso Dairy' }).count())
      .toBe(1);
    await dialog.getByLabel('Company', { exact: true }).selectOption({ label: 'Contoso Dairy' });
    await dialog.getByRole('button', { name: 'Create contact' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.goto('/dashboard/contacts');
    await page.getByRole('link', { name: 'Li Wei' }).first().waitFor();
    await checkScreen(page, 'contacts');
    await page.context().close();
    expect(pageErrors).toEqual([]);
  });

  it('the rep creates a deal from the New Deal form with that company and contact, and it opens', async () => {
    const page = await openAs(REP);
    await page.goto('/dashboard/deals');
    await page.getByRole('link', { name: 'New Deal' }).click();
    await page.waitForURL('**/dashboard/deals/new');
    await page.getByRole('heading', { level: 2, name: 'New Deal' }).waitFor();
    await page.getByLabel('Deal name').fill('Contoso rollout');
    await page.getByLabel('Stage').selectOption({ label: 'Qualified To Buy' });
    await page.getByLabel('Deal Value').fill('25000');
    await page.getByRole('combobox', { name: 'Company' }).fill('Contoso');
    await page.getByRole('option', { name: /Contoso Dairy/ }).click();
    await page.getByRole('combobox', { name: 'Contacts' }).fill('Li');
    await page.getByRole('option', { name: /Li Wei/ }).click();
    await checkScreen(page, 'new-deal');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/dashboard\/deals\/\d+$/);
    await page.getByText('Contoso rollout').first().waitFor();
    // The stage shows in the deal's stage picker.
    await expect
      .poll(() => page.evaluate(() => [...document.querySelectorAll('select')].map((el) => el.selectedOptions[0]?.textContent)))
      .toContain('Qualified To Buy');
    await page.getByText('Li Wei').first().waitFor();
    dealUrl = page.url();
    await page.context().close();
  });

  it('on the deal the rep adds a note, a task and a call with an outside attendee, whose invitation arrives over SMTP', async () => {
    const page = await openAs(REP);
    await page.goto(dealUrl);
    await page.getByText('Contoso rollout').first().waitFor();

    await page.getByLabel('Add a note').fill('Li wants a pilot at two plants in January.');
    await page.locator('.record-activity').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Li wants a pilot at two plants in January.').waitFor();
    await page.getByText('Omar Haddad added a note').waitFor();

    await page.getByRole('button', { name: 'Add task' }).click();
    const taskForm = page.getByRole('form', { name: 'Add a to-do' });
    await taskForm.getByLabel('Title').fill('Send the pilot proposal');
    await taskForm.getByLabel('Due date').fill(new Date().toISOString().slice(0, 10));
    await taskForm.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('list', { name: 'Tasks' }).getByText('Send the pilot proposal').waitFor();

    const before = capture.messages.filter((m) => m.to.includes(OUTSIDE)).length;
    await page.getByRole('button', { name: 'Schedule call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule call' });
    await dialog.getByLabel('Title').fill('Contoso pilot kickoff');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Date').fill(tomorrow);
    await dialog.getByLabel(/^Time/).fill('10:30');
    const attendees = dialog.getByLabel('Attendees');
    await attendees.fill(OUTSIDE);
    await attendees.press('Enter');
    await dialog.getByRole('list', { name: 'People invited' }).getByText(OUTSIDE).waitFor();
    await checkScreen(page, 'schedule-call');
    await dialog.getByRole('button', { name: 'Schedule call' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The invitation: a mail to the outside attendee with an iCalendar REQUEST a calendar program adds.
    const deadline = Date.now() + 30_000;
    let invite = capture.messages
      .filter((m) => m.to.includes(OUTSIDE))
      .slice(before)
      .find((m) => m.calendar);
    while (!invite && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      invite = capture.messages
        .filter((m) => m.to.includes(OUTSIDE))
        .slice(before)
        .find((m) => m.calendar);
    }
    expect(invite, 'no invitation mailed to the outside attendee').toBeDefined();
    const ics = invite!.calendar!.replace(/\r?\n[ \t]/g, '');
    expect(ics).toMatch(/^METHOD:REQUEST$/m);
    expect(ics).toMatch(/^BEGIN:VEVENT$/m);
    expect(ics).toMatch(/^UID:.+$/m);
    expect(ics).toMatch(/^SEQUENCE:0$/m);
    expect(ics).toMatch(/^SUMMARY:Contoso pilot kickoff$/m);
    expect(ics).toMatch(new RegExp(`^ATTENDEE.*mailto:${OUTSIDE.replace('.', '\\.')}$`, 'mi'));
    expect(ics).toMatch(new RegExp(`^ORGANIZER.*mailto:${REP.replace('.', '\\.')}$`, 'mi'));

    // The rep sees it in their upcoming calls at once.
    await page.goto('/dashboard');
    // Collapsed, the calls card shows today's calls; this one is tomorrow.
    await page.getByRole('button', { name: 'View all upcoming calls' }).click();
    await page.getByText('Contoso pilot kickoff').first().waitFor();
    // And the task due today in Today's to dos.
    await page.getByRole('list', { name: "Today's to-dos" }).getByText('Send the pilot proposal').waitFor();
    await checkScreen(page, 'home');
    await page.context().close();
    expect(pageErrors).toEqual([]);
  });

  it('the rep edits the deal and reads who changed what in its history', async () => {
    const page = await openAs(REP);
    await page.goto(dealUrl);
    await page.getByRole('button', { name: 'Edit Next Steps' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Next Steps' });
    await dialog.getByLabel('Next Steps').fill('Pilot proposal by Friday');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const confirm = page.getByRole('dialog', { name: 'Save Changes' });
    await confirm.getByRole('button', { name: 'Save' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Pilot proposal by Friday').first().waitFor();
    await page
      .getByText(/Omar Haddad (set|changed) Next steps/i)
      .first()
      .waitFor();
    await page
      .getByText(/Omar Haddad created this deal/i)
      .first()
      .waitFor();
    await checkScreen(page, 'deal');
    await page.context().close();
    expect(pageErrors).toEqual([]);
  });
});
