import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/secrets';

/**
 * A signed grant for one direct upload: which storage key, for whom, until when, and for what
 * (`put`: the URL the client PUTs the bytes to; `claim`: the upload_key that turns them into a
 * recording). Only the server can make one; it names a key the server generated.
 */
export type DirectUploadGrant = { key: string; uploaderId: string; expiresAt: number; purpose: 'put' | 'claim'; fileName?: string };

/** Direct uploads always go to a recording's media key; the token carries only its uuid. */
const MEDIA_KEY = /^recordings\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/media$/;
const PURPOSES = ['put', 'claim'] as const;
const uuidBytes = (uuid: string) => Buffer.from(uuid.replaceAll('-', ''), 'hex');
const uuidOf = (b: Buffer) => b.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
// 128 bits of HMAC-SHA256: plenty against forgery, and the PUT URL's path stays short (Fastify's 100-character parameter limit).
const sign = (secret: Buffer, body: string) => createHmac('sha256', secret).update(body).digest().subarray(0, 16).toString('base64url');

/** A compact token: purpose, key uuid, uploader uuid, expiry (seconds) and an optional file name, then the signature. */
export function signDirectUpload(secret: Buffer, grant: DirectUploadGrant): string {
  const key = MEDIA_KEY.exec(grant.key)?.[1];
  if (!key) throw new Error(`Direct uploads go to a recording's media key, not ${grant.key}`);
  const head = Buffer.alloc(37);
  head[0] = PURPOSES.indexOf(grant.purpose);
  uuidBytes(key).copy(head, 1);
  uuidBytes(grant.uploaderId).copy(head, 17);
  head.writeUInt32BE(Math.ceil(grant.expiresAt / 1000), 33);
  const body = Buffer.concat([head, Buffer.from(grant.fileName ?? '', 'utf8')]).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** The grant, when the token is ours, unexpired and for `purpose`; else null. */
export function verifyDirectUpload(
  secret: Buffer,
  token: string,
  purpose: DirectUploadGrant['purpose'],
  now = Date.now(),
): DirectUploadGrant | null {
  const dot = token.indexOf('.');
  if (dot < 1 || token.length > 1000) return null;
  const body = token.slice(0, dot);
  if (!safeEqual(token.slice(dot + 1), sign(secret, body))) return null;
  const raw = Buffer.from(body, 'base64url');
  if (raw.length < 37 || PURPOSES[raw[0]!] !== purpose) return null;
  const expiresAt = raw.readUInt32BE(33) * 1000;
  if (expiresAt < now) return null;
  const fileName = raw.subarray(37).toString('utf8');
  return {
    key: `recordings/${uuidOf(raw.subarray(1, 17))}/media`,
    uploaderId: uuidOf(raw.subarray(17, 33)),
    expiresAt,
    purpose,
    ...(fileName ? { fileName } : {}),
  };
}

/** The path of this API that takes a local direct upload (PUT). */
export const directUploadPath = (token: string) => `/api/videos/direct-upload/${token}`;
