import { useLayoutEffect } from 'react';

/**
 * The dashboard's first paint: for a signed-in visitor the server sends the page's frame, rendered
 * at build time (app/prerender.tsx), as an inert layer over the app (#first-paint), so it paints
 * before any script has run. The app takes it away in the same frame as it shows its own screen.
 */
export const FIRST_PAINT_ID = 'first-paint';

function releaseFirstPaint(): void {
  document.getElementById(FIRST_PAINT_ID)?.remove();
}

/** Takes the first-paint layer away once this commits (and `when` holds): the app's own screen is on. */
export function useReleaseFirstPaint(when = true): void {
  useLayoutEffect(() => {
    if (when) releaseFirstPaint();
  }, [when]);
}

/** Rendered beside a screen: once the screen is committed, the first-paint layer goes. */
export function ReleaseFirstPaint(): null {
  useReleaseFirstPaint();
  return null;
}
