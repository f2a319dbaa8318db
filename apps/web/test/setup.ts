import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { loadMenus } from '../src/components/ui/dropdown';
import { loadPopovers } from '../src/components/ui/popover';

// findBy* and waitFor give up after 1 s by default. A test that renders the whole app (session check, lazy
// screen chunks, deferred renders) took past 3 s on a busy 2-core machine, so every wait gets 10 s. Nothing
// here waits on purpose for something that never comes, so this only makes a wrong screen fail later: after
// 10 s, with the query's own message, inside the web project's 15 s test timeout. A wait that must not be
// this patient passes its own, shorter { timeout }.
configure({ asyncUtilTimeout: 10_000 });

// jsdom does not implement scrolling; the shell scrolls to the top on every route change.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// The menus' code loads on a screen's first opening; tests have it from the start, so a menu
// opens within the click that opens it.
beforeAll(async () => {
  await Promise.all([loadMenus(), loadPopovers()]);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});
