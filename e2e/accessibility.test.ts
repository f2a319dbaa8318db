import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, runAxe, signIn } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('accessibility (axe-core: no serious or critical violations)', () => {
  it('/signin', async () => {
    const page = await newPage(browser);
    await page.goto('/signin');
    await page.getByLabel('Email address').waitFor();
    expect(await runAxe(page)).toEqual([]);
    await page.context().close();
  });

  it('/dashboard', async () => {
    const page = await newPage(browser);
    await signIn(page, 'priya@acme.example');
    await page.getByRole('banner').getByText('ACME SALES', { exact: true }).waitFor();
    expect(await runAxe(page)).toEqual([]);
    await page.context().close();
  });
});
