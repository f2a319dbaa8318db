import type { Plugin } from 'vite';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * The page paints before the app's code runs: the entry is preloaded as the build had it, but
 * started by a small inline script after the first frame (a frame, then a task), so what the HTML
 * shows (the loading indicator, or a dashboard page's first paint) is on screen while a phone
 * evaluates the app. A page in a background tab, which gets no frames, starts at once. The
 * preloads the server held back until then (in <template id="after-paint">) start with it. The server
 * allows exactly this script by its hash in the CSP (apps/server/src/plugins/spa.ts).
 */
export function bootAfterPaint(): Plugin {
  return {
    name: 'pipewise:boot-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = ENTRY_SCRIPT.exec(html);
        if (!entry) throw new Error('boot-after-paint: no entry <script type="module"> in index.html');
        const src = entry[1];
        // The server may hold a page's preloads back in <template id="after-paint"> (a page that
        // paints from its HTML): they go into the document, and so start, as the app starts.
        const boot =
          `const start = () => {const later = document.getElementById('after-paint');` +
          `if (later) document.head.append(later.content);` +
          `return import(${JSON.stringify(src)});};` +
          `document.visibilityState === 'visible' ? requestAnimationFrame(() => setTimeout(start)) : start();`;
        return html.replace(entry[0], `<link rel="modulepreload" crossorigin href="${src}">\n    <script type="module">${boot}</script>`);
      },
    },
  };
}
