/**
 * The server's configuration, read from the environment and validated once at start with zod.
 * A bad value stops the start with a message naming each bad variable. Defaults are safe for
 * local use; production refuses the development-only fallbacks. Documented in README.md and
 * .env.example.
 */
import { createECDH } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const DEV_AUTH_SECRET = 'dev-only-auth-secret-not-for-production-0123456789';
/** A production secret with fewer different characters than this is refused as guessable ('a' x 32, '0101...'). */
export const MIN_SECRET_DISTINCT_CHARACTERS = 10;

/**
 * Where the Capacitor apps' pages come from (capacitor.config.ts): `capacitor://localhost` on
 * iOS, `https://localhost` on Android (androidScheme https). Trusted when MOBILE_APP_ORIGINS=true.
 */
export const MOBILE_APP_ORIGIN_LIST = ['capacitor://localhost', 'https://localhost'] as const;

const optionalString = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** The built web app to serve (vite's outDir); another folder lets two local end-to-end runs build side by side. */
  WEB_DIST_DIR: z.string().default('./dist'),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional()),
  PUBLIC_URL: optionalString.pipe(z.url({ error: 'must be a URL such as https://book.example.com' }).optional()),
  PUBLIC_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://book.example.com' }).optional()),
  TRUSTED_ORIGINS: optionalString,
  /** true: also trust the mobile apps' origins (MOBILE_APP_ORIGIN_LIST; README "Mobile apps"). */
  MOBILE_APP_ORIGINS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  BETTER_AUTH_SECRET: optionalString.pipe(z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  SUPPORT_PHONE: z.string().default('+18135550100'),
  SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).default('support@tampahandyman.example'),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  SEED_DEMO_WORKER: z.enum(['true', 'false']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STRIPE_SECRET_KEY: optionalString,
  VITE_STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  VITE_GOOGLE_MAPS_API_KEY: optionalString,
  STRIPE_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be a URL such as http://127.0.0.1:12111' }).optional()),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465' }).optional()),
  MAIL_FROM: z.string().trim().min(3).default('Tampa Same-Day Handyman <bookings@tampahandyman.example>'),
  OPERATIONS_EMAIL: z.email({ error: 'must be an email address' }).default('ops@tampahandyman.example'),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  TWILIO_FROM_NUMBER: optionalString.pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, { error: 'must be an E.164 number such as +18135550100' }).optional()),
  TWILIO_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be a URL such as http://127.0.0.1:12112' }).optional()),
  ANALYTICS_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(60),
  ANALYTICS_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  VITE_GA_MEASUREMENT_ID: optionalString.pipe(z.string().regex(/^G-[A-Z0-9]{4,20}$/, { error: 'must be a Google Analytics 4 measurement id such as G-ABC123XYZ9' }).optional()),
  ERROR_LOG_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
  ERROR_LOG_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  SENTRY_DSN: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be a Sentry DSN such as https://key@o1.ingest.sentry.io/2' }).optional()),
  VITE_SENTRY_DSN: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be a Sentry DSN such as https://key@o1.ingest.sentry.io/2' }).optional()),
  // Push notifications (issue #15; README "Push notifications", docs/decisions/026-push-notifications.md)
  VAPID_PUBLIC_KEY: optionalString.pipe(z.string().regex(/^[A-Za-z0-9_-]{86,88}={0,2}$/, { error: 'must be the base64url public key `npx web-push generate-vapid-keys` prints' }).optional()),
  VAPID_PRIVATE_KEY: optionalString.pipe(z.string().regex(/^[A-Za-z0-9_-]{42,44}={0,2}$/, { error: 'must be the base64url private key `npx web-push generate-vapid-keys` prints' }).optional()),
  VAPID_SUBJECT: optionalString.pipe(z.string().regex(/^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/, { error: 'must be a mailto: address or an https: URL, such as mailto:ops@example.com' }).optional()),
  FCM_PROJECT_ID: optionalString.pipe(z.string().regex(/^[a-z][a-z0-9-]{4,29}$/, { error: 'must be a Firebase project id such as tampa-handyman-12345' }).optional()),
  FCM_SERVICE_ACCOUNT_JSON: optionalString,
  FCM_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be a URL such as http://127.0.0.1:12113' }).optional()),
  // Uploads in S3-compatible storage (issue #16; README "Uploads", docs/decisions/033-upload-storage.md)
  S3_BUCKET: optionalString.pipe(z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be a bucket name such as tampa-handyman-uploads (3-63 lowercase letters, digits, dots, hyphens)' }).optional()),
  S3_REGION: optionalString.pipe(z.string().regex(/^[a-z0-9-]{2,40}$/, { error: 'must be a region such as us-east-1 (auto for Cloudflare R2)' }).optional()),
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://s3.example.com or http://127.0.0.1:9000' }).optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: optionalString.pipe(z.enum(['true', 'false'], { error: 'must be true or false' }).optional()),
  /** How often the background jobs run, ms (issue #16; tests shorten it; docs/deploy.md). */
  JOB_INTERVAL_MS: z.coerce.number().int().min(100, { error: 'must be at least 100 (ms)' }).max(3_600_000, { error: 'must be at most 3600000 (one hour)' }).default(60_000),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Absolute path of the built web app. */
  webDistDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /**
   * The site's address in canonical links, hreflang alternates, Open Graph, JSON-LD, sitemap.xml
   * and robots.txt (issue #12), without a trailing slash: PUBLIC_BASE_URL, else PUBLIC_URL, else
   * http://localhost:PORT.
   */
  publicBaseUrl: string;
  /** Origins allowed to send state-changing requests: PUBLIC_URL, localhost on PORT, TRUSTED_ORIGINS, the mobile apps' with MOBILE_APP_ORIGINS=true. */
  trustedOrigins: string[];
  /** MOBILE_APP_ORIGINS=true: the apps' origins are trusted, get CORS, and cookies are SameSite=None; Secure (lib/cookie-policy.ts). */
  mobileAppOrigins: boolean;
  authSecret: string;
  google: { clientId: string; clientSecret: string } | null;
  supportPhone: string;
  supportEmail: string;
  authRateLimit: { max: number; windowSeconds: number };
  trustProxy: boolean;
  logLevel: string;
  /** Seed one demo technician into an empty database, so slots exist on a fresh machine (not in production). */
  seedDemoWorker: boolean;
  /** Payments run on Stripe when both keys are set; null: the simulated gateway (test mode). */
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string | null;
    /** Tests only: the fake Stripe server's origin. */
    apiBase: string | null;
  } | null;
  /** The browser's Google Maps key (address autocomplete) is set: the CSP lets the Maps script in. */
  googleMaps: boolean;
  /** Mail goes over SMTP when `smtpUrl` is set; otherwise into the dev outbox (mail_outbox, transport 'dev'). */
  mail: { smtpUrl: string | null; from: string; operationsEmail: string };
  /** SMS through Twilio's REST API when all three variables are set; null: no SMS. */
  twilio: {
    accountSid: string;
    authToken: string;
    fromNumber: string;
    /** Tests only: a fake Twilio API's origin. */
    apiBase: string | null;
  } | null;
  /** `POST /api/analytics/events`: batches per client IP per window (issue #11). */
  analyticsRateLimit: { max: number; windowSeconds: number };
  /** The browser loads the Google Analytics tag (VITE_GA_MEASUREMENT_ID is set): the CSP lets its hosts in. */
  googleAnalytics: boolean;
  /** `POST /api/errors`: entries per client IP per window (issue #11). */
  errorLogRateLimit: { max: number; windowSeconds: number };
  /** Optional Sentry (issue #11): the server's DSN (SENTRY_DSN), and the browser's (VITE_SENTRY_DSN, for the CSP). */
  sentry: { serverDsn: string | null; browserDsn: string | null };
  /** Push notifications (issue #15): each channel is null (nothing sent) unless all its variables are set. */
  push: PushConfig;
  /** Uploads go to this S3-compatible bucket when S3_BUCKET is set; null: on disk under DATA_DIR/uploads (issue #16). */
  s3: S3Config | null;
  /** JOB_INTERVAL_MS: the background jobs' interval, ms (scheduled-jobs.ts; once per interval across every process). */
  jobIntervalMs: number;
}

/** An S3-compatible bucket for uploaded photos (modules/uploads/s3-upload-storage.ts). */
export interface S3Config {
  bucket: string;
  region: string;
  /** Another S3-compatible service's URL (MinIO, R2, a local test server); null: AWS S3 itself. */
  endpoint: string | null;
  /** Path-style addresses (`ENDPOINT/BUCKET/KEY`) instead of a bucket subdomain; most self-hosted services need it. */
  forcePathStyle: boolean;
  /** Keys for this bucket; null: the SDK's default credential chain (AWS_* variables, profile, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

export interface PushConfig {
  /** Web Push with VAPID (RFC 8292): the key pair (base64url) and the contact the push services see. */
  webPush: { publicKey: string; privateKey: string; subject: string } | null;
  /** Firebase Cloud Messaging HTTP v1 for the native apps, signed in with a service account. */
  fcm: {
    projectId: string;
    clientEmail: string;
    privateKey: string;
    /** Tests only: one origin standing in for Google's OAuth token endpoint (`/token`) and FCM (`/v1/...`). */
    apiBase: string | null;
  } | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Why BETTER_AUTH_SECRET cannot sign production sessions: missing, the development fallback
 * published in this repository, or too few different characters to be random.
 */
function productionSecretProblems(secret: string | undefined): string[] {
  const fix = 'generate one with `openssl rand -base64 32`';
  if (!secret) return [`BETTER_AUTH_SECRET: required in production; ${fix}`];
  if (secret === DEV_AUTH_SECRET) return [`BETTER_AUTH_SECRET: the development secret is published in the source code and is refused in production; ${fix}`];
  const distinct = new Set(secret).size;
  if (distinct < MIN_SECRET_DISTINCT_CHARACTERS) {
    return [`BETTER_AUTH_SECRET: too easy to guess (only ${distinct} different characters, at least ${MIN_SECRET_DISTINCT_CHARACTERS} needed); ${fix}`];
  }
  return [];
}

/**
 * Reads and validates the environment.
 * @throws ConfigError listing every bad variable, e.g. "PORT: Invalid input: expected number"
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production') problems.push(...productionSecretProblems(e.BETTER_AUTH_SECRET));
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET: set both or neither');
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.VITE_STRIPE_PUBLISHABLE_KEY)) {
    problems.push('STRIPE_SECRET_KEY / VITE_STRIPE_PUBLISHABLE_KEY: set both or neither');
  }
  if (e.NODE_ENV === 'production' && e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: required in production with Stripe');
  if (e.NODE_ENV === 'production' && e.STRIPE_API_BASE) problems.push('STRIPE_API_BASE: for tests only, not allowed in production');
  const twilioSet = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM_NUMBER].filter(Boolean).length;
  if (twilioSet !== 0 && twilioSet !== 3) problems.push('TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN / TWILIO_FROM_NUMBER: set all three or none');
  if (e.NODE_ENV === 'production' && e.TWILIO_API_BASE) problems.push('TWILIO_API_BASE: for tests only, not allowed in production');
  const push = pushConfig(e, problems);
  const s3 = s3Config(e, problems);
  if (problems.length) throw new ConfigError(problems);

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const trustedOrigins = new Set([publicUrl, `http://localhost:${e.PORT}`, `http://127.0.0.1:${e.PORT}`]);
  for (const origin of (e.TRUSTED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean)) trustedOrigins.add(origin);
  if (e.MOBILE_APP_ORIGINS) for (const origin of MOBILE_APP_ORIGIN_LIST) trustedOrigins.add(origin);

  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? publicUrl).replace(/\/+$/, ''),
    trustedOrigins: [...trustedOrigins],
    mobileAppOrigins: e.MOBILE_APP_ORIGINS,
    authSecret: e.BETTER_AUTH_SECRET ?? DEV_AUTH_SECRET,
    google: e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET } : null,
    supportPhone: e.SUPPORT_PHONE,
    supportEmail: e.SUPPORT_EMAIL,
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    seedDemoWorker: e.SEED_DEMO_WORKER ? e.SEED_DEMO_WORKER === 'true' && e.NODE_ENV !== 'production' : e.NODE_ENV === 'development',
    stripe:
      e.STRIPE_SECRET_KEY && e.VITE_STRIPE_PUBLISHABLE_KEY
        ? { secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.VITE_STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null, apiBase: e.STRIPE_API_BASE ?? null }
        : null,
    googleMaps: Boolean(e.VITE_GOOGLE_MAPS_API_KEY),
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM, operationsEmail: e.OPERATIONS_EMAIL },
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM_NUMBER
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, fromNumber: e.TWILIO_FROM_NUMBER, apiBase: e.TWILIO_API_BASE ?? null }
        : null,
    analyticsRateLimit: { max: e.ANALYTICS_RATE_LIMIT_MAX, windowSeconds: e.ANALYTICS_RATE_LIMIT_WINDOW_SECONDS },
    googleAnalytics: Boolean(e.VITE_GA_MEASUREMENT_ID),
    errorLogRateLimit: { max: e.ERROR_LOG_RATE_LIMIT_MAX, windowSeconds: e.ERROR_LOG_RATE_LIMIT_WINDOW_SECONDS },
    sentry: { serverDsn: e.SENTRY_DSN ?? null, browserDsn: e.VITE_SENTRY_DSN ?? null },
    push,
    s3,
    jobIntervalMs: e.JOB_INTERVAL_MS,
  };
}

/**
 * The push channels (issue #15): VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT all or none
 * (the two keys must be one P-256 pair); FCM_PROJECT_ID / FCM_SERVICE_ACCOUNT_JSON both or neither,
 * the latter being the service account key's JSON itself or the path of its file. Appends what is
 * wrong to `problems`.
 */
function pushConfig(e: z.infer<typeof envSchema>, problems: string[]): PushConfig {
  let webPush: PushConfig['webPush'] = null;
  const vapidSet = [e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, e.VAPID_SUBJECT].filter(Boolean).length;
  if (vapidSet !== 0 && vapidSet !== 3) problems.push('VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT: set all three or none');
  else if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && e.VAPID_SUBJECT) {
    if (isVapidPair(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY)) webPush = { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT };
    else problems.push('VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: not one key pair; generate them together with `npx web-push generate-vapid-keys`');
  }
  let fcm: PushConfig['fcm'] = null;
  if (Boolean(e.FCM_PROJECT_ID) !== Boolean(e.FCM_SERVICE_ACCOUNT_JSON)) problems.push('FCM_PROJECT_ID / FCM_SERVICE_ACCOUNT_JSON: set both or neither');
  else if (e.FCM_PROJECT_ID && e.FCM_SERVICE_ACCOUNT_JSON) {
    const account = serviceAccount(e.FCM_SERVICE_ACCOUNT_JSON);
    if (typeof account === 'string') problems.push(`FCM_SERVICE_ACCOUNT_JSON: ${account}`);
    else fcm = { projectId: e.FCM_PROJECT_ID, clientEmail: account.clientEmail, privateKey: account.privateKey, apiBase: e.FCM_API_BASE?.replace(/\/+$/, '') ?? null };
  }
  if (e.NODE_ENV === 'production' && e.FCM_API_BASE) problems.push('FCM_API_BASE: for tests only, not allowed in production');
  return { webPush, fcm };
}

/**
 * The uploads bucket (issue #16): S3_BUCKET and S3_REGION both or neither; S3_ENDPOINT,
 * S3_FORCE_PATH_STYLE and the keys only with a bucket; S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY
 * both or neither (neither: the default credential chain). Appends what is wrong to `problems`.
 */
function s3Config(e: z.infer<typeof envSchema>, problems: string[]): S3Config | null {
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) problems.push('S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: set both or neither (neither: the AWS default credential chain)');
  if (Boolean(e.S3_BUCKET) !== Boolean(e.S3_REGION)) {
    problems.push('S3_BUCKET / S3_REGION: set both or neither (neither: uploads stay on disk under DATA_DIR)');
    return null;
  }
  if (!e.S3_BUCKET || !e.S3_REGION) {
    const strays = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const).filter((name) => e[name] !== undefined);
    if (strays.length) problems.push(`${strays.join(' / ')}: only used with S3_BUCKET and S3_REGION; set those too, or remove these`);
    return null;
  }
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, '') ?? null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : null,
  };
}

/** Whether the base64url private key's public half is the public key (both P-256, uncompressed public point). */
function isVapidPair(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
  } catch {
    return false;
  }
}

/** The service account's email and PEM key from its JSON (the value itself when it starts with `{`, else a file path), or what is wrong. */
function serviceAccount(value: string): { clientEmail: string; privateKey: string } | string {
  let text = value.trim();
  if (!text.startsWith('{')) {
    try {
      text = fs.readFileSync(text, 'utf8');
    } catch {
      return `no readable file at ${value} (give the service account key's JSON or the path of its file)`;
    }
  }
  try {
    const json = JSON.parse(text) as { client_email?: unknown; private_key?: unknown };
    if (typeof json.client_email === 'string' && typeof json.private_key === 'string' && json.private_key.includes('PRIVATE KEY')) return { clientEmail: json.client_email, privateKey: json.private_key };
    return 'the JSON has no client_email and private_key (download a key of the service account from the Firebase console)';
  } catch {
    return 'not valid JSON (give the service account key\'s JSON or the path of its file)';
  }
}
