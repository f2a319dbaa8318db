import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from './cookies';

/** dist/route-preloads.json, written by the web build: per path pattern, what that page loads. */
type RoutePreloads = Record<string, { js: string[]; css: string[]; fetch?: string[] }>;

const IMMUTABLE = 'public, max-age=31536000, immutable';

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  return want.length === got.length && want.every((part, i) => part.startsWith(':') || part === got[i]);
}

type Encoding = 'br' | 'gzip';

/** The best of brotli and gzip that an Accept-Encoding header allows (q=0 refuses), else none. */
export function pickEncoding(header: string | undefined): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name) weights.set(name, q ? Number(q.slice(2)) : 1);
  }
  const allowed = (e: Encoding) => (weights.get(e) ?? weights.get('*') ?? 0) > 0;
  return allowed('br') ? 'br' : allowed('gzip') ? 'gzip' : null;
}

type Page = { html: string; br: Buffer; gzip: Buffer };

/** An API preload's link, whose href may name the page pattern's parameters (`:id`). */
const FETCH_PRELOAD = /<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]*\/:\w[^"]*)">/g;
/** A path parameter the server puts in a preload as it is: an id (a UUID, a number). */
const PLAIN_PARAM = /^[\w-]{1,100}$/;

function paramsOf(pattern: string, pathname: string): Map<string, string> {
  const got = pathname.split('/').filter(Boolean);
  const params = new Map<string, string>();
  pattern
    .split('/')
    .filter(Boolean)
    .forEach((part, i) => {
      if (part.startsWith(':')) params.set(part, got[i] ?? '');
    });
  return params;
}

/**
 * A page whose API preloads name the path's parameters (the meeting page's `/api/videos/:id`):
 * each path gets its own ids in them, and its own compressed forms (quickly, not at the best
 * ratio: they are made per request). A parameter that is not a plain id drops its preload.
 */
function withPathParams(page: Page, pattern: string, pathname: string): Page {
  const params = paramsOf(pattern, pathname);
  const html = page.html.replace(FETCH_PRELOAD, (link, href: string) => {
    let ok = true;
    const filled = href.replace(/:\w+/g, (name) => {
      const value = params.get(name) ?? '';
      ok &&= PLAIN_PARAM.test(value);
      return value;
    });
    return ok ? link.replace(href, filled) : '';
  });
  return {
    html,
    br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: zlib.gzipSync(html, { level: 6 }),
  };
}

/**
 * The CSP sources ('sha256-…') of the inline scripts in the built index.html: the one that starts
 * the app after the first paint (apps/web/build/boot-after-paint.ts). No other inline script runs.
 */
export function pageScriptHashes(webDist: string): string[] {
  const indexPath = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexPath)) return [];
  const html = fs.readFileSync(indexPath, 'utf8');
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${crypto.createHash('sha256').update(body!).digest('base64')}'`,
  );
}

/** An entry stylesheet's link in the built index.html, and a page's stylesheet preload. */
const ENTRY_STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g;
const PAGE_STYLE_PRELOAD = /<link rel="preload" as="style" crossorigin href="(\/assets\/[\w.-]+\.css)">/g;
/** A stylesheet the page has inline: the browser fetches nothing for a disabled link. */
const disabledLink = (href: string) => `<link rel="stylesheet" disabled href="${href}">`;
/** A script or API preload, on a line of its own in the head. */
const SCRIPT_OR_FETCH_PRELOAD = /\n *<link rel="(?:modulepreload|preload" as="fetch)" [^>]*>/g;

/** dist/prerendered.json, written by the web build: per path pattern, its first paint as HTML. */
type FirstPaints = Record<string, string>;

/**
 * A dashboard page's first paint (its frame) goes to visitors with a session cookie, whom the app
 * does not send to /signin; a signed-out page's (the sign-in form) to everyone.
 */
const isDashboard = (pattern: string) => pattern === '/dashboard' || pattern.startsWith('/dashboard/');

const readJson = <T>(file: string, otherwise: T): T => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : otherwise);

/**
 * index.html for a client route, with <link rel="modulepreload"> for that page's chunks, a preload
 * of its CSS and of the API answers it asks for at once (the session check, sent with the
 * cookies as the app's own request is, so the browser hands that answer over), so they download
 * beside the entry instead of after it runs. A visitor with a session cookie gets the page's
 * first paint too (a dashboard page's frame, prerendered by the build), and every visitor gets
 * /signin's (its form), with the CSS it needs inline, so it paints before any script has run; the app removes it when its own screen is on
 * (apps/web/src/lib/first-paint.ts). Each variant is built and compressed once; a path no
 * pattern matches gets index.html as built.
 */
export function pageRenderer(webDist: string): (pathname: string, search?: string, hasSession?: boolean) => Page {
  const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const preloads = readJson<RoutePreloads>(path.join(webDist, 'route-preloads.json'), {});
  const firstPaints = readJson<FirstPaints>(path.join(webDist, 'prerendered.json'), {});
  const pages = new Map<string, Page>();
  const cssOf = (href: string) => fs.readFileSync(path.join(webDist, href), 'utf8');
  const firstPaintOf = (pattern: string, css: string[]) => {
    const styles = css.map(cssOf).join('\n');
    return {
      head: styles ? `<style>${styles}</style>` : '',
      body: `<div id="first-paint" class="first-paint" inert aria-hidden="true">${firstPaints[pattern]}</div>`,
    };
  };
  /**
   * A page that paints from its HTML needs no stylesheet request: the entry's stylesheets go inline
   * where their links were (same order, so the same cascade), as the page's own do (firstPaintOf).
   * Each sheet keeps a link, disabled, which the browser does not fetch: the app's chunk loader
   * sees the sheet as present and neither fetches it nor adds it again after the others. On a slow
   * link every request spared is a round trip the page's data and scripts do not queue behind.
   */
  const paintFromHtml = (html: string, css: string[]) =>
    html
      .replace(ENTRY_STYLESHEET, (_link, href: string) => `<style>${cssOf(href)}</style>${disabledLink(href)}`)
      .replace(PAGE_STYLE_PRELOAD, (link, href: string) => (css.includes(href) ? disabledLink(href) : link));
  /**
   * A page that paints from its HTML asks for its scripts and API answers once that paint is on
   * screen: their links wait in <template id="after-paint"> (a template's content is inert, so the
   * browser fetches nothing for it), and the start script puts them in the document as it starts
   * the app (apps/web/build/boot-after-paint.ts). On a slow link the paint then waits for the
   * HTML alone, not for the page's scripts and answers downloading beside it.
   */
  const holdPreloadsForPaint = (html: string) => {
    const held = html.match(SCRIPT_OR_FETCH_PRELOAD) ?? [];
    if (held.length === 0) return html;
    const template = `<template id="after-paint">${held.map((link) => link.trim()).join('')}</template>`;
    return html.replace(SCRIPT_OR_FETCH_PRELOAD, '').replace('</head>', `    ${template}\n  </head>`);
  };
  const build = (pattern: string | undefined, withQuery: boolean, withFirstPaint: boolean): Page => {
    const { js = [], css = [], fetch = [] } = pattern ? preloads[pattern]! : {};
    // An API preload with a query string is what the page asks for when its own URL has none.
    const requests = withQuery ? fetch.filter((href) => !href.includes('?')) : fetch;
    const links = [
      ...requests.map((href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`),
      ...js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
      ...css.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
    ];
    let html = links.length ? index.replace('</head>', `    ${links.join('\n    ')}\n  </head>`) : index;
    if (pattern && withFirstPaint) {
      const firstPaint = firstPaintOf(pattern, css);
      html = holdPreloadsForPaint(paintFromHtml(html, css));
      html = html.replace('</head>', `    ${firstPaint.head}\n  </head>`).replace('<div id="root">', `${firstPaint.body}<div id="root">`);
    }
    return { html, br: zlib.brotliCompressSync(html), gzip: zlib.gzipSync(html, { level: 9 }) };
  };
  return (pathname, search = '', hasSession = false) => {
    const pattern = Object.keys(preloads).find((p) => matches(p, pathname));
    const withQuery = search !== '' && search !== '?';
    const withFirstPaint = pattern !== undefined && pattern in firstPaints && (hasSession || !isDashboard(pattern));
    const key = `${pattern ?? ''}${withQuery ? '?' : ''}${withFirstPaint ? '+' : ''}`;
    let page = pages.get(key);
    if (!page) {
      page = build(pattern, withQuery, withFirstPaint);
      pages.set(key, page);
    }
    return pattern && page.html.search(FETCH_PRELOAD) !== -1 ? withPathParams(page, pattern, pathname) : page;
  };
}

/**
 * Serves the built web app. Assets go out as the build's brotli or gzip files when the browser
 * accepts them (`preCompressed`, with `Vary: Accept-Encoding`); hashed assets are cached for a
 * year; index.html and the pages go out with no-cache, so a reload always gets the current deploy.
 * Unknown non-API GETs answer the page (index.html plus that route's preloads) so client routes
 * load; unknown API paths answer a JSON 404, and unknown files under /assets/ a plain 404.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const indexPath = path.join(webDist, 'index.html');
  const built = fs.existsSync(indexPath);
  const page = built ? pageRenderer(webDist) : null;
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        void res.header('cache-control', immutable ? IMMUTABLE : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app is not built: run `npm run build`');
  }

  app.setNotFoundHandler((request, reply) => {
    const [pathname = '/', query = ''] = request.url.split('?', 2);
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!wantsPage || pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send({ detail: `Not found: ${request.method} ${pathname}` });
    }
    if (pathname.startsWith('/assets/')) {
      // A chunk another deploy had: a 404 the page's import() fails on at once (the app then reloads
      // to the new deploy), not the page with a 200 under a script's name.
      return reply.status(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not found');
    }
    // The front door: the dashboard for a visitor with a session cookie, the sign-in screen for
    // anyone else (a cookie whose session ended is sent on to /signin by the dashboard's guard).
    if (pathname === '/') {
      const to = request.cookies?.[SESSION_COOKIE] ? '/dashboard' : '/signin';
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'cookie')
        .redirect(query ? `${to}?${query}` : to, 302);
    }
    if (!page) {
      return reply.status(503).type('text/plain').send('The Pipewise web app is not built. Run `npm run build`, then restart.');
    }
    // The not-found handler is no route, so the compression hook does not see it: pages carry
    // their own compressed forms.
    const hasSession = Boolean(request.cookies?.[SESSION_COOKIE]);
    const { html, ...compressed } = page(pathname, query, hasSession);
    const encoding = pickEncoding(request.headers['accept-encoding']);
    void reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
    return encoding ? reply.header('content-encoding', encoding).send(compressed[encoding]) : reply.send(html);
  });
}
