import { Worker } from 'node:worker_threads';

// Plain JavaScript on a thread of its own, so it still runs while the main thread is stuck
// (a long synchronous step, a blocked write): SIGKILL is the one exit nothing can hold up.
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const parent = process.ppid;
let timer;
const killAt = (at) => {
  if (timer) return;
  timer = setTimeout(() => process.kill(process.pid, 'SIGKILL'), Math.max(0, at - Date.now()));
};
parentPort.on('message', (message) => {
  if (typeof message.killAt === 'number') killAt(message.killAt);
});
if (workerData.watchParentMs > 0) {
  const check = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(check);
      killAt(Date.now() + workerData.watchParentMs);
    }
  }, 250);
}
`;

export type Watchdog = {
  /** Kills the process at `at` (epoch ms) unless it has exited by then. */
  killAt(at: number): void;
};

/**
 * A thread that can end the process whatever its main thread is doing: at a deadline the main
 * thread set when it began stopping, and, when `watchParentMs` is set, that long after the
 * parent process is gone (a supervisor that died cannot stop us any more).
 */
export function startWatchdog({ watchParentMs = 0 }: { watchParentMs?: number } = {}): Watchdog {
  const worker = new Worker(SOURCE, { eval: true, workerData: { watchParentMs }, resourceLimits: { maxOldGenerationSizeMb: 8 } });
  worker.unref();
  worker.on('error', () => undefined);
  return { killAt: (at) => worker.postMessage({ killAt: at }) };
}
