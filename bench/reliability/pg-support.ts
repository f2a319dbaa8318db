import fs from 'node:fs';
import { recordingStatus, type Auth } from '../lib/recording-upload';

/** What the reliability benches share: waits, counting answers by status. */

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls the recording until it is ready or failed, or `timeoutMs` passes; answers the last status. */
export async function waitForRecording(baseURL: string, auth: Auth, id: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let status = await recordingStatus(baseURL, auth, id);
  while (status !== 'ready' && status !== 'failed' && Date.now() < deadline) {
    await sleep(1000);
    status = await recordingStatus(baseURL, auth, id);
  }
  return status;
}

/** `{ "200": 12, "503": 3 }` as `200: 12, 503: 3` (statuses in order). */
export const countsText = (counts: Record<string, number>) =>
  Object.keys(counts).length === 0
    ? 'none'
    : Object.entries(counts)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ');

export function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[key(item)] = (out[key(item)] ?? 0) + 1;
  return out;
}

/** Whether process `pid` is still running (Linux /proc; a zombie counts as gone). */
export function alive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}
