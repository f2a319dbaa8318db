import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/** What the reliability benches share: uploads, waits, counting answers by status. */

export type Auth = { cookie: string; csrf: string };

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Uploads `file` (an MP4) to the first deal the caller sees, as the upload dialog sends it; answers the recording's id. */
export async function uploadRecording(baseURL: string, auth: Auth, file: string, title: string): Promise<string> {
  const deals = (await (await fetch(`${baseURL}/api/videos/deals?limit=1`, { headers: { cookie: auth.cookie } })).json()) as {
    id: string;
    pipeline_id: string;
  }[];
  const fields = { deal_id: deals[0]!.id, pipeline_id: deals[0]!.pipeline_id, upload_type: 'file', title };
  const boundary = '----pipewise-reliability-bench';
  const body = Buffer.concat([
    Buffer.from(
      Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\n` +
        'Content-Type: video/mp4\r\n\r\n',
    ),
    fs.readFileSync(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(new URL('/api/videos/upload', baseURL), {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': body.length,
        cookie: auth.cookie,
        'x-csrf-token': auth.csrf,
      },
    });
    req.on('response', (r) => {
      const parts: Buffer[] = [];
      r.on('data', (c: Buffer) => parts.push(c));
      r.on('end', () => resolve({ status: r.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.text}`);
  return (JSON.parse(res.text) as { id: string }).id;
}

export async function recordingStatus(baseURL: string, auth: Auth, id: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/videos/${id}`, { headers: { cookie: auth.cookie } });
  return ((await res.json()) as { status?: string }).status ?? `http ${res.status}`;
}

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
