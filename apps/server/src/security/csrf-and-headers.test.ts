import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../db/client';
import { CSRF_MESSAGE } from '../plugins/csrf';
import { apiRoutes, fillPath, STATE_CHANGING, type ApiRoute } from '../../test/route-table';
import { signIn, type TestSession } from '../../test/sessions';
import { createTestApp, csrfHeaders, type TestApp } from '../../test/test-app';

/**
 * CSRF and security headers over the whole route table (the OpenAPI document: a route added later
 * is covered without being listed). Every state-changing route refuses a missing, wrong or
 * self-made CSRF token and a foreign Origin before it runs; the only routes without the check are
 * the provider callbacks below, which a provider's servers call and which check its signature
 * instead. Every answer, API or page, carries the security headers.
 */

/** State-changing routes without the CSRF check, and why: a provider calls them, signing each request. */
const SIGNED_INSTEAD: Record<string, string> = {
  'POST /api/hubspot/webhook': "HubSpot's servers call it (no browser, no cookies); it checks X-HubSpot-Signature-v3 instead",
  'POST /api/whatsapp/webhook': "Meta's servers call it (no browser, no cookies); it checks X-Hub-Signature-256 instead",
};

const APP_URL = 'http://localhost:3000';
const FOREIGN = 'https://evil.example';
const CROSS_ORIGIN = 'Cross-origin request refused';

let t: TestApp;
let routes: ApiRoute[];
let admin: TestSession;
let other: TestSession;

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { OPERATOR_EMAILS: 'asha@acme.example' } });
  routes = await apiRoutes(t.app);
  admin = await signIn(t.database.db, 'asha@acme.example');
  other = await signIn(t.database.db, 'rahul@acme.example');
}, 180_000);
afterAll(() => t?.close());

const writes = () => routes.filter((r) => STATE_CHANGING.has(r.method));
const detailOf = (res: LightMyRequestResponse) => {
  try {
    return (res.json() as { detail?: unknown }).detail;
  } catch {
    return undefined;
  }
};

/** The rows an accepted write could have added or changed, to show the refused ones changed nothing. */
async function footprint(): Promise<Record<string, number>> {
  const tables = [
    'users',
    'deals',
    'companies',
    'contacts',
    'recordings',
    'sessions',
    'registration_requests',
    'pending_operations',
    'jobs',
  ];
  const out: Record<string, number> = {};
  for (const table of tables) {
    out[table] = (await execute<{ n: number }>(t.database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
  }
  out.dealVersions = (await execute<{ n: number }>(t.database.db, sql`select coalesce(sum(version), 0)::int as n from deals`))[0]!.n;
  return out;
}

/** A JSON body that does not parse: a request that passes the CSRF check stops at the parser (400), so it changes nothing. */
const BROKEN_JSON = { payload: '{"x":', headers: { 'content-type': 'application/json' } };

type Attack = { what: string; headers: Record<string, string>; message: string };
function attacks(): Attack[] {
  const own = admin.headers;
  const signedForOther = other.headers['x-csrf-token'];
  return [
    { what: 'signed in, no X-CSRF-Token', headers: { cookie: own.cookie }, message: CSRF_MESSAGE },
    {
      what: "signed in, another session's token in cookie and header",
      headers: { cookie: `access_token=${admin.token}; csrf_token=${signedForOther}`, 'x-csrf-token': signedForOther },
      message: CSRF_MESSAGE,
    },
    {
      what: 'signed in, a self-made token in cookie and header',
      headers: { cookie: `access_token=${admin.token}; csrf_token=abc.def`, 'x-csrf-token': 'abc.def' },
      message: CSRF_MESSAGE,
    },
    {
      what: 'signed in, header not matching the cookie',
      headers: { ...own, 'x-csrf-token': `${own['x-csrf-token']}x` },
      message: CSRF_MESSAGE,
    },
    { what: 'signed in, valid token, foreign Origin', headers: { ...own, origin: FOREIGN }, message: CROSS_ORIGIN },
    { what: "signed in, valid token, Origin 'null'", headers: { ...own, origin: 'null' }, message: CROSS_ORIGIN },
    { what: 'no cookies, no token', headers: {}, message: CSRF_MESSAGE },
    { what: 'signed out, valid pre-session token, foreign Origin', headers: { ...csrfHeaders, origin: FOREIGN }, message: CROSS_ORIGIN },
    { what: 'Bearer only, foreign Origin', headers: { ...admin.bearer, origin: FOREIGN }, message: CROSS_ORIGIN },
  ];
}

describe('CSRF on every state-changing route', () => {
  it('has the state-changing routes of the table, and the signed exceptions have reasons', () => {
    expect(writes().length).toBeGreaterThan(25);
    for (const [route, reason] of Object.entries(SIGNED_INSTEAD)) expect(reason.length, route).toBeGreaterThan(20);
  });

  it('refuses a missing, wrong or self-made token and a foreign Origin with 403 before the route runs', { timeout: 120_000 }, async () => {
    const before = await footprint();
    const failures: string[] = [];
    let refused = 0;
    for (const route of writes().filter((r) => !SIGNED_INSTEAD[r.name])) {
      for (const attack of attacks()) {
        const res = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url: fillPath(route),
          ...BROKEN_JSON,
          headers: { ...BROKEN_JSON.headers, ...attack.headers },
        });
        if (res.statusCode !== 403 || detailOf(res) !== attack.message) {
          failures.push(`${route.name} (${attack.what}): ${res.statusCode} ${res.body.slice(0, 120)}`);
        } else refused++;
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    console.info(`CSRF: ${refused} refusals over ${writes().length} state-changing routes`);
    // Refused before anything ran: the sessions (logout included), rows and versions are as they were.
    expect(await footprint()).toEqual(before);
    expect((await t.app.inject({ method: 'GET', url: '/api/session/profile', headers: admin.headers })).statusCode).toBe(200);
  });

  it('lets each route past the check with its own token and origin (it then refuses the broken body itself)', async () => {
    const failures: string[] = [];
    for (const route of writes().filter((r) => !SIGNED_INSTEAD[r.name])) {
      for (const headers of [{ ...admin.headers, origin: APP_URL }, { ...admin.bearer }]) {
        const res = await t.app.inject({
          method: route.method as InjectOptions['method'],
          url: fillPath(route),
          ...BROKEN_JSON,
          headers: { ...BROKEN_JSON.headers, ...headers },
        });
        if ([CSRF_MESSAGE, CROSS_ORIGIN].includes(detailOf(res) as string) || res.statusCode >= 500) {
          failures.push(`${route.name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers each signed provider callback without CSRF, but refuses an unsigned request', async () => {
    for (const route of writes().filter((r) => SIGNED_INSTEAD[r.name])) {
      const res = await t.app.inject({
        method: route.method as InjectOptions['method'],
        url: fillPath(route),
        payload: [{ subscriptionType: 'deal.propertyChange', objectId: 1 }],
        headers: { origin: FOREIGN },
      });
      expect(res.statusCode, `${route.name}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, route.name).toBeLessThan(500);
    }
  });
});

describe('security headers on every answer', () => {
  /** The checks every answer passes; `api` adds no-store (personal data, errors included). */
  function headerProblems(res: LightMyRequestResponse, api: boolean): string[] {
    const problems: string[] = [];
    const csp = String(res.headers['content-security-policy'] ?? '');
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    const scripts = directive('script-src') || directive('default-src');
    if (!scripts) problems.push('no script-src or default-src');
    if (/'unsafe-inline'|'unsafe-eval'|\*|https?:(?!\/)/.test(scripts)) problems.push(`scripts allow ${scripts}`);
    if (directive('frame-ancestors') !== "frame-ancestors 'none'") problems.push(`frame-ancestors: ${directive('frame-ancestors')}`);
    if (directive('object-src') !== "object-src 'none'") problems.push(`object-src: ${directive('object-src')}`);
    if (res.headers['x-content-type-options'] !== 'nosniff') problems.push('no nosniff');
    if (!['no-referrer', 'same-origin', 'strict-origin-when-cross-origin'].includes(String(res.headers['referrer-policy'])))
      problems.push(`referrer-policy ${res.headers['referrer-policy']}`);
    if (api && res.headers['cache-control'] !== 'no-store') problems.push(`cache-control ${res.headers['cache-control']}`);
    if (res.headers['strict-transport-security']) problems.push('HSTS over plain http');
    return problems;
  }

  it('on every API route, read by a signed-in caller and refused to a signed-out one', { timeout: 60_000 }, async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const method = route.method as InjectOptions['method'];
      const answers = [
        await t.app.inject({ method, url: fillPath(route) }),
        ...(route.method === 'GET' ? [await t.app.inject({ method, url: fillPath(route), headers: admin.headers })] : []),
      ];
      for (const res of answers) {
        const problems = headerProblems(res, true);
        if (problems.length) failures.push(`${route.name} (${res.statusCode}): ${problems.join('; ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('on the pages, the assets, an unknown API path and the API docs', async () => {
    for (const [url, api] of [
      ['/', false],
      ['/signin', false],
      ['/dashboard/deals', false],
      ['/api/no-such-route', true],
      // Addresses the router itself refuses (a lone surrogate's bytes, an overlong part): no route or hook runs for them.
      ['/api/videos/%ED%A0%BD', true],
      [`/api/videos/${'x'.repeat(5000)}`, true],
      ['/api/docs/json', true],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: url.startsWith('/dashboard') ? admin.headers : {} });
      expect(headerProblems(res, api), url).toEqual([]);
      if (res.statusCode >= 400) expect(res.json(), url).toEqual({ detail: expect.any(String) });
    }
  });
});

describe('HSTS behind https', () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((a) => a.close())));
  const appWith = async (env: Record<string, string>) => {
    const a = await createTestApp({ env });
    apps.push(a);
    return a;
  };
  const hsts = (res: LightMyRequestResponse) => res.headers['strict-transport-security'];

  it('is sent on every answer when APP_URL is https (behind a TLS-ending proxy), with upgrade-insecure-requests', async () => {
    const a = await appWith({ APP_URL: 'https://pipewise.example', TRUST_PROXY: '1' });
    for (const url of ['/api/health', '/api/users', '/signin']) {
      const res = await a.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(hsts(res), url).toMatch(/^max-age=(\d{8,}); includeSubDomains/);
      expect(Number(/max-age=(\d+)/.exec(String(hsts(res)))![1]), url).toBeGreaterThanOrEqual(31_536_000);
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    }
  });

  it("follows a trusted proxy's X-Forwarded-Proto: https gets HSTS (TRUST_PROXY=1), a client's own claim does not", async () => {
    const trusted = await appWith({ TRUST_PROXY: '1' });
    const viaHttps = await trusted.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(hsts(viaHttps)).toMatch(/^max-age=\d{8,}; includeSubDomains/);
    const viaHttp = await trusted.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(hsts(viaHttp)).toBeUndefined();
    const untrusted = await appWith({ TRUST_PROXY: '0' });
    const claimed = await untrusted.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(hsts(claimed)).toBeUndefined();
  });
});
