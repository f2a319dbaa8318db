import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

/**
 * Starts the real Pipewise server as its own process, the way `npm start` runs it.
 * Shared by the browser tests (e2e/support/global-setup.ts) and the benchmarks (bench/).
 */

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/src/main.ts');
const POLL_MS = 20;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type RunningServer = {
  pid: number;
  port: number;
  /** http://127.0.0.1:<port> */
  baseURL: string;
  /** Spawn to the first 200 from /api/health, in milliseconds. */
  timeToHealthyMs: number;
  logFile: string;
  /** SIGTERM, then wait for the exit; returns the exit code and how long the shutdown took. */
  stop: () => Promise<{ code: number | null; stopMs: number }>;
};

export type StartOptions = {
  dataDir: string;
  /** Overrides; PORT, HOST, DATA_DIR, DEMO_SEED=1, LOG_LEVEL=warn and APP_URL have defaults. */
  env?: Record<string, string>;
  /** Server stdout and stderr; defaults to a new file in dataDir. */
  logFile?: string;
  timeoutMs?: number;
};

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
}

const tail = (file: string) => fs.readFileSync(file, 'utf8').split('\n').slice(-40).join('\n');

/**
 * Spawns `node --import tsx apps/server/src/main.ts` on a free loopback port and polls
 * /api/health every 20 ms. The clock starts just before spawn, so it includes Node and tsx
 * start-up. Logs go to a file, so a chatty log level never blocks on a full pipe.
 */
export async function startServer({ dataDir, env = {}, logFile, timeoutMs = 120_000 }: StartOptions): Promise<RunningServer> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  fs.mkdirSync(dataDir, { recursive: true });
  const logPath = logFile ?? path.join(dataDir, `server-${Date.now()}.log`);
  fs.mkdirSync(path.dirname(logPath), { recursive: true });
  const log = fs.openSync(logPath, 'a');

  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_SEED: '1',
      LOG_LEVEL: 'warn',
      APP_URL: `http://localhost:${port}`,
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exit = exited(child);
  let gone = false;
  void exit.then(() => (gone = true));

  const healthURL = `${baseURL}/api/health`;
  for (;;) {
    if (gone)
      throw new Error(`Pipewise server exited with code ${child.exitCode} before it was healthy. Log (${logPath}):\n${tail(logPath)}`);
    if (await healthy(healthURL)) break;
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`Pipewise server not healthy after ${timeoutMs} ms. Log (${logPath}):\n${tail(logPath)}`);
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  const timeToHealthyMs = performance.now() - started;

  return {
    pid: child.pid!,
    port,
    baseURL,
    timeToHealthyMs,
    logFile: logPath,
    stop: async () => {
      const t = performance.now();
      if (!gone) child.kill('SIGTERM');
      const code = await exit;
      return { code, stopMs: performance.now() - t };
    },
  };
}
