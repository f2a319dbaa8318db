import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deals } from './db/schema';
import { signIn, type TestSession } from '../test/sessions';
import { createTestApp, type TestApp } from '../test/test-app';

/** Numbers and dates beyond what the database stores are refused with the field's message, not a 500. */

let t: TestApp;
let rep: TestSession;
let admin: TestSession;
let deal: { id: number; version: number };
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  rep = await signIn(t.database.db, 'rahul@acme.example');
  admin = await signIn(t.database.db, 'asha@acme.example');
  const [row] = await t.database.db
    .select({ id: deals.id, version: deals.version })
    .from(deals)
    .where(eq(deals.ownerId, rep.userId))
    .orderBy(asc(deals.id))
    .limit(1);
  deal = row!;
});
afterAll(() => t?.close());

const RANGE = 'must be between 1900-01-01 and 9999-12-31';

function expectField(res: { statusCode: number; body: string; json: () => unknown }, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({ detail: message, errors: [{ field, message }] });
}

describe('out-of-range values', () => {
  it('a close date filter of year 0000 (list and CSV export)', async () => {
    for (const path of ['/api/deal/get-deals-user-hierarchy', '/api/deal/export']) {
      for (const field of ['close_from', 'close_to']) {
        const res = await t.app.inject({ method: 'GET', url: `${path}?${field}=0000-01-01`, headers: rep.headers });
        expectField(res, field, `${field} ${RANGE}`);
      }
    }
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/deal/get-deals-user-hierarchy?close_from=1900-01-01&close_to=9999-12-31',
      headers: rep.headers,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('a page beyond the integer range', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/deal/get-deals-user-hierarchy?page=99999999999', headers: rep.headers });
    expectField(res, 'page', 'page is out of range');
  });

  it('a close date of year 0000 in a deal edit (flat and in properties) and a creation', async () => {
    const url = `/api/deal/${deal.id}`;
    expectField(
      await t.app.inject({ method: 'PUT', url, headers: rep.headers, payload: { closedate: '0000-12-31' } }),
      'closedate',
      `Close date ${RANGE}`,
    );
    expectField(
      await t.app.inject({ method: 'PUT', url, headers: rep.headers, payload: { properties: { closedate: '0000-01-01T00:00:00Z' } } }),
      'properties.closedate',
      `Close date ${RANGE}`,
    );
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/deal/',
      headers: admin.headers,
      payload: { dealname: 'Ancient', pipeline: 'x', dealstage: 'y', closedate: '0000-06-01' },
    });
    expectField(create, 'closedate', `Close date ${RANGE}`);
  });

  it('a deal version beyond the integer range', async () => {
    const url = `/api/deal/${deal.id}`;
    for (const version of [2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2]) {
      const res = await t.app.inject({ method: 'PUT', url, headers: rep.headers, payload: { dealname: 'Renamed', version } });
      expect(res.statusCode, String(version)).toBe(400);
      expect(res.json().errors[0]).toEqual({
        field: 'version',
        message: expect.stringMatching(/^version (is out of range|must be a whole number)$/),
      });
    }
    const current = await t.app.inject({
      method: 'PUT',
      url,
      headers: rep.headers,
      payload: { nextsteps: 'Call back', version: deal.version },
    });
    expect(current.statusCode, current.body).toBe(200);
  });
});
