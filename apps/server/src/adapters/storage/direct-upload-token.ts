import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/secrets';

/**
 * A signed grant for one direct upload: which storage key, for whom, until when, and for what
 * (`put`: the URL the client PUTs the bytes to; `claim`: the upload_key that turns them into a
 * recording). Only the server can make one; it names a key the server generated.
 */
export type DirectUploadGrant = { key: string; uploaderId: string; expiresAt: number; purpose: 'put' | 'claim'; fileName?: string };

const sign = (secret: Buffer, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

export function signDirectUpload(secret: Buffer, grant: DirectUploadGrant): string {
  const body = Buffer.from(JSON.stringify([grant.key, grant.uploaderId, grant.expiresAt, grant.purpose, grant.fileName ?? null])).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

/** The grant, when the token is ours, unexpired and for `purpose`; else null. */
export function verifyDirectUpload(secret: Buffer, token: string, purpose: DirectUploadGrant['purpose'], now = Date.now()): DirectUploadGrant | null {
  const dot = token.indexOf('.');
  if (dot < 1 || token.length > 1000) return null;
  const body = token.slice(0, dot);
  if (!safeEqual(token.slice(dot + 1), sign(secret, body))) return null;
  try {
    const [key, uploaderId, expiresAt, p, fileName] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as [string, string, number, string, string | null];
    if (p !== purpose || typeof expiresAt !== 'number' || expiresAt < now) return null;
    return { key, uploaderId, expiresAt, purpose, ...(fileName ? { fileName } : {}) };
  } catch {
    return null;
  }
}

/** The path of this API that takes a local direct upload (PUT). */
export const directUploadPath = (token: string) => `/api/videos/direct-upload/${token}`;
