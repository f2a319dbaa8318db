import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app. Unknown non-API GETs answer index.html so client routes load;
 * unknown API paths answer a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const indexPath = path.join(webDist, 'index.html');
  const built = fs.existsSync(indexPath);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        void res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app is not built: run `npm run build`');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!wantsPage || pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send({ detail: `Not found: ${request.method} ${pathname}` });
    }
    if (!built) {
      return reply.status(503).type('text/plain').send('The Pipewise web app is not built. Run `npm run build`, then restart.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
