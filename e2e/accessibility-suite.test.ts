import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newPage, runAxe, screenshot, waitForCode } from './support/browser';
import { arrowTo, hasFocus, readFocus, readSettledFocus, tabTo, tabWalk, waitForFocus } from './support/focus';
import { fakeConnectedIntegrations } from './support/integration-statuses';
import { REPO_ROOT } from './support/pipewise-server';
import { makeTestVideo } from './support/test-video';

/**
 * Accessibility over the whole product: every screen of the router and every dialog, panel and
 * menu passes axe (no serious or critical violation) and shows where focus is on every Tab stop;
 * dialogs give focus back to their opener; and the main tasks run on the keyboard alone.
 *
 * Meera (a manager) signs in with her code on the keyboard; Asha (an admin and the operator) signs
 * in with Google, which sends no code, for the admin-only screens and dialogs.
 */

const KEYBOARD_USER = 'meera@acme.example';
const ADMIN = 'asha@acme.example';
const WEB_SRC = path.join(REPO_ROOT, 'apps/web/src');
const MEDIA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-a11y-media-'));

let browser: Browser;
let admin: Page;
let keyboardState: BrowserContextOptions['storageState'];
const pageErrors: string[] = [];

async function googleSignIn(page: Page, email: string): Promise<void> {
  const res = await fetch(`${inject('oidcControlURL')}/identity`, { method: 'POST', body: JSON.stringify({ email }) });
  expect(res.status).toBe(204);
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await page.waitForURL(/\/dashboard\/?$/);
}

async function freshPage(storageState?: BrowserContextOptions['storageState'], options: BrowserContextOptions = {}): Promise<Page> {
  const page = await newPage(browser, { ...(storageState ? { storageState } : {}), ...options });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
}

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await freshPage();
  await googleSignIn(admin, ADMIN);
});

afterAll(async () => {
  await browser?.close();
  fs.rmSync(MEDIA_DIR, { recursive: true, force: true });
});

async function api<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status(), url).toBe(200);
  return (await response.json()) as T;
}

/** axe, then a Tab walk over the whole screen: no violation, every stop visibly focused, focus never dropped. */
async function checkScreen(page: Page, name: string): Promise<void> {
  expect(await runAxe(page), `axe on ${name}`).toEqual([]);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const walk = await tabWalk(page);
  expect(walk.stops.length, `Tab stops on ${name}`).toBeGreaterThan(0);
  expect(walk.invisible, `focus not visible on ${name}`).toEqual([]);
  expect(walk.lostAfter, `focus lost on ${name}`).toBeNull();
}

type OverlayCheck = {
  /** The key that closes it (the opener gets focus back). */
  closeKey?: string;
  /** The key that opens it from the focused opener. */
  openKey?: string;
  /** Walk its stops with this key (menus move with the arrows, not Tab). */
  walkKey?: 'Tab' | 'ArrowDown';
  /** A panel beside the page (not a modal): Tab may leave it; only its own stops are read. */
  modeless?: boolean;
  /** axe on the overlay alone: a non-modal menu over a screen already checked whole. */
  scoped?: boolean;
  /** At most this many stops (a long menu's items all look alike). */
  maxStops?: number;
  ready?: (overlay: Locator) => Promise<void>;
  /** On a small screen: the overlay must lie within it, and scroll what it cannot show. */
  fits?: boolean;
};

/**
 * Opens an overlay from its opener with the keyboard, checks it with axe and a walk of its stops,
 * closes it with Escape and expects focus back on the opener.
 */
async function checkOverlay(page: Page, name: string, opener: Locator, overlay: Locator, options: OverlayCheck = {}): Promise<void> {
  const { closeKey = 'Escape', openKey = 'Enter', walkKey = 'Tab', modeless = false, scoped = false, maxStops = 40, ready, fits } = options;
  // An opener can wait for its data (the WhatsApp card's button is disabled until its status arrives).
  await expect.poll(() => opener.isEnabled(), { timeout: 30_000 }).toBe(true);
  await opener.focus();
  await page.keyboard.press(openKey);
  await overlay.waitFor();
  await ready?.(overlay);
  if (fits) expect(await overlayFitProblems(overlay), `${name} on a ${page.viewportSize()?.width} px screen`).toEqual([]);
  expect(await runAxe(page, scoped ? overlay : undefined), `axe on ${name}`).toEqual([]);
  const walk = await tabWalkIn(page, overlay, walkKey, modeless, maxStops);
  expect(walk.invisible, `focus not visible in ${name}`).toEqual([]);
  expect(walk.outside, `focus left ${name} while it was open`).toEqual([]);
  // Tab has left a modeless panel: back into it (its first stop) to close it from there.
  if (modeless) await overlay.evaluate((el) => el.querySelector<HTMLElement>('input, button:not([disabled]), a, [tabindex="0"]')?.focus());
  await page.keyboard.press(closeKey);
  await overlay.waitFor({ state: 'hidden' });
  expect(await waitForFocus(opener), `focus back on the opener of ${name} (it is on ${(await readFocus(page)).label})`).toBe(true);
}

/**
 * What a small screen cannot show of an open overlay: a box past the screen's edges, or content past
 * the box's own edges that the box does not scroll to.
 */
function overlayFitProblems(overlay: Locator): Promise<string[]> {
  return overlay.evaluate((el) => {
    const problems: string[] = [];
    const { clientWidth: width, clientHeight: height } = document.documentElement;
    const r = el.getBoundingClientRect();
    const span = (a: number, b: number) => `${Math.round(a)} to ${Math.round(b)}`;
    if (r.left < -0.5 || r.right > width + 0.5) problems.push(`across ${span(r.left, r.right)} of a ${width} px wide screen`);
    if (r.top < -0.5 || r.bottom > height + 0.5) problems.push(`down ${span(r.top, r.bottom)} of a ${height} px high screen`);
    const style = getComputedStyle(el);
    const scrolls = (overflow: string) => overflow === 'auto' || overflow === 'scroll';
    if (el.scrollHeight > el.clientHeight + 1 && !scrolls(style.overflowY)) problems.push('content below its bottom that does not scroll');
    if (el.scrollWidth > el.clientWidth + 1 && !scrolls(style.overflowX)) problems.push('content past its right edge that does not scroll');
    return problems;
  });
}

/** The stops inside an open overlay: Tab (or the arrows) until a stop repeats. */
async function tabWalkIn(page: Page, overlay: Locator, key: 'Tab' | 'ArrowDown', modeless: boolean, maxStops: number) {
  const handle = (await overlay.elementHandle())!;
  const seen = new Set<string>();
  const invisible: string[] = [];
  const outside: string[] = [];
  await page.evaluate(() => document.querySelectorAll('[data-tab-walk]').forEach((e) => e.removeAttribute('data-tab-walk')));
  // Where the overlay put focus first counts as a stop too.
  for (let i = 0; i < maxStops; i++) {
    const reading = await readSettledFocus(page);
    if (seen.has(reading.mark)) break;
    seen.add(reading.mark);
    const inside = await handle.evaluate((el) => el.contains(document.activeElement));
    if (!inside && modeless && i > 0) break;
    if (!inside) outside.push(reading.label);
    else if (!reading.visible) invisible.push(`${reading.label}: ${reading.why}`);
    await page.keyboard.press(key);
  }
  return { invisible, outside };
}

/** A menu: its items are walked with the arrows, and axe looks at it alone (the screen behind was checked). */
const MENU: OverlayCheck = { walkKey: 'ArrowDown', scoped: true, maxStops: 12 };

const dialog = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

/** The route paths of the router (apps/web/src/app/route-table.tsx), e.g. 'deals/:id', '*'. */
function routerPaths(): string[] {
  const table = fs.readFileSync(path.join(WEB_SRC, 'app/route-table.tsx'), 'utf8');
  return [...table.matchAll(/path: '([^']+)'/g)].map(([, p]) => p!);
}

/** The settings sections (features/settings/components/settings-sections.ts). */
function settingsSections(): string[] {
  const file = fs.readFileSync(path.join(WEB_SRC, 'features/settings/components/settings-sections.ts'), 'utf8');
  return [...file.matchAll(/\{ id: '([a-z-]+)', label: '[^']+'/g)].map(([, id]) => id!);
}

type Screen = {
  /** The address to open; params filled from the demo data. */
  url: (page: Page) => Promise<string>;
  /** Settled: the content a user reads is there. */
  ready: (page: Page) => Promise<void>;
};

const h2 = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

type ApiDeal = { deal_id: string; dealname: string; summary: string | null; painpoints: string | null; nextsteps: string | null };
type ApiVideo = { id: string; title: string };

/** Every dashboard child route of the router, how to reach it and when it is ready. */
const DASHBOARD_SCREENS: Record<string, Screen> = {
  '': {
    url: async () => '/dashboard',
    ready: async (page) => {
      await page.getByRole('log', { name: 'Questions and answers' }).waitFor();
    },
  },
  deals: {
    url: async () => '/dashboard/deals',
    ready: async (page) => {
      await page.getByRole('table', { name: 'Deals' }).locator('tbody tr').first().waitFor();
    },
  },
  'deals/:id': {
    url: async (page) => `/dashboard/deals/${(await aDealWithLongText(page)).deal_id}`,
    ready: async (page) => {
      await page.getByLabel('Owner', { exact: true }).waitFor();
    },
  },
  'deals/new': {
    url: async () => '/dashboard/deals/new',
    ready: async (page) => {
      await h2(page, 'New Deal').waitFor();
      await page.getByLabel('Deal name').waitFor();
    },
  },
  companies: {
    url: async () => '/dashboard/companies',
    ready: async (page) => {
      await page.getByRole('table', { name: 'Companies' }).locator('tbody tr').first().waitFor();
    },
  },
  'companies/:id': {
    url: async (page) => `/dashboard/companies/${(await api<{ data: { id: string }[] }>(page, '/api/companies?page_size=10')).data[0]!.id}`,
    ready: async (page) => {
      // Its tasks and timeline load after the record: the screen is still until they have.
      await page.locator('.record-activity').waitFor();
      await page.locator('.record-tasks').waitFor();
      await page
        .getByText(/^Loading/)
        .first()
        .waitFor({ state: 'detached' });
    },
  },
  contacts: {
    url: async () => '/dashboard/contacts',
    ready: async (page) => {
      await page.getByRole('table', { name: 'Contacts' }).locator('tbody tr').first().waitFor();
    },
  },
  'contacts/:id': {
    url: async (page) => `/dashboard/contacts/${(await api<{ data: { id: string }[] }>(page, '/api/contacts?page_size=10')).data[0]!.id}`,
    ready: async (page) => {
      // Its tasks and timeline load after the record: the screen is still until they have.
      await page.locator('.record-activity').waitFor();
      await page.locator('.record-tasks').waitFor();
      await page
        .getByText(/^Loading/)
        .first()
        .waitFor({ state: 'detached' });
    },
  },
  meetings: {
    url: async () => '/dashboard/meetings',
    ready: async (page) => {
      await page.getByRole('tabpanel').getByRole('table').or(page.getByText('No videos found')).first().waitFor();
    },
  },
  upload: {
    url: async () => '/dashboard/upload',
    ready: async (page) => {
      await h2(page, 'Video Insights').waitFor();
      await page.getByText('Loading insights...').waitFor({ state: 'detached' });
    },
  },
  'coaching/:userId?': {
    url: async () => '/dashboard/coaching',
    ready: async (page) => {
      await page.getByRole('heading', { name: /^(Your team|Your figures)$/ }).waitFor();
    },
  },
  'meeting/:id': {
    url: async (page) => `/dashboard/meeting/${(await aMeeting(page)).id}`,
    ready: async (page) => {
      await page.getByRole('tablist', { name: 'Meeting details' }).waitFor();
    },
  },
  settings: {
    url: async () => '/dashboard/settings',
    ready: async (page) => {
      await page.getByRole('navigation', { name: 'Settings' }).waitFor();
    },
  },
};

/** The guest routes and the not-found page, in a context with no session. */
const GUEST_SCREENS: Record<string, Screen> = {
  signin: {
    url: async () => '/signin',
    // The server paints the sign-in form from its HTML (inert) until the app's own form replaces it:
    // the screen is ready, for the keyboard too, once that first-paint layer is gone.
    ready: async (page) => {
      await page.getByLabel('Email address').waitFor();
      await page.locator('#first-paint').waitFor({ state: 'detached' });
    },
  },
  'not-customer': {
    url: async () => '/not-customer',
    ready: async (page) => void (await page.getByRole('heading', { name: 'Not a customer?' }).waitFor()),
  },
  'pending-approval': {
    // It needs the email in the navigation state, as the contact form's success passes it.
    url: async () => '/pending-approval',
    ready: async (page) => void (await page.getByText('Thank you for your interest').waitFor()),
  },
  // Without a token it goes back to sign-in with the reason.
  'oauth-callback': {
    url: async () => '/oauth-callback?error=access_denied',
    ready: async (page) => void (await page.waitForURL('**/signin')),
  },
  '*': {
    url: async () => '/no-such-page',
    ready: async (page) => void (await page.getByRole('heading', { name: 'Page not found' }).waitFor()),
  },
};

async function aDealWithLongText(page: Page): Promise<ApiDeal> {
  const list = await api<{ data: ApiDeal[] }>(page, '/api/deal/get-deals-user-hierarchy?page_size=50');
  return list.data.find((d) => (d.painpoints?.length ?? 0) > 150 || (d.nextsteps?.length ?? 0) > 150) ?? list.data[0]!;
}

async function aMeeting(page: Page): Promise<ApiVideo> {
  const mine = await api<ApiVideo[]>(page, '/api/videos/my-videos?limit=20');
  const team = await api<ApiVideo[]>(page, '/api/videos/subordinate-videos?limit=20');
  const video = [...mine, ...team][0];
  expect(video, 'a recording in the demo data').toBeTruthy();
  return video!;
}

async function goTo(page: Page, screen: Screen): Promise<void> {
  await page.goto(await screen.url(page));
  await screen.ready(page);
}

async function goToGuestScreen(page: Page, key: string): Promise<void> {
  if (key !== 'pending-approval') return goTo(page, GUEST_SCREENS[key]!);
  await page.goto('/signin');
  await page.getByLabel('Email address').waitFor();
  // The contact form's success: a navigation carrying the email in its state.
  await page.evaluate(() => {
    window.history.pushState(
      { usr: { email: 'prospect@newco.example', name: 'Nisha Kapoor' }, key: 'a11y', idx: 1 },
      '',
      '/pending-approval',
    );
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  await GUEST_SCREENS[key]!.ready(page);
}

/** A settings section, once its content has loaded. */
async function goToSettings(page: Page, section: string): Promise<void> {
  await page.goto(`/dashboard/settings?section=${section}`);
  await page.getByRole('navigation', { name: 'Settings' }).locator('[aria-current="page"]').waitFor();
  await page
    .getByText(/^(Loading|Checking)/)
    .first()
    .waitFor({ state: 'detached' });
}

describe('keyboard-only sign-in', () => {
  it('signs in with the emailed code on the keyboard alone', async () => {
    const page = await freshPage();
    await page.goto('/signin');
    const email = page.getByLabel('Email address');
    expect(await waitForFocus(email), 'the email field has focus on arrival').toBe(true);
    const before = await fetch(`${inject('smtpControlURL')}/last-code?to=${encodeURIComponent(KEYBOARD_USER)}`);
    const afterSeq = before.status === 404 ? 0 : ((await before.json()) as { seq: number }).seq;
    await page.keyboard.type(KEYBOARD_USER);
    await page.keyboard.press('Enter');
    const code = page.getByLabel('One-time code');
    await code.waitFor();
    expect(await waitForFocus(code), 'the code field takes focus').toBe(true);
    await page.keyboard.type(await waitForCode(KEYBOARD_USER, afterSeq));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/?$/);
    // The first Tab on the dashboard offers the skip link, and it takes the user to the content.
    await page.getByRole('list', { name: 'Suggested questions' }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await hasFocus(skip)).toBe(true);
    expect((await readFocus(page)).visible).toBe(true);
    await page.keyboard.press('Enter');
    expect(await waitForFocus(page.locator('#main-content'))).toBe(true);
    keyboardState = await page.context().storageState();
    await page.context().close();
  });
});

describe('every screen of the router: axe and visible focus', () => {
  /** One page without a session for the guest screens. */
  let guest: Page | undefined;
  it('knows every route of the router and every settings section', () => {
    const known = [...Object.keys(DASHBOARD_SCREENS), ...Object.keys(GUEST_SCREENS), 'dashboard', '/'];
    expect(
      routerPaths().filter((p) => !known.includes(p)),
      'routes this suite does not visit yet',
    ).toEqual([]);
    expect(settingsSections()).toEqual(expect.arrayContaining(['general', 'users', 'integrations', 'workspaces']));
  });

  it.each(Object.keys(GUEST_SCREENS))('guest screen %s', async (key) => {
    const page = (guest ??= await freshPage());
    await goToGuestScreen(page, key);
    await checkScreen(page, key);
  });

  it('the root address opens the sign-in screen for a visitor, and the dashboard when signed in', async () => {
    const visitor = (guest ??= await freshPage());
    await visitor.goto('/');
    await visitor.waitForURL('**/signin');
    await visitor.getByRole('heading', { name: 'Sign in' }).waitFor();
    await visitor.locator('#first-paint').waitFor({ state: 'detached' });
    expect(await runAxe(visitor)).toEqual([]);
    await visitor.context().close();

    await admin.goto('/');
    await admin.waitForURL('**/dashboard');
    await admin.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
  });

  it.each(Object.keys(DASHBOARD_SCREENS).filter((k) => k !== 'settings'))('dashboard screen "%s"', async (key) => {
    await goTo(admin, DASHBOARD_SCREENS[key]!);
    await checkScreen(admin, `/dashboard/${key}`);
  });

  it.each(settingsSections())('settings section %s', async (section) => {
    await goToSettings(admin, section);
    await checkScreen(admin, `settings ${section}`);
  });
});

describe('every dialog, panel and menu: axe, visible focus, focus back on the opener', () => {
  it('home: the expanded to-dos and calls cards', async () => {
    await goTo(admin, DASHBOARD_SCREENS['']!);
    for (const title of ["Today's to dos", 'Upcoming Calls']) {
      const expand = admin.getByRole('button', { name: `Expand ${title}` });
      await expand.focus();
      await admin.keyboard.press('Enter');
      const close = admin.getByRole('button', { name: `Close ${title}` });
      await close.waitFor();
      expect(await runAxe(admin), `axe with ${title} expanded`).toEqual([]);
      await close.focus();
      await admin.keyboard.press('Enter');
      expect(await waitForFocus(expand), `focus back on Expand ${title}`).toBe(true);
    }
  });

  it('header: the search results and the assistant panel', async () => {
    await goTo(admin, DASHBOARD_SCREENS['']!);
    const box = admin.getByRole('combobox', { name: 'Search' });
    await box.focus();
    await admin.keyboard.type('kaveri');
    const results = admin.getByRole('listbox', { name: 'Search results' });
    await results.waitFor();
    expect(await runAxe(admin, admin.locator('.header-search')), 'axe with the search results open').toEqual([]);
    await admin.keyboard.press('Escape');
    await results.waitFor({ state: 'detached' });
    expect(await hasFocus(box)).toBe(true);
    await admin.keyboard.press('Escape');

    const assistant = admin.getByRole('complementary', { name: 'Assistant' });
    await checkOverlay(admin, 'the assistant panel', admin.getByRole('banner').getByRole('button', { name: 'Open assistant' }), assistant, {
      ready: (panel) => panel.getByRole('textbox', { name: 'Message' }).waitFor(),
      modeless: true,
    });
  });

  it('deals list: each filter menu, the close-date panel, Edit Columns and More actions', async () => {
    await goTo(admin, DASHBOARD_SCREENS.deals!);
    for (const name of ['BY DEALOWNERS', 'BY DEALSTAGES', 'PIPELINES']) {
      await checkOverlay(
        admin,
        `the ${name} menu`,
        admin.getByRole('button', { name: new RegExp(`^${name}`) }),
        admin.getByRole('menu', { name }),
        {
          ...MENU,
        },
      );
    }
    await checkOverlay(
      admin,
      'the close-date panel',
      admin.getByRole('button', { name: /^CLOSE DATE/ }),
      admin.getByRole('group', { name: 'Close date' }),
      {
        scoped: true,
      },
    );
    await checkOverlay(
      admin,
      'Edit Columns',
      admin.getByRole('button', { name: 'Edit Columns' }),
      admin.getByRole('menu', { name: 'Columns' }),
      MENU,
    );
    await checkOverlay(
      admin,
      'More actions',
      admin.getByRole('button', { name: 'More actions' }),
      admin.getByRole('menu', { name: 'More actions' }),
      MENU,
    );
  });

  it('deal detail: Save Changes and Read more', async () => {
    const deal = await aDealWithLongText(admin);
    await admin.goto(`/dashboard/deals/${deal.deal_id}`);
    await DASHBOARD_SCREENS['deals/:id']!.ready(admin);
    const readMore = admin.getByRole('button', { name: /^Read more: / }).first();
    if (await readMore.count()) await checkOverlay(admin, 'Read more', readMore, admin.getByRole('dialog'));
    // A stage change asks to save; Escape cancels it.
    const stage = admin.getByLabel('Stage', { exact: true });
    await checkOverlay(admin, 'Save Changes', stage, dialog(admin, 'Save Changes'), { openKey: 'ArrowDown' });
  });

  it('meetings: upcoming calls and a recording’s details; meeting page: the follow-up email', async () => {
    await goTo(admin, DASHBOARD_SCREENS.meetings!);
    await checkOverlay(
      admin,
      'Upcoming Calls',
      admin.getByRole('button', { name: 'View upcoming calls' }),
      dialog(admin, 'Upcoming Calls'),
    );
    const view = admin.getByRole('button', { name: /^View / }).first();
    if (await view.count()) await checkOverlay(admin, 'the recording details', view, admin.getByRole('dialog'));

    await goTo(admin, DASHBOARD_SCREENS['meeting/:id']!);
    await checkOverlay(
      admin,
      'Upcoming Calls (meeting page)',
      admin.getByRole('button', { name: 'View upcoming calls' }),
      dialog(admin, 'Upcoming Calls'),
    );
    await checkOverlay(
      admin,
      'Follow-up email',
      admin.getByRole('button', { name: 'Generate AI Email' }),
      dialog(admin, 'Follow-up email'),
      {
        ready: (d) => d.getByLabel('Subject').or(d.getByRole('alert')).first().waitFor({ timeout: 30_000 }),
      },
    );
  });

  it('upload: the upload dialog with each method, and Delete video', async () => {
    await goTo(admin, DASHBOARD_SCREENS.upload!);
    const upload = dialog(admin, 'Upload New Video Content');
    await checkOverlay(admin, 'upload', admin.getByRole('button', { name: 'Upload Video' }), upload, {
      ready: async (d) => {
        // Each method's fields: axe on them, and a walk of them (the walk below ends on the transcription's).
        for (const method of ['Google Drive link', 'Video file']) {
          await d.getByRole('radio', { name: method }).check();
          expect(await runAxe(admin, d), `axe on upload (${method})`).toEqual([]);
          const walk = await tabWalk(admin, 12);
          expect(walk.invisible, `focus not visible in upload (${method})`).toEqual([]);
        }
        await d.getByRole('radio', { name: 'Transcription' }).check();
        await d.getByLabel('Pipeline').focus();
      },
    });
    const remove = admin.getByRole('button', { name: /^Delete / }).first();
    if (await remove.count()) await checkOverlay(admin, 'Delete video?', remove, dialog(admin, 'Delete video?'));
  });

  it('settings: Add User, Edit user, the WhatsApp number and both disconnect confirmations', async () => {
    await admin.goto('/dashboard/settings?section=users');
    await admin.getByRole('table', { name: 'Users of your workspace' }).waitFor();
    await checkOverlay(admin, 'Add New User', admin.getByRole('button', { name: 'Add User' }), dialog(admin, 'Add New User'));
    await checkOverlay(admin, 'Edit user', admin.getByRole('button', { name: 'Edit Meera Iyer' }), dialog(admin, 'Edit Meera Iyer'));

    await connectedIntegrations(admin);
    await admin.goto('/dashboard/settings?section=integrations');
    const whatsapp = card(admin, 'WhatsApp').getByRole('button', { name: /WhatsApp/ });
    await whatsapp.waitFor();
    await checkOverlay(admin, 'the WhatsApp number', whatsapp, admin.getByRole('dialog', { name: /WhatsApp/ }));
    for (const provider of ['Google', 'HubSpot']) {
      await checkOverlay(
        admin,
        `Disconnect ${provider}?`,
        card(admin, provider).getByRole('button', { name: 'Disconnect' }),
        dialog(admin, `Disconnect ${provider}?`),
      );
    }
    await admin.unrouteAll();
  });

  it('settings: Remove number asks first (Escape and Cancel keep the number), then forgets it; focus lands on Connect', async () => {
    await removeWhatsappNumberByKeyboard(admin, '+91 90000 11111');
  });
});

/**
 * Saves a WhatsApp number through the card's panel on the keyboard, then checks the Remove number
 * confirmation: axe, focus kept inside it, Escape and Cancel give focus back to Remove number and keep
 * the number; Remove (where focus starts) forgets it and focus goes to Connect WhatsApp, which took
 * the place of the buttons that are gone.
 */
async function removeWhatsappNumberByKeyboard(page: Page, number: string, options: OverlayCheck = {}): Promise<void> {
  await goToSettings(page, 'integrations');
  const whatsapp = card(page, 'WhatsApp');
  // Connect WhatsApp, or Update WhatsApp number when a number was left saved.
  const opener = whatsapp.getByRole('button', { name: /WhatsApp/ });
  await expect.poll(() => opener.isEnabled(), { timeout: 30_000 }).toBe(true);
  await opener.focus();
  await page.keyboard.press('Enter');
  const panel = dialog(page, 'WhatsApp number');
  expect(await waitForFocus(panel.getByLabel('Phone number')), 'focus on the number').toBe(true);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(number);
  await page.keyboard.press('Enter');
  await panel.waitFor({ state: 'detached' });
  await whatsapp.getByText('Not verified', { exact: true }).waitFor();

  const remove = whatsapp.getByRole('button', { name: 'Remove number' });
  const confirm = dialog(page, 'Remove your WhatsApp number?');
  await checkOverlay(page, 'Remove your WhatsApp number?', remove, confirm, options);
  await remove.focus();
  await page.keyboard.press('Enter');
  const removeButton = confirm.getByRole('button', { name: 'Remove', exact: true });
  expect(await waitForFocus(removeButton), 'focus starts on Remove').toBe(true);
  await page.keyboard.press('Shift+Tab');
  expect(await hasFocus(confirm.getByRole('button', { name: 'Cancel' })), 'Shift+Tab reaches Cancel').toBe(true);
  await page.keyboard.press('Enter');
  await confirm.waitFor({ state: 'detached' });
  expect(await waitForFocus(remove), `Cancel gives focus back to Remove number (it is on ${(await readFocus(page)).label})`).toBe(true);
  const status = () => api<{ phone_number: string | null }>(page, '/api/whatsapp/status');
  expect((await status()).phone_number, 'Cancel keeps the number').not.toBeNull();

  await page.keyboard.press('Enter');
  expect(await waitForFocus(removeButton)).toBe(true);
  await page.keyboard.press('Enter');
  await confirm.waitFor({ state: 'detached' });
  await whatsapp.getByText('Not connected', { exact: true }).waitFor();
  expect(await remove.count()).toBe(0);
  expect((await status()).phone_number, 'Remove forgets the number').toBeNull();
  const connect = whatsapp.getByRole('button', { name: 'Connect WhatsApp' });
  expect(await waitForFocus(connect), `focus on Connect WhatsApp (it is on ${(await readFocus(page)).label})`).toBe(true);
  expect((await readFocus(page)).visible, 'Connect WhatsApp shows focus').toBe(true);
}

const card = (page: Page, name: string): Locator =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

/** The status answers of a connected Google account and a connected HubSpot workspace (this server has neither). */
const connectedIntegrations = (page: Page) =>
  fakeConnectedIntegrations(page, 'someone@gmail.example', { state: 'idle', phase: null, done: 0, total: 0, percent: 0, message: null });

describe('keyboard-only tasks', () => {
  let page: Page;
  beforeAll(async () => {
    page = await freshPage(keyboardState);
  });

  /** Presses `key` and expects focus still on something (not dropped to <body>). */
  async function pressKeepingFocus(key: string, what: string): Promise<void> {
    await page.keyboard.press(key);
    const reading = await readFocus(page);
    expect(reading.lost, `focus lost after ${what}`).toBe(false);
  }

  it('filters the deals list, opens a deal, changes its stage and value and saves', async () => {
    await goTo(page, DASHBOARD_SCREENS.deals!);
    const owners = page.getByRole('button', { name: /^BY DEALOWNERS/ });
    await tabTo(page, owners);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'BY DEALOWNERS' });
    await menu.waitFor();
    // The arrows, not type-ahead: Radix forgets typed letters after a second, which a busy machine can take.
    await arrowTo(page, menu.getByRole('menuitemcheckbox', { name: /^Rohan / }));
    await pressKeepingFocus('Enter', 'choosing an owner');
    await menu.waitFor({ state: 'detached' });
    expect(await waitForFocus(owners), 'focus back on the owners button').toBe(true);
    const tags = page.getByRole('list', { name: 'Active filters' }).getByRole('listitem');
    await tags.first().waitFor();
    const [tag] = await tags.allTextContents();
    expect(tag).toMatch(/^Owner: Rohan /);
    const byOwner = await api<{ total: number }>(page, '/api/deal/get-deals-user-hierarchy?page_size=10&owners=rohan@acme.example');
    await expect.poll(() => page.getByText(/^\d+ Deals$/).textContent()).toBe(`${byOwner.total} Deals`);

    // A pipeline too: the first in its menu.
    const pipelines = page.getByRole('button', { name: /^PIPELINES/ });
    await tabTo(page, pipelines);
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: 'PIPELINES' }).waitFor();
    await pressKeepingFocus('Enter', 'choosing a pipeline');
    await expect.poll(() => tags.count()).toBe(2);
    // The search box narrows further.
    const search = page.getByRole('searchbox', { name: 'Search Deal' });
    await tabTo(page, search);
    await page.keyboard.type('a');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('a');
    // Removing a tag moves focus to the tag now in its place; CLEAR FILTERS to the first filter button.
    await tabTo(page, page.getByRole('button', { name: `Remove ${tag}` }), { back: true });
    await page.keyboard.press('Enter');
    await expect.poll(() => tags.count()).toBe(1);
    const [pipelineTag] = await tags.allTextContents();
    expect(await waitForFocus(page.getByRole('button', { name: `Remove ${pipelineTag}` })), 'focus on the remaining tag').toBe(true);
    await tabTo(page, page.getByRole('button', { name: 'CLEAR FILTERS' }), { back: true });
    await page.keyboard.press('Enter');
    await tags.first().waitFor({ state: 'detached' });
    expect(await waitForFocus(owners), `focus on the first filter button (it is on ${(await readFocus(page)).label})`).toBe(true);

    const firstRow = page.getByRole('table', { name: 'Deals' }).locator('tbody th a').first();
    await firstRow.waitFor();
    const name = (await firstRow.textContent()) ?? '';
    await tabTo(page, firstRow);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/deals\/\d+$/);
    await page.getByRole('heading', { level: 2, name }).waitFor();
    const dealId = /\/deals\/(\d+)$/.exec(page.url())![1]!;

    const stage = page.getByLabel('Stage', { exact: true });
    await tabTo(page, stage);
    const before = await stage.inputValue();
    await page.keyboard.press('ArrowDown');
    const save = dialog(page, 'Save Changes');
    await save.waitFor();
    expect(await waitForFocus(save.getByRole('button', { name: 'Save' })), 'focus on Save').toBe(true);
    await page.keyboard.press('Enter');
    await save.waitFor({ state: 'detached' });
    expect(await waitForFocus(stage), `focus back on Stage (it is on ${(await readFocus(page)).label})`).toBe(true);
    const saved = await api<{ data: { dealstage: string; amount: string | null } }>(page, `/api/deal/get_deal_by_id/${dealId}`);
    expect(saved.data.dealstage).not.toBe(before);
    expect(saved.data.dealstage).toBe(await stage.inputValue());

    const value = page.getByLabel('Deal Value');
    await tabTo(page, value);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('432100');
    await pressKeepingFocus('Enter', 'entering a deal value');
    await expect
      .poll(async () => Number((await api<{ data: { amount: string | null } }>(page, `/api/deal/get_deal_by_id/${dealId}`)).data.amount))
      .toBe(432100);
  });

  it('uploads a small recording: the dialog, a file chosen from the keyboard, Upload, focus back on Upload Video', async () => {
    // Listening before anything opens it: Playwright turns the file chooser's interception on
    // asynchronously, and a chooser opened before that would not be reported.
    const recording = smallRecording();
    let chosen: () => void = () => {};
    const fileChosen = new Promise<void>((resolve) => (chosen = resolve));
    page.on('filechooser', (chooser) => void chooser.setFiles(recording).then(() => chosen()));
    await goTo(page, DASHBOARD_SCREENS.upload!);
    const opener = page.getByRole('button', { name: 'Upload Video' });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const upload = dialog(page, 'Upload New Video Content');
    const pipeline = upload.getByLabel('Pipeline');
    expect(await waitForFocus(pipeline), 'focus on Pipeline').toBe(true);
    const deals = await api<{ id: string; name: string; pipeline_id: string }[]>(page, '/api/videos/deals');
    await pipeline.locator('option').nth(1).waitFor({ state: 'attached' });
    const options = await pipeline
      .locator('option')
      .evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })));
    const target = options.find(
      (o) => o.value && deals.some((d) => [o.value.toLowerCase(), o.label.toLowerCase()].includes(d.pipeline_id.toLowerCase())),
    );
    expect(target, 'a pipeline with a deal of this user').toBeTruthy();
    for (let i = 0; i < options.indexOf(target!); i++) await page.keyboard.press('ArrowDown');
    expect(await pipeline.inputValue()).toBe(target!.value);
    await page.keyboard.press('Tab');
    expect(await hasFocus(upload.getByLabel('Deal'))).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await upload.getByLabel('Deal').inputValue()).not.toBe('');
    // The method radios: Tab into the group, the arrows move the choice.
    await page.keyboard.press('Tab');
    const fileRadio = upload.getByRole('radio', { name: 'Video file' });
    for (let i = 0; i < 3 && !(await fileRadio.isChecked()); i++) await page.keyboard.press('ArrowDown');
    expect(await fileRadio.isChecked()).toBe(true);
    const fileInput = upload.locator('input[type=file]');
    await tabTo(page, fileInput);
    expect((await readFocus(page)).visible, 'the file input shows focus').toBe(true);
    await page.keyboard.press('Space');
    await fileChosen;
    page.removeAllListeners('filechooser');
    const submit = upload.getByRole('button', { name: 'Upload', exact: true });
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    await upload.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await waitForFocus(opener), `focus back on Upload Video (it is on ${(await readFocus(page)).label})`).toBe(true);
    await page.getByText('keyboard-upload.mp4').first().waitFor();
  });

  it('asks the assistant panel and the home ask panel a question and reads the answers', async () => {
    await goTo(page, DASHBOARD_SCREENS['']!);
    const opener = page.getByRole('banner').getByRole('button', { name: 'Open assistant' });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const panel = page.getByRole('complementary', { name: 'Assistant' });
    const message = panel.getByRole('textbox', { name: 'Message' });
    expect(await waitForFocus(message), 'focus in the message box').toBe(true);
    await page.keyboard.type('Which deals are closing this month?');
    await page.keyboard.press('Enter');
    await panel.getByText('Processing your request...').waitFor({ state: 'detached', timeout: 30_000 });
    const answer = panel.getByRole('log', { name: 'Conversation' }).locator('.chat-bubble').last();
    expect(((await answer.textContent()) ?? '').trim().length).toBeGreaterThan(0);
    expect(await answer.getAttribute('class')).not.toContain('chat-bubble-error');
    expect((await readFocus(page)).lost, 'focus kept after the answer').toBe(false);
    expect(await runAxe(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await waitForFocus(opener), 'focus back on Open assistant').toBe(true);

    const ask = page.getByRole('region', { name: 'Get instant answers about your accounts, meetings or team - just ask' });
    const question = ask.getByRole('textbox', { name: 'Question' });
    await tabTo(page, question);
    await page.keyboard.type('Which deals are closing this month?');
    await page.keyboard.press('Enter');
    await ask.getByText('Thinking...').waitFor({ state: 'detached', timeout: 30_000 });
    expect(await ask.getByRole('alert').count()).toBe(0);
    expect(((await ask.locator('.chat-row-assistant .chat-text').last().textContent()) ?? '').trim().length).toBeGreaterThan(0);
    expect((await readFocus(page)).lost, 'focus kept after the home answer').toBe(false);
    expect(await runAxe(page)).toEqual([]);
  });

  it('searches from the header and opens a result', async () => {
    await goTo(page, DASHBOARD_SCREENS.deals!);
    const deal = (await api<{ data: ApiDeal[] }>(page, '/api/deal/get-deals-user-hierarchy?page_size=10')).data[0]!;
    const box = page.getByRole('combobox', { name: 'Search' });
    await tabTo(page, box);
    await page.keyboard.type(deal.dealname);
    await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBeTruthy();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/deals\/\d+$/);
    await page.getByRole('heading', { level: 2, name: deal.dealname }).waitFor();
  });

  it('tabs through each integration card’s buttons; dialogs give focus back', async () => {
    await connectedIntegrations(page);
    await page.goto('/dashboard/settings?section=integrations');
    await card(page, 'HubSpot').getByRole('button', { name: 'Disconnect' }).waitFor();
    for (const name of ['Google', 'HubSpot', 'WhatsApp']) {
      const buttons = card(page, name).getByRole('button');
      const count = await buttons.count();
      expect(count, `${name} card buttons`).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) {
        if (await buttons.nth(i).isDisabled()) continue;
        await tabTo(page, buttons.nth(i));
        expect((await readFocus(page)).visible, `focus visible on ${name} button ${i}`).toBe(true);
      }
    }
    for (const provider of ['Google', 'HubSpot']) {
      const disconnect = card(page, provider).getByRole('button', { name: 'Disconnect' });
      await tabTo(page, disconnect, { back: true });
      await page.keyboard.press('Enter');
      const confirm = dialog(page, `Disconnect ${provider}?`);
      await confirm.waitFor();
      expect(await waitForFocus(confirm.getByRole('button', { name: 'Disconnect' }))).toBe(true);
      // Tab to Cancel and close with it.
      await page.keyboard.press('Shift+Tab');
      expect(await hasFocus(confirm.getByRole('button', { name: 'Cancel' }))).toBe(true);
      await page.keyboard.press('Enter');
      await confirm.waitFor({ state: 'detached' });
      expect(await waitForFocus(disconnect), `focus back on ${provider}'s Disconnect`).toBe(true);
    }
    const whatsapp = card(page, 'WhatsApp').getByRole('button', { name: /WhatsApp/ });
    await tabTo(page, whatsapp);
    await page.keyboard.press('Enter');
    const numberPanel = page.getByRole('dialog', { name: /WhatsApp/ });
    await numberPanel.waitFor();
    expect((await readFocus(page)).inDialog).toBe(true);
    await page.keyboard.press('Escape');
    await numberPanel.waitFor({ state: 'detached' });
    expect(await waitForFocus(whatsapp), 'focus back on the WhatsApp button').toBe(true);
    await page.unrouteAll();
  });

  it('raised no uncaught errors in the pages', () => {
    expect(pageErrors).toEqual([]);
  });
});

/** Phone widths: a common phone, and 320 CSS px, where content must reflow without sideways scrolling (WCAG 1.4.10). */
const PHONES = [
  ['390 px', { width: 390, height: 844 }],
  ['320 px', { width: 320, height: 568 }],
] as const;

/**
 * Why the page scrolls sideways, if it does: the page's width and what sticks out past the screen's right
 * edge (a table scrolling in its own box does not count).
 */
function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    const inOwnBox = (el: Element) => {
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        if (getComputedStyle(node).overflowX !== 'visible') return true;
      }
      return false;
    };
    const past = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5 && !inOwnBox(el))
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]} to ${Math.round(el.getBoundingClientRect().right)}`);
    return [`${root.scrollWidth} px wide on a ${root.clientWidth} px screen`, ...past.slice(0, 8)];
  });
}

describe.each(PHONES)('on a %s wide phone', (_width, viewport) => {
  let page: Page;
  let guest: Page;
  /** The narrowest screen also gets a Tab walk of every screen (a focus ring cut off or hidden under a bar). */
  const narrowest = viewport.width === 320;

  beforeAll(async () => {
    page = await freshPage(await admin.context().storageState(), { viewport });
    guest = await freshPage(undefined, { viewport });
  });

  afterAll(async () => {
    await page.unrouteAll();
    await page.context().close();
    await guest.context().close();
  });

  /** axe, no sideways scrolling of the page, a screenshot to look at; on the narrowest screen a Tab walk too. */
  async function checkPhoneScreen(p: Page, name: string): Promise<void> {
    expect(await runAxe(p), `axe on ${name}`).toEqual([]);
    expect(await sidewaysOverflow(p), `${name} scrolls sideways`).toEqual([]);
    await screenshot(p, `phone-${viewport.width}${name.replace(/[^a-z0-9]+/gi, '-')}`);
    if (!narrowest) return;
    await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const walk = await tabWalk(p);
    expect(walk.invisible, `focus not visible on ${name}`).toEqual([]);
    expect(walk.covered, `focus hidden under something on ${name}`).toEqual([]);
    expect(walk.lostAfter, `focus lost on ${name}`).toBeNull();
  }

  it.each(Object.keys(GUEST_SCREENS))('guest screen %s', async (key) => {
    await goToGuestScreen(guest, key);
    await checkPhoneScreen(guest, `/${key}`);
  });

  it.each(Object.keys(DASHBOARD_SCREENS).filter((k) => k !== 'settings'))('dashboard screen "%s"', async (key) => {
    await goTo(page, DASHBOARD_SCREENS[key]!);
    await checkPhoneScreen(page, `/dashboard/${key}`);
  });

  it.each(settingsSections())('settings section %s', async (section) => {
    await goToSettings(page, section);
    await checkPhoneScreen(page, `/settings/${section}`);
  });

  it('the main navigation: Tab from the top opens it over the page, each link whole; Enter goes there; Tab on closes it', async () => {
    await goToSettings(page, 'general');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const sidebar = page.locator('.sidebar');
    const names = await nav.getByRole('link').evaluateAll((links) => links.map((l) => (l.textContent ?? '').trim()));
    expect(names).toEqual(['Home', 'Deals', 'Companies', 'Contacts', 'Meetings', 'Upload', 'Coaching', 'Settings']);
    await page.keyboard.press('Tab');
    expect(await hasFocus(page.getByRole('link', { name: 'Skip to content' })), 'the skip link first').toBe(true);
    for (const name of names) {
      await page.keyboard.press('Tab');
      const link = nav.getByRole('link', { name, exact: true });
      expect(await hasFocus(link), `Tab reaches ${name}`).toBe(true);
      expect(await sidebar.getAttribute('data-expanded'), 'the navigation opens with focus in it').toBe('true');
      // Once it has opened: the label whole, inside the panel and the screen.
      await expect
        .poll(
          async () => {
            const [label, panel] = [await link.locator('.sidebar-label').boundingBox(), await sidebar.boundingBox()];
            return Boolean(label && panel && label.x + label.width <= panel.x + panel.width && panel.x + panel.width <= viewport.width);
          },
          { message: `${name}'s label shown whole` },
        )
        .toBe(true);
      const reading = await readFocus(page);
      expect(reading.visible, `${name} shows focus: ${reading.why}`).toBe(true);
      expect(reading.coveredBy, `${name} is not under anything`).toBeNull();
    }
    await tabTo(page, nav.getByRole('link', { name: 'Deals' }), { back: true });
    await page.keyboard.press('Enter');
    await DASHBOARD_SCREENS.deals!.ready(page);
    expect(new URL(page.url()).pathname).toBe('/dashboard/deals');
    expect(await nav.getByRole('link', { name: 'Deals' }).getAttribute('aria-current')).toBe('page');
    // On past the last link: focus leaves it, it closes, and what has focus then is in plain view.
    await tabTo(page, nav.getByRole('link', { name: names.at(-1)! }));
    await page.keyboard.press('Tab');
    expect(await nav.evaluate((n) => n.contains(document.activeElement)), 'focus has left the navigation').toBe(false);
    await expect.poll(() => sidebar.getAttribute('data-expanded')).toBe('false');
    const next = await readFocus(page);
    expect(next.lost).toBe(false);
    expect(next.visible, `${next.label} shows focus: ${next.why}`).toBe(true);
    expect(next.coveredBy, `${next.label} is not under anything`).toBeNull();
  });

  // Dialogs, menus and panels at the narrowest width only: both phone widths share the layout below 480 px,
  // and 320 px is the stricter fit (about 80 s of browser time saved per run).
  if (narrowest) {
    const fits: OverlayCheck = { fits: true };

    it('home: the assistant panel', async () => {
      await goTo(page, DASHBOARD_SCREENS['']!);
      const opener = page.getByRole('banner').getByRole('button', { name: 'Open assistant' });
      await checkOverlay(page, 'the assistant panel', opener, page.getByRole('complementary', { name: 'Assistant' }), {
        ready: (panel) => panel.getByRole('textbox', { name: 'Message' }).waitFor(),
        modeless: true,
        ...fits,
      });
    });

    it('deals list: each filter menu, the close-date panel, Edit Columns and More actions', async () => {
      await goTo(page, DASHBOARD_SCREENS.deals!);
      for (const name of ['BY DEALOWNERS', 'BY DEALSTAGES', 'PIPELINES']) {
        const opener = page.getByRole('button', { name: new RegExp(`^${name}`) });
        await checkOverlay(page, `the ${name} menu`, opener, page.getByRole('menu', { name }), { ...MENU, ...fits });
      }
      const closeDate = page.getByRole('button', { name: /^CLOSE DATE/ });
      await checkOverlay(page, 'the close-date panel', closeDate, page.getByRole('group', { name: 'Close date' }), {
        scoped: true,
        ...fits,
      });
      const columns = page.getByRole('button', { name: 'Edit Columns' });
      await checkOverlay(page, 'Edit Columns', columns, page.getByRole('menu', { name: 'Columns' }), { ...MENU, ...fits });
      const more = page.getByRole('button', { name: 'More actions' });
      await checkOverlay(page, 'More actions', more, page.getByRole('menu', { name: 'More actions' }), { ...MENU, ...fits });
    });

    it('deal detail: Read more and Save Changes', async () => {
      await goTo(page, DASHBOARD_SCREENS['deals/:id']!);
      const readMore = page.getByRole('button', { name: /^Read more: / }).first();
      if (await readMore.count()) await checkOverlay(page, 'Read more', readMore, page.getByRole('dialog'), fits);
      const stage = page.getByLabel('Stage', { exact: true });
      await checkOverlay(page, 'Save Changes', stage, dialog(page, 'Save Changes'), { openKey: 'ArrowDown', ...fits });
    });

    it('meetings: upcoming calls and a recording’s details; meeting page: the follow-up email', async () => {
      await goTo(page, DASHBOARD_SCREENS.meetings!);
      const upcoming = page.getByRole('button', { name: 'View upcoming calls' });
      await checkOverlay(page, 'Upcoming Calls', upcoming, dialog(page, 'Upcoming Calls'), fits);
      const view = page.getByRole('button', { name: /^View / }).first();
      if (await view.count()) await checkOverlay(page, 'the recording details', view, page.getByRole('dialog'), fits);
      await goTo(page, DASHBOARD_SCREENS['meeting/:id']!);
      await checkOverlay(
        page,
        'Follow-up email',
        page.getByRole('button', { name: 'Generate AI Email' }),
        dialog(page, 'Follow-up email'),
        {
          ready: (d) => d.getByLabel('Subject').or(d.getByRole('alert')).first().waitFor({ timeout: 30_000 }),
          ...fits,
        },
      );
    });

    it('upload: the upload dialog and Delete video', async () => {
      await goTo(page, DASHBOARD_SCREENS.upload!);
      const upload = dialog(page, 'Upload New Video Content');
      await checkOverlay(page, 'upload', page.getByRole('button', { name: 'Upload Video' }), upload, {
        // The longest of its forms: a file to choose; the walk starts on its first field.
        ready: async (d) => {
          await d.getByRole('radio', { name: 'Video file' }).check();
          await d.getByLabel('Pipeline').focus();
        },
        ...fits,
      });
      const remove = page.getByRole('button', { name: /^Delete / }).first();
      if (await remove.count()) await checkOverlay(page, 'Delete video?', remove, dialog(page, 'Delete video?'), fits);
    });

    it('settings: Add User, Edit user, the WhatsApp number, both disconnect confirmations and Remove number', async () => {
      await goToSettings(page, 'users');
      await checkOverlay(page, 'Add New User', page.getByRole('button', { name: 'Add User' }), dialog(page, 'Add New User'), fits);
      const edit = page.getByRole('button', { name: 'Edit Meera Iyer' });
      await checkOverlay(page, 'Edit user', edit, dialog(page, 'Edit Meera Iyer'), fits);

      await connectedIntegrations(page);
      await goToSettings(page, 'integrations');
      const whatsapp = card(page, 'WhatsApp').getByRole('button', { name: /WhatsApp/ });
      await checkOverlay(page, 'the WhatsApp number', whatsapp, page.getByRole('dialog', { name: /WhatsApp/ }), fits);
      for (const provider of ['Google', 'HubSpot']) {
        const disconnect = card(page, provider).getByRole('button', { name: 'Disconnect' });
        await checkOverlay(page, `Disconnect ${provider}?`, disconnect, dialog(page, `Disconnect ${provider}?`), fits);
      }
      await removeWhatsappNumberByKeyboard(page, '+91 90000 22220', fits);
    });
  }

  it('raised no uncaught errors in the pages', () => {
    expect(pageErrors).toEqual([]);
  });
});

/** A one-second recording, small enough to upload in a moment. */
const smallRecording = () => makeTestVideo(MEDIA_DIR, 'keyboard-upload.mp4', { size: '160x120', frameRate: 10, seconds: 1 });
