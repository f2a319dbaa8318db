import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../app';
import { organizations, users } from '../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PUBLIC_ROUTE } from '../plugins/session';
import { errorForLog } from './error-log';

/** Personal data a failing statement carries in its parameters. */
const PERSONAL = ['leak.victim@acme.example', 'Leakyname', '9876501234'];

const lines: string[] = [];
let t: TestApp;
let orgId: string;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  // The process logger's own options, so its serializers are the ones under test.
  t = await createTestApp({ loggerInstance: pino(loggerOptions('info') as pino.LoggerOptions, stream) });
  const [org] = await t.database.db
    .insert(organizations)
    .values({ name: 'Leak Co', domain: 'leak.example' })
    .returning({ id: organizations.id });
  orgId = org!.id;
  const [email, firstName, phoneNumber] = PERSONAL as [string, string, string];
  const insertUser = () => t.database.db.insert(users).values({ organizationId: orgId, email, firstName, lastName: 'Person', phoneNumber });
  await insertUser();
  // Routes that exist only in this test: a unique violation and a value PostgreSQL refuses.
  t.app.get('/api/test/duplicate', { config: PUBLIC_ROUTE }, async () => insertUser());
  t.app.get('/api/test/bad-date', { config: PUBLIC_ROUTE }, async () =>
    t.database.db.execute(sql`select ${'0000-01-01'}::date, ${PERSONAL[0]}::text`),
  );
});
afterAll(() => t?.close());

describe('logs of failed queries', () => {
  it('name the statement and the SQLSTATE code, never the parameter values', async () => {
    for (const [url, code] of [
      ['/api/test/duplicate', '23505'],
      ['/api/test/bad-date', '22008'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-request-id': `leak-${code}` } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Internal server error' });
      const logged = lines.filter((l) => l.includes(`leak-${code}`) && l.includes('request failed'));
      expect(logged).toHaveLength(1);
      const err = (JSON.parse(logged[0]!) as { err: Record<string, unknown> }).err;
      expect(err.code).toBe(code);
      expect(err.query).toMatch(code === '23505' ? /^insert into "users"/ : /^select \$1::date/);
      expect(err.stack).toMatch(/\n\s+at /);
      const text = logged[0]!;
      for (const value of PERSONAL) expect(text).not.toContain(value);
      expect(text).not.toContain('0000-01-01');
      expect(text).not.toMatch(/"(params|detail|where)"/);
    }
  });

  it('keeps the object names PostgreSQL reports', async () => {
    const err = await t.database.db
      .insert(users)
      .values({ organizationId: orgId, email: PERSONAL[0]!, firstName: 'x', lastName: 'y' })
      .then(
        () => new Error('no error'),
        (e: Error) => e,
      );
    expect(errorForLog(err)).toMatchObject({
      type: 'DrizzleQueryError',
      code: '23505',
      cause: { table: 'users', constraint: 'users_email_key' },
    });
  });

  it('leave other errors to the standard serializer', () => {
    const plain = errorForLog(new Error('disk full', { cause: new Error('ENOSPC') })) as { message: string; type: string };
    expect(plain).toMatchObject({ type: 'Error', message: 'disk full: ENOSPC' });
  });
});
