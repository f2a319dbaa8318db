import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from './app';
import { createTestApp, type TestApp } from '../test/test-app';

describe('app shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends helmet headers with a strict CSP on API and page responses', async () => {
    for (const url of ['/api/health', '/', '/api/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = res.headers['content-security-policy'];
      expect(csp, url).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
      // Plain-http APP_URL (development): no HSTS, which would pin localhost to https.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('echoes a well-formed x-request-id and makes one otherwise', async () => {
    const given = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-1234.abc_Z' } });
    expect(given.headers['x-request-id']).toBe('lb-1234.abc_Z');
    const made = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const hostile = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b\nc<script>' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI document with the health route at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/health']).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('refuses to start with an API route hidden from the OpenAPI document', async () => {
    const probe = await createTestApp({ database: t.database });
    try {
      const register = async () => {
        probe.app.get('/api/internal/thing', { schema: { hide: true } }, async () => ({}));
        probe.app.get('/api/internal/other', { schema: { tags: ['X-HIDDEN'] } }, async () => ({}));
        await probe.app.ready();
      };
      await expect(register()).rejects.toThrow(
        'GET /api/internal/thing is hidden from the OpenAPI document; every API route must be documented',
      );
    } finally {
      await probe.close().catch(() => undefined);
    }
  });
});

describe('request logs', () => {
  const SECRETS = [
    'bearer-secret-123',
    'cookie-secret-456',
    'csrf-secret-789',
    'code-secret-abc',
    'state-secret-def',
    'someone@acme.example',
  ];
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    // The same options main.ts gives the process logger.
    const logger = pino(loggerOptions('info') as pino.LoggerOptions, stream);
    t = await createTestApp({ loggerInstance: logger });
  });
  afterAll(() => t.close());

  it('log each request with its id but never tokens, cookies, codes or emails', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/google/callback?code=code-secret-abc&state=state-secret-def&email=${encodeURIComponent(SECRETS[5]!)}&page=2`,
      headers: {
        authorization: `Bearer ${SECRETS[0]}`,
        cookie: `access_token=${SECRETS[1]}; csrf_token=${SECRETS[2]}`,
        'x-csrf-token': SECRETS[2],
        'x-request-id': 'log-test-1',
      },
    });
    expect(res.statusCode).toBeLessThan(500);

    const mine = lines.filter((l) => l.includes('log-test-1'));
    expect(mine.length).toBeGreaterThanOrEqual(2); // incoming request, request completed
    const incoming = mine.map((l) => JSON.parse(l) as { req?: { url: string } }).find((l) => l.req);
    expect(incoming?.req?.url).toContain('code=%5Bredacted%5D');
    expect(incoming?.req?.url).toContain('page=2');
    const all = lines.join('\n');
    for (const secret of SECRETS) expect(all).not.toContain(secret);
    expect(all).not.toContain(encodeURIComponent(SECRETS[5]!));
  });
});
