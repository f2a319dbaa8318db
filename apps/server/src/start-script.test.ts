import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { execute } from './db/client';
import { openPglite } from './db/pglite-driver';
import { isRunning, presetPgliteDataDir, spawnStart, type StartProcess } from '../test/server-process';
import { sleep, waitFor } from '../test/wait';

/**
 * `npm start` under a supervisor (the defect: servers that outlived their parents and ignored
 * SIGTERM, one blocked writing logs to a pipe nobody read). SIGTERM to the start process, in every
 * state the server can be in, ends both processes within the grace period, and the start process
 * exits as the server did.
 */

const GRACE_MS = 6000;
/** What a stop may take beyond the grace period on a busy machine (process exit, reaping). */
const MARGIN_MS = 3000;
const PROCESS_TEST_TIMEOUT = 120_000;

const running: StartProcess[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.kill()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A DATA_DIR (migrated unless `fresh`) and a WEB_DIST with an index.html, so nothing is built. */
function dataDir({ fresh = false } = {}): { DATA_DIR: string; WEB_DIST: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-start-'));
  dirs.push(dir);
  const web = path.join(dir, 'web');
  fs.mkdirSync(web);
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Pipewise</title>\n');
  const data = path.join(dir, 'data');
  if (!fresh) presetPgliteDataDir(data);
  return { DATA_DIR: data, WEB_DIST: web };
}

async function start(env: Record<string, string>, options: { detached?: boolean } = {}): Promise<StartProcess> {
  const s = await spawnStart({ DEMO_SEED: '0', SHUTDOWN_GRACE_MS: String(GRACE_MS), ...env }, options);
  running.push(s);
  return s;
}

/** Sends `signal` (to the start process, or to its whole group) and returns its exit code once both processes are gone. */
async function stopAndWait(s: StartProcess, { signal = 'SIGTERM' as NodeJS.Signals, group = false, withinMs = GRACE_MS + MARGIN_MS } = {}) {
  const server = await s.serverPid();
  const sent = Date.now();
  process.kill(group ? -s.child.pid! : s.child.pid!, signal);
  const code = await Promise.race([s.exit, sleep(withinMs).then(() => 'still running' as const)]);
  expect(code, `start.mjs after ${withinMs} ms:\n${s.output()}`).not.toBe('still running');
  await waitFor(() => !isRunning(server), { timeoutMs: 1000, what: 'the server process to be gone' }).catch((e) => {
    const stat = `/proc/${server}/stat`;
    throw new Error(`${(e as Error).message} (code ${code}): ${fs.existsSync(stat) ? fs.readFileSync(stat, 'utf8') : 'none'}`);
  });
  return { code: code as number, tookMs: Date.now() - sent };
}

const phase = (s: StartProcess, text: string) =>
  waitFor(() => s.output().includes(text), { timeoutMs: 60_000, what: `"${text}" in the output` });

describe('npm start stops with its server', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('while the server is starting (loading its code)', async () => {
    const s = await start(dataDir());
    await s.serverPid();
    const { code } = await stopAndWait(s);
    // Killed by the signal before it could hear it (143), or stopped cleanly (0).
    expect([0, 143]).toContain(code);
  });

  it('while the embedded database is being created and migrated (fresh DATA_DIR), releasing its lock', async () => {
    const env = dataDir({ fresh: true });
    const s = await start({ ...env, SHUTDOWN_GRACE_MS: '30000' });
    await phase(s, 'opening the database');
    const { code } = await stopAndWait(s, { withinMs: 30_000 + MARGIN_MS });
    expect(code, s.output()).toBe(0);
    expect(s.output()).toContain('"msg":"stopped"');
    expect(s.output()).not.toContain('Pipewise is running');
    expect(fs.existsSync(path.join(env.DATA_DIR, 'pipewise.lock'))).toBe(false);
  });

  it('while seeding the demo workspace', async () => {
    const s = await start({ ...dataDir(), DEMO_SEED: '1' });
    await phase(s, 'seeding the demo workspace');
    // The seed's statements hold the main thread (several seconds on a busy 2-core machine): the stop
    // is heard after them, then start-up ends at its next checkpoint.
    const { code } = await stopAndWait(s, { withinMs: 30_000 });
    expect(code, s.output()).toBe(0);
    // The seed's statements hold the main thread for a while: the stop may be heard only after it.
    expect(s.output()).toContain('"msg":"stopped"');
  });

  it('while serving, with the soft open-files limit raised to the hard one', async () => {
    const s = await start(dataDir());
    await s.waitUntilHealthy();
    const limits = fs.readFileSync(`/proc/${await s.serverPid()}/limits`, 'utf8');
    const [, soft, hard] = /^Max open files\s+(\S+)\s+(\S+)/m.exec(limits)!;
    expect(soft).toBe(hard);
    const { code, tookMs } = await stopAndWait(s);
    expect(code).toBe(0);
    expect(tookMs).toBeLessThan(MARGIN_MS + 2000);
  });

  it('while its output pipe is closed', async () => {
    const s = await start(dataDir());
    await s.waitUntilHealthy();
    s.child.stdout!.destroy();
    s.child.stderr!.destroy();
    // Each request writes log lines into the closed pipe.
    for (let i = 0; i < 20; i++) expect((await fetch(`${s.baseUrl}/api/health`)).status).toBe(200);
    const { code } = await stopAndWait(s);
    expect(code).toBe(0);
  });

  it('while its output pipe is full because the supervisor stopped reading', async () => {
    const s = await start(dataDir());
    await s.waitUntilHealthy();
    s.child.stdout!.pause();
    s.child.stderr!.pause();
    // Far more log lines than a pipe holds (64 KiB); the server keeps answering meanwhile.
    const noise = 'x'.repeat(400);
    for (let batch = 0; batch < 40; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          fetch(`${s.baseUrl}/api/no-such-${noise}`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.status),
        ),
      );
      expect(answers).toEqual(Array(10).fill(404));
    }
    const { code } = await stopAndWait(s);
    expect(code).toBe(0);
  });

  it('when the whole process group gets SIGTERM', async () => {
    const s = await start(dataDir(), { detached: true });
    await s.waitUntilHealthy();
    const { code } = await stopAndWait(s, { group: true });
    expect(code).toBe(0);
  });

  it('when the start process itself is killed, the server stops on its own', async () => {
    const s = await start(dataDir());
    await s.waitUntilHealthy();
    const server = await s.serverPid();
    s.child.kill('SIGKILL');
    await s.exit;
    await waitFor(() => !isRunning(server), { timeoutMs: GRACE_MS + MARGIN_MS, what: 'the orphaned server to stop' });
  });

  it('when the start process is killed while the server is still loading, the server stops on its own', async () => {
    const s = await start(dataDir());
    const server = await s.serverPid();
    s.child.kill('SIGKILL');
    await s.exit;
    await waitFor(() => !isRunning(server), { timeoutMs: 30_000 + GRACE_MS, what: 'the orphaned server to stop' });
  });

  it('kills a server that does not stop within the grace period, and exits as it did', async () => {
    const s = await start({ ...dataDir(), SHUTDOWN_GRACE_MS: '1000' });
    await s.waitUntilHealthy();
    process.kill(await s.serverPid(), 'SIGSTOP'); // a server that can no longer act on anything
    const { code, tookMs } = await stopAndWait(s, { withinMs: 1000 + 5000 + MARGIN_MS });
    expect(code).toBe(128 + os.constants.signals.SIGKILL);
    expect(tookMs).toBeGreaterThanOrEqual(5900);
  });

  it("exits with the server's own exit code", async () => {
    const s = await start({ ...dataDir(), DATABASE_URL: 'mysql://nope' });
    expect(await s.exit).toBe(1);
    expect(s.output()).toContain('Pipewise could not start');
  });
});

/** A receiving SMTP server whose recipient `hang` is never answered: a mail job to it stays running. */
async function startSmtp(hang: string) {
  const mails: string[] = [];
  let hanging = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (address.address === hang) {
        hanging = true;
        return; // never answered
      }
      callback();
    },
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        mails.push(raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as net.AddressInfo).port}`,
    mails,
    hanging: () => hanging,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('npm start stops with a job running', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('gives the job the grace period, stops it, exits 0, and leaves the job to be run again', async () => {
    const newcomer = 'newcomer@acme.example';
    const smtp = await startSmtp(newcomer);
    try {
      const env = dataDir();
      const s = await start({ ...env, DEMO_SEED: '1', SMTP_URL: smtp.url, JOB_POLL_MS: '100' });
      await s.waitUntilHealthy();
      // A browser's cookie jar: the CSRF token is signed for the pre-session, then for the session.
      const jar = new Map<string, string>();
      const keep = (res: Response) => {
        for (const c of res.headers.getSetCookie()) {
          const [pair] = c.split(';');
          const at = pair!.indexOf('=');
          jar.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        return res;
      };
      const headers = () => ({
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': jar.get('csrf_token') ?? '',
        'content-type': 'application/json',
      });
      const get = async (url: string) => keep(await fetch(`${s.baseUrl}${url}`, { headers: headers() }));
      const post = async (url: string, body: unknown) =>
        keep(await fetch(`${s.baseUrl}${url}`, { method: 'POST', headers: headers(), body: JSON.stringify(body) }));
      await get('/api/health');

      // An admin signs in with the code mailed to her, and approves a sign-up request: its mail is a job.
      expect((await post('/api/auth/send-otp', { email: 'asha@acme.example' })).status).toBe(200);
      const code = /\b(\d{6})\b/.exec(await waitFor(() => smtp.mails.find((m) => m.includes('asha@acme.example'))))![1];
      const verified = await post('/api/auth/verify-otp', { email: 'asha@acme.example', otp: code });
      expect(verified.status).toBe(200);
      expect(jar.get('access_token')).toBeTruthy();
      const interest = { email: newcomer, firstName: 'New', lastName: 'Comer', phoneNumber: '9876543210', numEmployees: 10 };
      expect((await post('/api/auth/register-interest', interest)).status).toBe(200);
      const list = await (await get('/api/registration-requests')).json();
      const id = (list as { data: { id: string; email: string }[] }).data.find((r) => r.email === newcomer)!.id;
      expect((await post(`/api/registration-requests/${id}/approve`, {})).status).toBe(200);
      await waitFor(smtp.hanging, { what: 'the mail job to be running' });

      const server = await s.serverPid();
      const stopping = stopAndWait(s);
      await sleep(1000);
      expect(isRunning(server), 'still waiting for the job').toBe(true);
      const { code: exitCode, tookMs } = await stopping;
      expect(exitCode, s.output()).toBe(0);
      expect(tookMs).toBeGreaterThan(GRACE_MS - 3000); // the job had its time first
      expect(s.output()).toContain('jobs still running after the shutdown grace period');

      // Not failed, not lost: still running under its lease, for the next worker to take over.
      const database = await openPglite(env.DATA_DIR);
      try {
        const rows = await execute<{ status: string; attempts: number; last_error: string | null }>(
          database.db,
          sql`select status, attempts, last_error from jobs where type = 'mail.send'`,
        );
        expect(rows).toEqual([{ status: 'running', attempts: 1, last_error: null }]);
      } finally {
        await database.close();
      }
    } finally {
      await smtp.close();
    }
  });
});
