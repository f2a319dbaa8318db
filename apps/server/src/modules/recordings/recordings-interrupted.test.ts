import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../db/client';
import { dealOwnedBy, filesUnder, formBody, tinyMp4 } from '../../../test/recordings-kit';
import { signIn, type TestSession } from '../../../test/sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { waitFor } from '../../../test/wait';

let t: TestApp;
let rahul: TestSession;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ seed: true, env: { UPLOAD_MAX_BYTES: String(3 * 1024 * 1024) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  rahul = await signIn(t.database.db, 'rahul@acme.example');
}, 60_000);
afterAll(() => t?.close());

describe('uploads over a real connection', () => {
  it('leaves no row and no file (not even a partial one)', async () => {
    const deal = await dealOwnedBy(t.database.db, rahul.userId);
    const form = formBody({ deal_id: String(deal.id), pipeline_id: deal.pipelineId, upload_type: 'file' }, [
      { field: 'file', name: 'long.mp4', data: Buffer.concat([tinyMp4(), Buffer.alloc(4 * 1024 * 1024)]) },
    ]);
    const dir = t.config.storage.kind === 'local' ? t.config.storage.dir : '';
    const sent = form.payload.subarray(0, form.payload.length - 2 * 1024 * 1024);
    const countRows = async () =>
      ((await execute<{ n: number }>(t.database.db, sql`select count(*)::int as n from recordings`)) as [{ n: number }])[0].n;
    const before = await countRows();
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/videos/upload HTTP/1.1\r\nHost: localhost:3000\r\n` +
        `Cookie: ${rahul.headers.cookie}\r\nX-CSRF-Token: ${rahul.headers['x-csrf-token']}\r\n` +
        `Content-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\n\r\n`,
    );
    socket.write(sent);
    // The server has begun storing the file (a temporary part file exists) when the client disappears.
    await waitFor(() => filesUnder(dir).some((f) => f.endsWith('.part')), { timeoutMs: 10_000 });
    socket.destroy();
    await waitFor(() => filesUnder(dir).length === 0, { timeoutMs: 10_000 });
    expect(await countRows()).toBe(before);
  });

  it('answers 413 to a file beyond UPLOAD_MAX_BYTES while it still arrives, and keeps nothing', async () => {
    const deal = await dealOwnedBy(t.database.db, rahul.userId);
    const form = formBody({ deal_id: String(deal.id), pipeline_id: deal.pipelineId, upload_type: 'file' }, [
      { field: 'file', name: 'big.mp4', data: Buffer.concat([tinyMp4(), Buffer.alloc(8 * 1024 * 1024)]) },
    ]);
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/videos/upload',
        headers: { ...rahul.headers, ...form.headers, 'content-length': form.payload.length },
      });
      req.on('response', (r) => {
        let body = '';
        r.on('data', (c: Buffer) => (body += c.toString()));
        r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
      });
      // The server may close the connection before taking the rest of the body.
      req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' || e.code === 'ECONNRESET' ? undefined : reject(e)));
      req.end(form.payload);
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).detail).toBe('The file is larger than the 3 MB upload limit.');
    const dir = t.config.storage.kind === 'local' ? t.config.storage.dir : '';
    await waitFor(() => filesUnder(dir).length === 0, { timeoutMs: 5000 });
  });
});
