import fs from 'node:fs';

export type OpenFilesLimit = { soft: number; hard: number };

/** The "Max open files" line of /proc/<pid>/limits; Infinity for "unlimited". */
export function parseOpenFilesLimit(procLimits: string): OpenFilesLimit | undefined {
  const match = /^Max open files\s+(\S+)\s+(\S+)/m.exec(procLimits);
  if (!match) return undefined;
  const value = (v: string) => (v === 'unlimited' ? Infinity : Number.parseInt(v, 10));
  const [soft, hard] = [value(match[1]!), value(match[2]!)];
  return Number.isNaN(soft) || Number.isNaN(hard) ? undefined : { soft, hard };
}

/** This process's open-files limit, where the system tells it (Linux); undefined elsewhere. */
export function readOpenFilesLimit(): OpenFilesLimit | undefined {
  try {
    return parseOpenFilesLimit(fs.readFileSync('/proc/self/limits', 'utf8'));
  } catch {
    return undefined;
  }
}

/** Descriptors kept for everything but client connections: database files, logs, uploads, outgoing calls. */
export const DESCRIPTOR_HEADROOM = 256;
const UNKNOWN_LIMIT_CONNECTIONS = 1024;

/**
 * The most client connections to accept so the process always has descriptors left: the soft
 * limit less the headroom (at least 32), or a conservative number when the limit is unknown.
 */
export function connectionCapFor(limit: OpenFilesLimit | undefined): number {
  if (!limit) return UNKNOWN_LIMIT_CONNECTIONS;
  if (!Number.isFinite(limit.soft)) return 1_000_000;
  return Math.max(32, limit.soft - DESCRIPTOR_HEADROOM);
}
