import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type TestSession } from '../../test/sessions';
import { createTestApp, csrfHeaders, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: TestSession;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-web-'));
beforeAll(async () => {
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Pipewise</title>\n');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1);\n');
  t = await createTestApp({ seed: true, env: { WEB_DIST: webDist } });
  admin = await signIn(t.database.db, 'asha@acme.example');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('Cache-Control', () => {
  it('is no-store on every API answer with personal data', async () => {
    const urls = ['/api/session/profile', '/api/users', '/api/deal/get-deals-user-hierarchy', '/api/deal/export', '/api/deal/owners'];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('is no-store on API errors too (401, 400, 404, 403)', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/users' }),
      await t.app.inject({ method: 'GET', url: '/api/deal/get-deals-user-hierarchy?page=0', headers: admin.headers }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-route', headers: admin.headers }),
      await t.app.inject({ method: 'POST', url: '/api/auth/check-email', payload: { email: 'asha@acme.example' } }),
      await t.app.inject({ method: 'POST', url: '/api/auth/check-email', payload: { email: 'asha@acme.example' }, headers: csrfHeaders }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([401, 400, 404, 403, 200]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves the web app its own caching: immutable assets, revalidated pages', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ method: 'GET', url: '/dashboard/deals' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('API documentation pages', () => {
  const appPolicy = async () => (await t.app.inject({ method: 'GET', url: '/dashboard/deals' })).headers['content-security-policy'];

  it("load under the app's own CSP: scripts and styles from 'self', no framing, no https: wildcard", async () => {
    const policy = await appPolicy();
    expect(policy).toContain("frame-ancestors 'none'");
    for (const url of [
      '/api/docs',
      '/api/docs/',
      '/api/docs/static/swagger-ui-bundle.js',
      '/api/docs/static/swagger-initializer.js',
      '/api/docs/static/swagger-ui.css',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toBe(policy);
      expect(csp, url).not.toMatch(/https:|upgrade-insecure-requests|frame-ancestors 'self'/);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // Every script and stylesheet the page names is one of its own files (no inline code).
    expect(page.body).not.toMatch(/<script>|<style>/);
    expect(page.body).toContain('swagger-ui-bundle.js');
  });

  it('still serve the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./), info: { title: 'Pipewise API' } });
    expect(res.json().paths['/api/deal/get-deals-user-hierarchy']).toBeDefined();
  });
});
