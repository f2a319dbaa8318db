import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, FileStorage } from './storage-port';

export class StorageLimitError extends Error {
  override name = 'StorageLimitError';
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
  }
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/._-]*$/i;
/**
 * The temporary name a write goes to until it is complete: `<file>.w-<writer>.<uuid>.part`, the
 * writer being the id of the process writing it (`<file>.<uuid>.part` before processes had ids).
 */
const PARTIAL = /(?:\.w-([0-9a-f]{32}))?\.[0-9a-f-]{36}\.part$/;

/** A transform that counts bytes and fails the stream beyond `maxBytes`. */
export function byteLimit(maxBytes: number | undefined, counter: { size: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      counter.size += chunk.length;
      if (maxBytes !== undefined && counter.size > maxBytes) done(new StorageLimitError(maxBytes));
      else done(null, chunk);
    },
  });
}

/**
 * Files under one directory (DATA_DIR/uploads). A write goes to a temporary name and is renamed
 * into place only when complete, so an interrupted upload leaves no partial object. `writer` (this
 * process's id, 32 hex digits) is stamped on the temporary names, so the files a stopped process
 * left can be told from those a running one is writing.
 */
export function createLocalFileStorage(
  dir: string,
  presign: FileStorage['presignPut'] = unavailablePresign,
  options: { writer?: string } = {},
): FileStorage {
  if (options.writer !== undefined && !/^[0-9a-f]{32}$/.test(options.writer)) throw new Error('A writer is 32 hex digits');
  const stamp = options.writer ? `.w-${options.writer}` : '';
  function fileOf(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
    return path.join(dir, key);
  }
  return {
    kind: 'local',
    async put(key, body, { maxBytes }) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}${stamp}.${randomUUID()}.part`;
      const counter = { size: 0 };
      const out = createWriteStream(temp, { flags: 'wx' });
      try {
        await pipeline(body, byteLimit(maxBytes, counter), out);
        await rename(temp, file);
      } catch (error) {
        // A source that fails at once (a refused size, a client gone) can fail before the file is even
        // open: the stream then opens it and closes it after this point. Removing it once closed leaves
        // no part file behind.
        if (!out.closed) await once(out, 'close').catch(() => undefined);
        await rm(temp, { force: true });
        throw error;
      }
      return { size: counter.size };
    },
    async get(key, range?: ByteRange) {
      const info = await this.stat(key);
      if (!info) return null;
      const body: Readable = range ? createReadStream(fileOf(key), range) : createReadStream(fileOf(key));
      return { body, size: range ? range.end - range.start + 1 : info.size, contentType: undefined };
    },
    async stat(key) {
      try {
        const s = await stat(fileOf(key));
        return s.isFile() ? { size: s.size, contentType: undefined } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async listWrittenBefore(prefix, before) {
      const found: { key: string; partial: boolean; writer?: string }[] = [];
      const walk = async (relative: string): Promise<void> => {
        let entries;
        try {
          entries = await readdir(path.join(dir, relative), { withFileTypes: true });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
          throw error;
        }
        for (const entry of entries) {
          const key = relative ? `${relative}/${entry.name}` : entry.name;
          if (entry.isDirectory()) await walk(key);
          else if (entry.isFile() && SAFE_KEY.test(key)) {
            const info = await stat(path.join(dir, key)).catch(() => null);
            const partial = PARTIAL.exec(key);
            if (info && info.mtimeMs < before.getTime()) found.push({ key, partial: partial !== null, writer: partial?.[1] });
          }
        }
      };
      await walk(prefix.replace(/\/+$/, ''));
      return found;
    },
    async withLocalFile(key, work) {
      return work(fileOf(key));
    },
    presignPut: presign,
  };
}

async function unavailablePresign(): Promise<never> {
  throw new Error('Direct uploads are not available with this storage');
}
