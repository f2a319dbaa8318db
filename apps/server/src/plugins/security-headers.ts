import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

const HSTS = 'max-age=31536000; includeSubDomains';
const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Helmet with a strict CSP (scripts from this origin, plus the web page's inline start script by
 * hash); HSTS and upgrade-insecure-requests when APP_URL is https, and HSTS on any answer served
 * over https (request.protocol: X-Forwarded-Proto only from a proxy trusted with TRUST_PROXY=1).
 * API answers carry personal data (profile, users, deals, the CSV export), errors included:
 * `Cache-Control: no-store` so no browser or proxy keeps a copy. The docs' static files and the
 * web app's assets keep their own caching.
 */
export async function registerSecurityHeaders(app: FastifyInstance, appUrl: string, scriptHashes: string[] = []): Promise<void> {
  const https = appUrl.startsWith('https://');
  // Helmet's middleware, built once. (@fastify/helmet built it again for every request, parsing its
  // options and checking the CSP directives each time: a tenth of a millisecond of each API answer.)
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The web app's one inline script (its start after the first paint) by hash; nothing else inline.
        scriptSrc: ["'self'", ...scriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
  app.addHook('onSend', async (request, reply) => {
    // Served over https that APP_URL does not say (a TLS-ending proxy, trusted with TRUST_PROXY=1,
    // forwarding X-Forwarded-Proto): the browser is told to stay on https all the same.
    if (!https && request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    if (isApiPath(request.url) && !request.url.startsWith('/api/docs/static/')) void reply.header('cache-control', 'no-store');
  });
}
