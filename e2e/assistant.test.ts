import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedInPage, runAxe, screenshot } from './support/browser';

/**
 * The chat assistant panel and the home ask panel against the real server: questions, a create
 * command confirmed with yes, one dropped with no, two changes to a named deal in one command, a
 * question about that deal answered with a link to it, one outside the CRM, and a suggestion tile
 * on the home page.
 */

let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ browser, page } = await openSignedInPage('asha@acme.example', pageErrors));
});

afterAll(async () => {
  await browser?.close();
});

const panel = () => page.getByRole('complementary', { name: 'Assistant' });
const conversation = () => panel().getByRole('log', { name: 'Conversation' });
const messageInput = () => panel().getByRole('textbox', { name: 'Message' });
const openButton = () => page.getByRole('banner').getByRole('button', { name: 'Open assistant' });
const CONFIRM_PLACEHOLDER = "Type 'yes' to confirm or 'no' to cancel";

async function openPanel(): Promise<void> {
  await page.goto('/dashboard');
  await openButton().click();
  await messageInput().waitFor();
}

/** Sends a line and waits until the panel is no longer processing it. */
async function send(text: string): Promise<void> {
  await messageInput().fill(text);
  await messageInput().press('Enter');
  await panel().getByText('Processing your request...').waitFor({ state: 'detached', timeout: 30_000 });
}

const lastBubble = (): Locator => conversation().locator('.chat-bubble').last();

describe('assistant panel', () => {
  it('opens at the right under the header (380 px wide, 70 px down) with focus in the input; Escape closes it', async () => {
    await page.evaluate(() => localStorage.removeItem('chatHistory'));
    await openPanel();
    await panel().getByText('Ask Me Anything?').waitFor();
    const box = (await panel().boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.width).toBe(380);
    expect(box.y).toBe(70);
    expect(Math.round(box.x + box.width)).toBe(viewport.width);
    expect(await messageInput().evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await panel().getByRole('list', { name: 'Example commands' }).getByRole('button').count()).toBe(3);
    await screenshot(page, 'assistant-empty');
    expect(await runAxe(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await panel().waitFor({ state: 'detached' });
    expect(await openButton().evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('answers a question as a bot message', async () => {
    await openPanel();
    await send('Which deals are closing this month?');
    const answer = lastBubble();
    expect(await answer.getAttribute('class')).not.toContain('chat-bubble-error');
    expect((await answer.textContent())?.trim().length).toBeGreaterThan(0);
    // A long answer shows from its first line: the list scrolled to the answer's top, not past it.
    const tops = await answer.evaluate((el) => [el.getBoundingClientRect().top, el.closest('[role="log"]')!.getBoundingClientRect().top]);
    expect(tops[0]).toBeGreaterThanOrEqual(tops[1]!);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await screenshot(page, 'assistant-question');
  });

  it('runs a create command after a yes and reports the success in green', async () => {
    await openPanel();
    const name = `Assistant Test Deal ${Date.now()}`;
    await send(`create deal "${name}" with amount 1.25 lakh`);
    expect(await lastBubble().getAttribute('class')).toContain('chat-bubble-system');
    expect(await messageInput().getAttribute('placeholder')).toBe(CONFIRM_PLACEHOLDER);
    await screenshot(page, 'assistant-confirm');
    expect(await runAxe(page)).toEqual([]);

    await send('yes');
    const success = lastBubble();
    expect(await success.getAttribute('class')).toContain('chat-bubble-success');
    expect(await success.textContent()).toContain('Deal created successfully!');
    expect(await success.textContent()).toContain(name);
    expect(await messageInput().getAttribute('placeholder')).not.toBe(CONFIRM_PLACEHOLDER);
    await screenshot(page, 'assistant-created');

    // The deal is really there: the deals API finds it.
    const found = await page.request.get(`/api/deal/get-deals-user-hierarchy?search=${encodeURIComponent(name)}`);
    expect(found.status()).toBe(200);
    expect(JSON.stringify(await found.json())).toContain(name);
  });

  it("drops a command on a no with 'Operation canceled.'", async () => {
    await openPanel();
    await send(`create deal "Never Created ${Date.now()}" with amount 5000`);
    expect(await messageInput().getAttribute('placeholder')).toBe(CONFIRM_PLACEHOLDER);
    await send('maybe');
    expect(await lastBubble().textContent()).toContain("Please respond with 'yes' or 'no'");
    await send('no');
    expect(await lastBubble().textContent()).toContain('Operation canceled.');
    expect(await messageInput().getAttribute('placeholder')).not.toBe(CONFIRM_PLACEHOLDER);
  });

  it('updates two fields of a deal named in one command, after one confirmation that shows both', async () => {
    await openPanel();
    const name = `Orion Renewal ${Date.now()}`;
    await send(`create deal "${name}" with amount 50000`);
    await send('yes');
    expect(await lastBubble().textContent()).toContain('Deal created successfully!');

    // Typed the way reps type: no quotes, lower case, an Indian amount form, a second field after "and".
    await send(`update deal ${name.toLowerCase()} set amount to Rs 90k and next step to Send the revised quote`);
    const confirmation = (await lastBubble().textContent()) ?? '';
    expect(confirmation).toContain(name);
    expect(confirmation).toMatch(/90,000/);
    expect(confirmation).toContain('Send the revised quote');
    expect(await messageInput().getAttribute('placeholder')).toBe(CONFIRM_PLACEHOLDER);
    await send('yes');
    expect(await lastBubble().getAttribute('class')).toContain('chat-bubble-success');

    const found = await page.request.get(`/api/deal/get-deals-user-hierarchy?search=${encodeURIComponent(name)}`);
    const [deal] = ((await found.json()) as { data: { dealname: string; amount: string | null; nextsteps: string | null }[] }).data;
    expect(deal).toMatchObject({ dealname: name, nextsteps: 'Send the revised quote' });
    expect(Number(deal!.amount)).toBe(90_000);

    // A question about that one deal answers its next step, names it, and links it.
    await send(`what's the next step for ${name.toLowerCase()}?`);
    const answer = lastBubble();
    expect(await answer.textContent()).toContain('Send the revised quote');
    const source = answer.getByRole('link', { name: `deal: ${name}` });
    await screenshot(page, 'assistant-named-deal');
    expect(await runAxe(page)).toEqual([]);
    await source.click();
    await page.waitForURL(/\/dashboard\/deals\/\d+$/);
    await page.getByRole('heading', { name }).first().waitFor();
  });

  it('says plainly what it can answer when asked about something outside the CRM', async () => {
    await openPanel();
    await send('will it rain in Pune tomorrow?');
    const text = (await lastBubble().textContent()) ?? '';
    expect(text).toContain("I can't help with that.");
    expect(text).not.toMatch(/₹|\bdeals?\b.*\d/);
    expect(await lastBubble().getByRole('link').count()).toBe(0);
  });

  it('keeps the history across a reload until Clear History', async () => {
    await openPanel();
    const before = await conversation().locator('.chat-bubble').count();
    expect(before).toBeGreaterThan(0);
    await page.reload();
    await openButton().click();
    await messageInput().waitFor();
    expect(await conversation().locator('.chat-bubble').count()).toBe(before);
    await panel().getByRole('button', { name: 'Clear History' }).click();
    await panel().getByText('Ask Me Anything?').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('chatHistory'))).toBeNull();
  });
});

describe('home ask panel', () => {
  it('sends a suggestion tile for an account and shows the answer', async () => {
    await page.evaluate(() => localStorage.removeItem('homeChatHistory'));
    await page.goto('/dashboard');
    const ask = page.getByRole('region', { name: 'Get instant answers about your accounts, meetings or team - just ask' });
    const tiles = ask.getByRole('list', { name: 'Suggested questions' }).getByRole('button');
    await tiles.first().waitFor();
    expect(await tiles.count()).toBe(6);
    await screenshot(page, 'home-ask-empty');
    expect(await runAxe(page)).toEqual([]);

    await ask.getByRole('textbox', { name: 'Account' }).fill('Kaveri Foods');
    await tiles.first().click();
    await ask.getByText('For account Kaveri Foods: Which deals are closing this month?').waitFor();
    await ask.getByText('Thinking...').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await ask.getByRole('alert').count()).toBe(0);
    expect(((await ask.locator('.chat-row-assistant .chat-text').last().textContent()) ?? '').trim().length).toBeGreaterThan(0);
    await screenshot(page, 'home-ask-answer');
    expect(await runAxe(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
