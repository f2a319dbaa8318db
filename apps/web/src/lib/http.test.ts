import { describe, expect, it } from 'vitest';
import { callsTo, fakeApi, json } from '../../test/fake-api';
import { ApiError, http } from './http';

describe('http', () => {
  it('sends cookies and JSON, echoing the CSRF cookie on non-GET requests only', async () => {
    document.cookie = 'csrf_token=tok%2B1; path=/';
    const api = fakeApi({ 'GET /api/x': () => json({ ok: 1 }), 'POST /api/x': () => json({ ok: 2 }, 201) });
    await expect(http.get('/api/x')).resolves.toEqual({ ok: 1 });
    await expect(http.post('/api/x', { a: 1 })).resolves.toEqual({ ok: 2 });
    const [get] = callsTo(api, 'GET', '/api/x');
    const [post] = callsTo(api, 'POST', '/api/x');
    expect(get?.init?.credentials).toBe('include');
    expect(new Headers(get?.init?.headers).has('X-CSRF-Token')).toBe(false);
    expect(new Headers(post?.init?.headers).get('X-CSRF-Token')).toBe('tok+1');
    expect(new Headers(post?.init?.headers).get('Content-Type')).toBe('application/json');
    expect(post?.body).toEqual({ a: 1 });
  });

  it('turns {detail} errors into ApiError with status and Retry-After', async () => {
    fakeApi({ 'POST /api/x': () => json({ detail: 'Slow down' }, 429, { 'Retry-After': '42' }) });
    const error = await http.post('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, detail: 'Slow down', retryAfter: 42 });
  });
});
