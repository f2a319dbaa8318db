import fs from 'node:fs';
import http from 'node:http';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { mib, tempDataDir, type Bench } from '../lib/bench';
import { startServer } from '../../e2e/support/pipewise-server';
import { signInThroughOutbox } from '../lib/sign-in';

/** 1 GiB by default; UPLOAD_BENCH_MB=64 for a quick check (the 1 GiB run takes a while and a lot of disk). */
const SIZE_MB = Number(process.env.UPLOAD_BENCH_MB ?? 1024);
const EMAIL = 'rahul@acme.example';
const RSS_SAMPLE_MS = 50;

function vmRssKib(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

/** A valid mp4 start (an ftyp box, which is what the server's type check reads) followed by zero padding. */
function* mediaChunks(size: number): Generator<Buffer> {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\0\0isommp41', 'latin1')]);
  yield ftyp;
  const chunk = Buffer.alloc(1024 * 1024);
  let left = size - ftyp.length;
  while (left > 0) {
    const n = Math.min(left, chunk.length);
    yield n === chunk.length ? chunk : chunk.subarray(0, n);
    left -= n;
  }
}

/** POSTs a multipart upload of `size` bytes, streamed from a generator; resolves with the status and body. */
function streamUpload(
  baseURL: string,
  auth: { cookie: string; csrf: string },
  fields: Record<string, string>,
  size: number,
): Promise<{ status: number; body: string }> {
  const boundary = '----pipewise-bench-boundary';
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL('/api/videos/upload', baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + size + tail.length,
        cookie: auth.cookie,
        'x-csrf-token': auth.csrf,
      },
    });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
    });
    req.on('error', reject);
    Readable.from(
      (function* () {
        yield head;
        yield* mediaChunks(size);
        yield tail;
      })(),
    ).pipe(req);
  });
}

/**
 * Streams one large upload to POST /api/videos/upload on a real server process (local storage)
 * and records throughput and how much the server's resident memory grew while it arrived.
 */
export const recordingsUploadBench: Bench = {
  name: 'recordings-upload',
  title: `Video upload: one ${SIZE_MB} MiB file streamed to POST /api/videos/upload`,
  run: async () => {
    const dataDir = tempDataDir('upload');
    const server = await startServer({ dataDir });
    try {
      const auth = await signInThroughOutbox(server.baseURL, dataDir, EMAIL);
      const deals = (await (await fetch(`${server.baseURL}/api/videos/deals?limit=1`, { headers: { cookie: auth.cookie } })).json()) as {
        id: string;
        pipeline_id: string;
      }[];
      const fields = { deal_id: deals[0]!.id, pipeline_id: deals[0]!.pipeline_id, upload_type: 'file', title: 'Bench upload' };
      // A small upload first, so the baseline includes the upload path's code and buffers.
      const warm = await streamUpload(server.baseURL, auth, fields, 64 * 1024);
      if (warm.status !== 201) throw new Error(`warm-up upload answered ${warm.status}: ${warm.body}`);
      const baseline = vmRssKib(server.pid);
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, vmRssKib(server.pid))), RSS_SAMPLE_MS);
      const size = SIZE_MB * 1024 * 1024;
      const started = performance.now();
      const res = await streamUpload(server.baseURL, auth, fields, size);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, vmRssKib(server.pid));
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.body}`);
      const stored = (JSON.parse(res.body) as { size_bytes: number }).size_bytes;
      if (stored !== size) throw new Error(`stored ${stored} bytes of ${size}`);
      const mibPerSecond = size / 1024 / 1024 / seconds;
      const growthKib = peak - baseline;
      const rows = [
        { metric: 'upload size', value: `${SIZE_MB} MiB (${size} bytes, stored and checked)` },
        { metric: 'wall time', value: `${seconds.toFixed(1)} s` },
        { metric: 'throughput', value: `${mibPerSecond.toFixed(1)} MiB/s (${(size / 1e6 / seconds).toFixed(1)} MB/s)` },
        { metric: 'server RSS before (VmRSS)', value: mib(baseline) },
        { metric: 'server RSS peak during the upload', value: mib(peak) },
        { metric: 'server RSS growth (target < 100 MiB)', value: mib(growthKib) },
      ];
      const notes =
        'A real server process (`node --import tsx apps/server/src/main.ts`, PGlite, local storage in DATA_DIR/uploads) on loopback; ' +
        'the client streams a multipart body (an mp4 ftyp box followed by zero padding) from a generator, never holding it. ' +
        `VmRSS of the server is sampled every ${RSS_SAMPLE_MS} ms from /proc after one small warm-up upload. ` +
        'Run: `npm run bench -- recordings-upload` (1 GiB; `UPLOAD_BENCH_MB=64` for a quick check). ' +
        'Needs ~1 GiB free disk in the temp dir.';
      return {
        notes,
        rows,
        report: [],
        data: { sizeBytes: size, seconds, mibPerSecond, baselineRssKib: baseline, peakRssKib: peak, growthKib, sampleMs: RSS_SAMPLE_MS },
      };
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
