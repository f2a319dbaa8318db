import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
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

/**
 * AES-256-GCM for secrets at rest (provider tokens): `v1.<iv>.<tag>.<ciphertext>`, base64url.
 * `context` (e.g. the owning user's id) is bound as associated data, so a ciphertext copied to
 * another row does not decrypt.
 */
export function encryptSecret(key: Buffer, plaintext: string, context = ''): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plaintext of encryptSecret's output; throws when the key, context or text does not match. */
export function decryptSecret(key: Buffer, sealed: string, context = ''): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not an encrypted secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * A user's OAuth tokens sealed for storage, each bound to `context` (the user id). A refresh that
 * brings no refresh token keeps `keepRefresh`, the one already sealed.
 */
export function sealTokens<Expiry extends Date | null>(
  key: Buffer,
  context: string,
  tokens: { accessToken: string; refreshToken: string | null; expiresAt: Expiry },
  keepRefresh: string | null,
): { accessTokenEnc: string; refreshTokenEnc: string | null; accessExpiresAt: Expiry } {
  return {
    accessTokenEnc: encryptSecret(key, tokens.accessToken, context),
    refreshTokenEnc: tokens.refreshToken ? encryptSecret(key, tokens.refreshToken, context) : keepRefresh,
    accessExpiresAt: tokens.expiresAt,
  };
}

/** Both of sealTokens's tokens in clear (for a call, or for revocation at disconnect). */
export function openTokens(
  key: Buffer,
  context: string,
  sealed: { accessTokenEnc: string; refreshTokenEnc: string | null },
): { accessToken: string; refreshToken: string | null } {
  return {
    accessToken: decryptSecret(key, sealed.accessTokenEnc, context),
    refreshToken: sealed.refreshTokenEnc ? decryptSecret(key, sealed.refreshTokenEnc, context) : null,
  };
}
