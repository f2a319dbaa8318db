import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../e2e/support/pipewise-server';
import { startPostgresCluster, type PostgresCluster } from '../deals/postgres-cluster';
import { median, tempDataDir, type Bench, type BenchResult } from '../lib/bench';
import { RESULTS_DIR } from '../lib/results';
import { editsKind, type KindOptions } from './crash-edits';
import { importsKind } from './crash-imports';
import { jobsKind } from './crash-jobs';
import type { KindSummary, Target } from './crash-support';
import { uploadsKind } from './crash-uploads';

/**
 * The server killed with SIGKILL during edits, uploads, jobs and imports, then restarted on the same
 * DATA_DIR (and database): no acknowledged write lost, nothing half-written, no orphan file, every
 * job finished once. CRASH_KILLS (kills per kind, default 5), CRASH_SEED, CRASH_KINDS (a comma list
 * of edits, uploads, jobs, imports) and CRASH_DATABASES (pglite, postgres; default both) choose the run.
 */

const KINDS = ['edits', 'uploads', 'jobs', 'imports'] as const;
type Kind = (typeof KINDS)[number];
type DatabaseKind = 'pglite' | 'postgres';

const kills = Number(process.env.CRASH_KILLS ?? 5);
const seed = Number(process.env.CRASH_SEED ?? 2026);
const kinds = (process.env.CRASH_KINDS?.split(',') ?? KINDS).map((k) => k.trim()) as Kind[];
const databases = (process.env.CRASH_DATABASES?.split(',') ?? ['pglite', 'postgres']).map((d) => d.trim()) as DatabaseKind[];
const log = (line: string) => process.stdout.write(`${line}\n`);

/** Roles per kind: uploads leave their transcriptions to the jobs kind. */
const ENV: Record<Kind, Record<string, string>> = {
  edits: {},
  uploads: { ROLE: 'api' },
  jobs: { JOB_POLL_MS: '200' },
  imports: {},
};

/** Kills of a kind: CRASH_IMPORT_KILLS for imports (on PostgreSQL each waits out the import's five-minute lease). */
const killsOf = (kind: Kind) => (kind === 'imports' ? Number(process.env.CRASH_IMPORT_KILLS ?? kills) : kills);

async function runKind(kind: Kind, database: DatabaseKind, cluster: PostgresCluster | undefined): Promise<KindSummary> {
  const options: KindOptions = { kills: killsOf(kind), seed, log };
  const dirs: string[] = [];
  const target = async (label: string): Promise<Target> => {
    const dataDir = tempDataDir(`crash-${label}`);
    dirs.push(dataDir);
    const databaseUrl = cluster ? await cluster.createDatabase(`crash_${label.replace(/\W/g, '_')}_${Date.now()}`) : undefined;
    return { dataDir, databaseUrl, env: { ...ENV[kind] } };
  };
  const started = Date.now();
  const loadAtStart = os.loadavg()[0]!;
  try {
    let summary: KindSummary;
    if (kind === 'edits') summary = await editsKind(await target(kind), options);
    else if (kind === 'uploads') summary = await uploadsKind(await target(kind), options);
    else if (kind === 'jobs') summary = await jobsKind(await target(kind), options);
    else summary = await importsKind((round) => target(`${kind}-${round}`), options);
    summary.notes.push(
      `${kind} on ${database} ran at ${new Date(started).toISOString()} for ${Math.round((Date.now() - started) / 1000)} s, ` +
        `1-minute load average ${loadAtStart.toFixed(1)} at its start and ${os.loadavg()[0]!.toFixed(1)} at its end`,
    );
    return summary;
  } finally {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

const row = (database: DatabaseKind, s: KindSummary) => {
  const healthy = s.kills.map((k) => k.timeToHealthyMs);
  return [
    database,
    s.kind,
    String(s.kills.length),
    String(s.acknowledged),
    String(s.checked),
    String(s.lost),
    String(s.duplicated),
    String(s.halfWritten),
    `${s.orphanFiles} / ${s.partFiles}`,
    s.jobsTotal ? `${s.jobsFinishedOnce} of ${s.jobsTotal}` : '-',
    String(s.jobsStuck),
    healthy.length ? `${Math.round(median(healthy))} / ${Math.round(Math.max(...healthy))}` : '-',
  ];
};

/** One result per database: reliability-crash on the embedded default, reliability-crash-postgres. */
async function run(): Promise<BenchResult[]> {
  const stored: BenchResult[] = [];
  for (const database of databases) {
    const loadAtStart = os.loadavg()[0]!;
    const results: { database: DatabaseKind; summary: KindSummary }[] = [];
    const cluster = database === 'postgres' ? startPostgresCluster(await freePort(), 'bench-pg-crash') : undefined;
    try {
      for (const kind of kinds) {
        log(`  ${kind} on ${database}: ${killsOf(kind)} kills`);
        results.push({ database, summary: await runKind(kind, database, cluster) });
      }
    } finally {
      cluster?.stop();
    }
    const name = database === 'pglite' ? 'reliability-crash' : 'reliability-crash-postgres';
    // A run of some kinds keeps the other kinds' last results (each says its load and duration in its notes).
    const earlier = path.join(RESULTS_DIR, `${name}.json`);
    if (fs.existsSync(earlier)) {
      const kept = (JSON.parse(fs.readFileSync(earlier, 'utf8')) as { data?: { results?: typeof results } }).data?.results ?? [];
      results.push(...kept.filter((r) => !kinds.includes(r.summary.kind as Kind)));
      results.sort((a, b) => KINDS.indexOf(a.summary.kind as Kind) - KINDS.indexOf(b.summary.kind as Kind));
    }
    stored.push({
      name,
      title: `${reliabilityCrashBench.title} (${database === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
      ...resultOf(database, results, loadAtStart, os.loadavg()[0]!),
    });
  }
  return stored;
}

/**
 * How soon the work a kill cut short went on: a killed recording's processing to its end, a killed
 * import to moving again (the restarted process finds the killed one's jobs at once, without their lease).
 */
function recoveryRows(results: { summary: KindSummary }[]): { metric: string; value: string }[] {
  const what: Record<string, string> = { jobs: 'killed recording: kill to ready', imports: 'killed import: kill to moving again' };
  return results.flatMap(({ summary: s }) => {
    const times = s.kills.flatMap((k) => (k.recoveryMs === undefined ? [] : [k.recoveryMs / 1000]));
    if (!what[s.kind] || times.length === 0) return [];
    return [{ metric: `${what[s.kind]}, median / max s`, value: `${Math.round(median(times))} / ${Math.round(Math.max(...times))}` }];
  });
}

function resultOf(
  database: DatabaseKind,
  results: { database: DatabaseKind; summary: KindSummary }[],
  loadAtStart: number,
  loadAtEnd: number,
): Omit<BenchResult, 'name' | 'title'> {
  const bad = results.filter(({ summary: s }) => s.lost + s.duplicated + s.halfWritten + s.orphanFiles + s.partFiles + s.jobsStuck > 0);
  const unfinished = results.filter(({ summary: s }) => s.jobsFinishedOnce < s.jobsTotal);
  const verdict =
    bad.length + unfinished.length === 0
      ? 'no acknowledged write lost, nothing duplicated or half-written, no orphan or part file, every job finished once'
      : `failures in ${[...bad, ...unfinished].map((r) => `${r.summary.kind} on ${r.database}`).join(', ')}`;
  const table = {
    columns: [
      'database',
      'kind',
      'kills',
      'acknowledged',
      'checked',
      'lost',
      'duplicated',
      'half-written',
      'orphan / part files',
      'jobs finished once',
      'stuck',
      'healthy after restart median / max ms',
    ],
    rows: results.map((r) => row(r.database, r.summary)),
  };
  const report = [
    '',
    '## Each kill',
    '',
    '| database | kind | round | killed after ms | in flight | acknowledged before | healthy after ms | detail |',
    '|---|---|---|---|---|---|---|---|',
    ...results.flatMap(({ database, summary: s }) =>
      s.kills.map(
        (k) =>
          `| ${database} | ${s.kind} | ${k.round} | ${k.killAfterMs} | ${k.inFlight} | ${k.acknowledgedBefore} | ` +
          `${Math.round(k.timeToHealthyMs)} | ${(k.detail ?? '').replace(/\|/g, '/')} |`,
      ),
    ),
    '',
    '## Notes and problems',
    '',
    ...results.flatMap(({ database, summary: s }) => [
      `### ${s.kind} on ${database}`,
      '',
      ...s.notes.map((n) => `- ${n}`),
      ...(s.problems.length ? ['', 'Problems:', '', ...s.problems.slice(0, 50).map((p) => `- ${p}`)] : []),
      '',
    ]),
  ];
  return {
    rows: [
      { metric: 'verdict', value: verdict },
      {
        metric: 'kills per kind, seed',
        value: `${results.map((r) => `${r.summary.kind} ${r.summary.kills.length}`).join(', ')}; seed ${seed}`,
      },
      ...recoveryRows(results),
      {
        metric: `1-minute load average at start / end of the last run (${kinds.join(', ')})`,
        value:
          `${loadAtStart.toFixed(1)} / ${loadAtEnd.toFixed(1)} (a shared machine: times to healthy are not final; ` +
          'each kind notes its own)',
      },
    ],
    table,
    notes:
      'The real server (`node --import tsx apps/server/src/main.ts`, DEMO_SEED=1) ' +
      (database === 'pglite' ? 'on PGlite in a temp DATA_DIR' : 'on a throwaway PostgreSQL cluster (uploads in a temp DATA_DIR)') +
      ', SIGKILLed at a seeded moment under each kind of load, restarted on the same DATA_DIR and database, ' +
      'then checked through the API (every write answered 2xx before the kill read back equal) and in the database and ' +
      'DATA_DIR/uploads once stopped (no duplicate, no row without its file or file without its row, no part file, one job ' +
      'ending done). Edits: 12 workers each owning 2 deals, PUT deal/{id} and POST deal/ one at a time. Uploads: ROLE=api, 3 ' +
      'uploaders at full speed and 3 slow ones sending the 253 KB demo call. Jobs: ROLE=all, the call processed once as the ' +
      'reference, then killed during its processing each round. Imports: a first HubSpot import of 3,000 deals, 300 companies ' +
      'and 750 contacts from the stand-in, killed at seeded counts of records up to three times, then a fresh workspace. ' +
      'Each kind keeps one DATA_DIR (imports one per import); the database checks run once it has stopped at the end. ' +
      'Rerun: `npm run bench -- reliability-crash` ' +
      '(CRASH_DATABASES=pglite or postgres, CRASH_KILLS, CRASH_IMPORT_KILLS, CRASH_KINDS, CRASH_SEED).',
    data: { seed, kinds, database, loadAtStart, loadAtEnd, results },
    report,
  };
}

export const reliabilityCrashBench: Bench = {
  name: 'reliability-crash',
  title: 'Reliability: SIGKILL during edits, uploads, jobs and imports, then restart',
  run,
};
