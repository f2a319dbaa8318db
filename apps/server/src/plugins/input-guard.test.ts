import { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deals, registrationRequests } from '../db/schema';
import { signIn, type TestSession } from '../../test/sessions';
import { createTestApp, csrfHeaders, type TestApp } from '../../test/test-app';
import { findUnstorable } from './input-guard';

let t: TestApp;
let rep: TestSession;
let admin: TestSession;
let dealId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  rep = await signIn(t.database.db, 'rahul@acme.example');
  admin = await signIn(t.database.db, 'asha@acme.example');
  const [deal] = await t.database.db
    .select({ id: deals.id })
    .from(deals)
    .where(eq(deals.ownerId, rep.userId))
    .orderBy(asc(deals.id))
    .limit(1);
  dealId = deal!.id;
});
afterAll(() => t?.close());

/** JSON text as a client writes it: `\u0000` and `\ud800` escapes decode to the bad characters. */
const json = (text: string, headers: Record<string, string>, method: InjectOptions['method'], url: string) =>
  t.app.inject({ method, url, payload: text, headers: { ...headers, 'content-type': 'application/json' } });

function expectRefused(res: { statusCode: number; json: () => unknown }, field: string) {
  expect(res.statusCode).toBe(400);
  const message = `${field} contains a character that is not allowed`;
  expect(res.json()).toEqual({ detail: message, errors: [{ field, message }] });
}

describe('unstorable characters (NUL, unpaired surrogates)', () => {
  it('are refused on the anonymous sign-in routes, naming the field', async () => {
    expectRefused(await json('{"email":"a\\u0000@acme.example"}', csrfHeaders, 'POST', '/api/auth/check-email'), 'email');
    expectRefused(await json('{"email":"\\ud800@acme.example"}', csrfHeaders, 'POST', '/api/auth/send-otp'), 'email');
    expectRefused(await json('{"email":"asha@acme.example","otp":"12345\\u0000"}', csrfHeaders, 'POST', '/api/auth/verify-otp'), 'otp');
    const interest = '{"email":"nul@prospect.example","firstName":"Nu\\u0000l","lastName":"L","phoneNumber":"9876543210","numEmployees":3}';
    expectRefused(await json(interest, csrfHeaders, 'POST', '/api/auth/register-interest'), 'firstName');
    const stored = await t.database.db.select().from(registrationRequests).where(eq(registrationRequests.email, 'nul@prospect.example'));
    expect(stored).toHaveLength(0);
  });

  it('are refused in the deals list and export filters (URL-encoded %00)', async () => {
    for (const path of ['/api/deal/get-deals-user-hierarchy', '/api/deal/export']) {
      for (const field of ['search', 'owners', 'stages', 'pipelines', 'email']) {
        const res = await t.app.inject({ method: 'GET', url: `${path}?${field}=a%00b`, headers: rep.headers });
        expectRefused(res, field);
      }
    }
  });

  it('are refused in deal edits and creation, nested properties included', async () => {
    const url = `/api/deal/${dealId}`;
    expectRefused(await json('{"dealname":"Big\\u0000deal"}', rep.headers, 'PUT', url), 'dealname');
    expectRefused(await json('{"properties":{"summary":"x\\udc00"}}', rep.headers, 'PUT', url), 'properties.summary');
    expectRefused(
      await json('{"dealname":"New","pipeline":"Sales","dealstage":"x","kdm":"\\u0000"}', admin.headers, 'POST', '/api/deal/'),
      'kdm',
    );
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/deal/get_deal_by_id/1%00', headers: rep.headers }), 'id');
    const deal = await t.app.inject({ method: 'GET', url: `/api/deal/get_deal_by_id/${dealId}`, headers: rep.headers });
    expect(deal.json().data.dealname).not.toContain('\u0000');
  });

  it('are refused in user additions and edits', async () => {
    const add =
      '{"first_name":"A\\u0000","last_name":"B","email":"new@acme.example",' +
      '"phone_number":"9876543210","reports_to_email":"asha@acme.example"}';
    expectRefused(await json(add, admin.headers, 'POST', `/api/users/add_user/${admin.email}`), 'first_name');
    expectRefused(await json('{"team":"\\u0000"}', admin.headers, 'PATCH', `/api/users/${rep.userId}`), 'team');
    expectRefused(await json('{"reports_to_email":"x\\u0000"}', admin.headers, 'PATCH', `/api/users/${rep.userId}`), 'reports_to_email');
  });

  it('are refused in headers and cookies the API reads as data, and in object keys', async () => {
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/api/session/profile', headers: { ...rep.headers, 'x-user-email': 'a\u0000' } }),
      'x-user-email',
    );
    const cookie = `${csrfHeaders.cookie}; oauth_state=a%00b`;
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/auth/google/callback?state=a%00b', headers: { cookie } }), 'state');
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/auth/google/callback', headers: { cookie } }), 'oauth_state');
    expectRefused(await json('{"current_session_id":"x","\\u0000":1}', csrfHeaders, 'POST', '/api/session/logout'), '\u0000');
  });

  it('leave well-formed text alone, emoji and other astral characters included', async () => {
    const res = await json('{"summary":"Closed \\ud83c\\udf89 with ✓"}', rep.headers, 'PUT', `/api/deal/${dealId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.summary).toBe('Closed 🎉 with ✓');
  });

  it('are found anywhere in a value, however deep', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorable(deep)).toBe(`${'0.'.repeat(100_000)}`.slice(0, -1));
    expect(findUnstorable({ a: [{ b: 'ok' }, { c: '\udbff' }] })).toBe('a.1.c');
    expect(findUnstorable({ a: ['\ud83c\udf89'] })).toBeNull();
  });

  it('are looked for in parsed data only: a streamed body (an upload) is left to its route, and a cycle ends', () => {
    const stream = Readable.from(['a\u0000']);
    const cyclic: Record<string, unknown> = { name: 'x' };
    cyclic.self = cyclic;
    // Before: a stream's own fields were walked, and their cycles never ended.
    expect(findUnstorable(stream)).toBeNull();
    expect(findUnstorable({ file: stream, note: 'ok' })).toBeNull();
    expect(findUnstorable(Buffer.from('a\u0000'))).toBeNull();
    expect(findUnstorable(cyclic)).toBeNull();
    cyclic.bad = 'b\u0000';
    expect(findUnstorable(cyclic)).toBe('bad');
    expect(findUnstorable(Object.assign(Object.create(null) as object, { a: 'b\u0000' }))).toBe('a');
  });
});
