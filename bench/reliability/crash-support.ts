import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createPglite } from '../../apps/server/src/db/pglite-driver';
import type { RunningServer } from '../../e2e/support/pipewise-server';
import { startOwnServer } from '../deals/own-server';
import { uploadBody } from '../lib/recording-upload';

/** A seeded generator (mulberry32): the same seed kills at the same moments and picks the same work. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type Auth = { cookie: string; csrf: string };

/** Where a kind's server keeps its data: a DATA_DIR, and PostgreSQL's URL when it runs on one. */
export type Target = { dataDir: string; databaseUrl?: string; env: Record<string, string> };

/** Starts the real server on the target's DATA_DIR (and database); the time to healthy is on the result. */
export function startOn(target: Target): Promise<RunningServer> {
  return startOwnServer({
    dataDir: target.dataDir,
    // A busy shared machine can take minutes to open PGlite.
    timeoutMs: 600_000,
    env: {
      LOG_LEVEL: 'warn',
      MAX_CONNECTIONS_PER_ADDRESS: '1000',
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      ...target.env,
    },
  });
}

/** SIGKILL: no shutdown, no flush, no release; returns once the process has gone. */
export async function killHard(server: RunningServer): Promise<void> {
  try {
    process.kill(server.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  await server.stop();
}

export type Answer = { status: number; body: unknown; error?: string };

/**
 * One API request. A refused connection (the server is gone) is `status: -1`; a connection that
 * broke after the request was sent is `status: 0`: whether the write happened is unknown.
 */
export async function call(baseURL: string, auth: Auth, method: string, url: string, body?: unknown): Promise<Answer> {
  try {
    const res = await fetch(`${baseURL}${url}`, {
      method,
      headers: {
        cookie: auth.cookie,
        ...(method === 'GET' ? {} : { 'x-csrf-token': auth.csrf }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(120_000),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed };
  } catch (e) {
    const code = (e as { cause?: { code?: string } }).cause?.code;
    return { status: code === 'ECONNREFUSED' ? -1 : 0, body: null, error: code ?? (e as Error).message };
  }
}

/**
 * A multipart upload of `file` as the upload dialog sends it. With `chunkBytes`/`pauseMs` the body
 * goes out slowly (a phone on a poor network), so a kill finds it half received.
 */
export function upload(
  baseURL: string,
  auth: Auth,
  fields: Record<string, string>,
  file: Buffer,
  pace?: { chunkBytes: number; pauseMs: number },
): Promise<Answer> {
  const { body, contentType } = uploadBody(fields, file, 'call.mp4');
  return new Promise((resolve) => {
    let sentAll = false;
    let settled = false;
    const done = (answer: Answer) => {
      if (!settled) {
        settled = true;
        resolve(answer);
      }
    };
    const req = http.request(new URL('/api/videos/upload', baseURL), {
      method: 'POST',
      headers: {
        'content-type': contentType,
        'content-length': body.length,
        cookie: auth.cookie,
        'x-csrf-token': auth.csrf,
      },
    });
    req.on('response', (r) => {
      const parts: Buffer[] = [];
      r.on('data', (c: Buffer) => parts.push(c));
      r.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON
        }
        done({ status: r.statusCode ?? 0, body: parsed });
      });
      r.on('error', (e) => done({ status: 0, body: null, error: e.message }));
    });
    req.on('error', (e: NodeJS.ErrnoException) =>
      done({ status: e.code === 'ECONNREFUSED' && !sentAll ? -1 : 0, body: null, error: e.code }),
    );
    void (async () => {
      if (!pace) {
        sentAll = true;
        req.end(body);
        return;
      }
      for (let i = 0; i < body.length && !settled; i += pace.chunkBytes) {
        const more = req.write(body.subarray(i, i + pace.chunkBytes));
        if (!more) await new Promise((r) => req.once('drain', r));
        await sleep(pace.pauseMs);
      }
      sentAll = true;
      if (!settled) req.end();
    })().catch(() => undefined);
  });
}

/** Every file under `dir`, as storage keys (paths relative to it with forward slashes). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .map((f) => f.split(path.sep).join('/'))
    .sort();
}

/** SQL straight on the kind's database, for what the API does not show (jobs, duplicates, storage keys). */
export type Sql = { query<T>(text: string, params?: unknown[]): Promise<T[]>; close(): Promise<void> };

/**
 * Opens the target's database from the bench: PGlite only once its server has stopped (one process
 * at a time), PostgreSQL at any time.
 */
export async function openSql(target: Target): Promise<Sql> {
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    return {
      query: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[],
      close: () => client.end(),
    };
  }
  const db = await createPglite({ dataDir: path.join(target.dataDir, 'pglite') });
  return {
    query: async <T>(text: string, params: unknown[] = []) => (await db.query<T>(text, params)).rows,
    close: () => db.close(),
  };
}

/** Runs `check` on the target's database, with its server stopped when that is PGlite. */
export async function withSql<T>(target: Target, check: (sql: Sql) => Promise<T>): Promise<T> {
  const sql = await openSql(target);
  try {
    return await check(sql);
  } finally {
    await sql.close();
  }
}

/** Polls `check` until it returns a value, or gives up after `timeoutMs` with undefined. */
export async function poll<T>(check: () => Promise<T | undefined>, timeoutMs: number, everyMs = 500): Promise<T | undefined> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (performance.now() > deadline) return undefined;
    await sleep(everyMs);
  }
}

/** One kill: when, what was in flight, and how the restart went. */
export type Kill = {
  round: number;
  /** Milliseconds after the load started (seeded). */
  killAfterMs: number;
  /** Requests sent and not answered when the process died. */
  inFlight: number;
  acknowledgedBefore: number;
  timeToHealthyMs: number;
  /** From the kill to the killed job's end (jobs), or to the killed import moving again (imports). */
  recoveryMs?: number;
  detail?: string;
};

/** Per kind: the brief's columns. */
export type KindSummary = {
  kind: string;
  kills: Kill[];
  acknowledged: number;
  checked: number;
  lost: number;
  duplicated: number;
  halfWritten: number;
  orphanFiles: number;
  partFiles: number;
  jobsTotal: number;
  jobsFinishedOnce: number;
  jobsStuck: number;
  problems: string[];
  notes: string[];
};

export const emptySummary = (kind: string): KindSummary => ({
  kind,
  kills: [],
  acknowledged: 0,
  checked: 0,
  lost: 0,
  duplicated: 0,
  halfWritten: 0,
  orphanFiles: 0,
  partFiles: 0,
  jobsTotal: 0,
  jobsFinishedOnce: 0,
  jobsStuck: 0,
  problems: [],
  notes: [],
});

export type StorageCheck = {
  files: number;
  /** Temporary files of writes cut short. */
  partFiles: string[];
  /** Stored files no recording (media or snapshot) nor pending direct upload refers to. */
  orphanFiles: string[];
  /** Recordings whose media file is missing or of another size than the row says. */
  rowsWithoutFile: string[];
  /** Every storage key a row refers to. */
  referenced: Set<string>;
};

/** DATA_DIR/uploads against the recordings table: every file has its row, every row its file. */
export async function checkStorage(target: Target, sql: Sql): Promise<StorageCheck> {
  const dir = path.join(target.dataDir, 'uploads');
  const files = filesUnder(dir);
  const rows = await sql.query<{ id: string; storage_key: string | null; size_bytes: string | number | null; snapshot_keys: string[] }>(
    'select id, storage_key, size_bytes, snapshot_keys from recordings',
  );
  const pending = new Set((await sql.query<{ storage_key: string }>('select storage_key from direct_uploads')).map((r) => r.storage_key));
  const referenced = new Set<string>(pending);
  const rowsWithoutFile: string[] = [];
  for (const row of rows) {
    for (const key of row.snapshot_keys ?? []) referenced.add(key);
    if (!row.storage_key) continue;
    referenced.add(row.storage_key);
    const file = path.join(dir, row.storage_key);
    // The demo's video is copied in by a job: until it has run, its row has no file yet.
    const size = fs.existsSync(file) ? fs.statSync(file).size : -1;
    if (size !== Number(row.size_bytes) && !(size === -1 && row.storage_key.endsWith('/media.mp4'))) rowsWithoutFile.push(row.id);
  }
  const partFiles = files.filter((f) => f.endsWith('.part'));
  const orphanFiles = files.filter((f) => !f.endsWith('.part') && !referenced.has(f));
  return { files: files.length, partFiles, orphanFiles, rowsWithoutFile, referenced };
}
