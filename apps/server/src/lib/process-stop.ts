import type { FastifyBaseLogger } from 'fastify';
import { startWatchdog, type Watchdog } from './watchdog';

type Step = { run: () => Promise<unknown> | unknown; forced?: () => void };

/**
 * How the process stops, in every state. Handlers are installed before anything else runs, so a
 * SIGTERM while the database is created, migrated or seeded is heard too: start-up finishes the
 * step it is in, then undoes what it started. Once serving, what was started is stopped in reverse
 * order. Whatever happens, the process is gone within the grace period: the main thread exits
 * with 1 at the deadline, and a watchdog thread kills it shortly after if that thread is stuck.
 */
export function createProcessStop(graceMs: number) {
  const steps: Step[] = [];
  let log: Pick<FastifyBaseLogger, 'info' | 'error'> | undefined;
  let reason: string | undefined;
  let starting = true;
  let finishing: Promise<never> | undefined;
  // A parent that talks to us over IPC (npm start's script) owns us: when it is gone, stop.
  const supervised = typeof process.send === 'function';
  const watchdog: Watchdog = startWatchdog({ watchParentMs: supervised ? graceMs + 2000 : 0 });

  const forcedExit = () => {
    log?.error({ graceMs }, 'shutdown took longer than its grace period; exiting');
    for (const step of [...steps].reverse()) {
      try {
        step.forced?.();
      } catch {
        // best effort on the way out
      }
    }
    process.exit(1);
  };

  function finish(): Promise<never> {
    finishing ??= (async () => {
      for (const step of [...steps].reverse()) {
        try {
          await step.run();
        } catch (e) {
          log?.error({ err: e }, 'error while stopping');
        }
      }
      log?.info('stopped');
      process.exit(0);
    })();
    return finishing;
  }

  function request(why: string): void {
    if (reason) return;
    reason = why;
    log?.info({ reason }, 'shutting down: finishing requests and jobs in flight');
    setTimeout(forcedExit, graceMs).unref();
    watchdog.killAt(Date.now() + graceMs + 2000);
    if (!starting) void finish();
  }

  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => request(signal));
  if (supervised) {
    process.on('disconnect', () => request('parent process exited'));
    // The channel is only for noticing the parent leave; it must not keep the process alive.
    process.channel?.unref();
    // Gone already, while this process was still loading its code.
    if (!process.connected) request('parent process exited');
  }

  return {
    graceMs,
    get requested(): boolean {
      return reason !== undefined;
    },
    setLog(logger: Pick<FastifyBaseLogger, 'info' | 'error'>): void {
      log = logger;
    },
    /**
     * Registers how to undo something that was started (run in reverse order when stopping);
     * `forced` is the synchronous part that must happen even on a forced exit (e.g. releasing a lock).
     */
    add(run: Step['run'], forced?: Step['forced']): void {
      steps.push({ run, forced });
    },
    /** Between start-up steps: when a stop was asked for meanwhile, stops now (never returns). */
    async checkpoint(): Promise<void> {
      if (reason) await finish();
    },
    /** Start-up is over: from now on a stop begins at once. */
    started(): void {
      starting = false;
      if (reason) void finish();
    },
  };
}
