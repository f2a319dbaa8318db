import type { Config } from '../../config';
import { deriveKey } from '../../lib/secrets';
import { directUploadPath, signDirectUpload } from './direct-upload-token';
import { createLocalFileStorage } from './local-file-storage';
import { createS3FileStorage } from './s3-file-storage';
import type { FileStorage } from './storage-port';

/** The key that signs direct-upload grants; the API derives the same one to check them. */
export const directUploadSecret = (masterKey: Buffer) => deriveKey(masterKey, 'direct-upload');

/**
 * DATA_DIR/uploads, or the S3-compatible store of STORAGE=s3. `masterKey` is the one the services
 * container loaded: the local store signs direct-upload grants with a key derived from it. `writer`
 * is this process's id, stamped on the local store's temporary files.
 */
export function createFileStorage(config: Config, masterKey: Buffer, writer?: string): FileStorage {
  if (config.storage.kind === 's3') return createS3FileStorage(config.storage);
  const secret = directUploadSecret(masterKey);
  // The local store has no URL of its own: the client PUTs to this API, which streams into the store.
  return createLocalFileStorage(
    config.storage.dir,
    async (key, { expiresInSeconds, uploaderId }) => {
      const token = signDirectUpload(secret, { key, uploaderId, expiresAt: Date.now() + expiresInSeconds * 1000, purpose: 'put' });
      return { url: directUploadPath(token), headers: {} };
    },
    { writer },
  );
}
