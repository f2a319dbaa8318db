import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { StorageLimitError } from '../../adapters/storage/local-file-storage';
import type { FileStorage } from '../../adapters/storage/storage-port';
import { HttpError } from '../../lib/http-error';
import { sniffMedia, SNIFF_BYTES, type MediaKind } from './media-sniffer';
import { RECORDING_MESSAGES as M } from './recording-messages';
import { readHead } from './stream-head';

export type StoredMedia = { key: string; size: number } & MediaKind;

/**
 * A storage name the server makes: never anything from the request. With `writer` (the id of the
 * process storing it) the name carries it, so media a stopped process stored but never filed (its
 * recording not written) can be told from media a running one is about to file.
 */
export const newMediaKey = (writer?: string) => `recordings/${randomUUID()}/media${writer ? `-${writer}` : ''}`;

/** The id of the process that stored the media under `key`, when its name carries one. */
export const writerOfMediaKey = (key: string): string | undefined => /^recordings\/[0-9a-f-]{36}\/media-([0-9a-f]{32})$/.exec(key)?.[1];

/** The 415 for bytes that are no audio or video we accept. */
export const unsupportedMedia = () => new HttpError(415, M.unsupportedMedia);

/**
 * Streams a recording into storage: its type from the first bytes (415 otherwise, before any
 * byte is stored), 400 when empty, 413 beyond `maxBytes` (and nothing left behind).
 */
export async function storeMedia(storage: FileStorage, source: Readable, maxBytes: number, key = newMediaKey()): Promise<StoredMedia> {
  const { head, body } = await readHeadOf(source);
  const kind = head.length === 0 ? null : sniffMedia(head);
  if (!kind) {
    body.destroy();
    throw head.length === 0 ? new HttpError(400, M.emptyFile) : unsupportedMedia();
  }
  try {
    const { size } = await storage.put(key, body, { contentType: kind.mediaType, maxBytes });
    return { key, size, ...kind };
  } catch (error) {
    body.destroy();
    if (error instanceof StorageLimitError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, M.tooLarge(maxBytes));
    throw error;
  }
}

const readHeadOf = (source: Readable) => readHead(source, SNIFF_BYTES);

/**
 * Checks an object a client PUT directly into storage (generate-presigned-url) as an upload
 * would have been checked; an object that fails is deleted.
 */
export async function checkStoredMedia(storage: FileStorage, key: string, maxBytes: number): Promise<StoredMedia> {
  const info = await storage.stat(key);
  if (!info) throw new HttpError(400, M.uploadMissing);
  const refuse = async (error: HttpError): Promise<never> => {
    await storage.delete(key);
    throw error;
  };
  if (info.size === 0) return refuse(new HttpError(400, M.emptyFile));
  if (info.size > maxBytes) return refuse(new HttpError(413, M.tooLarge(maxBytes)));
  const object = await storage.get(key, { start: 0, end: Math.min(info.size, SNIFF_BYTES) - 1 });
  if (!object) throw new HttpError(400, M.uploadMissing);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  const kind = sniffMedia(Buffer.concat(chunks));
  if (!kind) return refuse(unsupportedMedia());
  return { key, size: info.size, ...kind };
}
