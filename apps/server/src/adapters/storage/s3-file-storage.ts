import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { byteLimit } from './local-file-storage';
import type { ByteRange, FileStorage } from './storage-port';

export type S3StorageConfig = {
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

/** Parts of a streamed upload: S3's minimum; at most 4 parts in flight, so memory stays ~20 MB per upload. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 4;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/** Any S3-compatible store (STORAGE=s3). Uploads stream as multipart parts, never the whole file in memory. */
export function createS3FileStorage(config: S3StorageConfig): FileStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
  });
  const Bucket = config.bucket;

  async function stat(key: string) {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    kind: 's3',
    async put(key, body, { contentType, maxBytes }) {
      const counter = { size: 0 };
      const limited = body.pipe(byteLimit(maxBytes, counter));
      // A failing source must fail the upload: pipe() alone would leave it waiting for more bytes.
      body.once('error', (error) => limited.destroy(error));
      // The stream's own failure (the size limit, a client gone) is what the caller needs, not
      // whatever aborting the multipart upload then reported.
      let streamError: unknown;
      limited.once('error', (error) => (streamError = error));
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: limited, ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        // A single-part upload that failed wrote nothing; a multipart one was aborted by Upload.
        throw streamError ?? error;
      }
      return { size: counter.size };
    },
    async get(key, range?: ByteRange) {
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        return { body: out.Body as Readable, size: out.ContentLength ?? 0, contentType: out.ContentType };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    stat,
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async withLocalFile(key, work) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'pipewise-s3-'));
      try {
        const file = path.join(dir, 'object');
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        await pipeline(out.Body as Readable, createWriteStream(file));
        return await work(file);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async presignPut(key, { contentType, expiresInSeconds }) {
      const url = await getSignedUrl(client, new PutObjectCommand({ Bucket, Key: key, ContentType: contentType }), {
        expiresIn: expiresInSeconds,
      });
      const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
      return { url, headers };
    },
  };
}
