import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-error';
import { createTestApp, csrfHeaders, type TestApp } from '../../test/test-app';
import { PUBLIC_ROUTE } from './session';

/** Routes that exist only in this test, added to the real app before its first inject. */
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test/echo',
    { config: PUBLIC_ROUTE, schema: { body: z.object({ name: z.string().min(2) }) } },
    async (request) => request.body,
  );
  app.get('/api/test/crash', { config: PUBLIC_ROUTE }, async () => {
    throw new Error('connection to 10.0.0.5 refused: password authentication failed for user "pw"');
  });
  app.get('/api/test/teapot', { config: PUBLIC_ROUTE }, async () => {
    throw new HttpError(418, 'Short and stout', { headers: { 'x-kettle': 'on' } });
  });
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.register(probeRoutes);
});
afterAll(() => t.close());

const post = (payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/test/echo',
    payload,
    headers: { ...csrfHeaders, 'content-type': 'application/json', ...headers },
  });

describe('error handler', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no/such/thing?x=1', headers: csrfHeaders });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ detail: `Not found: ${method} /api/no/such/thing` });
    }
  });

  it('answers unknown page paths with the SPA, not a 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard/deals' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answers invalid JSON with 400 {detail}', async () => {
    const res = await post('{"name": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Request body is not valid JSON' });
  });

  it('answers a schema violation with 400, the message and the field', async () => {
    const res = await post(JSON.stringify({ name: 'x' }));
    expect(res.statusCode).toBe(400);
    const body = res.json<{ detail: string; errors: { field: string; message: string }[] }>();
    expect(body.detail).toBe(body.errors[0]!.message);
    expect(body.errors).toEqual([{ field: 'name', message: expect.any(String) }]);
  });

  it('answers an unsupported content type with 415 and a too large body with 413', async () => {
    expect((await post('name=ab', { 'content-type': 'application/x-www-form-urlencoded' })).statusCode).toBe(415);
    const big = await post(JSON.stringify({ name: 'x'.repeat(1024 * 1024) }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: 'Request body is too large' });
  });

  it('passes an HttpError through with its status, detail and headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/teapot' });
    expect(res.statusCode).toBe(418);
    expect(res.headers['x-kettle']).toBe('on');
    expect(res.json()).toEqual({ detail: 'Short and stout' });
  });

  it('turns a thrown Error into a bare 500 that leaks nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'Internal server error' });
    expect(res.body).not.toMatch(/10\.0\.0\.5|password|stack|at .*\.ts/);
  });

  it('still answers {detail} when the CSRF check refuses a request', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'ok' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: expect.stringContaining('CSRF') });
  });
});
