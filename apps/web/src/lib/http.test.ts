import { CSRF_REFUSED_MESSAGE } from '@pipewise/contract/common';
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

  it('sends a write once more when the server refused a stale CSRF token and set a fresh one', async () => {
    document.cookie = 'csrf_token=stale; path=/';
    const api = fakeApi({
      'PUT /api/x': () => {
        if (document.cookie.includes('csrf_token=fresh')) return json({ ok: 3 });
        document.cookie = 'csrf_token=fresh; path=/'; // as the refusal's Set-Cookie does
        return json({ detail: CSRF_REFUSED_MESSAGE }, 403);
      },
    });
    await expect(http.put('/api/x', { a: 1 })).resolves.toEqual({ ok: 3 });
    const calls = callsTo(api, 'PUT', '/api/x');
    expect(calls.map((c) => new Headers(c.init?.headers).get('X-CSRF-Token'))).toEqual(['stale', 'fresh']);
    expect(calls[1]?.body).toEqual({ a: 1 });
  });

  it('does not repeat a refused write when no fresh token came, nor more than once, nor other 403s', async () => {
    document.cookie = 'csrf_token=same; path=/';
    let api = fakeApi({ 'POST /api/x': () => json({ detail: CSRF_REFUSED_MESSAGE }, 403) });
    await expect(http.post('/api/x')).rejects.toMatchObject({ status: 403, detail: CSRF_REFUSED_MESSAGE });
    expect(callsTo(api, 'POST', '/api/x')).toHaveLength(1);

    let n = 0;
    api = fakeApi({
      'POST /api/x': () => {
        document.cookie = `csrf_token=new-${++n}; path=/`;
        return json({ detail: CSRF_REFUSED_MESSAGE }, 403);
      },
    });
    await expect(http.post('/api/x')).rejects.toMatchObject({ status: 403 });
    expect(callsTo(api, 'POST', '/api/x')).toHaveLength(2);

    api = fakeApi({
      'POST /api/x': () => {
        document.cookie = 'csrf_token=other; path=/';
        return json({ detail: 'Only workspace admins can do this.' }, 403);
      },
    });
    await expect(http.post('/api/x')).rejects.toMatchObject({ status: 403, detail: 'Only workspace admins can do this.' });
    expect(callsTo(api, 'POST', '/api/x')).toHaveLength(1);
  });
});
