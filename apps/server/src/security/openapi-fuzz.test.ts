import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../db/client';
import { recordingMail } from '../../test/fakes/recording-mail';
import { dealOwnedBy } from '../../test/recordings-kit';
import { apiRoutes, fillPath, type ApiRoute, type JsonSchema } from '../../test/route-table';
import { signIn, type TestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Bad inputs for every route of the OpenAPI document, generated with fast-check from each route's
 * own schema (a fixed seed, so a failure reproduces): wrong types, missing and extra fields, huge
 * and unicode strings, NUL bytes and lone surrogates, negative and huge numbers, bodies that are
 * not objects, malformed JSON, and a 5 MB body. No answer is a 5xx; every refusal is JSON with a
 * `detail`; what cannot be a valid request (malformed JSON, 5 MB) is always a 4xx.
 */

const SEED = 20261125;
/** Generated requests per route (about 70 routes, two callers): sized for about two minutes on two busy cores. */
const RUNS = 24;

let t: TestApp;
let routes: ApiRoute[];
let callers: Record<'admin' | 'rep', TestSession>;
let repDeal: { id: number; pipelineId: string };
let seq = 0;
const sent = async () => ({ messageId: `wamid.fuzz${++seq}` });

beforeAll(async () => {
  // The admin is an operator too, so the operator routes are reached; sign-in limits do not cut the run short.
  // Codes the run sends (sign-in mail, WhatsApp) are kept in memory, not written to the outbox and console.
  const whatsapp = { mode: 'outbox' as const, sendTemplate: sent, sendText: sent, sendButtons: sent };
  t = await createTestApp({
    seed: true,
    adapters: { mail: recordingMail(), whatsapp },
    env: { OPERATOR_EMAILS: 'asha@acme.example', AUTH_IP_LIMIT: '100000' },
  });
  routes = await apiRoutes(t.app);
  callers = { admin: await signIn(t.database.db, 'asha@acme.example'), rep: await signIn(t.database.db, 'rahul@acme.example') };
  repDeal = await dealOwnedBy(t.database.db, callers.rep.userId);
}, 180_000);
afterAll(() => t?.close());

// ---- values ---------------------------------------------------------------------------------------------------------

const HUGE = ['x'.repeat(200_000), '\u{1F600}'.repeat(60_000), 'é'.repeat(100_000), `${'a'.repeat(70_000)}\u0000`];
const NUMBERS = [-1, -0, 0.5, -(2 ** 31) - 1, 2 ** 31, 2 ** 53 + 2, -(2 ** 53) - 2, 1e308, -1e308, Number.MIN_VALUE];
/** Strings no column can hold or that mean something elsewhere: NUL, lone surrogates, SQL, paths, markup, RTL and zero-width. */
const NASTY = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  "' OR '1'='1",
  '1; drop table deals; --',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '\u202e\u200b\ufeff',
  '%00',
  '${7*7}{{7*7}}',
  '0000-01-01',
  '99999-12-31T99:99:99Z',
  'NaN',
  'Infinity',
  '1e309',
];

const stringArb = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(...NASTY),
  fc.constantFrom(...HUGE),
  fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\u0000', '\ud83d', '\r\n', '\t')).map(([s, c]) => `${s}${c}${s}`),
);
const numberArb = fc.oneof(
  fc.constantFrom(...NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((n) => Number(n)),
);
/** Any JSON value, of any type, for a field of any declared type. */
const jsonArb: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  stringArb,
  numberArb,
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
  fc.array(stringArb, { maxLength: 3 }),
  fc.dictionary(stringArb, stringArb, { maxKeys: 3 }),
);
/** A value as it travels in a URL (a path segment or a query value). */
const urlArb = fc.oneof(stringArb, numberArb.map(String), fc.constantFrom('', ' ', '-1', '0', '99999999999999999999999', '%', '%zz'));

/** Percent-encodes for a URL; a lone surrogate goes out as the three bytes a lax client sends. */
const encode = (v: string) =>
  v.replace(/[^A-Za-z0-9._~-]/g, (c) => {
    const code = c.charCodeAt(0);
    if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(c);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
  });

// ---- valid requests (so that only the generated part is wrong) ------------------------------------------------------

function validValue(name: string, schema: JsonSchema, who: TestSession, route: ApiRoute): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variant = schema.anyOf ?? schema.oneOf;
  if (variant) return validValue(name, variant.find((s) => s.type !== 'null') ?? variant[0]!, who, route);
  const type = [schema.type].flat()[0];
  if (type === 'integer' || type === 'number') return Math.max(1, schema.minimum ?? 1);
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object') return validObject(schema, who, route);
  if (schema.format === 'uuid') return randomUUID();
  if (name === 'deal_id' || (name === 'id' && route.url.startsWith('/api/deal'))) return String(repDeal.id);
  if (name === 'pipeline_id') return repDeal.pipelineId;
  if (name === 'id') return randomUUID();
  if (name === 'email' && route.method !== 'GET' && route.url.startsWith('/api/users/add_user') && schema.type)
    return `fuzz${++seq}@acme.example`;
  if (name.includes('email') || schema.format === 'email') return who.email;
  if (schema.pattern === '^\\d{6}$') return '123456';
  if (/phone/.test(name)) return '+91 98765 43210';
  return 'Fuzz value';
}

function validObject(schema: JsonSchema, who: TestSession, route: ApiRoute): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of schema.required ?? []) out[key] = validValue(key, schema.properties?.[key] ?? {}, who, route);
  return out;
}

const bodySchemaOf = (route: ApiRoute) => route.op.requestBody?.content?.['application/json']?.schema;
const hasBody = (route: ApiRoute) => !['GET', 'DELETE'].includes(route.method);

// ---- generated requests -------------------------------------------------------------------------------------------

type Mutation =
  | { kind: 'field'; field: string; value: unknown }
  | { kind: 'missing'; field: string }
  | { kind: 'extra'; field: string; value: unknown }
  | { kind: 'body'; value: unknown }
  | { kind: 'param'; field: string; value: string }
  | { kind: 'malformed'; text: string };
type Case = { caller: 'admin' | 'rep'; mutation: Mutation };

function caseArb(route: ApiRoute): fc.Arbitrary<Case> {
  const body = bodySchemaOf(route);
  const fields = Object.keys(body?.properties ?? {});
  const params = (route.op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query').map((p) => p.name);
  const kinds: fc.Arbitrary<Mutation>[] = [
    fc.record({ kind: fc.constant('param' as const), field: fc.constantFrom(...params, 'unknown_param'), value: urlArb }),
  ];
  if (hasBody(route)) {
    kinds.push(
      fc.record({ kind: fc.constant('body' as const), value: jsonArb }),
      fc.record({
        kind: fc.constant('extra' as const),
        field: fc.oneof(stringArb, fc.constantFrom('__proto__', 'constructor')),
        value: jsonArb,
      }),
      fc
        .tuple(fc.constantFrom('{', '[', '{"a":', '"', '{"a":1,}', '\u0000', '{"a":"\\u0000', ''), fc.string({ maxLength: 20 }))
        .map(([head, tail]): Mutation => ({ kind: 'malformed', text: `${head}${tail}` })),
    );
    if (fields.length) {
      kinds.push(
        fc.record({ kind: fc.constant('field' as const), field: fc.constantFrom(...fields), value: jsonArb }),
        fc.record({ kind: fc.constant('missing' as const), field: fc.constantFrom(...fields) }),
      );
    }
  }
  return fc.record({ caller: fc.constantFrom('admin' as const, 'rep' as const), mutation: fc.oneof(...kinds) });
}

/** The request a case stands for: a valid request for the caller with the mutation applied. */
function requestOf(route: ApiRoute, c: Case, who: TestSession): InjectOptions {
  const m = c.mutation;
  const parameters = route.op.parameters ?? [];
  const path: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const p of parameters) {
    if (p.in === 'path') path[p.name] = String(validValue(p.name, p.schema, who, route));
    else if (p.in === 'query' && p.required) query[p.name] = String(validValue(p.name, p.schema, who, route));
  }
  if (m.kind === 'param') {
    if (parameters.some((p) => p.in === 'path' && p.name === m.field)) path[m.field] = m.value;
    else query[m.field] = m.value;
  }
  const schema = bodySchemaOf(route);
  let payload: string | undefined;
  if (hasBody(route)) {
    const body: Record<string, unknown> = schema ? validObject(schema, who, route) : {};
    if (m.kind === 'field' || m.kind === 'extra') body[m.field] = m.value;
    if (m.kind === 'missing') delete body[m.field];
    payload = m.kind === 'malformed' ? m.text : JSON.stringify(m.kind === 'body' ? m.value : body);
  }
  const url = route.url.replace(/:(\w+)/g, (_m, name: string) => encode(path[name] ?? ''));
  const qs = Object.entries(query)
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .join('&');
  return {
    method: route.method as InjectOptions['method'],
    url: qs ? `${url}?${qs}` : url,
    headers: { ...who.headers, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  };
}

/** What is wrong with an answer, or null: never a 5xx, and a refusal is JSON with a detail. */
/** Whether a "malformed" body is JSON after all (an empty head and a tail such as "1"): a route without a body may take it. */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function problemWith(res: LightMyRequestResponse, mustRefuse: boolean): string | null {
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 200)}`;
  if (mustRefuse && res.statusCode < 400) return `accepted (${res.statusCode}) what no route can take`;
  if (res.statusCode < 400) return null;
  if (!String(res.headers['content-type']).startsWith('application/json')) return `${res.statusCode} as ${res.headers['content-type']}`;
  const detail = (res.json() as { detail?: unknown }).detail;
  return typeof detail === 'string' && detail.trim() ? null : `${res.statusCode} without a detail: ${res.body.slice(0, 200)}`;
}

/** A session for a case: signing out ends the session it uses, so that route gets a fresh one each time. */
async function sessionFor(route: ApiRoute, caller: 'admin' | 'rep'): Promise<TestSession> {
  return route.url === '/api/session/logout' ? signIn(t.database.db, callers[caller].email) : callers[caller];
}

describe('generated bad inputs for every route of the OpenAPI document', () => {
  it('covers the table', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it('never answers 5xx, and refuses with a JSON detail', { timeout: 240_000 }, async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const [i, route] of routes.entries()) {
      // A person asks far fewer questions a minute than this run sends: each route starts with fresh windows.
      await execute(t.database.db, sql`delete from rate_limits`);
      const result = await fc.check(
        fc.asyncProperty(caseArb(route), async (c) => {
          const who = await sessionFor(route, c.caller);
          const res = await t.app.inject(requestOf(route, c, who));
          sent++;
          const problem = problemWith(res, c.mutation.kind === 'malformed' && !isJson(c.mutation.text));
          if (problem) throw new Error(problem);
        }),
        { seed: SEED + i, numRuns: RUNS, endOnFailure: true },
      );
      if (result.failed) {
        const c = result.counterexample?.[0] as Case | undefined;
        const shown = JSON.stringify(c?.mutation, (_k, v: unknown) => (typeof v === 'string' && v.length > 60 ? `${v.slice(0, 60)}…` : v));
        failures.push(`${route.name} as ${c?.caller} with ${shown}: ${(result.errorInstance as Error)?.message}`);
      }
    }
    console.info(`OpenAPI fuzz: ${routes.length} routes, ${sent} generated requests, seed ${SEED}`);
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('refuses a 5 MB body on every route that takes one with a JSON 4xx (413 for JSON)', { timeout: 120_000 }, async () => {
    const big = JSON.stringify({ text: 'x'.repeat(5 * 1024 * 1024) });
    const failures: string[] = [];
    for (const route of routes.filter(hasBody)) {
      const who = await sessionFor(route, 'admin');
      const res = await t.app.inject({
        method: route.method as InjectOptions['method'],
        url: fillPath(route, { id: randomUUID() }),
        headers: { ...who.headers, 'content-type': 'application/json' },
        payload: big,
      });
      const problem = problemWith(res, true);
      if (problem) failures.push(`${route.name}: ${problem}`);
      else if (bodySchemaOf(route) && res.statusCode !== 413) failures.push(`${route.name}: ${res.statusCode}, not 413`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});
