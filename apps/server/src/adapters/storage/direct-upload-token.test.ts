import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { directUploadPath, signDirectUpload, verifyDirectUpload } from './direct-upload-token';

const secret = Buffer.alloc(32, 7);
const grant = {
  key: `recordings/${randomUUID()}/media`,
  uploaderId: randomUUID(),
  expiresAt: Date.now() + 60_000,
  purpose: 'put' as const,
};

describe('direct-upload tokens', () => {
  it('round-trips a grant and stays short enough for a path parameter', () => {
    const token = signDirectUpload(secret, grant);
    expect(token.length).toBeLessThanOrEqual(100);
    expect(verifyDirectUpload(secret, token, 'put')).toEqual({ ...grant, expiresAt: Math.ceil(grant.expiresAt / 1000) * 1000 });
    expect(directUploadPath(token)).toBe(`/api/videos/direct-upload/${token}`);
  });
  it('carries a file name on a claim', () => {
    const token = signDirectUpload(secret, { ...grant, purpose: 'claim', fileName: 'Café call.mp4' });
    expect(verifyDirectUpload(secret, token, 'claim')?.fileName).toBe('Café call.mp4');
  });
  it('refuses another purpose, an expired grant, another key, a changed body and garbage', () => {
    const token = signDirectUpload(secret, grant);
    expect(verifyDirectUpload(secret, token, 'claim')).toBeNull();
    expect(verifyDirectUpload(secret, signDirectUpload(secret, { ...grant, expiresAt: Date.now() - 2000 }), 'put')).toBeNull();
    expect(verifyDirectUpload(Buffer.alloc(32, 8), token, 'put')).toBeNull();
    const tampered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    expect(verifyDirectUpload(secret, tampered, 'put')).toBeNull();
    expect(verifyDirectUpload(secret, 'nonsense', 'put')).toBeNull();
    expect(() => signDirectUpload(secret, { ...grant, key: '../etc/passwd' })).toThrow();
  });
});
