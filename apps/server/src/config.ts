import path from 'node:path';
import { z } from 'zod';
import { EMAIL_PATTERN } from '@pipewise/contract/common';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

function urlWithProtocols(protocols: string[], example: string) {
  return optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL like ${example}` },
  );
}

/** A comma-separated list of addresses, lower-cased, blanks and repeats dropped. */
const emailList = z
  .string()
  .default('')
  .transform((v) => [
    ...new Set(
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ])
  .refine((list) => list.every((e) => EMAIL_PATTERN.test(e)), {
    message: 'must be email addresses separated by commas, e.g. asha@acme.example,ops@acme.example',
  });

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/pipewise'),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
  DATABASE_JOB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(300_000),
  APP_URL: urlWithProtocols(['http:', 'https:'], 'https://pipewise.example.com'),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:'], 'smtp://user:password@mail.example.com:587'),
  MAIL_FROM: z.string().trim().min(3).default('Pipewise <no-reply@pipewise.local>'),
  ENCRYPTION_KEY: optionalString.refine((v) => v === undefined || /^[0-9a-fA-F]{64}$/.test(v), {
    message: 'must be 64 hexadecimal characters (32 bytes), e.g. from `openssl rand -hex 32`',
  }),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  DEMO_SEED: z.enum(['0', '1']).default('1'),
  WEB_DIST: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: urlWithProtocols(['http:', 'https:'], 'https://accounts.google.com').default('https://accounts.google.com'),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  MEDIA_JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(1),
  AUTH_IP_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
  OPERATOR_EMAILS: emailList,
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  BODY_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(100).max(86_400_000).default(3_600_000),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).optional(),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(10_000_000).optional(),
  GOOGLE_API_BASE: urlWithProtocols(['http:', 'https:'], 'https://www.googleapis.com').default('https://www.googleapis.com'),
  HUBSPOT_CLIENT_ID: optionalString,
  HUBSPOT_CLIENT_SECRET: optionalString,
  HUBSPOT_API_BASE: urlWithProtocols(['http:', 'https:'], 'https://api.hubapi.com').default('https://api.hubapi.com'),
  HUBSPOT_AUTHORIZE_URL: urlWithProtocols(['http:', 'https:'], 'https://app.hubspot.com/oauth/authorize').default(
    'https://app.hubspot.com/oauth/authorize',
  ),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: urlWithProtocols(['http:', 'https:'], 'https://s3.eu-west-1.amazonaws.com'),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).default('0'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .default(2 * 1024 ** 3),
  STT_URL: urlWithProtocols(['http:', 'https:'], 'http://whisper.internal:8000'),
  STT_MODEL: z.string().trim().min(1).default('whisper-1'),
  STT_API_KEY: optionalString,
  LLM_BASE_URL: urlWithProtocols(['http:', 'https:'], 'http://localhost:11434/v1'),
  LLM_MODEL: optionalString,
  LLM_API_KEY: optionalString,
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  SNAPSHOT_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  CALENDAR_SYNC_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  WHATSAPP_API_BASE: urlWithProtocols(['http:', 'https:'], 'https://graph.facebook.com/v23.0').default('https://graph.facebook.com/v23.0'),
  WHATSAPP_PHONE_NUMBER_ID: optionalString,
  WHATSAPP_ACCESS_TOKEN: optionalString,
  WHATSAPP_APP_SECRET: optionalString,
  WHATSAPP_VERIFY_TOKEN: optionalString,
  WHATSAPP_TEMPLATE_CODE: z.string().trim().min(1).default('pipewise_code'),
  WHATSAPP_TEMPLATE_DIGEST: z.string().trim().min(1).default('pipewise_morning_digest'),
  WHATSAPP_TEMPLATE_INSIGHTS: z.string().trim().min(1).default('pipewise_insights_ready'),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().trim().min(2).default('en'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL's bounds (the embedded database has none): opening a connection, waiting for a pooled one,
   * one query of a request, and one query of a job, migration or seeding (`withLongQueries`); 0 for no
   * query limit. Past one, a request answers 503 as during an outage.
   */
  databaseTimeouts: { connectMs: number; acquireMs: number; queryMs: number; jobQueryMs: number };
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  encryptionKey: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  role: 'api' | 'worker' | 'all';
  demoSeed: boolean;
  webDist: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  trustProxy: boolean;
  jobPollMs: number;
  jobConcurrency: number;
  /** Media jobs (recording processing) run at once, in slots of their own. */
  mediaJobConcurrency: number;
  /** Sign-in attempts per IP address and route in 15 minutes. */
  authIpLimit: number;
  /** The people who run this installation: they decide sign-ups from domains no workspace holds. */
  operatorEmails: string[];
  /** How long a stopping process lets requests and jobs in flight finish. */
  shutdownGraceMs: number;
  /** Google's REST APIs (Drive, Calendar, Gmail); a stand-in's address in tests. */
  googleApiBase: string;
  /** HubSpot's REST API (CRM and OAuth tokens), HUBSPOT_API_BASE; a stand-in's address in tests. */
  hubspotApiBase: string;
  /**
   * The HubSpot app (OAuth client) and its authorize page; undefined until HUBSPOT_CLIENT_ID and
   * HUBSPOT_CLIENT_SECRET are set (the card then says HubSpot is not configured).
   */
  hubspot: { clientId: string; clientSecret: string; authorizeUrl: string } | undefined;
  /**
   * WhatsApp: `cloud` (Meta's Cloud API) once WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_ACCESS_TOKEN are set, else
   * messages go to DATA_DIR/outbox/whatsapp. The inbound webhook needs `appSecret` (signatures) and
   * `verifyToken` (Meta's handshake). Secrets here never reach the browser or a log.
   */
  whatsapp: {
    apiBase: string;
    cloud: { phoneNumberId: string; accessToken: string } | undefined;
    appSecret: string | undefined;
    verifyToken: string | undefined;
    /** Approved template names and their language code. */
    templates: { code: string; digest: string; insights: string; language: string };
  };
  storage:
    | { kind: 'local'; dir: string }
    | {
        kind: 's3';
        endpoint: string | undefined;
        bucket: string;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      };
  /** The largest media upload accepted (413 beyond). */
  uploadMaxBytes: number;
  /** An OpenAI-compatible /v1/audio/transcriptions server; undefined uses pocketsphinx when installed. */
  stt: { url: string; model: string; apiKey: string | undefined } | undefined;
  /**
   * An OpenAI-compatible chat model for summaries and answers; undefined uses the offline language
   * tools. `timeoutMs` bounds one assistant answer (all its rounds): past it the offline path answers.
   */
  llm: { baseUrl: string; model: string; apiKey: string | undefined; timeoutMs: number } | undefined;
  snapshotEverySeconds: number;
  calendarSyncMinutes: number;
  limits: {
    /** A connection that sends (or takes) nothing for this long while a request arrives or its answer leaves is dropped. */
    bodyIdleMs: number;
    /** The most a request (head and body) may take to arrive, outside upload routes. */
    requestMs: number;
    /** The same for upload routes (`config: { upload: true }`). */
    uploadMs: number;
    /** Open connections per client address; 0 for no limit. */
    perAddress: number;
    /** Open connections in all; undefined to derive it from the process's open-files limit. */
    maxConnections: number | undefined;
  };
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; a bad value throws naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const hasGoogle = Boolean(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET);
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither');
  }
  if (Boolean(e.HUBSPOT_CLIENT_ID) !== Boolean(e.HUBSPOT_CLIENT_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET: set both or neither');
  }
  if (e.STORAGE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  }
  if (Boolean(e.LLM_BASE_URL) !== Boolean(e.LLM_MODEL)) {
    throw new ConfigError('Invalid configuration:\n  LLM_BASE_URL and LLM_MODEL: set both or neither');
  }
  if (Boolean(e.WHATSAPP_PHONE_NUMBER_ID) !== Boolean(e.WHATSAPP_ACCESS_TOKEN)) {
    throw new ConfigError('Invalid configuration:\n  WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_ACCESS_TOKEN: set both or neither');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      acquireMs: e.DATABASE_ACQUIRE_TIMEOUT_MS,
      queryMs: e.DATABASE_QUERY_TIMEOUT_MS,
      jobQueryMs: e.DATABASE_JOB_QUERY_TIMEOUT_MS,
    },
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    encryptionKey: e.ENCRYPTION_KEY,
    logLevel: e.LOG_LEVEL,
    role: e.ROLE,
    demoSeed: e.DEMO_SEED === '1',
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    google: hasGoogle ? { clientId: e.GOOGLE_CLIENT_ID!, clientSecret: e.GOOGLE_CLIENT_SECRET!, issuer: e.GOOGLE_ISSUER! } : undefined,
    trustProxy: e.TRUST_PROXY === '1',
    jobPollMs: e.JOB_POLL_MS,
    jobConcurrency: e.JOB_CONCURRENCY,
    mediaJobConcurrency: e.MEDIA_JOB_CONCURRENCY,
    authIpLimit: e.AUTH_IP_LIMIT,
    operatorEmails: e.OPERATOR_EMAILS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    googleApiBase: e.GOOGLE_API_BASE!.replace(/\/+$/, ''),
    hubspotApiBase: e.HUBSPOT_API_BASE!.replace(/\/+$/, ''),
    hubspot:
      e.HUBSPOT_CLIENT_ID && e.HUBSPOT_CLIENT_SECRET
        ? {
            clientId: e.HUBSPOT_CLIENT_ID,
            clientSecret: e.HUBSPOT_CLIENT_SECRET,
            authorizeUrl: e.HUBSPOT_AUTHORIZE_URL!,
          }
        : undefined,
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
          }
        : { kind: 'local', dir: path.join(path.resolve(e.DATA_DIR), 'uploads') },
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    stt: e.STT_URL ? { url: e.STT_URL.replace(/\/+$/, ''), model: e.STT_MODEL, apiKey: e.STT_API_KEY } : undefined,
    llm:
      e.LLM_BASE_URL && e.LLM_MODEL
        ? { baseUrl: e.LLM_BASE_URL.replace(/\/+$/, ''), model: e.LLM_MODEL, apiKey: e.LLM_API_KEY, timeoutMs: e.LLM_TIMEOUT_MS }
        : undefined,
    snapshotEverySeconds: e.SNAPSHOT_EVERY_SECONDS,
    calendarSyncMinutes: e.CALENDAR_SYNC_MINUTES,
    whatsapp: {
      apiBase: e.WHATSAPP_API_BASE!.replace(/\/+$/, ''),
      cloud:
        e.WHATSAPP_PHONE_NUMBER_ID && e.WHATSAPP_ACCESS_TOKEN
          ? { phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID, accessToken: e.WHATSAPP_ACCESS_TOKEN }
          : undefined,
      appSecret: e.WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
      templates: {
        code: e.WHATSAPP_TEMPLATE_CODE,
        digest: e.WHATSAPP_TEMPLATE_DIGEST,
        insights: e.WHATSAPP_TEMPLATE_INSIGHTS,
        language: e.WHATSAPP_TEMPLATE_LANGUAGE,
      },
    },
    limits: {
      bodyIdleMs: e.BODY_IDLE_TIMEOUT_MS,
      requestMs: e.REQUEST_TIMEOUT_MS,
      uploadMs: Math.max(e.UPLOAD_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
      // Behind a load balancer every connection comes from its address: no per-address limit then.
      perAddress: e.MAX_CONNECTIONS_PER_ADDRESS ?? (e.TRUST_PROXY === '1' ? 0 : 128),
      maxConnections: e.MAX_CONNECTIONS,
    },
  };
}
