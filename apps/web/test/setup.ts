import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { loadMenus } from '../src/components/ui/dropdown';
import { loadPopovers } from '../src/components/ui/popover';

// findBy* and waitFor give up after 1 s by default, which a busy machine can exceed while a screen
// renders its data; a wrong screen still fails, only later.
configure({ asyncUtilTimeout: 5000 });

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
