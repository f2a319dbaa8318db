import { sql } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../test/test-paths';
import { presetPgliteDataDir, useSpawnedServers } from '../../test/server-process';
import { sleep, waitFor } from '../../test/wait';
import { acquireDataDirLock, DataDirLockedError } from './lock';
import { execute } from './client';
import { openPglite } from './pglite-driver';

const { start, tempDir } = useSpawnedServers('pipewise-lock-');
/** Spawned servers start PGlite from scratch; on a busy 2-core machine that can take a while. */
const PROCESS_TEST_TIMEOUT = 90_000;

const lockFile = (dir: string) => path.join(dir, 'pipewise.lock');
const lockPid = (dir: string) => Number.parseInt(fs.readFileSync(lockFile(dir), 'utf8'), 10);

/** Another process that takes the lock and then idles until killed. */
async function spawnLockHolder(dir: string) {
  const code = `import { acquireDataDirLock } from ${JSON.stringify(path.join(import.meta.dirname, 'lock.ts'))};
acquireDataDirLock(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1 << 30);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
    child.once('exit', (c) => reject(new Error(`lock holder exited with ${c}`)));
  });
  return child;
}

/** Name, size and mtime of every file under dir. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    // A file renamed into place between the listing and the stat is seen on the next look.
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat) out[path.relative(dir, file)] = `${stat.size}@${stat.mtimeMs}`;
  }
  return out;
}

describe('data dir lock', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('refuses while another live process holds it, and takes over a lock whose process died', async () => {
    const dir = tempDir();
    const holder = await spawnLockHolder(dir);
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(
        new RegExp(`DATA_DIR ${dir} is in use by another Pipewise process \\(pid ${holder.pid}\\).*DATABASE_URL`),
      );
      expect(lockPid(dir)).toBe(holder.pid);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((r) => holder.once('exit', r));
    }

    // The holder is gone but its lock file stays: stale, so it is taken over.
    expect(lockPid(dir)).toBe(holder.pid);
    const release = acquireDataDirLock(dir);
    expect(lockPid(dir)).toBe(process.pid);
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it('replaces an unreadable lock file and leaves a lock it no longer owns alone', () => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), 'garbage\n');
    const release = acquireDataDirLock(dir);
    expect(lockPid(dir)).toBe(process.pid);
    fs.writeFileSync(lockFile(dir), `${process.ppid}\n`); // someone else's now
    release();
    expect(lockPid(dir)).toBe(process.ppid);
  });

  it('a second server on the same DATA_DIR exits 1 with a clear message and touches nothing', async () => {
    const dataDir = tempDir();
    presetPgliteDataDir(dataDir);
    // API only: no worker stores and processes the demo's media meanwhile, so the files settle.
    const env = { DATA_DIR: dataDir, JOB_POLL_MS: '60000', ROLE: 'api' };
    const first = await start(env);
    await first.waitUntilHealthy();
    // Start-up work (migrations, seed, the first maintenance job) is done once the files stop changing.
    let before = tree(dataDir);
    await waitFor(
      async () => {
        await sleep(400);
        const now = tree(dataDir);
        const stable = JSON.stringify(now) === JSON.stringify(before);
        before = now;
        return stable;
      },
      { what: 'the first server to settle', timeoutMs: 30_000, intervalMs: 0 },
    );
    expect(Object.keys(before)).toContain('pipewise.lock');

    const second = await start(env);
    expect(await second.exit).toBe(1);
    expect(second.output()).toContain('Pipewise could not start:');
    expect(second.output()).toContain(`is in use by another Pipewise process (pid ${first.child.pid})`);
    // The first server may still append to its write-ahead log (a late checkpoint on a busy machine);
    // any other change, postmaster.pid first (PGlite rewrites it when it opens), would be the second's.
    const withoutWal = (files: Record<string, string>) => Object.entries(files).filter(([name]) => !name.startsWith('pglite/pg_wal/'));
    expect(withoutWal(tree(dataDir))).toEqual(withoutWal(before));
    expect(Object.keys(tree(dataDir))).toEqual(Object.keys(before));

    // The first one did not notice and still serves, then stops cleanly with its demo workspace.
    expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(fs.existsSync(lockFile(dataDir))).toBe(false);
    const database = await openPglite(dataDir);
    try {
      const rows = await execute<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
      expect(rows[0]!.n).toBe(9);
    } finally {
      await database.close();
    }
  });
});
