import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, signIn } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('the app under its own Content-Security-Policy', () => {
  it('renders sign-in, dashboard, deals and settings with no CSP violation', async () => {
    // Unlike the other browser tests, this context enforces the server's CSP (no bypassCSP).
    const context = await browser.newContext({ baseURL: inject('baseURL'), viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`);
      });
    });

    const res = await page.goto('/signin');
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await signIn(page, 'meera@acme.example');
    await page.getByText('ACME SALES').waitFor();
    for (const path of ['/dashboard/deals', '/dashboard/settings', '/dashboard/coaching']) {
      await page.goto(path);
      await page.getByRole('banner').waitFor();
      await page.waitForLoadState('networkidle');
    }
    await page.goto('/dashboard/deals');
    await page.getByRole('table').waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });

  it('renders the API documentation with no CSP violation', async () => {
    const context = await browser.newContext({ baseURL: inject('baseURL'), viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    const res = await page.goto('/api/docs/');
    expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    // The operations list renders from /api/docs/json, so scripts, styles and the fetch all ran.
    await page.getByText('/api/deal/get-deals-user-hierarchy').first().waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });
});
