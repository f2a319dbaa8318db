import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { pickEncoding } from './spa';

/**
 * The built web app as the server sends it: the build's .br/.gz files chosen by Accept-Encoding,
 * hashed assets cached for a year, and each page's chunks preloaded from route-preloads.json.
 */

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-spa-'));
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(', ')}];\n`;
const STYLE = `${Array.from({ length: 100 }, (_, i) => `.c${i} { color: red; }`).join('\n')}\n`;
/** The entry's own stylesheet, which index.html links (a `$` in it stays as it is). */
const ENTRY_STYLE = `body { margin: 0; }\n.price::before { content: '$&'; }\n`;
/** The start script the web build writes inline (apps/web/build/boot-after-paint.ts). */
const START_SCRIPT = `const start = () => import("/assets/index-abc.js");requestAnimationFrame(() => setTimeout(start));`;
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Pipewise</title>
    <meta name="description" content="${'Pipewise: your sales assistant for deals, meetings and calls. '.repeat(20)}" />
    <link rel="modulepreload" crossorigin href="/assets/index-abc.js">
    <script type="module">${START_SCRIPT}</script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;
/** dist/prerendered.json: the first paint of a dashboard page and of /signin, as the build renders them. */
const FIRST_PAINTS = {
  '/dashboard/deals/:id': '<div class="shell"><main>Deal frame</main></div>',
  '/signin': '<main class="auth-page"><h1>Sign in</h1></main>',
};
const PRELOADS = {
  '/signin': { js: ['/assets/sign-in-page-abc.js'], css: [] },
  '/dashboard/deals': {
    js: ['/assets/deals-page-abc.js'],
    css: [],
    fetch: ['/api/session/profile', '/api/deal/list?page=1', '/api/deal/owners'],
  },
  '/dashboard/meeting/:id': { js: ['/assets/meeting-page-abc.js'], css: [], fetch: ['/api/session/profile', '/api/videos/:id'] },
  '/dashboard/deals/:id': {
    js: ['/assets/deal-detail-page-abc.js', '/assets/card-abc.js'],
    css: ['/assets/deals-abc.css'],
    fetch: ['/api/session/profile'],
  },
};

/** A file and its build-time .br/.gz siblings, as apps/web/build/precompress.ts writes them. */
function writeCompressed(relative: string, content: string): void {
  const file = path.join(webDist, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
}

let t: TestApp;

beforeAll(async () => {
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(webDist, 'route-preloads.json'), JSON.stringify(PRELOADS));
  fs.writeFileSync(path.join(webDist, 'prerendered.json'), JSON.stringify(FIRST_PAINTS));
  writeCompressed('assets/index-abc.js', SCRIPT);
  writeCompressed('assets/deals-abc.css', STYLE);
  writeCompressed('assets/index-abc.css', ENTRY_STYLE);
  t = await createTestApp({ env: { WEB_DIST: webDist } });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), ...(cookie ? { cookie } : {}) },
  });

describe('built assets', () => {
  it('sends the brotli file when accepted, with the type of the original and a year of caching', async () => {
    const res = await get('/assets/index-abc.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('sends the gzip file to a browser without brotli', async () => {
    const res = await get('/assets/deals-abc.css', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(STYLE);
  });

  it('sends the file itself when no encoding is accepted, still varying on Accept-Encoding', async () => {
    const res = await get('/assets/index-abc.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(SCRIPT);
  });
});

describe('pages', () => {
  it("preloads the page's own chunks and CSS, not other pages'", async () => {
    const res = await get('/dashboard/deals/42');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/deal-detail-page-abc.js">');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/card-abc.js">');
    expect(res.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/deals-abc.css">');
    expect(res.body).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/session/profile">');
    expect(res.body).not.toContain('sign-in-page');
    expect(res.body.indexOf('deal-detail-page-abc.js')).toBeLessThan(res.body.indexOf('</head>'));

    const signin = await get('/signin');
    expect(signin.body).toContain('href="/assets/sign-in-page-abc.js"');
    expect(signin.body).not.toContain('deal-detail-page');
    expect(signin.body).not.toContain('/api/session/profile');
  });

  it('preloads an API request with a query only for a page URL without one', async () => {
    const link = (href: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`;
    const plain = await get('/dashboard/deals');
    expect(plain.body).toContain(link('/api/deal/list?page=1'));
    expect(plain.body).toContain(link('/api/deal/owners'));
    const queried = await get('/dashboard/deals?page=2');
    expect(queried.body).not.toContain('/api/deal/list');
    expect(queried.body).toContain(link('/api/session/profile'));
    expect(queried.body).toContain(link('/api/deal/owners'));
    expect(queried.body).toContain('href="/assets/deals-page-abc.js"');
    expect((await get('/dashboard/deals')).body).toContain(link('/api/deal/list?page=1'));
  });

  it("preloads an API request that names the path's id with the page's own id, and not a malformed one", async () => {
    const link = (href: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`;
    const id = '190ed8af-0617-4947-af83-dcc1995e9f60';
    for (const cookie of [undefined, 'access_token=abc']) {
      const res = await get(`/dashboard/meeting/${id}`, 'br', cookie);
      const html = zlib.brotliDecompressSync(res.rawPayload).toString();
      expect(html).toContain(link(`/api/videos/${id}`));
      expect(html).toContain(link('/api/session/profile'));
      expect(html).not.toContain(':id');
      expect((await get('/dashboard/meeting/42', 'gzip', cookie)).rawPayload).toSatisfy((body: Buffer) =>
        zlib.gunzipSync(body).toString().includes(link('/api/videos/42')),
      );
    }
    const odd = await get('/dashboard/meeting/a%22b');
    expect(odd.statusCode).toBe(200);
    expect(odd.body).not.toContain('/api/videos/');
    expect(odd.body).toContain(link('/api/session/profile'));
  });

  it('opens the dashboard at / for a visitor with a session cookie, and the sign-in screen for anyone else', async () => {
    const signedIn = await get('/', undefined, 'access_token=abc');
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe('/dashboard');
    expect(signedIn.headers.vary).toMatch(/cookie/i);
    const visitor = await get('/');
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe('/signin');
    // A query (a campaign link's, say) goes along.
    expect((await get('/?ref=mail')).headers.location).toBe('/signin?ref=mail');
  });

  it('answers index.html as built for a path no page matches', async () => {
    const res = await get('/no/such/page');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  it('sends a page as brotli or gzip when accepted, varying on Accept-Encoding', async () => {
    const br = await get('/dashboard/deals/42', 'gzip, br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/html/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('deal-detail-page-abc.js');

    const gz = await get('/signin', 'gzip;q=1.0, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('sign-in-page-abc.js');

    const plain = await get('/signin');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it("puts a dashboard page's first paint over the app, with its CSS inline, for a visitor with a session cookie", async () => {
    const res = await get('/dashboard/deals/42', undefined, 'access_token=abc');
    expect(res.statusCode).toBe(200);
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.body).toContain(
      `<div id="first-paint" class="first-paint" inert aria-hidden="true">${FIRST_PAINTS['/dashboard/deals/:id']}</div><div id="root">`,
    );
    // The page's CSS is inline, so the first paint is styled without waiting for a request.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain(`<style>${STYLE}</style>`);
    // So is the entry's, where its link was (before the page's CSS, as in the cascade the app
    // has): the first paint waits for no stylesheet. The link stays, disabled (not fetched), so
    // the app's chunk loader finds the sheet present and does not add it again after the page's.
    expect(head).not.toContain('<link rel="stylesheet" crossorigin');
    expect(head).toContain(`<style>${ENTRY_STYLE}</style><link rel="stylesheet" disabled href="/assets/index-abc.css">`);
    expect(head.indexOf(ENTRY_STYLE)).toBeLessThan(head.indexOf(STYLE));
    // The page's CSS, inline too, is not preloaded: its link is there disabled, for the same reason.
    expect(head).not.toContain('<link rel="preload" as="style"');
    expect(head).toContain('<link rel="stylesheet" disabled href="/assets/deals-abc.css">');
    // The scripts and the API answers wait for the paint: their links are in the inert template the
    // start script puts in the document as it starts the app, and nowhere else, the entry's included.
    const held = /<template id="after-paint">(.*?)<\/template>/.exec(head)?.[1] ?? '';
    expect(held).toContain('<link rel="modulepreload" crossorigin href="/assets/index-abc.js">');
    expect(held).toContain('<link rel="modulepreload" crossorigin href="/assets/deal-detail-page-abc.js">');
    expect(held).toContain('<link rel="modulepreload" crossorigin href="/assets/card-abc.js">');
    expect(held).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/session/profile">');
    expect(head.replace(/<template id="after-paint">.*?<\/template>/, '')).not.toMatch(/rel="(modulepreload|preload)"/);
    expect(head).toContain(`<script type="module">${START_SCRIPT}</script>`);
    // Compressed the same way.
    const br = await get('/dashboard/deals/42', 'br', 'access_token=abc');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(res.body);
  });

  it('sends no first paint without a session cookie, nor for a page that has none', async () => {
    const signedOut = await get('/dashboard/deals/42');
    expect(signedOut.body).not.toContain('first-paint');
    expect(signedOut.body).not.toContain('<style>');
    // Without a first paint the page shows the loading indicator, styled by the linked stylesheet.
    expect(signedOut.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(signedOut.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/deals-abc.css">');
    expect(signedOut.body).not.toContain('disabled');
    // Nor does it hold its preloads back: they start with the HTML.
    expect(signedOut.body).not.toContain('after-paint');
    expect(signedOut.body).toContain('<link rel="modulepreload" crossorigin href="/assets/deal-detail-page-abc.js">');
    const other = await get('/dashboard/deals', undefined, 'access_token=abc');
    expect(other.body).not.toContain('first-paint');
  });

  it("puts the sign-in form's first paint over the app for every visitor, with the entry's CSS inline", async () => {
    for (const cookie of [undefined, 'access_token=abc']) {
      const res = await get('/signin', undefined, cookie);
      expect(res.body).toContain(
        `<div id="first-paint" class="first-paint" inert aria-hidden="true">${FIRST_PAINTS['/signin']}</div><div id="root">`,
      );
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head).toContain(`<style>${ENTRY_STYLE}</style><link rel="stylesheet" disabled href="/assets/index-abc.css">`);
      expect(head).toContain('<template id="after-paint"><link rel="modulepreload" crossorigin href="/assets/index-abc.js">');
      expect(/<template id="after-paint">.*?<\/template>/.exec(head)?.[0]).toContain('href="/assets/sign-in-page-abc.js"');
    }
    // Another signed-out page has none.
    expect((await get('/not-customer')).body).not.toContain('first-paint');
  });

  it("allows the page's inline start script, and only it, by its hash in the CSP", async () => {
    const hash = crypto.createHash('sha256').update(START_SCRIPT).digest('base64');
    for (const url of ['/dashboard/deals/42', '/signin', '/api/health']) {
      const csp = String((await get(url)).headers['content-security-policy']);
      const scriptSrc = csp
        .split(';')
        .find((d) => d.trim().startsWith('script-src'))!
        .trim();
      expect(scriptSrc, url).toBe(`script-src 'self' 'sha256-${hash}'`);
    }
  });

  it("answers a 404, not the page, for a chunk the current build does not have (a previous deploy's)", async () => {
    const res = await get('/assets/deals-page-old.js', 'gzip, br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).not.toContain('<html');
  });

  it('still answers unknown API paths with a JSON 404', async () => {
    const res = await get('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found: GET /api/no-such-thing' });
  });
});

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.1', 'br'],
    ['identity', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    [undefined, null],
  ])('%s -> %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
