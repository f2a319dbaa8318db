import fs from 'node:fs';
import { median, mib, ms, peakRssKib, tempDataDir, type Bench } from './lib/bench';
import { startServer } from '../e2e/support/pipewise-server';

const FIRST_START_RUNS = 3;
const WARM_RESTART_RUNS = 5;

type Run = { ms: number; peakRssKib: number | undefined; stopMs: number; exitCode: number | null };

async function startOnce(dataDir: string): Promise<Run> {
  const server = await startServer({ dataDir });
  const rss = peakRssKib(server.pid);
  const { code, stopMs } = await server.stop();
  if (code !== 0) throw new Error(`server exited with ${code} after SIGTERM; log: ${server.logFile}`);
  return { ms: server.timeToHealthyMs, peakRssKib: rss, stopMs, exitCode: code };
}

/**
 * First start: a fresh empty DATA_DIR each run (PGlite initdb, migrations, demo seed).
 * Warm restart: the last of those directories again, already migrated and seeded.
 */
export const startupBench: Bench = {
  name: 'startup',
  title: 'Start to healthy (PGlite, DEMO_SEED=1)',
  run: async () => {
    const dirs: string[] = [];
    try {
      const first: Run[] = [];
      for (let i = 0; i < FIRST_START_RUNS; i++) {
        const dir = tempDataDir('startup');
        dirs.push(dir);
        first.push(await startOnce(dir));
      }
      const warm: Run[] = [];
      for (let i = 0; i < WARM_RESTART_RUNS; i++) warm.push(await startOnce(dirs.at(-1)!));

      const list = (runs: Run[]) => runs.map((r) => Math.round(r.ms)).join(', ');
      const firstMedian = median(first.map((r) => r.ms));
      const warmMedian = median(warm.map((r) => r.ms));
      return {
        notes:
          'The clock starts just before spawning `node --import tsx apps/server/src/main.ts` (tsx compiles the TypeScript on the fly) ' +
          'and stops at the first 200 from GET /api/health, polled every 20 ms. A first start runs PGlite initdb, the migrations and ' +
          'the demo seed on an empty DATA_DIR; a warm restart reuses the last of those directories after a SIGTERM. ' +
          'Peak RSS is VmHWM from /proc once healthy.',
        rows: [
          { metric: `first start to healthy, median of ${first.length}`, value: `${ms(firstMedian)} (runs: ${list(first)})` },
          { metric: `warm restart to healthy, median of ${warm.length}`, value: `${ms(warmMedian)} (runs: ${list(warm)})` },
          { metric: 'peak RSS after first start (max)', value: mib(Math.max(...first.map((r) => r.peakRssKib ?? 0))) },
          { metric: 'peak RSS after warm restart (max)', value: mib(Math.max(...warm.map((r) => r.peakRssKib ?? 0))) },
          { metric: 'SIGTERM to exit, median', value: ms(median([...first, ...warm].map((r) => r.stopMs))) },
        ],
        data: {
          method: 'spawn `node --import tsx apps/server/src/main.ts`, poll GET /api/health every 20 ms, time spawn -> first 200',
          firstStart: { runs: first, medianMs: firstMedian },
          warmRestart: { runs: warm, medianMs: warmMedian },
        },
      };
    } finally {
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
