import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
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
 * Spawns the real entry point the way `npm start` runs it (`node --import tsx apps/server/src/main.ts`)
 * with only PATH/HOME from this process plus `env`, so a developer's DATABASE_URL never leaks in.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      APP_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString('utf8')));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString('utf8')));
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
    output: () => output,
    exit,
    exited: () => done,
    async waitUntilHealthy(timeoutMs = 80_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (done) throw new Error(`server exited with ${child.exitCode} before it was healthy:\n${output}`);
        try {
          const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
          await res.body?.cancel();
          if (res.status === 200) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`server not healthy after ${timeoutMs} ms:\n${output}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async kill() {
      if (!done) child.kill('SIGKILL');
      await exit;
    },
  };
}
