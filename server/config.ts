import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';
import { type OpsConfig, opsConfig, opsEnv } from './ops-config.js';

const YES = ['1', 'true', 'yes'];
const flagValues = z.enum(['1', '0', 'true', 'false', 'yes', 'no', '']).optional();
/** Unset stays undefined, so a default can depend on other settings. */
const optionalFlag = flagValues.transform((value) => (value ? YES.includes(value) : undefined));
const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

/** Fastify's trustProxy: off, how many proxies stand in front, or which addresses are proxies. */
export type TrustProxy = false | number | string[];
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
const proxyAddress = (entry: string) => {
  if (NAMED_RANGES.includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
};
const trustProxy = z
  .string()
  .default('')
  .transform((value, context): TrustProxy => {
    const text = value.trim().toLowerCase();
    if (['', '0', 'false', 'no'].includes(text)) return false;
    if (['true', 'yes'].includes(text)) return 1;
    if (/^\d{1,2}$/.test(text)) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    const wrong = entries.find((entry) => !proxyAddress(entry));
    if (wrong === undefined) return entries;
    context.addIssue({
      code: 'custom',
      message: `"${wrong}" is not a number of proxies, an address, a CIDR range or loopback/linklocal/uniquelocal`,
    });
    return z.NEVER;
  });
const publicUrl = z
  .string()
  .optional()
  .transform((value, context) => {
    if (!value) return undefined;
    const url = URL.canParse(value) ? new URL(value) : null;
    if (url && /^https?:$/.test(url.protocol) && !url.search && !url.hash && !url.username)
      return url.toString().replace(/\/+$/, '');
    context.addIssue({
      code: 'custom',
      message: 'must be an http:// or https:// address, e.g. https://port.example.com',
    });
    return z.NEVER;
  });

const seconds = z
  .string()
  .regex(/^\s*\d+(\s*,\s*\d+)*\s*$/, 'must be whole seconds, comma separated, e.g. 5,300,1800')
  .transform((value) => value.split(',').map((part) => Number(part.trim())));

const envSchema = z.object({
  PORT: int(8080).pipe(z.number().max(65535)),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // Migrations hold one connection for their lock and run on another: two at least.
  DATABASE_POOL_SIZE: int(10, 2),
  // A PostgreSQL that does not answer makes requests fail with 503 after these, instead of hanging.
  DATABASE_CONNECT_TIMEOUT_MS: int(5_000, 100),
  DATABASE_QUERY_TIMEOUT_MS: int(10_000, 100),
  DEMO_DATA: optionalFlag,
  CORS_ORIGINS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  PUBLIC_URL: publicUrl,
  // Webhooks: how long a receiver has to answer, the waits between attempts, how often to look.
  WEBHOOK_TIMEOUT_MS: int(15_000, 100),
  WEBHOOK_RETRY_DELAYS: seconds.default([5, 300, 1800, 7200, 18000, 36000]),
  WEBHOOK_POLL_MS: int(1_000, 10),
  BODY_LIMIT_BYTES: int(4 * 1024 * 1024, 1024),
  UPLOAD_MAX_BYTES: int(25 * 1024 * 1024, 1024),
  TOKEN_IDLE_DAYS: int(30, 1),
  LOGIN_MAX_FAILURES_PER_USER: int(10, 1),
  LOGIN_MAX_FAILURES_PER_ADDRESS: int(50, 1),
  LOGIN_WINDOW_MINUTES: int(15, 1),
  // A sign-in that would wait longer than this for the password hashing answers 503 + Retry-After at once.
  LOGIN_MAX_WAIT_MS: int(5_000, 1),
  STATIC_DIR: z.string().default('dist'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('karbontrack <no-reply@localhost>'),
  CONTACT_MAIL_TO: z.string().optional(),
  CONTACT_MAX_PER_ADDRESS: int(5, 1),
  CONTACT_WINDOW_MINUTES: int(60, 1),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters (e.g. openssl rand -hex 24)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  STORAGE_URL: z
    .string()
    .regex(/^(s3|s3\+https?):\/\//, 'must start with s3://, s3+http:// or s3+https://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DELETED_FILES_KEEP_HOURS: int(24),
  S3_BUCKET: z.string().optional(),
  S3_PREFIX: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: optionalFlag,
  AWS_REGION: z.string().optional(),
  ...opsEnv,
  // The reports' letterhead.
  COMPANY_NAME: z.string().max(120).default('karbontrack'),
  COMPANY_LOGO_FILE: z
    .string()
    .optional()
    .refine((path) => !path || existsSync(path), 'no such file'),
});

/** Every environment variable the server reads (README's configuration table lists them all). */
export const ENV_VARIABLES = Object.keys(envSchema.shape);

export interface Config extends OpsConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  databasePoolSize: number;
  /** PostgreSQL: limits on connecting (or waiting for a pooled connection) and on each statement, ms. */
  databaseTimeouts: { connectMs: number; queryMs: number };
  /** Demo users and vessel call on first start; unset: yes for the embedded database, no for PostgreSQL. */
  demoData?: boolean;
  corsOrigins: string[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Behind proxies: the client address is the right-most X-Forwarded-For entry they did not write. */
  trustProxy: TrustProxy;
  /** The address clients reach the server at, for links the server writes (a list's next page). */
  publicUrl?: string;
  bodyLimitBytes: number;
  uploadMaxBytes: number;
  tokenIdleDays: number;
  login: { maxFailuresPerUser: number; maxFailuresPerAddress: number; windowMinutes: number };
  /** A sign-in that would wait longer than this (ms) for the password check answers 503 at once. */
  signInMaxWaitMs: number;
  staticDir: string;
  /** Webhook deliveries: answer timeout (ms), waits between attempts (s), polling period (ms). */
  webhooks: { timeoutMs: number; retryDelays: number[]; pollMs: number };
  mail: { smtpUrl?: string; from: string; contactTo?: string };
  /** Contact requests one client address may send within the window (in the database, for every process). */
  contactLimit: { maxPerAddress: number; windowMinutes: number };
  /** Lets a scraper read /api/metrics/ without a user's token (`Authorization: Bearer <it>`). */
  metricsToken?: string;
  /** Where files and photos live: local disk under DATA_DIR (default), or an S3-compatible bucket. */
  storage: StorageConfig;
  /**
   * Hours a deleted attachment's bytes stay in storage before the purge removes them (0: at once). A
   * backup copies the database, then the files: a file removed in between would leave the copy with a
   * live record and no bytes, so the bytes outlive their record by longer than a backup takes.
   */
  deletedFilesKeepHours: number;
  /** The reports' letterhead: the company's name and its logo (a PNG, JPEG, WebP or SVG file). */
  company: { name: string; logoFile?: string };
}

export class ConfigError extends Error {}

export type StorageConfig = { kind: 'disk' } | S3Config;

export interface S3Config {
  kind: 's3';
  bucket: string;
  /** Prepended to every key ('' or ending in '/'). */
  prefix: string;
  /** An S3-compatible service (MinIO, Ceph...); unset: AWS S3. */
  endpoint?: string;
  region: string;
  /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** https://host/bucket/key rather than https://bucket.host/key (most S3-compatible services want it). */
  forcePathStyle: boolean;
}

const invalid = (name: string, message: string) =>
  new ConfigError(`Invalid configuration:\n  ${name}: ${message}`);

/**
 * STORAGE_URL (s3://bucket/prefix for AWS; s3+http(s)://key:secret@host:port/bucket/prefix for another
 * S3-compatible service, ?region=...&path_style=0|1) or the S3_* variables, which fill in what the URL
 * leaves out (credentials kept out of the URL, say). Neither set: local disk.
 */
function storageConfig(e: z.infer<typeof envSchema>): StorageConfig {
  let endpoint = e.S3_ENDPOINT;
  let path = '';
  let region: string | undefined;
  let pathStyle = e.S3_FORCE_PATH_STYLE;
  let accessKeyId = e.S3_ACCESS_KEY_ID || undefined;
  let secretAccessKey = e.S3_SECRET_ACCESS_KEY || undefined;
  if (e.STORAGE_URL) {
    let url: URL;
    try {
      url = new URL(e.STORAGE_URL);
    } catch {
      throw invalid('STORAGE_URL', 'not a valid URL');
    }
    if (url.protocol === 's3:') path = `${url.host}${url.pathname}`;
    else {
      endpoint = `${url.protocol.slice(3)}//${url.host}`;
      path = url.pathname;
      if (url.username) accessKeyId = decodeURIComponent(url.username);
      if (url.password) secretAccessKey = decodeURIComponent(url.password);
    }
    region = url.searchParams.get('region') ?? undefined;
    const style = url.searchParams.get('path_style');
    if (style !== null) pathStyle = ['1', 'true', 'yes'].includes(style);
  } else if (e.S3_BUCKET) path = `${e.S3_BUCKET}/${e.S3_PREFIX ?? ''}`;
  else return { kind: 'disk' };
  const [bucket = '', ...rest] = path.split('/').filter(Boolean);
  if (!bucket) throw invalid(e.STORAGE_URL ? 'STORAGE_URL' : 'S3_BUCKET', 'names no bucket');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw invalid('S3_ACCESS_KEY_ID', 'give the access key and its secret together');
  const prefix = rest.length > 0 ? `${rest.join('/')}/` : '';
  return {
    kind: 's3',
    bucket,
    prefix,
    endpoint,
    region: region ?? e.S3_REGION ?? e.AWS_REGION ?? 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: pathStyle ?? endpoint !== undefined,
  };
}

/** Reads and checks the environment once, at start-up; every setting the server has is here. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const ops = opsConfig(e);
  if (ops.problems.length > 0) throw new ConfigError(`Invalid configuration:\n${ops.problems.join('\n')}`);
  return {
    ...ops.config,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeouts: { connectMs: e.DATABASE_CONNECT_TIMEOUT_MS, queryMs: e.DATABASE_QUERY_TIMEOUT_MS },
    demoData: e.DEMO_DATA,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    tokenIdleDays: e.TOKEN_IDLE_DAYS,
    login: {
      maxFailuresPerUser: e.LOGIN_MAX_FAILURES_PER_USER,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMinutes: e.LOGIN_WINDOW_MINUTES,
    },
    signInMaxWaitMs: e.LOGIN_MAX_WAIT_MS,
    staticDir: e.STATIC_DIR,
    webhooks: {
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryDelays: e.WEBHOOK_RETRY_DELAYS,
      pollMs: e.WEBHOOK_POLL_MS,
    },
    mail: { smtpUrl: e.SMTP_URL || undefined, from: e.MAIL_FROM, contactTo: e.CONTACT_MAIL_TO || undefined },
    contactLimit: { maxPerAddress: e.CONTACT_MAX_PER_ADDRESS, windowMinutes: e.CONTACT_WINDOW_MINUTES },
    metricsToken: e.METRICS_TOKEN,
    storage: storageConfig(e),
    deletedFilesKeepHours: e.DELETED_FILES_KEEP_HOURS,
    company: { name: e.COMPANY_NAME.trim(), logoFile: e.COMPANY_LOGO_FILE || undefined },
  };
}
