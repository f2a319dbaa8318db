import { describe, expect, it } from 'vitest';
import { redactConnectionString, redactUrl } from './redact';

describe('redactUrl', () => {
  it('hides the secrets a request URL can carry before it reaches the log', () => {
    const url = redactUrl('/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=s3cret-verify&hub.challenge=1158201444');
    expect(url).not.toContain('s3cret-verify');
    expect(url).toContain('hub.mode=subscribe');
    expect(url).toContain('hub.challenge=1158201444');
    const callback = redactUrl('/api/google/callback?code=4%2F0Ab-secret&state=abc123&scope=email');
    expect(callback).not.toContain('secret');
    expect(callback).not.toContain('abc123');
    expect(callback).toContain('scope=email');
  });

  it('leaves a URL without a query as it is', () => {
    expect(redactUrl('/api/deals')).toBe('/api/deals');
  });
});

describe('redactConnectionString', () => {
  it('hides the password', () => {
    expect(redactConnectionString('postgres://pipewise:hunter2@db:5432/pipewise')).not.toContain('hunter2');
  });
});
