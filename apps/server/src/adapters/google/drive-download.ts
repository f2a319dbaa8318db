import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** The uploader's Google access token for Drive, when they connected Google (built with the Google connection). */
export interface DriveTokenSource {
  accessTokenFor(userId: string): Promise<string | undefined>;
}

/** Until Google is connected: no token, so only files shared with anyone who has the link download. */
export const noDriveTokens: DriveTokenSource = { accessTokenFor: async () => undefined };

/** Why a Drive file did not download, for the uploader to act on. */
export class DriveDownloadError extends Error {
  override name = 'DriveDownloadError';
  constructor(
    readonly reason: 'private' | 'forbidden' | 'not_found' | 'unavailable',
    readonly status?: number,
  ) {
    super(`Google Drive download failed: ${reason}${status ? ` (HTTP ${status})` : ''}`);
  }
}

/**
 * Opens the file's bytes as a stream (Drive's files.get with alt=media), never buffering it.
 * `signal` aborts the download, e.g. when the upload request is given up.
 */
export async function openDriveFile(
  apiBase: string,
  fileId: string,
  accessToken: string | undefined,
  signal?: AbortSignal,
): Promise<Readable> {
  let res: Response;
  try {
    res = await fetch(`${apiBase}/drive/v3/files/${encodeURIComponent(fileId)}?alt=media&supportsAllDrives=true`, {
      headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
      redirect: 'follow',
      signal,
    });
  } catch {
    throw new DriveDownloadError('unavailable');
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    if (res.status === 401 || res.status === 403) throw new DriveDownloadError(accessToken ? 'forbidden' : 'private', res.status);
    if (res.status === 404) throw new DriveDownloadError(accessToken ? 'not_found' : 'private', res.status);
    throw new DriveDownloadError('unavailable', res.status);
  }
  return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
}
