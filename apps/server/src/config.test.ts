import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has working defaults for the embedded mode', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      appUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: 'Pipewise <no-reply@pipewise.local>',
      encryptionKey: undefined,
      logLevel: 'info',
      role: 'all',
      demoSeed: true,
      google: undefined,
      trustProxy: false,
      operatorEmails: [],
    });
  });

  it('reads OPERATOR_EMAILS as a list of lower-cased addresses, blanks and repeats dropped', () => {
    expect(loadConfig({ OPERATOR_EMAILS: ' Asha@Acme.example, ,ops@pipewise.example,asha@acme.example ' }).operatorEmails).toEqual([
      'asha@acme.example',
      'ops@pipewise.example',
    ]);
    expect(loadConfig({ OPERATOR_EMAILS: '' }).operatorEmails).toEqual([]);
  });

  it('reads valid values', () => {
    const key = 'ab'.repeat(32);
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/var/lib/pipewise',
      DATABASE_URL: 'postgresql://pw:secret@db.internal:5432/pipewise',
      APP_URL: 'https://crm.example.com/',
      SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
      ENCRYPTION_KEY: key,
      LOG_LEVEL: 'debug',
      ROLE: 'worker',
      DEMO_SEED: '0',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/pipewise',
      databaseUrl: 'postgresql://pw:secret@db.internal:5432/pipewise',
      appUrl: 'https://crm.example.com',
      smtpUrl: 'smtps://mailer:pw@smtp.example.com:465',
      encryptionKey: key,
      logLevel: 'debug',
      role: 'worker',
      demoSeed: false,
    });
  });

  it('bounds every wait on PostgreSQL by default, each bound a setting (0: no query limit)', () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({ connectMs: 5000, acquireMs: 5000, queryMs: 5000, jobQueryMs: 300_000 });
    const env = {
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_ACQUIRE_TIMEOUT_MS: '3000',
      DATABASE_QUERY_TIMEOUT_MS: '0',
      DATABASE_JOB_QUERY_TIMEOUT_MS: '600000',
    };
    expect(loadConfig(env).databaseTimeouts).toEqual({ connectMs: 2000, acquireMs: 3000, queryMs: 0, jobQueryMs: 600_000 });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ', APP_URL: '' })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
      appUrl: 'http://localhost:3000',
    });
  });

  it.each([
    ['PORT', 'http'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['DATABASE_URL', 'mysql://root@localhost/pipewise'],
    ['DATABASE_URL', 'not a url'],
    ['APP_URL', 'ftp://crm.example.com'],
    ['APP_URL', 'crm.example.com'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['ENCRYPTION_KEY', 'too-short'],
    ['ENCRYPTION_KEY', 'z'.repeat(64)],
    ['LOG_LEVEL', 'verbose'],
    ['ROLE', 'scheduler'],
    ['DEMO_SEED', 'yes'],
    ['OPERATOR_EMAILS', 'asha@acme.example;ops@acme.example'],
    ['OPERATOR_EMAILS', 'asha'],
    ['LLM_TIMEOUT_MS', '10'],
    ['LLM_TIMEOUT_MS', 'soon'],
    ['DATABASE_QUERY_TIMEOUT_MS', '-1'],
    ['DATABASE_CONNECT_TIMEOUT_MS', '0'],
  ])('stops on a bad %s (%s) with a message naming it', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toMatch(/^Invalid configuration:/);
    expect(error.message).toContain(`  ${name}: `);
    // Only the bad variable is reported.
    expect(error.message.trim().split('\n')).toHaveLength(2);
  });

  it('reports every bad variable at once', () => {
    const error = configError({ PORT: 'x', ROLE: 'y', LOG_LEVEL: 'z' });
    for (const name of ['PORT', 'ROLE', 'LOG_LEVEL']) expect(error.message).toContain(`  ${name}: `);
  });

  it('never echoes a rejected secret', () => {
    const error = configError({ DATABASE_URL: 'mysql://root:hunter2@db/pipewise', ENCRYPTION_KEY: 'sekrit-key-value' });
    expect(error.message).not.toContain('hunter2');
    expect(error.message).not.toContain('sekrit-key-value');
  });

  it('bounds slow clients by default, without a per-address cap behind a load balancer', () => {
    expect(loadConfig({}).limits).toEqual({
      bodyIdleMs: 30_000,
      requestMs: 60_000,
      uploadMs: 3_600_000,
      perAddress: 128,
      maxConnections: undefined,
    });
    expect(loadConfig({ TRUST_PROXY: '1' }).limits.perAddress).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1', MAX_CONNECTIONS_PER_ADDRESS: '500', MAX_CONNECTIONS: '4000' }).limits).toMatchObject({
      perAddress: 500,
      maxConnections: 4000,
    });
    expect(configError({ BODY_IDLE_TIMEOUT_MS: '0' }).message).toContain('BODY_IDLE_TIMEOUT_MS');
  });

  it('needs both Google credentials or neither', () => {
    expect(configError({ GOOGLE_CLIENT_ID: 'id' }).message).toContain('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
  });

  it('reads the chat model with a 20 s answer budget by default, only with both its address and name', () => {
    expect(loadConfig({}).llm).toBeUndefined();
    expect(loadConfig({ LLM_BASE_URL: 'http://localhost:11434/v1/', LLM_MODEL: 'llama3.1', LLM_API_KEY: 'k' }).llm).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      model: 'llama3.1',
      apiKey: 'k',
      timeoutMs: 20_000,
    });
    expect(loadConfig({ LLM_BASE_URL: 'http://llm.internal/v1', LLM_MODEL: 'm', LLM_TIMEOUT_MS: '5000' }).llm?.timeoutMs).toBe(5000);
    expect(configError({ LLM_BASE_URL: 'http://llm.internal/v1' }).message).toContain('LLM_BASE_URL and LLM_MODEL');
  });
});
