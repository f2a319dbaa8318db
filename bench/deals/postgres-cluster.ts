import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../../e2e/support/pipewise-server';

const PG_BIN_DIRS = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'];

/**
 * Settings of the throwaway cluster. Memory is sized for a small dedicated database host (the
 * machine has 24 GB); fsync is off because the bench only loads data it can regenerate, and
 * reads do not touch it. Everything else (parallel workers, JIT, work_mem) stays at its default.
 * Not synchronous_commit=off: a VACUUM right after the load cannot set hint bits for commits not
 * yet flushed, leaves every page not all-visible, and index-only scans then visit the heap.
 */
const SETTINGS = [
  'listen_addresses=127.0.0.1',
  'shared_buffers=2GB',
  'effective_cache_size=8GB',
  'fsync=off',
  'full_page_writes=off',
  'max_wal_size=4GB',
];

export type PostgresCluster = {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url: (database: string) => string;
  createDatabase: (name: string) => Promise<string>;
  dropDatabase: (name: string) => Promise<void>;
  stop: () => void;
  /**
   * `pg_ctl restart -m <mode> -w` (fast: sessions are ended with 57P01; immediate: as a crash), without
   * blocking this process's event loop (load generators keep running). Resolves once it accepts connections.
   */
  restart: (mode?: 'fast' | 'immediate') => Promise<void>;
  /** `pg_ctl stop -m <mode> -w`: the server is down when this resolves; `start()` brings it back. */
  stopServer: (mode?: 'fast' | 'immediate') => Promise<void>;
  /** `pg_ctl start -w` after stopServer(): resolves once it accepts connections. */
  start: () => Promise<void>;
};

function binary(name: string): string {
  const dir = PG_BIN_DIRS.find((d) => fs.existsSync(path.join(d, name)));
  if (!dir) throw new Error(`PostgreSQL ${name} not found in ${PG_BIN_DIRS.join(', ')}: install it with \`apt-get install postgresql\``);
  return path.join(dir, name);
}

/** Runs a PostgreSQL binary as the postgres user when we are root (initdb refuses root). */
function runAsPostgres(bin: string, args: string[]): string {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** runAsPostgres, without blocking the event loop. */
function runAsPostgresAsync(bin: string, args: string[]): Promise<string> {
  const asRoot = process.getuid?.() === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return new Promise((resolve, reject) =>
    execFile(cmd, argv, { encoding: 'utf8' }, (error, stdout, stderr) =>
      error ? reject(new Error(`${bin} ${args.join(' ')}: ${error.message}\n${stderr}`)) : resolve(stdout),
    ),
  );
}

/** Whether the postgres user (which runs the cluster when we are root) can enter `dir`. */
function reachableByPostgres(dir: string): boolean {
  if (process.getuid?.() !== 0) return true;
  try {
    execFileSync('runuser', ['-u', 'postgres', '--', 'test', '-x', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function admin(port: number, statement: string): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A PostgreSQL cluster of its own in .tmp/<name> (default bench-pg; or the system temp dir when the postgres user
 * cannot reach the repo) on a loopback port, started fresh (any
 * leftover from an interrupted run is stopped and removed first) and stopped by `stop()`, which
 * also runs when the process exits early.
 */
export function startPostgresCluster(port = 54339, name = 'bench-pg'): PostgresCluster {
  fs.mkdirSync(path.join(REPO_ROOT, '.tmp'), { recursive: true });
  // `name` keeps benches that may run at the same time out of each other's cluster.
  let dir = path.join(REPO_ROOT, '.tmp', name);
  if (!reachableByPostgres(path.dirname(dir))) dir = path.join(os.tmpdir(), `pipewise-${name}`); // e.g. a repo under /root
  const pgCtl = binary('pg_ctl');
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    try {
      runAsPostgres(pgCtl, ['-D', dir, '-m', 'immediate', 'stop']);
    } catch {
      // not running
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { mode: 0o700 });
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  runAsPostgres(binary('initdb'), ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const options = [`-p ${port}`, `-k ${dir}`, ...SETTINGS.map((s) => `-c ${s}`)].join(' ');
  const startArgs = ['-D', dir, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start'];
  runAsPostgres(pgCtl, startArgs);

  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    try {
      runAsPostgres(pgCtl, ['-D', dir, '-m', 'fast', '-w', 'stop']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
  process.on('exit', stop);

  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    createDatabase: async (name) => {
      await admin(port, `create database "${name}"`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    dropDatabase: (name) => admin(port, `drop database if exists "${name}" with (force)`),
    stop,
    restart: async (mode = 'fast') => {
      await runAsPostgresAsync(pgCtl, [
        '-D',
        dir,
        '-l',
        path.join(dir, 'server.log'),
        '-o',
        options,
        '-m',
        mode,
        '-w',
        '-t',
        '60',
        'restart',
      ]);
    },
    stopServer: async (mode = 'fast') => {
      await runAsPostgresAsync(pgCtl, ['-D', dir, '-m', mode, '-w', '-t', '60', 'stop']);
    },
    start: async () => {
      await runAsPostgresAsync(pgCtl, startArgs);
    },
  };
}
