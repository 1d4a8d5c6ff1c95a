import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './trustProxy.ts';

/** Every setting the server reads, validated once at boot (README 'Configuration' lists them). */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  ADMIN_EMAIL: z.email().default('admin@linewalker.local'),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  PUBLIC_URL: z.url().optional(),
  DEMO_DATA: z.enum(['true', 'false']).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Linewalker <no-reply@linewalker.local>'),
  SMS_ACCOUNT_SID: z.string().min(1).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).optional(),
  SMS_FROM: z.string().min(1).optional(),
  SMS_API_URL: z.url().default('https://api.twilio.com'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 ** 3),
  // Empty turns a basemap off (the maps then offer Offline, and a self-hosted extract when one is uploaded).
  MAP_STYLE_URL: z.string().default('https://tiles.openfreemap.org/styles/liberty'),
  MAP_SATELLITE_TILES_URL: z
    .string()
    .default(
      'https://basemap.nationalmap.gov/arcgis/rest/services/USGSImageryOnly/MapServer/tile/{z}/{y}/{x}',
    ),
  MAP_SATELLITE_ATTRIBUTION: z
    .string()
    .default(
      '<a href="https://www.usgs.gov/programs/national-geospatial-program/national-map">USGS The National Map</a>: Orthoimagery (public domain)',
    ),
  MAP_SATELLITE_MAX_ZOOM: z.coerce.number().int().min(0).max(22).default(16),
  MAP_EXTRACT_ATTRIBUTION: z
    .string()
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  MAP_PROBE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  MAP_PROBE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  UPLOAD_TOKENS_PER_HOUR: z.coerce.number().int().min(1).default(10_000),
  ORPHAN_UPLOAD_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  CONCURRENT_UPLOADS: z.coerce.number().int().min(1).max(16).default(2),
  HIDE_ARCHIVED_KEYWORDS: z.string().default('patrol,rebuild'),
  FLIGHT_PLAN_COVERAGE_METERS: z.coerce.number().positive().max(10_000).default(50),
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  REQUEST_BUDGET_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  JOB_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?|tcp|ssl):\/\//, 'must be an mqtt://, mqtts://, ws:// or wss:// URL')
    .optional(),
  SENSOR_RAW_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(1883),
  MQTT_USERNAME: z.string().optional(),
  MQTT_PASSWORD: z.string().optional(),
  MQTT_CLIENT_ID: z.string().min(1).max(128).optional(),
  ORDER_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_PREFIX: z.string().max(100).default('linewalker:'),
  DRONE_LINK_LEASE_MS: z.coerce.number().int().min(300).max(600_000).default(6_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  jwtSecret: string;
  sessionHours: number;
  publicUrl: string;
  demoData: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** A Twilio-compatible SMS provider; undefined = text messages go to the outbox only. */
  sms: { apiUrl: string; accountSid: string; authToken: string; from: string } | undefined;
  storage:
    | { driver: 'local'; dir: string }
    | {
        driver: 's3';
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      };
  /** The most bytes one uploaded file may have. */
  uploadMaxBytes: number;
  /** The maps' basemaps (README 'Maps'); empty URLs are turned off. */
  maps: {
    styleUrl: string | undefined;
    satelliteTilesUrl: string | undefined;
    satelliteAttribution: string;
    satelliteMaxZoom: number;
    extractAttribution: string;
    /** How long a reachability probe's answer is kept. */
    probeIntervalMs: number;
    probeTimeoutMs: number;
  };
  /** Signed upload URLs one user may ask for per hour (each may leave a file behind until the sweep). */
  uploadTokensPerHour: number;
  /**
   * Age past which the hourly sweep removes an upload nothing uses (its object and row) and a temporary
   * `.part` file left by a killed process.
   */
  orphanUploadHours: number;
  /** Files the browser uploads at once (`existingMd5` answers it as concurrentUploads). */
  concurrentUploads: number;
  /**
   * Lower-case words: a project whose name contains one of them offers the Upload tab's 'Hide
   * Archived' switch (spec 2 §2 'Upload').
   */
  hideArchivedKeywords: string[];
  /** A structure counts as covered by a flight plan when the plan's path comes within this many metres. */
  flightPlanCoverageMeters: number;
  /** PostgreSQL: the longest one statement may run (server `statement_timeout`; the client waits 1 s more). */
  dbQueryTimeoutMs: number;
  /** An API request not answered within this is answered 503 (file bodies streamed to or from storage excepted). */
  requestBudgetMs: number;
  /** Jobs this process runs at once (0: none; `npm run worker` processes run them). */
  jobWorkers: number;
  /**
   * Sensor readings over MQTT: `url` set = subscribe to that broker (with username/password); unset = an
   * embedded broker on `port` (0 = none). `clientId` names this server's persistent session.
   */
  mqtt: {
    url: string | undefined;
    port: number;
    username: string | undefined;
    password: string | undefined;
    clientId: string;
  };
  /** Raw sensor readings are kept this many days, then folded into hourly aggregates. */
  sensorRawDays: number;
  /** The shared secret carriers sign order-status webhooks with (HMAC-SHA256); unset = the webhook refuses all. */
  orderWebhookSecret: string | undefined;
  /** Drone status, frames and commands between server processes: Redis pub/sub when set, in-process when not. */
  redisUrl: string | undefined;
  /** Prefix of this deployment's Redis channels (servers sharing a database share it). */
  redisPrefix: string;
  /** How long a process holds a drone's vehicle link without renewing it (another process then takes it over). */
  droneLinkLeaseMs: number;
  logLevel: string;
  webDist: string | undefined;
  /** Whose X-Forwarded-For to believe (Fastify's trustProxy); false = the socket address. */
  trustProxy: TrustProxy;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the JWT secret kept in the data folder, creating it on first start. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** 'Patrol, Rebuild,' → ['patrol', 'rebuild']: trimmed, lower-case, no empty or repeated words. */
export function parseKeywords(value: string): string[] {
  const words = value
    .split(',')
    .map((word) => word.trim().toLowerCase())
    .filter((word) => word.length > 0);
  return [...new Set(words)];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.STORAGE === 's3' && !e.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE=s3');
  const smsVars = [e.SMS_ACCOUNT_SID, e.SMS_AUTH_TOKEN, e.SMS_FROM];
  if (smsVars.some(Boolean) && !smsVars.every(Boolean)) {
    problems.push('SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM: set all three to send text messages, or none');
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if ('problem' in trustProxy) problems.push(trustProxy.problem);
  if (problems.length || 'problem' in trustProxy) throw new ConfigError(problems);

  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    sessionHours: e.SESSION_HOURS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    demoData: e.NODE_ENV === 'production' ? false : e.DEMO_DATA !== 'false',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sms:
      e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM
        ? {
            apiUrl: e.SMS_API_URL,
            accountSid: e.SMS_ACCOUNT_SID,
            authToken: e.SMS_AUTH_TOKEN,
            from: e.SMS_FROM,
          }
        : undefined,
    storage:
      e.STORAGE === 's3'
        ? {
            driver: 's3',
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          }
        : { driver: 'local', dir: join(dataDir, 'files') },
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    maps: {
      styleUrl: e.MAP_STYLE_URL.trim() || undefined,
      satelliteTilesUrl: e.MAP_SATELLITE_TILES_URL.trim() || undefined,
      satelliteAttribution: e.MAP_SATELLITE_ATTRIBUTION,
      satelliteMaxZoom: e.MAP_SATELLITE_MAX_ZOOM,
      extractAttribution: e.MAP_EXTRACT_ATTRIBUTION,
      probeIntervalMs: e.MAP_PROBE_INTERVAL_SECONDS * 1000,
      probeTimeoutMs: e.MAP_PROBE_TIMEOUT_MS,
    },
    uploadTokensPerHour: e.UPLOAD_TOKENS_PER_HOUR,
    orphanUploadHours: e.ORPHAN_UPLOAD_HOURS,
    concurrentUploads: e.CONCURRENT_UPLOADS,
    hideArchivedKeywords: parseKeywords(e.HIDE_ARCHIVED_KEYWORDS),
    flightPlanCoverageMeters: e.FLIGHT_PLAN_COVERAGE_METERS,
    dbQueryTimeoutMs: e.DB_QUERY_TIMEOUT_MS,
    requestBudgetMs: e.REQUEST_BUDGET_MS,
    // PGlite is one connection in this process: one job at a time leaves room for requests.
    jobWorkers: e.JOB_WORKERS ?? (e.DATABASE_URL ? 2 : 1),
    mqtt: {
      url: e.MQTT_URL,
      port: e.MQTT_PORT,
      username: e.MQTT_USERNAME,
      password: e.MQTT_PASSWORD,
      clientId: e.MQTT_CLIENT_ID ?? `linewalker-${hostname()}-${e.PORT}`,
    },
    sensorRawDays: e.SENSOR_RAW_DAYS,
    orderWebhookSecret: e.ORDER_WEBHOOK_SECRET,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    droneLinkLeaseMs: e.DRONE_LINK_LEASE_MS,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustProxy: trustProxy.value,
  };
}
