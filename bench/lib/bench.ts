import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** What every benchmark exports; bench/run.ts runs a list of them. */
export type BenchRow = { metric: string; value: string };

/** A wider table for SUMMARY.md than metric/value rows; cells are plain text. */
export type BenchTable = { columns: string[]; rows: string[][] };

export type BenchResult = {
  name: string;
  title: string;
  /** Human-readable lines for SUMMARY.md. */
  rows: BenchRow[];
  /** Shown in SUMMARY.md after the rows. */
  table?: BenchTable;
  /** How it was measured, in a sentence or two, for SUMMARY.md. */
  notes?: string;
  /** Everything measured, written as-is to results/<name>.json. */
  data: Record<string, unknown>;
  /**
   * When set, the result also gets its own readable results/<name>.md: its SUMMARY.md section,
   * then these extra markdown lines (e.g. a table of every clip, or the wrong answers).
   */
  report?: string[];
};

export type Bench = {
  name: string;
  title: string;
  /**
   * One result, stored as results/<name>.json; or several, each under its own name (which
   * starts with `<name>-`, e.g. deals-postgres-1m), for a bench that runs a matrix.
   */
  run: () => Promise<Omit<BenchResult, 'name' | 'title'> | BenchResult[]>;
};

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The p-th percentile (0..100) with linear interpolation between the closest ranks. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

export const ms = (value: number): string => `${Math.round(value)} ms`;

export const mib = (kib: number | undefined): string => (kib === undefined ? 'n/a' : `${(kib / 1024).toFixed(1)} MiB`);

/** Peak resident set size (VmHWM) of a live process in KiB; undefined off Linux or once it has gone. */
export function peakRssKib(pid: number): number | undefined {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

export function tempDataDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `pipewise-bench-${label}-`));
}
