import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { execute } from '../src/db/client';
import { createJobRunner } from '../src/jobs/worker';
import { removeUnclaimedUploadsJob } from '../src/modules/recordings/recording-jobs';
import { drainJobs, handlersOf } from './jobs-fixture';
import { silentLog } from './silent-log';
import type { TestApp } from './test-app';

export const FFMPEG = '/usr/bin/ffmpeg';
let mp4: Buffer | undefined;

/** A one-second mp4 (video and audio) made by ffmpeg; fails naming ffmpeg when it is missing. */
export function tinyMp4(): Buffer {
  if (mp4) return mp4;
  if (!fs.existsSync(FFMPEG))
    throw new Error(`The recordings tests need ffmpeg at ${FFMPEG} (Debian package ffmpeg) to make their media fixtures.`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-media-'));
  const out = path.join(dir, 'tiny.mp4');
  execFileSync(FFMPEG, [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x48:rate=5',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    '1',
    '-c:v',
    'mpeg4',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    out,
  ]);
  mp4 = fs.readFileSync(out);
  fs.rmSync(dir, { recursive: true, force: true });
  return mp4;
}

export type FormFile = { field: string; name: string; data: Buffer; type?: string };

/** A multipart/form-data body as a browser's FormData sends it (fields first, then files, unless `filesFirst`). */
export function formBody(
  fields: Record<string, string>,
  files: FormFile[] = [],
  options: { filesFirst?: boolean } = {},
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----pipewise${randomBytes(8).toString('hex')}`;
  const fieldParts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    fieldParts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  const fileParts: Buffer[] = [];
  for (const f of files) {
    fileParts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\n` +
          `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  const parts = options.filesFirst ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts];
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A minimal valid PDF with one page showing `text` (Helvetica), its xref offsets computed. */
export function minimalPdf(text: string): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td (${text.replace(/[()\\]/g, (c) => `\\${c}`)}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A zip of stored (uncompressed) entries. */
export function storedZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content, 'utf8');
    const nameBuf = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const centralDir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(centralDir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDir, end]);
}

/** A minimal .docx whose body is one paragraph per line of `text`. */
export function minimalDocx(text: string): Buffer {
  const paragraphs = text
    .split('\n')
    .map((line) => `<w:p><w:r><w:t xml:space="preserve">${line.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</w:t></w:r></w:p>`)
    .join('');
  return storedZip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ' +
      'ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" ' +
      'Target="word/document.xml"/></Relationships>',
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body>${paragraphs}</w:body></w:document>`,
  });
}

/** A small RTF document with a font table (which must not show up in the text). */
export const minimalRtf = (text: string) =>
  Buffer.from(
    `{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Times New Roman;}}{\\*\\generator Test;}\\f0\\fs24 ` +
      `${text.replace(/\n/g, '\\par ')}\\par Caf\\'e9 \\u8364? done}`,
    'latin1',
  );

/** A deal a user owns, with its pipeline's id and label (the first by id). */
export async function dealOwnedBy(db: import('../src/db/client').Db, userId: string): Promise<{ id: number; pipelineId: string }> {
  const { asc, eq } = await import('drizzle-orm');
  const { deals } = await import('../src/db/schema');
  const [deal] = await db
    .select({ id: deals.id, pipelineId: deals.pipelineId })
    .from(deals)
    .where(eq(deals.ownerId, userId))
    .orderBy(asc(deals.id))
    .limit(1);
  if (!deal) throw new Error(`test: no deal owned by ${userId}`);
  return deal;
}

/** Every file under a directory (relative paths), for "nothing was left behind" checks. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/**
 * Marks each given direct upload (storage key → minutes) as having expired that many minutes ago,
 * then runs the hourly recording.remove-unclaimed-uploads job once, as a worker would.
 */
export async function runUnclaimedUploadsCleanup(t: TestApp, expired: Record<string, number>): Promise<void> {
  for (const [key, minutesAgo] of Object.entries(expired)) {
    await execute(
      t.database.db,
      sql`update direct_uploads set expires_at = now() - make_interval(mins => ${minutesAgo}) where storage_key = ${key}`,
    );
  }
  await t.services.queue.enqueue(removeUnclaimedUploadsJob, {});
  expect(
    await drainJobs(createJobRunner({ queue: t.services.queue, jobs: handlersOf(t.services, removeUnclaimedUploadsJob), log: silentLog })),
  ).toBe(1);
}

/** One request the speech-to-text stand-in took: body size, the audio's length (ffprobe) and how it answered. */
export type SttStandInRequest = { bytes: number; fileName: string; audioSeconds: number | null; responseFormat: string; status: number };

/** An answer the stand-in gives instead of transcribing (a busy or failing server). */
export type SttScriptedAnswer = { status: number; body: object; headers?: Record<string, string> };

/**
 * A local OpenAI-compatible speech-to-text server: refuses bodies over `maxBodyBytes` with 413 (as
 * OpenAI does over 25 MB), measures each file's length with ffprobe and answers "words <n>" for
 * the n-th accepted file, as one segment spanning the file (verbose_json) or as text only (json).
 * As real servers also do: `verboseJson: false` refuses verbose_json (gpt-4o-transcribe), and
 * `script` gives its answers, in order, before any transcript (429 with Retry-After, a 500 once).
 */
export async function startSttStandIn(
  options: {
    maxBodyBytes?: number;
    verboseJson?: boolean;
    script?: SttScriptedAnswer[];
    /** The answer to the n-th accepted piece (from 1) instead of "Words n." (a diarizing server's, say). */
    answer?: (n: number, audioSeconds: number, responseFormat: string) => object;
  } = {},
) {
  const script = [...(options.script ?? [])];
  const { default: http } = await import('node:http');
  const maxBodyBytes = options.maxBodyBytes ?? 25 * 1024 * 1024;
  const requests: SttStandInRequest[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-stt-stand-in-'));
  let accepted = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const tooLarge = Number(req.headers['content-length'] ?? 0) > maxBodyBytes;
    // The body is read to its end either way, so the client always gets the answer.
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (!tooLarge && size <= maxBodyBytes) chunks.push(c);
    });
    req.on('end', () => {
      void (async () => {
        const answer = (status: number, body: object, headers: Record<string, string> = {}) => {
          res.writeHead(status, { 'content-type': 'application/json', ...headers });
          res.end(JSON.stringify(body));
        };
        if (tooLarge || size > maxBodyBytes) {
          requests.push({ bytes: size, fileName: '', audioSeconds: null, responseFormat: '', status: 413 });
          return answer(413, { error: { message: 'Maximum content size limit exceeded' } });
        }
        const form = await new Response(Buffer.concat(chunks), {
          headers: { 'content-type': req.headers['content-type'] ?? '' },
        }).formData();
        const file = form.get('file') as File;
        const responseFormat = String(form.get('response_format'));
        if (responseFormat === 'verbose_json' && options.verboseJson === false) {
          requests.push({ bytes: size, fileName: file.name, audioSeconds: null, responseFormat, status: 400 });
          return answer(400, { error: { message: "response_format 'verbose_json' is not compatible with this model" } });
        }
        const scripted = script.shift();
        if (scripted) {
          requests.push({ bytes: size, fileName: file.name, audioSeconds: null, responseFormat, status: scripted.status });
          return answer(scripted.status, scripted.body, scripted.headers);
        }
        const filePath = path.join(dir, `${requests.length}-${file.name}`);
        fs.writeFileSync(filePath, Buffer.from(await file.arrayBuffer()));
        const probe = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', filePath]).toString();
        fs.rmSync(filePath);
        const audioSeconds = Number(probe.trim());
        requests.push({ bytes: size, fileName: file.name, audioSeconds, responseFormat, status: 200 });
        const text = `Words ${++accepted}.`;
        if (options.answer) return answer(200, options.answer(accepted, audioSeconds, responseFormat));
        answer(200, responseFormat === 'verbose_json' ? { text, segments: [{ start: 0, end: audioSeconds, text }] } : { text });
      })().catch((e: unknown) => {
        res.writeHead(500);
        res.end(String(e));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type SttStandIn = Awaited<ReturnType<typeof startSttStandIn>>;

/** A WAV of `seconds` of a quiet tone, 16 kHz mono 16-bit (what processing hands to speech to text), made by ffmpeg. */
export function toneWav(outPath: string, seconds: number): string {
  execFileSync(
    FFMPEG,
    ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=16000:duration=${seconds}`].concat([
      '-ac',
      '1',
      '-c:a',
      'pcm_s16le',
      outPath,
    ]),
  );
  return outPath;
}
