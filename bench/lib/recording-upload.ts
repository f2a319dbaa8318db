import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/** Uploading a call recording as the upload dialog sends it, and reading its status back. */

export type Auth = { cookie: string; csrf: string };

/** The multipart body of an upload: the form's `fields`, then the file (an MP4) named `filename`. */
export function uploadBody(fields: Record<string, string>, file: Buffer, filename: string) {
  const boundary = '----pipewise-bench-upload';
  const head =
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    'Content-Type: video/mp4\r\n\r\n';
  const body = Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads `file` (an MP4) to the first deal the caller sees; answers the recording's id. */
export async function uploadRecording(baseURL: string, auth: Auth, file: string, title: string): Promise<string> {
  const deals = (await (await fetch(`${baseURL}/api/videos/deals?limit=1`, { headers: { cookie: auth.cookie } })).json()) as {
    id: string;
    pipeline_id: string;
  }[];
  const fields = { deal_id: deals[0]!.id, pipeline_id: deals[0]!.pipeline_id, upload_type: 'file', title };
  const { body, contentType } = uploadBody(fields, fs.readFileSync(file), path.basename(file));
  const res = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.request(new URL('/api/videos/upload', baseURL), {
      method: 'POST',
      headers: { 'content-type': contentType, 'content-length': body.length, cookie: auth.cookie, 'x-csrf-token': auth.csrf },
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
