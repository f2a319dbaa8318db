import { randomUUID } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { execute, type Db } from '../db/client';

export type ProcessRole = 'api' | 'worker' | 'all';

/** A process id: 32 hex digits, stamped on a job's `locked_by` and on the names of the files the process writes. */
export const newProcessId = (): string => randomUUID().replace(/-/g, '');

export const PROCESS_ID = /^[0-9a-f]{32}$/;

/** Where a pid names one process: this boot of this machine, in this pid namespace. Null where /proc is missing. */
function localMachine(): string | null {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${boot}/${readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    return null;
  }
}

/** When the process `pid` started (clock ticks after boot, /proc/<pid>/stat), so a reused pid is told apart; null when none. */
function startTicksOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after its last ')' are fixed.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** This process's place: `<machine>@<start ticks>` with its pid, or null off Linux. */
export function localKeyOf(pid = process.pid): string | null {
  const machine = localMachine();
  const start = machine ? startTicksOf(pid) : null;
  return machine && start ? `${machine}@${start}` : null;
}

/**
 * Whether the process a row names is running, when it ran on this machine (same boot and pid
 * namespace): its pid still names a process started at the same moment. Undefined when that cannot
 * be told from here (another machine or container, or no /proc): its heartbeat decides then.
 */
export function aliveHere(row: { pid: number; local_key: string | null }, here = localMachine()): boolean | undefined {
  if (!row.local_key || !here) return undefined;
  const at = row.local_key.lastIndexOf('@');
  if (row.local_key.slice(0, at) !== here) return undefined;
  return startTicksOf(row.pid) === row.local_key.slice(at + 1);
}

export type ProcessRegistryOptions = {
  db: Db;
  id: string;
  role: ProcessRole;
  log: FastifyBaseLogger;
  /**
   * Clears up after processes found dead (their jobs and files). A failure is logged and the
   * processes are cleared up after at the next sweep.
   */
  onDead: (ids: string[]) => Promise<void>;
  /**
   * The embedded database: one process owns the DATA_DIR (a lock says so), so every other process
   * the table names has stopped.
   */
  othersAreGone?: boolean;
  /** How often this process says it is alive (default 5 s). */
  beatMs?: number;
  /** A process not seen for this long is dead (default a little over 3 beats). */
  deadAfterMs?: number;
  /** How often dead processes are looked for (default 30 s), besides once at start. */
  sweepMs?: number;
  /** This process's place for the pid check; null acts as another machine (default: read from /proc). */
  localKey?: string | null;
};

/**
 * The server processes sharing one database, each with a heartbeat row. A process is dead once
 * it has not been seen for `deadAfterMs`, or at once when it ran on this machine and its pid is
 * gone. A sweep (at start, then every `sweepMs`) claims each dead process's row with a conditional
 * update, so two sweepers never clear up after the same one, hands it to `onDead`, then removes it.
 * A process judges others by their heartbeats only after its own have gone through for
 * `deadAfterMs` without a gap: after a database outage nobody could beat, and nobody is taken for dead.
 */
export function createProcessRegistry(opts: ProcessRegistryOptions) {
  const { db, id, log } = opts;
  const beatMs = opts.beatMs ?? 5000;
  const deadAfterMs = opts.deadAfterMs ?? Math.round(beatMs * 3.2);
  const sweepMs = opts.sweepMs ?? 30_000;
  const localKey = opts.localKey === undefined ? localKeyOf() : opts.localKey;
  const here = localKey ? localKey.slice(0, localKey.lastIndexOf('@')) : null;
  const ms = (n: number) => sql`${n} * interval '1 millisecond'`;
  /** Since when this process's beats have gone through without a gap longer than `deadAfterMs`. */
  let healthySince: number | undefined;
  let lastBeat: number | undefined;
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  const beaten = () => {
    const now = Date.now();
    if (lastBeat === undefined || now - lastBeat > deadAfterMs) healthySince = now;
    lastBeat = now;
  };

  async function register(): Promise<void> {
    await db.execute(sql`
      insert into server_processes (id, role, host, pid, local_key)
      values (${id}, ${opts.role}, ${os.hostname()}, ${process.pid}, ${localKey})
      on conflict (id) do update set seen_at = now(), swept_at = null`);
    beaten();
  }

  async function beat(): Promise<void> {
    const rows = await execute(db, sql`update server_processes set seen_at = now() where id = ${id} returning id`);
    if (rows.length === 0) {
      // Another process took this one for dead (it could not beat for a while) and cleared up after it.
      log.error({ processId: id }, 'this process was taken for stopped by another one: its jobs were given back; registered again');
      await register();
      return;
    }
    beaten();
  }

  /** Finds the processes that have stopped, clears up after each once, and returns their ids. */
  async function sweep(): Promise<string[]> {
    const rows = await execute<{ id: string; pid: number; local_key: string | null; stale: boolean }>(
      db,
      sql`
      select id, pid, local_key, seen_at < now() - ${ms(deadAfterMs)} as stale from server_processes
      where id <> ${id} and (swept_at is null or swept_at < now() - ${ms(10 * sweepMs)})`,
    );
    const now = Date.now();
    const trustBeats =
      healthySince !== undefined && lastBeat !== undefined && now - healthySince >= deadAfterMs && now - lastBeat < deadAfterMs;
    const gone: string[] = [];
    const stale: string[] = [];
    for (const row of rows) {
      const alive = opts.othersAreGone ? false : aliveHere(row, here);
      if (alive === false) gone.push(row.id);
      else if (alive === undefined && row.stale && trustBeats) stale.push(row.id);
    }
    if (gone.length + stale.length === 0) return [];
    const list = (ids: string[]) =>
      sql.join(
        ids.map((x) => sql`${x}`),
        sql`, `,
      );
    // Still as judged (a stale one has not beaten since), and not being cleared up after by another sweeper.
    const claimed = (
      await execute<{ id: string }>(
        db,
        sql`
        update server_processes set swept_at = now()
        where (swept_at is null or swept_at < now() - ${ms(10 * sweepMs)})
          and (${gone.length ? sql`id in (${list(gone)})` : sql`false`}
            or ${stale.length ? sql`(id in (${list(stale)}) and seen_at < now() - ${ms(deadAfterMs)})` : sql`false`})
        returning id`,
      )
    ).map((r) => r.id);
    if (claimed.length === 0) return [];
    try {
      await opts.onDead(claimed);
    } catch (e) {
      await db.execute(sql`update server_processes set swept_at = null where id in (${list(claimed)})`).catch(() => undefined);
      throw e;
    }
    await db.execute(sql`delete from server_processes where id in (${list(claimed)}) and swept_at is not null`);
    return claimed;
  }

  const inFlight = new Set<Promise<unknown>>();
  /** Runs `task` every `everyMs` unless its last run is still going (a slow database never piles them up). */
  function every(everyMs: number, what: string, task: () => Promise<unknown>): void {
    let running = false;
    const timer = setInterval(() => {
      if (running || stopped) return;
      running = true;
      const p = task()
        .catch((e: unknown) => log.warn({ err: e, processId: id }, `process ${what} failed`))
        .finally(() => {
          running = false;
          inFlight.delete(p);
        });
      inFlight.add(p);
    }, everyMs);
    timer.unref();
    timers.push(timer);
  }

  return {
    id,
    /** Registers this process and clears up after the ones found dead; then beats and sweeps on timers that never hold the process. */
    async start(): Promise<string[]> {
      await register();
      // A clear-up that fails (storage unreachable) is tried again at the next sweep; it never stops the start.
      const cleared = await sweep().catch((e: unknown) => {
        log.warn({ err: e, processId: id }, 'process sweep failed');
        return [];
      });
      // The embedded database has one process (its DATA_DIR lock): nobody else to find stopped, and a
      // beat would only write to it every few seconds.
      if (!opts.othersAreGone) {
        every(beatMs, 'heartbeat', beat);
        every(sweepMs, 'sweep', sweep);
      }
      return cleared;
    },
    beat,
    sweep,
    /** Stops beating and sweeping and removes this process's row (a process that stopped cleanly leaves nothing to clear up). */
    async stop(): Promise<void> {
      stopped = true;
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.allSettled([...inFlight]);
      await db.execute(sql`delete from server_processes where id = ${id}`);
    },
  };
}

export type ProcessRegistry = ReturnType<typeof createProcessRegistry>;

/** The ids among `ids` of processes still registered (running, or stopped and not yet cleared up after). */
export async function registeredProcesses(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await execute<{ id: string }>(
    db,
    sql`select id from server_processes where id in (${sql.join(
      ids.map((x) => sql`${x}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((r) => r.id));
}

export type ClearUpDeps = {
  /** Ends the leases of the jobs the stopped processes held (JobQueue.releaseLeasesOf). */
  releaseLeasesOf: (ids: string[]) => Promise<number>;
  /** Removes the files they left (RecordingsService.removeFilesOf). */
  removeFilesOf: (ids: string[]) => Promise<{ partial: number; unfiled: number }>;
  log: FastifyBaseLogger;
  /** Tells this process's worker to claim now the jobs just given back. */
  poke?: () => void;
};

/** What a sweep does with the processes it found stopped: their jobs taken over at once, their files removed. */
export function clearUpAfter(deps: ClearUpDeps): (ids: string[]) => Promise<void> {
  return async (ids) => {
    const jobs = await deps.releaseLeasesOf(ids);
    const files = await deps.removeFilesOf(ids);
    deps.log.warn({ processes: ids, jobs, ...files }, 'processes found stopped: their jobs taken over now, the files they left removed');
    if (jobs > 0) deps.poke?.();
  };
}
