import { vi } from 'vitest';
import type { TProfileResponse } from '@pipewise/contract/auth';

/** Gets the parsed JSON body and the request URL (for query strings). */
type Handler = (body: unknown, url: URL) => Response | Promise<Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/**
 * Replaces fetch with a table of `METHOD /path` handlers; unknown calls answer 404 `{detail}`.
 * Returns the mock so tests can inspect calls.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = routes[key];
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return handler ? handler(body, url) : json({ detail: `No fake for ${key}` }, 404);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export const signedOut = () => json({ detail: 'Not authenticated' }, 401);

export function profileFixture(overrides: Partial<TProfileResponse> = {}): TProfileResponse {
  return {
    id: 'u1',
    email: 'asha@acme.test',
    name: 'Asha Rao',
    first_name: 'Asha',
    last_name: 'Rao',
    role: 'admin',
    organization_name: 'Acme Corp',
    organization_domain: 'acme.test',
    session_valid: true,
    is_operator: false,
    database_record: {
      role: 'admin',
      organization_name: 'Acme Corp',
      organization_domain: 'acme.test',
      phone_number: null,
      session_valid: true,
    },
    details: { hubspot_data: { hub_id: null, user_id: null, user: 'asha@acme.test' } },
    ...overrides,
  };
}

/** Calls made to one endpoint, with their parsed JSON bodies. */
export function callsTo(mock: ReturnType<typeof fakeApi>, method: string, path: string) {
  return mock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => ({ init, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined }));
}
