import http from 'node:http';
import type net from 'node:net';

export type FakeGoogleRequest = { method: string; path: string; query: Record<string, string>; token: string | null; body: unknown };
export type FakeGoogleAnswer = { status?: number; body: unknown };
export type FakeGoogleHandler = (req: FakeGoogleRequest) => FakeGoogleAnswer;

export type FakeGoogleServer = {
  /** GOOGLE_API_BASE for the app. */
  url: string;
  requests: FakeGoogleRequest[];
  /** Answers the next requests with these handlers in turn (the last one repeats). */
  script(...handlers: FakeGoogleHandler[]): void;
  close(): Promise<void>;
};

/**
 * A stand-in for Google's REST APIs (Calendar v3 events.list, Gmail v1 drafts): records every
 * request and answers as the test scripts it. Unscripted requests get Google's 404 shape.
 */
export async function startFakeGoogle(): Promise<FakeGoogleServer> {
  const requests: FakeGoogleRequest[] = [];
  let handlers: FakeGoogleHandler[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const auth = req.headers.authorization;
      const request: FakeGoogleRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        token: auth?.startsWith('Bearer ') ? auth.slice(7) : null,
        body: raw ? (JSON.parse(raw) as unknown) : null,
      };
      requests.push(request);
      const handler = handlers.length > 1 ? handlers.shift()! : handlers[0];
      const answer = handler ? handler(request) : { status: 404, body: { error: { code: 404, message: 'Not Found' } } };
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (...next) => {
      handlers = next;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A timed Calendar event as Google sends it. */
export function googleEvent(id: string, start: Date, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    status: 'confirmed',
    summary: `Event ${id}`,
    start: { dateTime: start.toISOString(), timeZone: 'Asia/Kolkata' },
    end: { dateTime: new Date(start.getTime() + 30 * 60_000).toISOString(), timeZone: 'Asia/Kolkata' },
    ...extra,
  };
}

export type FakeGoogleOAuth = {
  issuer: string;
  /** The scope the token endpoint reports as granted (Google's answer says which scopes the user allowed). */
  grant(scope: string): void;
  /** Makes every refresh answer invalid_grant (the user revoked access at Google). */
  revokeGrant(): void;
  /** Token requests seen, by grant type. */
  tokenRequests: { grant_type: string; refresh_token?: string; code_verifier?: string; redirect_uri?: string }[];
  /** Tokens sent to the revocation endpoint. */
  revoked: string[];
  close(): Promise<void>;
};

/** Google's OAuth side: an OpenID provider (oauth2-mock-server: discovery, PKCE, refresh, revocation). */
export async function startFakeGoogleOAuth(email = 'rep.google@gmail.example'): Promise<FakeGoogleOAuth> {
  const { OAuth2Server } = await import('oauth2-mock-server');
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let scope = 'openid email https://www.googleapis.com/auth/gmail.compose https://www.googleapis.com/auth/calendar.readonly';
  let revokedGrant = false;
  const tokenRequests: FakeGoogleOAuth['tokenRequests'] = [];
  const revoked: string[] = [];
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    token.payload.email = email;
    token.payload.email_verified = true;
  });
  server.service.on(
    'beforeResponse',
    (response: { body: Record<string, unknown>; statusCode: number }, req: { body: Record<string, string> }) => {
      tokenRequests.push({ ...req.body } as FakeGoogleOAuth['tokenRequests'][number]);
      if (req.body.grant_type === 'refresh_token' && revokedGrant) {
        response.statusCode = 400;
        response.body = { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' };
        return;
      }
      response.body.scope = scope;
      // Like Google: a refresh answers no new refresh token and no id_token.
      if (req.body.grant_type === 'refresh_token') {
        delete response.body.refresh_token;
        delete response.body.id_token;
      }
    },
  );
  // The mock does not parse the revocation body: read the form from the request stream.
  server.service.on('beforeRevoke', (_response: unknown, req: NodeJS.ReadableStream) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => revoked.push(new URLSearchParams(raw).get('token') ?? ''));
  });
  return {
    issuer: server.issuer.url!,
    grant: (next) => {
      scope = next;
    },
    revokeGrant: () => {
      revokedGrant = true;
    },
    tokenRequests,
    revoked,
    close: () => server.stop(),
  };
}
