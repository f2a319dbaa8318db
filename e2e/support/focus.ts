import type { Locator, Page } from 'playwright-core';

/**
 * Keyboard-only helpers for the accessibility suite: where focus is, whether it shows, and moving
 * it with Tab alone.
 */

export type FocusReading = {
  /** Focus is on <body> (or nowhere): a keyboard user has lost their place. */
  lost: boolean;
  /** A short description for messages: tag, role, accessible name or text. */
  label: string;
  /** The focus indicator is drawn: an outline or a box-shadow, at least 1 px, 3:1 against what is behind it. */
  visible: boolean;
  /** Why not, when it is not. */
  why: string;
  /** The element's stable tab-walk mark (set on first visit), to notice a full cycle. */
  mark: string;
  inDialog: boolean;
  /**
   * What covers the middle of the focused element (a sticky header, a fixed bar, a panel over the
   * page), or null when the user can see it there.
   */
  coveredBy: string | null;
};

/**
 * Reads the focused element in the page. The indicator must differ from the colour it is drawn on:
 * the nearest opaque background behind the element (its own, for an inset outline or shadow).
 */
export function readFocus(page: Page): Promise<FocusReading> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) {
      const lost = { lost: true, label: el?.tagName.toLowerCase() ?? 'nothing', visible: false, why: 'focus on body', mark: '' };
      return { ...lost, inDialog: false, coveredBy: null };
    }
    // One 1x1 canvas per document turns any CSS colour into RGBA.
    const holder = window as unknown as { focusProbe?: CanvasRenderingContext2D };
    if (!holder.focusProbe) {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      holder.focusProbe = canvas.getContext('2d', { willReadFrequently: true })!;
    }
    const ctx = holder.focusProbe;
    const rgba = (colour: string): [number, number, number, number] => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = colour;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const luminance = ([r, g, b]: number[]) => {
      const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
    };
    const contrast = (a: number[], b: number[]) => {
      const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (l1! + 0.05) / (l2! + 0.05);
    };
    const backgroundFrom = (start: Element | null): number[] => {
      for (let node = start; node; node = node.parentElement) {
        const [r, g, b, a] = rgba(getComputedStyle(node).backgroundColor);
        if (a >= 0.5) return [r, g, b];
      }
      return [255, 255, 255];
    };
    const style = getComputedStyle(el);
    const outer = backgroundFrom(el.parentElement);
    const inner = backgroundFrom(el);
    const problems: string[] = [];
    let visible = false;

    const outlineWidth = Number.parseFloat(style.outlineWidth) || 0;
    if (style.outlineStyle !== 'none' && outlineWidth >= 1) {
      const [r, g, b, a] = rgba(style.outlineColor);
      const behind = (Number.parseFloat(style.outlineOffset) || 0) + outlineWidth <= 0 ? inner : outer;
      const ratio = contrast([r, g, b], behind);
      if (a >= 0.5 && ratio >= 3) visible = true;
      else problems.push(`outline ${style.outlineColor} is ${ratio.toFixed(2)}:1 against rgb(${behind.join(', ')})`);
    } else problems.push(`no outline (${style.outlineStyle} ${style.outlineWidth})`);

    if (!visible && style.boxShadow !== 'none') {
      // Comma-separated shadows; commas inside rgb(...) do not split.
      for (const shadow of style.boxShadow.split(/,(?![^(]*\))/)) {
        const colour = /(rgba?|color|oklch|oklab|hsla?)\([^)]*\)|#[0-9a-f]{3,8}/i.exec(shadow)?.[0] ?? style.color;
        const lengths = shadow
          .replace(colour, '')
          .trim()
          .split(/\s+/)
          .filter((t) => /px$/.test(t))
          .map((t) => Number.parseFloat(t));
        const [, , blur = 0, spread = 0] = lengths;
        if (blur <= 0 && spread <= 0) continue;
        const [r, g, b, a] = rgba(colour);
        const behind = /inset/.test(shadow) ? inner : outer;
        const ratio = contrast([r, g, b], behind);
        if (a >= 0.5 && ratio >= 3) visible = true;
        else problems.push(`box-shadow ${colour} is ${ratio.toFixed(2)}:1`);
      }
    }
    const rect = el.getBoundingClientRect();
    // An element under the point that is neither the focused one, inside it, nor around it lies over it.
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    const over = hit && hit !== el && !el.contains(hit) && !hit.contains(el) ? hit : null;
    const coveredBy = over ? `${over.tagName.toLowerCase()}${over.className ? `.${String(over.className).split(' ')[0]}` : ''}` : null;
    if (rect.width < 1 || rect.height < 1) {
      visible = false;
      problems.push('the focused element has no size on screen');
    } else if (visible) {
      // The ring around the element must mostly show: not cut away by an ancestor that clips its overflow.
      const reach = Math.max(0, (Number.parseFloat(style.outlineOffset) || 0) + outlineWidth);
      type Box = { left: number; top: number; right: number; bottom: number };
      const ring: Box = { left: rect.left - reach, top: rect.top - reach, right: rect.right + reach, bottom: rect.bottom + reach };
      let clip: Box = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const s = getComputedStyle(node);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const r = node.getBoundingClientRect();
        const left = r.left + node.clientLeft;
        const top = r.top + node.clientTop;
        clip = {
          left: Math.max(clip.left, left),
          top: Math.max(clip.top, top),
          right: Math.min(clip.right, left + node.clientWidth),
          bottom: Math.min(clip.bottom, top + node.clientHeight),
        };
      }
      const area = (b: Box) => Math.max(0, b.right - b.left) * Math.max(0, b.bottom - b.top);
      const within = (b: Box): Box => ({
        left: Math.max(b.left, clip.left),
        top: Math.max(b.top, clip.top),
        right: Math.min(b.right, clip.right),
        bottom: Math.min(b.bottom, clip.bottom),
      });
      const ringArea = area(ring) - area(rect);
      const shown = area(within(ring)) - area(within(rect));
      if (reach > 0 && shown < ringArea / 2) {
        visible = false;
        const at = (b: Box) => [b.left, b.top, b.right, b.bottom].map(Math.round).join(',');
        problems.push(
          `the focus ring is clipped (${Math.round((100 * shown) / ringArea)}% of it shows: ring ${at(ring)}, clip ${at(clip)})`,
        );
      }
    }

    const name =
      el.getAttribute('aria-label') ??
      (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null) ??
      el.closest('label')?.textContent ??
      el.textContent ??
      '';
    const role = el.getAttribute('role');
    const label = `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${name.replace(/\s+/g, ' ').trim().slice(0, 60)}"`;
    if (!el.dataset.tabWalk) el.dataset.tabWalk = String(document.querySelectorAll('[data-tab-walk]').length + 1);
    return {
      lost: false,
      label,
      visible,
      why: problems.join('; '),
      mark: el.dataset.tabWalk,
      inDialog: Boolean(el.closest('[role="dialog"],[role="alertdialog"]')),
      coveredBy,
    };
  });
}

/**
 * readFocus, read again half a second later when the indicator does not show or something lies over
 * the element: what a user sees once the page has settled (a video that has just learnt its size, a
 * dialog still opening, a panel sliding shut), which a busy machine can take a moment to lay out. A
 * ring hidden for good still fails.
 */
export async function readSettledFocus(page: Page): Promise<FocusReading> {
  const reading = await readFocus(page);
  if (reading.lost || (reading.visible && !reading.coveredBy)) return reading;
  await page.waitForTimeout(500);
  return readFocus(page);
}

export type TabWalk = { stops: FocusReading[]; invisible: string[]; covered: string[]; lostAfter: string | null };

/**
 * Presses Tab from where focus is until it comes back to a stop already seen (a full cycle, or the
 * end of the page) or `max` presses, reading each stop. Focus on <body> between two elements is
 * lost focus, unless it is the end of the page (the next Tab starts again at the top).
 */
export async function tabWalk(page: Page, max = 150): Promise<TabWalk> {
  await page.evaluate(() => document.querySelectorAll('[data-tab-walk]').forEach((e) => e.removeAttribute('data-tab-walk')));
  const stops: FocusReading[] = [];
  const seen = new Set<string>();
  let lostAfter: string | null = null;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const reading = await readSettledFocus(page);
    if (reading.lost) {
      // The end of the page: the next Tab must start again at the top.
      await page.keyboard.press('Tab');
      const next = await readFocus(page);
      if (next.lost) lostAfter = stops.at(-1)?.label ?? 'the start';
      break;
    }
    if (seen.has(reading.mark)) break;
    seen.add(reading.mark);
    stops.push(reading);
  }
  const invisible = stops.filter((s) => !s.visible).map((s) => `${s.label}: ${s.why}`);
  const covered = stops.filter((s) => s.coveredBy).map((s) => `${s.label} under ${s.coveredBy}`);
  return { stops, invisible, covered, lostAfter };
}

/**
 * Presses Tab (or Shift+Tab) until the focused element is `target`; fails if focus falls on <body>
 * on the way or the target is not reached in `max` presses.
 */
export async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}): Promise<void> {
  const handle = await target.elementHandle();
  if (!handle) throw new Error('tabTo: target not on the page');
  for (let i = 0; i < max; i++) {
    if (await handle.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const reading = await readFocus(page);
    if (reading.lost && i < max - 1) {
      // Past the end of the page: one more Tab starts at the top again; twice on <body> is lost.
      await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
      if ((await readFocus(page)).lost) throw new Error('tabTo: focus was lost to <body>');
    }
  }
  throw new Error(`tabTo: ${await target.evaluate((el) => el.outerHTML.slice(0, 120))} not reached in ${max} Tab presses`);
}

/** Presses ArrowDown (in a menu or list) until the focused element is `target`; fails if it is not reached in `max` presses. */
export async function arrowTo(page: Page, target: Locator, max = 40): Promise<void> {
  const handle = await target.elementHandle();
  if (!handle) throw new Error('arrowTo: target not on the page');
  for (let i = 0; i < max; i++) {
    if (await handle.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`arrowTo: ${await target.evaluate((el) => el.outerHTML.slice(0, 120))} not reached in ${max} ArrowDown presses`);
}

/** Whether `target` has focus now. */
export const hasFocus = (target: Locator): Promise<boolean> => target.evaluate((el) => el === document.activeElement);

/** Waits until `target` has focus (focus moves after a render or an animation), up to `timeoutMs`. */
export async function waitForFocus(target: Locator, timeoutMs = 3000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await hasFocus(target).catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}
