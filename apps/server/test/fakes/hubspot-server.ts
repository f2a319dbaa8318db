import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { createOpenApiChecker } from './hubspot-openapi-check';
import { nextId, refuseWrite, type WritePortal } from './hubspot-writes';

export type HsType = 'deals' | 'companies' | 'contacts';
export type HsRecord = { id: string; properties: Record<string, string | null>; createdAt: string; updatedAt: string; archived: boolean };
export type HsLogin = { hubId: number; userId: number; email: string };
export type HsCall = { method: string; path: string; status: number; at: number; hubId: number | null };
/** One event of a webhook delivery, as HubSpot's legacy CRM subscriptions send them (a delivery holds up to 100). */
export type HsWebhookEvent = {
  eventId: number;
  subscriptionId: number;
  portalId: number;
  appId: number;
  occurredAt: number;
  subscriptionType: string;
  attemptNumber: number;
  objectId?: number;
  propertyName?: string;
  propertyValue?: string;
  changeSource: string;
  changeFlag?: string;
  associationType?: string;
  fromObjectId?: number;
  toObjectId?: number;
  associationRemoved?: boolean;
  isPrimaryAssociation?: boolean;
};
/** Sends a signed delivery somewhere (a real fetch by default, or a test's inject); answers the HTTP status. */
export type WebhookSend = (request: { uri: string; headers: Record<string, string>; body: string }) => Promise<number>;
const SINGULAR: Record<HsType, string> = { deals: 'deal', companies: 'company', contacts: 'contact' };

const TYPE_OF: Record<string, HsType> = {
  deals: 'deals',
  '0-3': 'deals',
  companies: 'companies',
  '0-2': 'companies',
  contacts: 'contacts',
  '0-1': 'contacts',
};
const MODIFIED: Record<HsType, string> = { deals: 'hs_lastmodifieddate', companies: 'hs_lastmodifieddate', contacts: 'lastmodifieddate' };
const SEARCH_CAP = 10_000;

type Grant = { login: HsLogin; scopes: string[] };
type Json = { status: number; body: unknown; headers?: Record<string, string> };

const oauthError = (status: string, message: string, code: string): Json => ({
  status: 400,
  body: { status, message, error: code, category: status, correlationId: randomBytes(8).toString('hex') },
});
const error = (status: number, category: string, message: string, extra: Record<string, unknown> = {}): Json => ({
  status,
  body: { status: 'error', message, correlationId: randomBytes(8).toString('hex'), category, ...extra },
});

/**
 * A stand-in for HubSpot on a free loopback port: OAuth (authorize page, the 2026-03 token,
 * introspect and revoke endpoints; v1 answers 410), CRM v3 objects (deals also as 0-3) with
 * paging, search (10,000 cap, 5 per second), batch read and update, pipelines, owners, properties
 * and v4 association batch reads. Switches inject 429s, 5xx, expired tokens, refused refreshes
 * and refused writes. Every answer is checked against HubSpot's OpenAPI files (`drift`).
 */
export async function startFakeHubspot(options: { clientId?: string; clientSecret?: string; perTenSeconds?: number } = {}) {
  const clientId = options.clientId ?? 'test-hubspot-client';
  const clientSecret = options.clientSecret ?? 'test-hubspot-secret';
  const checker = createOpenApiChecker();
  const objects: Record<HsType, Map<string, HsRecord>> = { deals: new Map(), companies: new Map(), contacts: new Map() };
  const associations = new Map<string, Map<string, string[]>>();
  const codes = new Map<string, Grant & { challenge: string; redirectUri: string }>();
  const accessTokens = new Map<string, Grant & { expiresAt: number; refreshToken: string }>();
  const refreshTokens = new Map<string, Grant & { revoked: boolean }>();
  /** Request times per portal (HubSpot's limits are per app and portal). */
  const windows = new Map<number, { all: number[]; search: number[] }>();
  let eventSeq = 1;
  const event = (subscriptionType: string, fields: Partial<HsWebhookEvent>): HsWebhookEvent => ({
    eventId: eventSeq++,
    subscriptionId: 4001,
    portalId: fake.login.hubId,
    appId: 3001,
    occurredAt: Date.now(),
    subscriptionType,
    attemptNumber: 0,
    changeSource: 'CRM_UI',
    ...fields,
  });
  /** Records what a change in the portal makes HubSpot send, when webhooks are on. */
  const emit = (e: HsWebhookEvent) => {
    if (fake.webhooks.on) fake.webhooks.outbox.push(e);
  };

  const fake = {
    url: '',
    clientId,
    clientSecret,
    /** Who signs in on the authorize page. */
    login: { hubId: 1001, userId: 501, email: 'admin@acme.example' } as HsLogin,
    /**
     * The authorize page as a browser sees it: the app, the account, the scopes asked for, and
     * Approve / Cancel. Off, the authorize request is approved at once (a 302 back with the code).
     */
    consentPage: false,
    tokenLifetimeSeconds: 1800,
    calls: [] as HsCall[],
    /** Answers that did not match HubSpot's OpenAPI files. */
    drift: [] as string[],
    pipelines: [] as {
      id: string;
      label: string;
      displayOrder: number;
      stages: { id: string; label: string; displayOrder: number; probability: string; isClosed: boolean }[];
    }[],
    /** HubSpot owners; some (a deactivated user, a team inbox) have no email. */
    owners: [] as { id: string; email?: string; firstName: string; lastName: string; userId: number }[],
    properties: { deals: [], companies: [], contacts: [] } as Record<HsType, Record<string, unknown>[]>,
    switches: {
      /** The next n CRM requests answer 429 (with Retry-After seconds when given). */
      fail429: 0,
      retryAfter: null as number | null,
      /** The next n CRM requests answer 502. */
      fail5xx: 0,
      /** Refresh grants answer invalid_grant. */
      refuseRefresh: false,
      /** Writes answer HubSpot's validation error with this message. */
      refuseWrites: null as string | null,
      /** Changes an answer before it is sent (to prove drift is caught). */
      transform: null as ((path: string, body: unknown) => unknown) | null,
      perTenSeconds: options.perTenSeconds ?? 100,
      searchPerSecond: 5,
    },
    objects,
    count429: 0,
    /**
     * Signed webhook deliveries: while `on`, each put, archive and associate adds the events HubSpot
     * would send (creation, one propertyChange per changed property, deletion, associationChange) to
     * `outbox`; flushWebhooks sends them signed as HubSpot does (v3, keyed with the client secret).
     */
    webhooks: { on: false, outbox: [] as HsWebhookEvent[] },
    /** An event as HubSpot sends it, from this portal, with a fresh eventId. */
    webhookEvent: event,
    /** HubSpot's v3 headers for a delivery of `body` to `uri` (the full URI HubSpot calls), made at `timestamp`. */
    signWebhook(method: string, uri: string, body: string, timestamp = Date.now()): Record<string, string> {
      const signature = createHmac('sha256', clientSecret).update(`${method}${uri}${body}${timestamp}`, 'utf8').digest('base64');
      return {
        'content-type': 'application/json',
        'x-hubspot-signature-v3': signature,
        'x-hubspot-request-timestamp': String(timestamp),
        'x-hubspot-signature-version': 'v3',
      };
    },
    /** One signed delivery of `events` to `uri` (POST, as HubSpot sends them); answers the status. */
    async deliverWebhook(uri: string, events: HsWebhookEvent[], send: WebhookSend = fetchSend, timestamp = Date.now()): Promise<number> {
      const body = JSON.stringify(events);
      return send({ uri, headers: fake.signWebhook('POST', uri, body, timestamp), body });
    },
    /** Sends the outbox in deliveries of up to 100 events (HubSpot's batch size), `parallel` at a time; answers their statuses. */
    async flushWebhooks(uri: string, options: { send?: WebhookSend; batchSize?: number; parallel?: number } = {}): Promise<number[]> {
      const batches: HsWebhookEvent[][] = [];
      const events = fake.webhooks.outbox.splice(0);
      for (let i = 0; i < events.length; i += options.batchSize ?? 100) batches.push(events.slice(i, i + (options.batchSize ?? 100)));
      const statuses: number[] = [];
      for (let i = 0; i < batches.length; i += options.parallel ?? 4) {
        const group = batches.slice(i, i + (options.parallel ?? 4));
        statuses.push(...(await Promise.all(group.map((b) => fake.deliverWebhook(uri, b, options.send)))));
      }
      return statuses;
    },
    /** Puts records in the portal (properties as HubSpot holds them; modified now unless given). */
    put(type: HsType, id: string, properties: Record<string, string | null>, at = new Date()) {
      const existing = objects[type].get(id);
      const iso = at.toISOString();
      const record: HsRecord = existing ?? { id, properties: {}, createdAt: iso, updatedAt: iso, archived: false };
      if (!existing) emit(event(`${SINGULAR[type]}.creation`, { objectId: Number(id), changeFlag: 'CREATED', occurredAt: at.getTime() }));
      else {
        for (const [name, value] of Object.entries(properties)) {
          if (existing.properties[name] === value) continue;
          const change = { objectId: Number(id), propertyName: name, propertyValue: value ?? '', occurredAt: at.getTime() };
          emit(event(`${SINGULAR[type]}.propertyChange`, change));
        }
      }
      record.properties = { ...record.properties, ...properties, hs_object_id: id, [MODIFIED[type]]: iso };
      record.updatedAt = iso;
      objects[type].set(id, record);
      return record;
    },
    associate(from: HsType, fromId: string, to: HsType, toId: string) {
      for (const [a, aId, b, bId] of [
        [from, fromId, to, toId],
        [to, toId, from, fromId],
      ] as const) {
        const key = `${a}:${b}`;
        if (!associations.has(key)) associations.set(key, new Map());
        const map = associations.get(key)!;
        map.set(aId, [...new Set([...(map.get(aId) ?? []), bId])]);
        const associationType = `${SINGULAR[a].toUpperCase()}_TO_${SINGULAR[b].toUpperCase()}`;
        const change = { associationType, fromObjectId: Number(aId), toObjectId: Number(bId), associationRemoved: false };
        emit(event(`${SINGULAR[a]}.associationChange`, { ...change, isPrimaryAssociation: false }));
      }
    },
    /** Removes the association of two records (both directions), as v4's DELETE does. */
    dissociate(from: HsType, fromId: string, to: HsType, toId: string) {
      for (const [a, aId, b, bId] of [
        [from, fromId, to, toId],
        [to, toId, from, fromId],
      ] as const) {
        const map = associations.get(`${a}:${b}`);
        if (map?.has(aId))
          map.set(
            aId,
            map.get(aId)!.filter((id) => id !== bId),
          );
        const associationType = `${SINGULAR[a].toUpperCase()}_TO_${SINGULAR[b].toUpperCase()}`;
        const change = { associationType, fromObjectId: Number(aId), toObjectId: Number(bId), associationRemoved: true };
        emit(event(`${SINGULAR[a]}.associationChange`, { ...change, isPrimaryAssociation: false }));
      }
    },
    /** The ids `type` record `id` is associated with, of type `to` (in association order). */
    associated: (type: HsType, id: string, to: HsType) => [...(associations.get(`${type}:${to}`)?.get(id) ?? [])],
    archive(type: HsType, id: string) {
      const r = objects[type].get(id);
      if (r) r.archived = true;
      if (r) emit(event(`${SINGULAR[type]}.deletion`, { objectId: Number(id), changeFlag: 'DELETED' }));
    },
    expireAccessTokens() {
      for (const t of accessTokens.values()) t.expiresAt = 0;
    },
    calledPaths: () => fake.calls.map((c) => `${c.method} ${c.path}`),
    /** The most requests any 10 s window saw. */
    peakPerTenSeconds() {
      const times = fake.calls.filter((c) => c.path.startsWith('/crm/')).map((c) => c.at);
      let peak = 0;
      for (let i = 0, j = 0; i < times.length; i++) {
        while (times[i]! - times[j]! >= 10_000) j++;
        peak = Math.max(peak, i - j + 1);
      }
      return peak;
    },
    close: async () => {},
  };

  // Records by id, kept while no record is added (records are changed and archived in place), so a
  // portal of 100k deals is not sorted again for every page.
  const sortedCache = new Map<HsType, { size: number; list: HsRecord[] }>();
  const sorted = (type: HsType) => {
    const cached = sortedCache.get(type);
    if (cached?.size === objects[type].size) return cached.list;
    const list = [...objects[type].values()].sort((a, b) => Number(a.id) - Number(b.id));
    sortedCache.set(type, { size: list.length, list });
    return list;
  };
  // A requested property with no value answers null, as HubSpot does (the SDK types values as string | null).
  const view = (r: HsRecord, properties: string[] | null) => ({
    id: r.id,
    properties: Object.fromEntries(
      [...(properties ?? Object.keys(r.properties)), 'hs_object_id'].map((p) => [
        p,
        p === 'hs_object_id' ? r.id : (r.properties[p] ?? null),
      ]),
    ),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    archived: r.archived,
  });

  function tokenLogin(req: http.IncomingMessage): Grant | Json {
    const auth = req.headers.authorization;
    const grant = auth?.startsWith('Bearer ') ? accessTokens.get(auth.slice(7)) : undefined;
    if (!grant) return error(401, 'INVALID_AUTHENTICATION', 'Authentication credentials not found.');
    if (grant.expiresAt < Date.now()) return error(401, 'EXPIRED_AUTHENTICATION', 'The OAuth token used to make this call expired.');
    return grant;
  }

  function issue(grant: Grant, refreshToken = `rt-${randomBytes(16).toString('hex')}`): Json {
    const accessToken = `at-${randomBytes(16).toString('hex')}`;
    accessTokens.set(accessToken, { ...grant, expiresAt: Date.now() + fake.tokenLifetimeSeconds * 1000, refreshToken });
    refreshTokens.set(refreshToken, { ...grant, revoked: false });
    return {
      status: 200,
      body: {
        access_token: accessToken,
        refresh_token: refreshToken,
        expires_in: fake.tokenLifetimeSeconds,
        token_type: 'bearer',
        token_use: 'access_token',
        hub_id: grant.login.hubId,
        scopes: grant.scopes,
      },
    };
  }

  function oauth(method: string, path: string, url: URL, form: URLSearchParams): Json | { redirect: string } | { page: string } {
    if ((method === 'GET' || method === 'POST') && path === '/oauth/authorize') {
      // The consent page's Approve and Cancel post the authorize parameters back.
      const params = method === 'POST' ? form : url.searchParams;
      const redirectUri = params.get('redirect_uri');
      const state = params.get('state');
      const challenge = params.get('code_challenge');
      if (params.get('client_id') !== clientId || !redirectUri || !state || !challenge) {
        return error(400, 'VALIDATION_ERROR', 'Bad authorize request');
      }
      if (method === 'GET' && fake.consentPage) return { page: consentPage(params, fake.login) };
      if (method === 'POST' && params.get('decision') !== 'approve') {
        const back = new URL(redirectUri);
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('state', state);
        return { redirect: back.toString() };
      }
      const code = `code-${randomBytes(12).toString('hex')}`;
      const scopes = (params.get('scope') ?? '').split(' ').filter(Boolean);
      codes.set(code, { login: { ...fake.login }, scopes, challenge, redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', state);
      return { redirect: back.toString() };
    }
    if (path.startsWith('/oauth/v1/')) return error(410, 'GONE', 'The v1 OAuth endpoints are retired.');
    if (method !== 'POST' || !path.startsWith('/oauth/2026-03/token')) return error(404, 'OBJECT_NOT_FOUND', 'Not found');
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      return oauthError('BAD_CLIENT_ID', 'missing or unknown client id', 'invalid_client');
    }
    if (path === '/oauth/2026-03/token') {
      if (form.get('grant_type') === 'authorization_code') {
        const pending = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (!pending || pending.redirectUri !== form.get('redirect_uri') || pending.challenge !== challenge) {
          return oauthError('BAD_AUTH_CODE', 'invalid code', 'invalid_grant');
        }
        return issue(pending);
      }
      if (form.get('grant_type') === 'refresh_token') {
        const token = form.get('refresh_token') ?? '';
        const grant = refreshTokens.get(token);
        if (!grant || grant.revoked || fake.switches.refuseRefresh) {
          return oauthError('BAD_REFRESH_TOKEN', 'missing or invalid refresh token', 'invalid_grant');
        }
        return issue(grant, token);
      }
      return oauthError('BAD_GRANT_TYPE', 'unsupported grant type', 'unsupported_grant_type');
    }
    const token = form.get('token') ?? '';
    const grant = accessTokens.get(token) ?? refreshTokens.get(token);
    if (path === '/oauth/2026-03/token/introspect') {
      const live = accessTokens.get(token) ? accessTokens.get(token)!.expiresAt > Date.now() : refreshTokens.get(token)?.revoked === false;
      if (!grant || !live) return { status: 200, body: { active: false } };
      return {
        status: 200,
        body: {
          active: true,
          hub_id: grant.login.hubId,
          user_id: grant.login.userId,
          user: grant.login.email,
          scopes: grant.scopes,
          client_id: clientId,
        },
      };
    }
    if (path === '/oauth/2026-03/token/revoke') {
      const refresh = refreshTokens.get(token);
      if (refresh) refresh.revoked = true;
      for (const [k, v] of accessTokens) if (v.refreshToken === token || k === token) accessTokens.delete(k);
      return { status: 200, body: {} };
    }
    return error(404, 'OBJECT_NOT_FOUND', 'Not found');
  }

  function limited(hubId: number, search: boolean): Json | null {
    const now = Date.now();
    if (!windows.has(hubId)) windows.set(hubId, { all: [], search: [] });
    const { all: windowTimes, search: searchTimes } = windows.get(hubId)!;
    while (windowTimes.length && now - windowTimes[0]! >= 10_000) windowTimes.shift();
    while (searchTimes.length && now - searchTimes[0]! >= 1000) searchTimes.shift();
    if (windowTimes.length >= fake.switches.perTenSeconds) {
      return error(429, 'RATE_LIMITS', 'You have reached your ten_secondly_rolling limit.', { policyName: 'TEN_SECONDLY_ROLLING' });
    }
    if (search && searchTimes.length >= fake.switches.searchPerSecond) {
      return error(429, 'RATE_LIMITS', 'You have reached your secondly limit.', { policyName: 'SECONDLY' });
    }
    windowTimes.push(now);
    if (search) searchTimes.push(now);
    return null;
  }

  function crm(method: string, path: string, url: URL, body: Record<string, unknown>, grant: Grant): Json {
    const search = path.endsWith('/search');
    const limit = limited(grant.login.hubId, search);
    if (limit) return limit;
    if (fake.switches.fail429 > 0) {
      fake.switches.fail429--;
      const answer = error(429, 'RATE_LIMITS', 'You have reached your ten_secondly_rolling limit.', { policyName: 'TEN_SECONDLY_ROLLING' });
      if (fake.switches.retryAfter !== null) answer.headers = { 'retry-after': String(fake.switches.retryAfter) };
      return answer;
    }
    if (fake.switches.fail5xx > 0) {
      fake.switches.fail5xx--;
      return error(502, 'INTERNAL_ERROR', 'Bad gateway');
    }
    let m: RegExpMatchArray | null;
    if ((m = /^\/crm\/v3\/objects\/([\w-]+)(\/.*)?$/.exec(path)) && TYPE_OF[m[1]!]) {
      const type = TYPE_OF[m[1]!]!;
      const rest = m[2] ?? '';
      const props = (list: unknown) => (Array.isArray(list) ? (list as string[]) : null);
      if (method === 'GET' && rest === '') {
        const limitN = Math.min(100, Number(url.searchParams.get('limit') ?? 10));
        const after = Number(Buffer.from(url.searchParams.get('after') ?? '', 'base64url').toString() || 0);
        const archived = url.searchParams.get('archived') === 'true';
        const properties = url.searchParams.getAll('properties').flatMap((p) => p.split(','));
        const list = sorted(type);
        let from = 0;
        for (let to = list.length; from < to;) {
          const mid = (from + to) >> 1;
          if (Number(list[mid]!.id) > after) to = mid;
          else from = mid + 1;
        }
        // The page and one more, to know whether there is a next page.
        const all: HsRecord[] = [];
        for (let i = from; i < list.length && all.length <= limitN; i++) if (list[i]!.archived === archived) all.push(list[i]!);
        const page = all.slice(0, limitN);
        // The cursor is opaque, as HubSpot's is: a client that reads it as an id or a number goes wrong.
        const cursor = Buffer.from(page.at(-1)?.id ?? '').toString('base64url');
        const next = all.length > limitN ? { next: { after: cursor, link: `?after=${cursor}` } } : undefined;
        return {
          status: 200,
          body: { results: page.map((r) => view(r, properties.length ? properties : null)), ...(next ? { paging: next } : {}) },
        };
      }
      if (method === 'POST' && rest === '/search') {
        const limitN = Math.min(200, Number(body.limit ?? 10));
        const offset = Number(body.after ?? 0);
        if (offset + limitN > SEARCH_CAP) return error(400, 'VALIDATION_ERROR', `Search results are limited to ${SEARCH_CAP} records.`);
        const groups = (body.filterGroups as { filters: { propertyName: string; operator: string; value: string }[] }[] | undefined) ?? [];
        const matches = (r: HsRecord) =>
          groups.length === 0 ||
          groups.some((g) =>
            g.filters.every((f) => {
              const raw = f.propertyName === 'hs_object_id' ? r.id : r.properties[f.propertyName];
              const a = f.propertyName === 'hs_object_id' ? Number(raw) : Date.parse(raw ?? '');
              const b = Number(f.value);
              return f.operator === 'GTE'
                ? a >= b
                : f.operator === 'LT'
                  ? a < b
                  : f.operator === 'GT'
                    ? a > b
                    : f.operator === 'EQ'
                      ? a === b
                      : false;
            }),
          );
        const all = sorted(type).filter((r) => !r.archived && matches(r));
        const page = all.slice(offset, offset + limitN);
        const more = offset + limitN < all.length;
        return {
          status: 200,
          body: {
            total: all.length,
            results: page.map((r) => view(r, props(body.properties))),
            ...(more ? { paging: { next: { after: String(offset + limitN) } } } : {}),
          },
        };
      }
      if (method === 'POST' && rest === '/batch/read') {
        const inputs = (body.inputs as { id: string }[]) ?? [];
        const now = new Date().toISOString();
        const found = inputs.map((i) => objects[type].get(i.id)).filter((r): r is HsRecord => Boolean(r && !r.archived));
        const missing = inputs.map((i) => i.id).filter((id) => !found.some((r) => r.id === id));
        // Ids that are not there (or archived) make it a 207 with an OBJECT_NOT_FOUND error naming them, as HubSpot answers.
        const errors = missing.length
          ? {
              numErrors: 1,
              errors: [
                {
                  status: 'error',
                  category: 'OBJECT_NOT_FOUND',
                  message: 'Could not get some records.',
                  context: { ids: missing },
                  errors: [],
                  links: {},
                },
              ],
            }
          : {};
        return {
          status: missing.length ? 207 : 200,
          body: {
            status: 'COMPLETE',
            results: found.map((r) => view(r, props(body.properties))),
            ...errors,
            startedAt: now,
            completedAt: now,
          },
        };
      }
      if (method === 'POST' && rest === '') return create(type, body, grant);
      const idMatch = /^\/(\d+)$/.exec(rest);
      if (idMatch && method === 'DELETE') {
        // Archives the record (HubSpot's delete): 204, also for an id it does not have.
        fake.archive(type, idMatch[1]!);
        return { status: 204, body: undefined };
      }
      if (idMatch && (method === 'PATCH' || method === 'GET')) {
        const record = objects[type].get(idMatch[1]!);
        if (!record || record.archived) return error(404, 'OBJECT_NOT_FOUND', 'Object not found.');
        if (method === 'PATCH') {
          if (fake.switches.refuseWrites) {
            return error(400, 'VALIDATION_ERROR', fake.switches.refuseWrites, { errors: [{ message: fake.switches.refuseWrites }] });
          }
          checkRequest(method, path, body);
          const refused = refuseWrite(portalOf(grant), type, body, record);
          if (refused) return refused;
          const properties = (body.properties as Record<string, string>) ?? {};
          fake.put(type, record.id, properties);
        }
        return { status: 200, body: view(record, null) };
      }
    }
    if (method === 'GET' && path === '/crm/v3/pipelines/deals') {
      const now = new Date().toISOString();
      return {
        status: 200,
        body: {
          results: fake.pipelines.map((p) => ({
            id: p.id,
            label: p.label,
            displayOrder: p.displayOrder,
            archived: false,
            createdAt: now,
            updatedAt: now,
            stages: p.stages.map((s) => ({
              id: s.id,
              label: s.label,
              displayOrder: s.displayOrder,
              archived: false,
              createdAt: now,
              updatedAt: now,
              writePermissions: 'CRM_PERMISSIONS_ENFORCEMENT',
              metadata: { probability: s.probability, isClosed: String(s.isClosed) },
            })),
          })),
        },
      };
    }
    if (method === 'GET' && path === '/crm/v3/owners') {
      const limitN = Math.min(500, Number(url.searchParams.get('limit') ?? 100));
      const after = Number(url.searchParams.get('after') ?? 0);
      const now = new Date().toISOString();
      const page = fake.owners.slice(after, after + limitN);
      return {
        status: 200,
        body: {
          results: page.map((o) => ({ ...o, archived: false, createdAt: now, updatedAt: now, type: 'PERSON' })),
          ...(after + limitN < fake.owners.length ? { paging: { next: { after: String(after + limitN) } } } : {}),
        },
      };
    }
    if ((m = /^\/crm\/v3\/properties\/(\w+)$/.exec(path)) && method === 'GET' && TYPE_OF[m[1]!]) {
      return { status: 200, body: { results: fake.properties[TYPE_OF[m[1]!]!] } };
    }
    if ((m = /^\/crm\/v4\/associations\/(\w+)\/(\w+)\/batch\/read$/.exec(path)) && method === 'POST') {
      const map = associations.get(`${TYPE_OF[m[1]!]}:${TYPE_OF[m[2]!]}`) ?? new Map<string, string[]>();
      const inputs = (body.inputs as { id: string }[]) ?? [];
      const now = new Date().toISOString();
      const results = inputs
        .filter((i) => map.get(i.id)?.length)
        .map((i) => ({
          from: { id: i.id },
          to: map.get(i.id)!.map((toObjectId) => ({ toObjectId, associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 1 }] })),
        }));
      return { status: 200, body: { status: 'COMPLETE', results, startedAt: now, completedAt: now } };
    }
    if ((m = /^\/crm\/v4\/objects\/([\w-]+)\/(\d+)\/associations\/default\/([\w-]+)\/(\d+)$/.exec(path)) && method === 'PUT') {
      return associateDefault(TYPE_OF[m[1]!], m[2]!, TYPE_OF[m[3]!], m[4]!);
    }
    if ((m = /^\/crm\/v4\/objects\/([\w-]+)\/(\d+)\/associations\/([\w-]+)\/(\d+)$/.exec(path)) && method === 'DELETE') {
      const [from, to] = [TYPE_OF[m[1]!], TYPE_OF[m[3]!]];
      if (!from || !to || !objects[from].get(m[2]!)) return error(404, 'OBJECT_NOT_FOUND', 'Object not found.');
      fake.dissociate(from, m[2]!, to, m[4]!);
      return { status: 204, body: undefined };
    }
    return error(404, 'OBJECT_NOT_FOUND', `No route for ${method} ${path}`);
  }

  // Writes (creates, updates, associations), as HubSpot takes them: the request is checked against
  // the OpenAPI files (`drift`) and the values as HubSpot validates them (hubspot-writes.ts).
  const portalOf = (grant: Grant): WritePortal => ({ hubId: grant.login.hubId, pipelines: fake.pipelines, owners: fake.owners, objects });
  function checkRequest(method: string, path: string, body: unknown) {
    const documented = path.replace(/^\/crm\/v3\/objects\/deals/, '/crm/v3/objects/0-3');
    const problems = checker.checkRequest(method, documented, body);
    if (problems?.length) fake.drift.push(`request ${method} ${path}: ${problems.slice(0, 5).join('; ')}`);
  }
  /** HubSpot's defined association types a create may name, by the created type: typeId to the other type. */
  const ASSOCIATION_TYPES: Record<HsType, Record<number, HsType>> = {
    deals: { 5: 'companies', 341: 'companies', 3: 'contacts' },
    contacts: { 1: 'companies', 279: 'companies', 4: 'deals' },
    companies: { 280: 'contacts', 342: 'deals' },
  };
  function create(type: HsType, body: Record<string, unknown>, grant: Grant): Json {
    checkRequest('POST', `/crm/v3/objects/${type}`, body);
    if (fake.switches.refuseWrites) {
      return error(400, 'VALIDATION_ERROR', fake.switches.refuseWrites, { errors: [{ message: fake.switches.refuseWrites }] });
    }
    const refused = refuseWrite(portalOf(grant), type, body, null);
    if (refused) return refused;
    const links: [HsType, string][] = [];
    for (const a of (body.associations as { to?: { id?: string }; types?: { associationTypeId?: number }[] }[] | undefined) ?? []) {
      for (const t of a.types ?? []) {
        const to = ASSOCIATION_TYPES[type][t.associationTypeId ?? -1];
        if (!to) return error(400, 'VALIDATION_ERROR', `${t.associationTypeId} is not a valid association type for ${type}.`);
        const target = objects[to].get(a.to?.id ?? '');
        if (!target || target.archived) return error(400, 'VALIDATION_ERROR', `No ${to} with id ${a.to?.id} to associate.`);
        links.push([to, target.id]);
      }
    }
    const record = fake.put(type, nextId(portalOf(grant), type), body.properties as Record<string, string>);
    for (const [to, id] of links) fake.associate(type, record.id, to, id);
    return { status: 201, body: view(record, null) };
  }
  function associateDefault(from: HsType | undefined, fromId: string, to: HsType | undefined, toId: string): Json {
    const a = from && objects[from].get(fromId);
    const b = to && objects[to].get(toId);
    if (!from || !to || !a || a.archived || !b || b.archived) return error(404, 'OBJECT_NOT_FOUND', 'Object not found.');
    fake.associate(from, fromId, to, toId);
    const now = new Date().toISOString();
    const spec = { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: 1 };
    return {
      status: 200,
      body: {
        status: 'COMPLETE',
        results: [{ from: { id: fromId }, to: { id: toId }, associationSpec: spec }],
        startedAt: now,
        completedAt: now,
      },
    };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const method = req.method ?? 'GET';
      const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
      const raw = Buffer.concat(chunks).toString();
      let answer: Json | { redirect: string } | { page: string };
      let hubId: number | null = null;
      if (path.startsWith('/oauth/')) {
        answer = oauth(method, path, url, new URLSearchParams(raw));
      } else {
        const grant = tokenLogin(req);
        if ('status' in grant) answer = grant;
        else {
          hubId = grant.login.hubId;
          answer = crm(method, path, url, raw ? (JSON.parse(raw) as Record<string, unknown>) : {}, grant);
        }
      }
      if ('redirect' in answer) {
        fake.calls.push({ method, path, status: 302, at: Date.now(), hubId });
        res.writeHead(302, { location: answer.redirect }).end();
        return;
      }
      if ('page' in answer) {
        fake.calls.push({ method, path, status: 200, at: Date.now(), hubId });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(answer.page);
        return;
      }
      if (answer.status === 429) fake.count429++;
      fake.calls.push({ method, path, status: answer.status, at: Date.now(), hubId });
      const body = fake.switches.transform ? fake.switches.transform(path, answer.body) : answer.body;
      // The 2026-03 token answers have the shape the v1 token operation documents.
      // Deals answer on /objects/deals (the SDK) and /objects/0-3 (the files) alike.
      const documented =
        path === '/oauth/2026-03/token' ? '/oauth/v1/token' : path.replace(/^\/crm\/v3\/objects\/deals/, '/crm/v3/objects/0-3');
      const problems = checker.check(method, documented, answer.status, withoutNullProperties(body));
      if (problems?.length) fake.drift.push(`${method} ${path} ${answer.status}: ${problems.slice(0, 5).join('; ')}`);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...(answer.headers ?? {}) }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  fake.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  fake.close = () => new Promise<void>((r) => server.close(() => r()));
  return fake;
}

export type FakeHubspot = Awaited<ReturnType<typeof startFakeHubspot>>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** HubSpot's consent screen, reduced to what a user reads and presses. */
function consentPage(params: URLSearchParams, login: HsLogin): string {
  const hidden = [...params]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const scopes = (params.get('scope') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((scope) => `<li>${escapeHtml(scope)}</li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Connect an app to HubSpot</title></head><body><main>
<h1>Connect Pipewise to HubSpot account ${login.hubId}</h1><p>Signed in to HubSpot as ${escapeHtml(login.email)}.</p>
<h2>Pipewise asks to</h2><ul>${scopes}</ul>
<form method="post" action="/oauth/authorize">${hidden}<button type="submit" name="decision" value="approve">Connect app</button>
<button type="submit" name="decision" value="deny">Cancel</button></form></main></body></html>`;
}

const fetchSend: WebhookSend = async ({ uri, headers, body }) => (await fetch(uri, { method: 'POST', headers, body })).status;

/**
 * The answer as the OpenAPI files can judge it: they type every property value as a string, while
 * HubSpot answers null for a requested property with no value. Only those nulls are left out.
 */
function withoutNullProperties(body: unknown): unknown {
  const record = (r: unknown) => {
    const properties = (r as { properties?: unknown }).properties;
    if (!properties || typeof properties !== 'object') return r;
    return { ...(r as object), properties: Object.fromEntries(Object.entries(properties).filter(([, v]) => v !== null)) };
  };
  if (!body || typeof body !== 'object') return body;
  const results = (body as { results?: unknown }).results;
  return Array.isArray(results) ? { ...body, results: results.map(record) } : record(body);
}

/**
 * A portal with two pipelines, owners (the first `ownerEmails` match Pipewise users), and the
 * given numbers of companies, contacts and deals, each deal tied to a company and a contact.
 */
export function seedPortal(fake: FakeHubspot, counts: { companies: number; contacts: number; deals: number }, ownerEmails: string[] = []) {
  fake.pipelines = [
    {
      id: 'default',
      label: 'Sales Pipeline',
      displayOrder: 0,
      stages: [
        { id: 'appointmentscheduled', label: 'Appointment Scheduled', displayOrder: 0, probability: '0.2', isClosed: false },
        { id: 'qualifiedtobuy', label: 'Qualified To Buy', displayOrder: 1, probability: '0.4', isClosed: false },
        { id: 'closedwon', label: 'Closed Won', displayOrder: 2, probability: '1.0', isClosed: true },
        { id: 'closedlost', label: 'Closed Lost', displayOrder: 3, probability: '0.0', isClosed: true },
      ],
    },
    {
      id: '7001',
      label: 'Renewals',
      displayOrder: 1,
      stages: [{ id: '7002', label: 'Renewal Due', displayOrder: 0, probability: '0.5', isClosed: false }],
    },
  ];
  fake.owners = [...ownerEmails, 'outsider@agency.example'].map((email, i) => ({
    id: String(9001 + i),
    email,
    firstName: `Owner${i}`,
    lastName: 'Hs',
    userId: 7001 + i,
  }));
  fake.properties.deals = [
    {
      name: 'dealname',
      label: 'Deal Name',
      type: 'string',
      fieldType: 'text',
      groupName: 'dealinformation',
      description: '',
      options: [],
      displayOrder: 0,
      calculated: false,
      externalOptions: false,
      hasUniqueValue: false,
      hidden: false,
      formField: true,
      modificationMetadata: { archivable: false, readOnlyDefinition: true, readOnlyValue: false },
    },
  ];
  const stages = ['appointmentscheduled', 'qualifiedtobuy', 'closedwon', 'closedlost'];
  const at = new Date(Date.now() - 3_600_000);
  for (let i = 1; i <= counts.companies; i++) {
    fake.put(
      'companies',
      String(100_000 + i),
      { name: `Company ${i}`, domain: `company${i}.example`, hubspot_owner_id: fake.owners[i % fake.owners.length]!.id },
      at,
    );
  }
  for (let i = 1; i <= counts.contacts; i++) {
    fake.put('contacts', String(200_000 + i), { firstname: `First${i}`, lastname: `Last${i}`, email: `contact${i}@client.example` }, at);
    if (counts.companies) fake.associate('contacts', String(200_000 + i), 'companies', String(100_000 + (i % counts.companies) + 1));
  }
  for (let i = 1; i <= counts.deals; i++) {
    const id = String(300_000 + i);
    fake.put(
      'deals',
      id,
      {
        dealname: `Imported deal ${i}`,
        amount: String(1000 + i),
        closedate: new Date(Date.UTC(2026, i % 12, 1)).toISOString(),
        pipeline: 'default',
        dealstage: stages[i % stages.length]!,
        hubspot_owner_id: fake.owners[i % fake.owners.length]!.id,
      },
      at,
    );
    if (counts.companies) fake.associate('deals', id, 'companies', String(100_000 + (i % counts.companies) + 1));
    if (counts.contacts) fake.associate('deals', id, 'contacts', String(200_000 + (i % counts.contacts) + 1));
  }
}
