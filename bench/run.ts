import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Bench, BenchResult } from './lib/bench';
import { healthBench } from './health';
import { startupBench } from './startup';

/** Add later benchmarks (deals, search, ...) here. `npm run bench -- health` runs just the named ones. */
const BENCHES: Bench[] = [startupBench, healthBench];

const RESULTS_DIR = path.join(import.meta.dirname, 'results');

type Environment = {
  date: string;
  node: string;
  cpus: number;
  cpuModel: string;
  platform: string;
  totalMemGiB: number;
  /** 1-minute load average when the bench started: other work on the machine skews the numbers. */
  loadAverage1m: number;
};

type StoredResult = BenchResult & { environment: Environment };

function environment(): Environment {
  const cpus = os.cpus();
  return {
    loadAverage1m: Math.round(os.loadavg()[0]! * 100) / 100,
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    totalMemGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
  };
}

/** Registered benches first, in their order; results of benches no longer registered last. */
const order = (name: string) => {
  const i = BENCHES.findIndex((b) => b.name === name);
  return i === -1 ? BENCHES.length : i;
};

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** SUMMARY.md covers every results/*.json, so a bench run alone keeps the others' last numbers. */
function writeSummary(): void {
  const stored = fs
    .readdirSync(RESULTS_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, f), 'utf8')) as StoredResult)
    .sort((a, b) => order(a.name) - order(b.name) || a.name.localeCompare(b.name));
  const lines = ['# Benchmark results', '', 'Written by `npm run bench` (bench/run.ts). Each section names the machine it ran on.', ''];
  for (const r of stored) {
    const e = r.environment;
    lines.push(
      `## ${r.title}`,
      '',
      `${e.date} · Node ${e.node} · ${e.cpus} CPUs (${e.cpuModel}) · ${e.totalMemGiB} GiB · ${e.platform} · load average ${e.loadAverage1m} at start`,
      '',
    );
    if (r.notes) lines.push(r.notes, '');
    lines.push('| metric | value |', '|---|---|', ...r.rows.map((row) => `| ${cell(row.metric)} | ${cell(row.value)} |`), '');
  }
  fs.writeFileSync(path.join(RESULTS_DIR, 'SUMMARY.md'), lines.join('\n'));
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const unknown = only.filter((n) => !BENCHES.some((b) => b.name === n));
  if (unknown.length) throw new Error(`unknown bench ${unknown.join(', ')}; known: ${BENCHES.map((b) => b.name).join(', ')}`);
  const selected = only.length ? BENCHES.filter((b) => only.includes(b.name)) : BENCHES;

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  for (const bench of selected) {
    process.stdout.write(`bench ${bench.name}: ${bench.title}\n`);
    const env = environment();
    const outcome = await bench.run();
    const result: StoredResult = { name: bench.name, title: bench.title, ...outcome, environment: env };
    fs.writeFileSync(path.join(RESULTS_DIR, `${bench.name}.json`), `${JSON.stringify(result, null, 2)}\n`);
    for (const row of result.rows) process.stdout.write(`  ${row.metric}: ${row.value}\n`);
  }
  writeSummary();
  process.stdout.write(`wrote ${path.relative(process.cwd(), RESULTS_DIR)}/SUMMARY.md\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`bench failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
