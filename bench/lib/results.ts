import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchResult } from './bench';

export const RESULTS_DIR = path.join(import.meta.dirname, '..', 'results');

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

export function environment(): Environment {
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

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** A markdown table; cells are escaped. */
export function markdownTable(columns: readonly string[], rows: readonly (readonly string[])[]): string[] {
  return [
    `| ${columns.map(cell).join(' | ')} |`,
    `|${columns.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ];
}

/** One result as SUMMARY.md shows it, under a heading of the given level. */
function resultSection(r: StoredResult, heading: '#' | '##'): string[] {
  const e = r.environment;
  const lines = [
    `${heading} ${r.title}`,
    '',
    `${e.date} · Node ${e.node} · ${e.cpus} CPUs (${e.cpuModel}) · ${e.totalMemGiB} GiB · ${e.platform} · ` +
      `load average ${e.loadAverage1m} at start`,
    '',
  ];
  if (r.notes) lines.push(r.notes, '');
  if (r.rows.length)
    lines.push(
      ...markdownTable(
        ['metric', 'value'],
        r.rows.map((row) => [row.metric, row.value]),
      ),
      '',
    );
  if (r.table) lines.push(...markdownTable(r.table.columns, r.table.rows), '');
  return lines;
}

/**
 * Writes results/<name>.json with the environment the bench started in, and results/<name>.md
 * when the result carries a report.
 */
export function storeResult(result: BenchResult, env: Environment): void {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const { report, ...measured } = result;
  const stored: StoredResult = { ...measured, environment: env };
  fs.writeFileSync(path.join(RESULTS_DIR, `${result.name}.json`), `${JSON.stringify(stored, null, 2)}\n`);
  if (report) fs.writeFileSync(path.join(RESULTS_DIR, `${result.name}.md`), [...resultSection(stored, '#'), ...report].join('\n'));
}

/**
 * SUMMARY.md covers every results/*.json, so a bench run alone keeps the others' last numbers.
 * `benchOrder` lists bench names: their results come first in that order (a result named
 * `<bench>-...` belongs to that bench), then any others by name.
 */
export function writeSummary(benchOrder: readonly string[]): void {
  const order = (name: string) => {
    const i = benchOrder.findIndex((b) => name === b || name.startsWith(`${b}-`));
    return i === -1 ? benchOrder.length : i;
  };
  const stored = fs
    .readdirSync(RESULTS_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, f), 'utf8')) as StoredResult)
    // Other JSON kept beside the results (an assistant holdout's per-case answers) is not a bench result.
    .filter((r) => typeof r.name === 'string' && r.environment !== undefined)
    .sort((a, b) => order(a.name) - order(b.name) || a.name.localeCompare(b.name));
  const lines = ['# Benchmark results', '', 'Written by `npm run bench` (bench/run.ts). Each section names the machine it ran on.', ''];
  for (const r of stored) lines.push(...resultSection(r, '##'));
  fs.writeFileSync(path.join(RESULTS_DIR, 'SUMMARY.md'), lines.join('\n'));
}
