import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { PGLITE_SNAPSHOT, REPO_ROOT, SERVER_ENTRY } from './test-paths';

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** The exit code once the process has ended (null when killed by a signal). */
  exit: Promise<number | null>;
  exited(): boolean;
  waitUntilHealthy(timeoutMs?: number): Promise<void>;
  /** SIGKILL if still running; for afterEach clean-up. */
  kill(): Promise<void>;
};

/** Polls GET /api/health until it answers 200; `ended` names why waiting is pointless (the process is gone). */
async function waitUntilHealthy(baseUrl: string, timeoutMs = 80_000, ended: () => string | null, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const gone = ended();
    if (gone) throw new Error(gone);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not healthy after ${timeoutMs} ms:\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Unpacks the suite's migrated PGlite snapshot as DATA_DIR/pglite, so a spawned server starts
 * warm instead of running initdb (seconds on a busy machine). Tests of the first start skip this.
 */
export function presetPgliteDataDir(dataDir: string): void {
  const target = path.join(dataDir, 'pglite');
  fs.mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', PGLITE_SNAPSHOT, '-C', target], { stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * `node <args>` from the repository root with only PATH/HOME from this process plus `env` (so a
 * developer's DATABASE_URL never leaks in), on `env.PORT` or a free port; collects its output.
 */
async function spawnWithOutput(args: string[], env: Record<string, string>, detached = false) {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      APP_URL: `http://localhost:${port}`,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  let text = '';
  child.stdout!.on('data', (d: Buffer) => (text += d.toString('utf8')));
  child.stderr!.on('data', (d: Buffer) => (text += d.toString('utf8')));
  return { child, port, baseUrl, output: () => text };
}

/**
 * Spawns the real entry point the way `npm start` runs it (`node --import tsx apps/server/src/main.ts`)
 * with only PATH/HOME from this process plus `env`, so a developer's DATABASE_URL never leaks in.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const { child, port, baseUrl, output } = await spawnWithOutput(['--import', 'tsx', SERVER_ENTRY], { LOG_LEVEL: 'warn', ...env });
  let done = false;
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      done = true;
      resolve(code);
    }),
  );

  return {
    child,
    port,
    baseUrl,
    output,
    exit,
    exited: () => done,
    waitUntilHealthy: (timeoutMs?: number) =>
      waitUntilHealthy(
        baseUrl,
        timeoutMs,
        () => (done ? `server exited with ${child.exitCode} before it was healthy:\n${output()}` : null),
        output,
      ),
    async kill() {
      if (!done) child.kill('SIGKILL');
      await exit;
    },
  };
}

/** The pids whose parent is `pid` (Linux /proc). */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

/** Whether a process still runs (a zombie waiting for its parent to reap it counts as gone). */
export function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

export type StartProcess = {
  /** The `node scripts/start.mjs` process. */
  child: ChildProcess;
  port: number;
  baseUrl: string;
  output(): string;
  /** Its exit code, or 128 + n when a signal ended it. */
  exit: Promise<number>;
  exited(): boolean;
  /** The server process start.mjs runs, once it exists. */
  serverPid(): Promise<number>;
  waitUntilHealthy(timeoutMs?: number): Promise<void>;
  /** SIGKILL to both if still running; for afterEach clean-up. */
  kill(): Promise<void>;
};

/**
 * Runs `npm start`'s script (`node scripts/start.mjs`) as a supervisor would, with only PATH/HOME
 * from this process plus `env`. Set WEB_DIST in `env` so it serves that instead of building.
 */
export async function spawnStart(env: Record<string, string>, options: { detached?: boolean } = {}): Promise<StartProcess> {
  const { child, port, baseUrl, output } = await spawnWithOutput(
    [path.join(REPO_ROOT, 'scripts/start.mjs')],
    { LOG_LEVEL: 'info', ...env },
    options.detached,
  );
  child.stdout!.on('error', () => undefined);
  child.stderr!.on('error', () => undefined);
  let done = false;
  const exit = new Promise<number>((resolve) =>
    child.once('exit', (code, signal) => {
      done = true;
      resolve(code ?? 128 + (signal ? os.constants.signals[signal] : 0));
    }),
  );
  let server: number | undefined;
  const serverPid = async () => {
    const deadline = Date.now() + 30_000;
    while (server === undefined) {
      server = childPids(child.pid!)[0];
      if (server !== undefined) break;
      if (done || Date.now() > deadline) throw new Error(`start.mjs started no server:\n${output()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return server;
  };
  return {
    child,
    port,
    baseUrl,
    output,
    exit,
    exited: () => done,
    serverPid,
    waitUntilHealthy: (timeoutMs?: number) =>
      waitUntilHealthy(baseUrl, timeoutMs, () => (done ? `start.mjs exited before the server was healthy:\n${output()}` : null), output),
    async kill() {
      for (const pid of [server, ...childPids(child.pid!)]) {
        if (pid !== undefined && isRunning(pid)) process.kill(pid, 'SIGKILL');
      }
      if (!done) child.kill('SIGKILL');
      await exit;
    },
  };
}

/**
 * The servers and temp dirs a test file spawns: each test's are killed (SIGKILL if still running) and
 * removed after it, whatever it asserted.
 */
export function useSpawnedServers(dirPrefix: string) {
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.kill()));
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    async start(env: Record<string, string>): Promise<ServerProcess> {
      const server = await spawnServer(env);
      servers.push(server);
      return server;
    },
    tempDir(): string {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), dirPrefix));
      dirs.push(dir);
      return dir;
    },
  };
}
