import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The master key: ENCRYPTION_KEY, or one generated once into DATA_DIR/secrets (mode 0600).
 * Several processes sharing PostgreSQL must share ENCRYPTION_KEY.
 */
export function loadMasterKey(encryptionKey: string | undefined, dataDir: string): Buffer {
  if (encryptionKey) return Buffer.from(encryptionKey, 'hex');
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, 'encryption.key');
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32).toString('hex');
  fs.writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  return Buffer.from(key, 'hex');
}

/** A purpose-specific key, so one secret never serves two uses. */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `pipewise:${purpose}`, 32));
}

export const hmacHex = (key: Buffer, value: string) => createHmac('sha256', key).update(value).digest('hex');
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
