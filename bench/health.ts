import fs from 'node:fs';
import autocannon from 'autocannon';
import { mib, peakRssKib, tempDataDir, type Bench } from './lib/bench';
import { startServer } from '../e2e/support/pipewise-server';

const CONNECTIONS = 10;
const DURATION_S = 10;
const WARMUP_S = 2;

type Load = {
  logLevel: string;
  requestsPerSec: number;
  latencyMs: { average: number; p50: number; p97_5: number; p99: number; max: number };
  totalRequests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  peakRssKib: number | undefined;
};

/**
 * One server per log level, started warm (a first start seeds the directory and is stopped, so the
 * peak RSS is the serving process's, not initdb's); a short warm-up (not recorded), then the run.
 */
async function measure(logLevel: string): Promise<Load> {
  const dataDir = tempDataDir('health');
  await (await startServer({ dataDir })).stop();
  const server = await startServer({ dataDir, env: { LOG_LEVEL: logLevel } });
  let load: Load;
  let exitCode: number | null;
  try {
    const url = `${server.baseURL}/api/health`;
    await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S });
    const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
    load = {
      logLevel,
      requestsPerSec: r.requests.average,
      latencyMs: { average: r.latency.average, p50: r.latency.p50, p97_5: r.latency.p97_5, p99: r.latency.p99, max: r.latency.max },
      totalRequests: r.requests.total,
      errors: r.errors,
      timeouts: r.timeouts,
      non2xx: r.non2xx,
      peakRssKib: peakRssKib(server.pid),
    };
  } finally {
    exitCode = (await server.stop()).code;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (exitCode !== 0) throw new Error(`server exited with ${exitCode} after SIGTERM`);
  return load;
}

function rowsFor(label: string, load: Load) {
  const l = load.latencyMs;
  return [
    { metric: `${label}: requests/s (avg)`, value: `${Math.round(load.requestsPerSec)}` },
    { metric: `${label}: latency p50 / p97.5 / p99`, value: `${l.p50} / ${l.p97_5} / ${l.p99} ms` },
    { metric: `${label}: errors / timeouts / non-2xx`, value: `${load.errors} / ${load.timeouts} / ${load.non2xx}` },
    { metric: `${label}: server peak RSS`, value: mib(load.peakRssKib) },
  ];
}

/**
 * GET /api/health (one database round trip) under autocannon. Measured at LOG_LEVEL=warn (no
 * per-request log) and at the default LOG_LEVEL=info (one log line per request, written to a file).
 */
export const healthBench: Bench = {
  name: 'health',
  title: `GET /api/health throughput (autocannon, ${CONNECTIONS} connections, ${DURATION_S} s, 127.0.0.1)`,
  run: async () => {
    const quiet = await measure('warn');
    const logged = await measure('info');
    return {
      notes:
        `autocannon runs in the bench process on the same machine, so load generator and server share the CPUs. Each server starts ` +
        `warm (a first start initialised its DATA_DIR and was stopped), takes a ${WARMUP_S} s warm-up that is not recorded, then the ` +
        `measured run. LOG_LEVEL=info writes one log line per request to a file. Peak RSS is VmHWM from /proc after the run.`,
      rows: [...rowsFor('LOG_LEVEL=warn', quiet), ...rowsFor('LOG_LEVEL=info', logged)],
      data: { connections: CONNECTIONS, durationSeconds: DURATION_S, warmupSeconds: WARMUP_S, runs: [quiet, logged] },
    };
  },
};
