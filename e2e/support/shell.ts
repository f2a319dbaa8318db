import type { Locator, Page } from 'playwright-core';

/** Locators and readings for the dashboard shell, by role and name rather than CSS classes. */

export const mainNav = (page: Page): Locator => page.getByRole('navigation', { name: 'Main' });

export const headerTitle = (page: Page): Locator => page.getByRole('banner').getByRole('heading', { level: 1 });

export type SidebarReading = { width: number; labelWidths: number[]; wordmarkVisible: boolean };

/**
 * How the sidebar looks right now: its width, the rendered width of each entry's label (an
 * sr-only label is 1 px or clipped to nothing) and whether the 'Pipewise' wordmark shows.
 */
export async function readSidebar(page: Page): Promise<SidebarReading> {
  return mainNav(page).evaluate((nav) => {
    const visibleWidth = (el: Element) => {
      const style = getComputedStyle(el);
      const clipped = style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)';
      return clipped || style.visibility === 'hidden' ? 0 : el.getBoundingClientRect().width;
    };
    const sidebar = nav.closest('aside') ?? nav;
    const labels = [...nav.querySelectorAll('a')].map((a) => {
      const label = [...a.querySelectorAll('span')].find((s) => s.textContent?.trim());
      return label ? visibleWidth(label) : 0;
    });
    const wordmark = [...sidebar.querySelectorAll('span')].find((s) => s.textContent?.trim() === 'Pipewise');
    return {
      width: sidebar.getBoundingClientRect().width,
      labelWidths: labels,
      wordmarkVisible: wordmark ? visibleWidth(wordmark) > 8 : false,
    };
  });
}

export const isExpanded = (r: SidebarReading): boolean => r.labelWidths.length > 0 && r.labelWidths.every((w) => w > 8);
export const isCollapsed = (r: SidebarReading): boolean => r.labelWidths.length > 0 && r.labelWidths.every((w) => w <= 1);

/** Polls until `check` holds; returns the milliseconds it took from `since` (a Date.now value). */
export async function waitUntil(check: () => Promise<boolean>, since: number, timeoutMs = 2000, everyMs = 15): Promise<number> {
  for (;;) {
    if (await check()) return Date.now() - since;
    if (Date.now() - since > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * The accessible text of an element: text nodes, plus the aria-label of role="img" elements
 * (an icon standing for a word), skipping aria-hidden subtrees; whitespace collapsed.
 */
export async function accessibleText(locator: Locator): Promise<string> {
  return locator.evaluate((root) => {
    const walk = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (!(node instanceof Element) || node.getAttribute('aria-hidden') === 'true') return '';
      if (node.getAttribute('role') === 'img') return ` ${node.getAttribute('aria-label') ?? ''} `;
      if (node instanceof HTMLImageElement) return ` ${node.alt} `;
      return [...node.childNodes].map(walk).join('');
    };
    return walk(root).replace(/\s+/g, ' ').trim();
  });
}
