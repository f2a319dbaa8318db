import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const FFMPEG = '/usr/bin/ffmpeg';

/** A Drive file shared with anyone who has the link: it downloads without a token. */
export const PUBLIC_DRIVE_FILE_ID = 'e2ePublicDriveRecording01';
/** A Drive file nobody shared: Google answers 404 to a request without a token. */
export const PRIVATE_DRIVE_FILE_ID = 'e2ePrivateDriveRecording01';

export const driveLink = (id: string) => `https://drive.google.com/file/d/${id}/view?usp=sharing`;

export type FakeGoogleDrive = {
  /** GOOGLE_API_BASE for the server. */
  url: string;
  close(): Promise<void>;
};

/** Two seconds of test picture with a tone, as a recording a rep would keep in Drive. */
function makeDriveMp4(): Buffer {
  if (!fs.existsSync(FFMPEG))
    throw new Error(`The e2e Google Drive stand-in needs ffmpeg at ${FFMPEG} (Debian package ffmpeg) to make its recording.`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pipewise-e2e-drive-'));
  try {
    const out = path.join(dir, 'drive.mp4');
    execFileSync(FFMPEG, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x180:rate=10',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330',
      '-t',
      '2',
      '-c:v',
      'mpeg4',
      '-c:a',
      'aac',
      '-shortest',
      '-movflags',
      '+faststart',
      out,
    ]);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A stand-in for Google Drive's files.get with alt=media on loopback: the public file's bytes,
 * Google's 404 for the private one (what Drive answers without a token), 404 for anything else.
 */
export async function startFakeGoogleDrive(): Promise<FakeGoogleDrive> {
  const mp4 = makeDriveMp4();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://drive.invalid');
    const match = /^\/drive\/v3\/files\/([^/]+)$/.exec(url.pathname);
    if (
      req.method !== 'GET' ||
      !match ||
      url.searchParams.get('alt') !== 'media' ||
      decodeURIComponent(match[1]!) !== PUBLIC_DRIVE_FILE_ID
    ) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 404, message: 'File not found.' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(mp4.length) }).end(mp4);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
