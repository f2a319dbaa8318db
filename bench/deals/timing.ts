import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile } from '../lib/bench';

export type Latency = { n: number; p50: number; p95: number; p99: number; mean: number; max: number };

export function summarize(samples: readonly number[]): Latency {
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    n: samples.length,
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    p99: round(percentile(samples, 99)),
    mean: round(samples.reduce((a, b) => a + b, 0) / samples.length),
    max: round(Math.max(...samples)),
  };
}

/** Runs `fn` `warmup` times unrecorded, then `runs` times one after another; milliseconds each. */
export async function timeSequential(fn: () => Promise<unknown>, warmup: number, runs: number): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return samples;
}

/**
 * A GET over one kept-alive connection (like one browser tab's fetches), resolving once the whole
 * body has arrived; a non-200 rejects, so a broken run cannot pass for a fast one.
 */
export function httpGetter(baseURL: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (pathAndQuery: string, headers: Record<string, string>): Promise<string> =>
    new Promise((resolve, reject) => {
      const req = http.get(`${baseURL}${pathAndQuery}`, { agent, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) reject(new Error(`GET ${pathAndQuery} answered ${res.statusCode}: ${body.slice(0, 300)}`));
          else resolve(body);
        });
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  return { get, close: () => agent.destroy() };
}
