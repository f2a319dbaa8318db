import http from 'node:http';
import type net from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';

export type FakeIdentity = { email: string; email_verified?: boolean; name?: string };

export type FakeOidcProvider = {
  issuer: string;
  /** Loopback endpoint for other processes: POST /identity with a FakeIdentity as JSON. */
  controlURL: string;
  setIdentity(identity: FakeIdentity): void;
  close(): Promise<void>;
};

/**
 * An OpenID Connect provider (oauth2-mock-server: discovery, PKCE, nonce, signed id_tokens)
 * whose next sign-in is the identity the test sets.
 */
export async function startFakeOidcProvider(): Promise<FakeOidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let identity: FakeIdentity = { email: 'nobody@example.invalid' };
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    token.payload.email = identity.email;
    token.payload.email_verified = identity.email_verified ?? true;
    if (identity.name) token.payload.name = identity.name;
  });
  const control = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/identity') {
        identity = JSON.parse(body) as FakeIdentity;
        res.writeHead(204).end();
      } else res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => control.listen(0, '127.0.0.1', () => r()));
  const port = (control.address() as net.AddressInfo).port;
  return {
    issuer: server.issuer.url!,
    controlURL: `http://127.0.0.1:${port}`,
    setIdentity: (next) => {
      identity = next;
    },
    close: async () => {
      await new Promise<void>((r) => control.close(() => r()));
      await server.stop();
    },
  };
}
