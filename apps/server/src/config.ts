import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every environment variable the product reads (README "Configuration" lists the same). */
export interface Config {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  sitesPort: number;
  /** public base URL of the admin origin, used in mails */
  adminUrl: string;
  /** public base URL of the sites origin */
  sitesUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  mediaDir: string;
  redisUrl: string | undefined;
  /** REDIS_PREFIX: starts every Redis key and channel of this deployment (several deployments may share a Redis) */
  redisPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string | undefined;
  logLevel: string;
  runWorker: boolean;
  /** RETRY_BASE_MS: the worker's first retry delay for a failed job or mail (doubles each attempt, up to an hour) */
  retryBaseMs: number;
  /** JOB_LEASE_SECONDS: how long a taken job or mail is its worker's before another may take it (a crashed worker's work waits this long) */
  jobLeaseSeconds: number;
  /** METRICS_ALLOW: addresses and CIDR ranges that may read /metrics without the token */
  metricsAllow: string[];
  /** METRICS_TOKEN: a bearer token that opens /metrics from anywhere (unset: the addresses alone) */
  metricsToken: string | undefined;
  /** TEST_CLOCK (NODE_ENV=test only): business time at start, for tests that run the server as processes */
  testClock: string | undefined;
  trustProxy: boolean;
  demoData: boolean;
  cnameTarget: string;
  s3: { bucket: string; region: string; endpoint?: string; publicUrl?: string } | undefined;
  tls: { key: string; cert: string } | undefined;
  bodyLimit: number;
  /** how long the sites origin keeps a public response in its micro-cache; 0 turns it off */
  microcacheTtlMs: number;
  /** addresses and CIDR ranges answered with the "blocked by IP" 403 */
  ipBlocklist: string[];
  /** per-site hosts `s{id}.{base}` instead of `/sites/{id}` (modules/published/hosts.ts) */
  siteSubdomainBase: string | undefined;
  /** ENDUSER_RATE_MULTIPLIER: scales every visitor-side rate limit (load tests from one address) */
  enduserRateMultiplier: number;
  /** VIEWER_DIST_DIR: the viewer's built client bundles (journeys and benches build their own copy) */
  viewerDistDir: string;
  /** VIEWER_MANIFEST: the Vite manifest linking the enduser entry's bundles */
  viewerManifest: string;
  /** ANALYTICS_RETENTION_MONTHS: raw analytics events are kept for this many months before the current one (0 = forever; rollups stay) */
  analyticsRetentionMonths: number;
  /** ANALYTICS_ROLLUP_DELAY_MS: the window of event batches whose site-days' rollups one run recomputes, due a window after it ends (default 10 s) */
  analyticsRollupDelayMs: number;
  /** webhooks may go to private and loopback addresses in production too (never needed on a real deployment) */
  webhookAllowPrivate: boolean;
  /** billing: PAYMENT_PROVIDER, LICENSE_FEE_YEN, BANK_TRANSFER_DESTINATION, ISSUER_* (the platform's invoices) */
  billing: BillingConfig;
}

export interface BillingConfig {
  /** `test` (development), `stripe`, or `none` (no card payments: bills are paid by bank transfer) */
  paymentProvider: string;
  /** PAYMENT_PROVIDER=stripe only: its keys (STRIPE_*), and STRIPE_API_URL to talk to another API server than Stripe's */
  stripe?: StripeSettings | null;
  licenseFeeYen: number;
  bankTransferDestination: string;
  issuerName: string;
  issuerRegistrationNumber: string | null;
  issuerAddress: string;
}

function subdomainBase(v: string | undefined): string | undefined {
  const base = v
    ?.trim()
    .toLowerCase()
    .replace(/^\.+|\.+$/g, '');
  if (!base) return undefined;
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(base))
    throw new Error(`SITE_SUBDOMAIN_BASE: "${v}" is not a host name`);
  return base;
}

/**
 * The card payment provider. The built-in `test` one accepts a well-known card number, so it would mark bills paid with
 * no money: it is the default only for development, tests and the embedded demo (`npm start` without DATABASE_URL);
 * a real deployment (NODE_ENV=production on PostgreSQL) asking for it stops at start, and without PAYMENT_PROVIDER has
 * no card payments (`none`: bills are paid by bank transfer).
 */
export function paymentProviderName(v: string | undefined, realDeployment: boolean): string {
  const name = v?.trim() || (realDeployment ? 'none' : 'test');
  if (realDeployment && name === 'test')
    throw new Error('PAYMENT_PROVIDER=test accepts test card numbers: not allowed with NODE_ENV=production and DATABASE_URL');
  if (!['none', 'test', 'stripe'].includes(name)) throw new Error(`PAYMENT_PROVIDER: "${name}" is not one of none, test, stripe`);
  return name;
}

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** another API server than Stripe's (a local one in tests, stripe-mock); null: Stripe's own */
  apiUrl: string | null;
}

/** Stripe's keys, each checked by its prefix, when PAYMENT_PROVIDER=stripe: a missing or swapped key stops the start. */
export function stripeSettings(provider: string, env: NodeJS.ProcessEnv): StripeSettings | null {
  if (provider !== 'stripe') return null;
  const key = (name: string, prefixes: string[]): string => {
    const v = env[name]?.trim() ?? '';
    if (!prefixes.some((p) => v.startsWith(p)))
      throw new Error(`${name}: PAYMENT_PROVIDER=stripe needs a key starting ${prefixes.join(' or ')}`);
    return v;
  };
  const apiUrl = env.STRIPE_API_URL?.trim() || null;
  if (apiUrl && !/^https?:\/\/[^/]+\/?$/.test(apiUrl)) throw new Error(`STRIPE_API_URL: "${apiUrl}" is not http(s)://host[:port]`);
  return {
    secretKey: key('STRIPE_SECRET_KEY', ['sk_', 'rk_']),
    publishableKey: key('STRIPE_PUBLISHABLE_KEY', ['pk_']),
    webhookSecret: key('STRIPE_WEBHOOK_SECRET', ['whsec_']),
    apiUrl,
  };
}

/** A qualified-invoice registration number is T + 13 digits: anything else stops the start (unset: plain invoices). */
function registrationNumber(v: string | undefined): string | null {
  const reg = v?.trim() || null;
  if (reg !== null && !/^T\d{13}$/.test(reg)) throw new Error(`ISSUER_REGISTRATION_NUMBER: "${v}" is not T followed by 13 digits`);
  return reg;
}

function int(v: string | undefined, d: number): number {
  const n = v === undefined || v === '' ? d : Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`invalid integer in environment: ${v}`);
  return n;
}
function positive(v: string | undefined, d: number): number {
  const n = v === undefined || v === '' ? d : Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`invalid positive number in environment: ${v}`);
  return n;
}
const VIEWER_DIST = fileURLToPath(new URL('../../viewer/dist', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
function list(v: string): string[] {
  return v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
}
function bool(v: string | undefined, d: boolean): boolean {
  if (v === undefined || v === '') return d;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int(env.PORT, 3000);
  const sitesPort = int(env.SITES_PORT, 3001);
  // The default data folder is the checkout's ./data wherever a command starts (npm start, npm run mail,
  // npm run worker all load this config): one home for the rule. An explicit DATA_DIR resolves as usual.
  const dataDir = env.DATA_DIR ? path.resolve(env.DATA_DIR) : path.join(REPO_ROOT, 'data');
  const cfg: Config = {
    env: (env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development') as Config['env'],
    host: env.HOST ?? '127.0.0.1',
    port,
    sitesPort,
    adminUrl: (env.ADMIN_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    sitesUrl: (env.SITES_URL ?? `http://127.0.0.1:${sitesPort}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'swipe:',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Swipe Sites <no-reply@localhost>',
    jwtSecret: env.JWT_SECRET || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    runWorker: bool(env.RUN_WORKER, true),
    retryBaseMs: int(env.RETRY_BASE_MS, 5000),
    jobLeaseSeconds: positive(env.JOB_LEASE_SECONDS, 120),
    metricsAllow: list(env.METRICS_ALLOW ?? '127.0.0.1/8,::1'),
    metricsToken: env.METRICS_TOKEN || undefined,
    testClock: env.NODE_ENV === 'test' ? env.TEST_CLOCK || undefined : undefined,
    trustProxy: bool(env.TRUST_PROXY, false),
    demoData: bool(env.DEMO_DATA, !env.DATABASE_URL),
    cnameTarget: env.CNAME_TARGET ?? 'sites.swipe.localhost',
    s3: env.S3_BUCKET
      ? { bucket: env.S3_BUCKET, region: env.S3_REGION ?? 'us-east-1', endpoint: env.S3_ENDPOINT, publicUrl: env.S3_PUBLIC_URL }
      : undefined,
    tls: env.TLS_KEY_FILE && env.TLS_CERT_FILE ? { key: env.TLS_KEY_FILE, cert: env.TLS_CERT_FILE } : undefined,
    bodyLimit: int(env.BODY_LIMIT, 1024 * 1024),
    microcacheTtlMs: int(env.MICROCACHE_TTL_MS, 2000),
    siteSubdomainBase: subdomainBase(env.SITE_SUBDOMAIN_BASE),
    ipBlocklist: list(env.IP_BLOCKLIST ?? ''),
    enduserRateMultiplier: positive(env.ENDUSER_RATE_MULTIPLIER, 1),
    viewerDistDir: path.resolve(env.VIEWER_DIST_DIR || VIEWER_DIST),
    viewerManifest: path.resolve(env.VIEWER_MANIFEST || path.join(env.VIEWER_DIST_DIR || VIEWER_DIST, '.vite', 'manifest.json')),
    analyticsRetentionMonths: int(env.ANALYTICS_RETENTION_MONTHS, 25),
    analyticsRollupDelayMs: int(env.ANALYTICS_ROLLUP_DELAY_MS, 10_000),
    webhookAllowPrivate: bool(env.WEBHOOK_ALLOW_PRIVATE, false),
    billing: {
      paymentProvider: paymentProviderName(env.PAYMENT_PROVIDER, env.NODE_ENV === 'production' && Boolean(env.DATABASE_URL)),
      stripe: stripeSettings(paymentProviderName(env.PAYMENT_PROVIDER, env.NODE_ENV === 'production' && Boolean(env.DATABASE_URL)), env),
      licenseFeeYen: int(env.LICENSE_FEE_YEN, 10_000),
      bankTransferDestination: env.BANK_TRANSFER_DESTINATION || 'Swipe Bank, Head Office, Ordinary 1234567, Swipe Sites K.K.',
      issuerName: env.ISSUER_NAME || 'Swipe Sites K.K.',
      issuerRegistrationNumber: registrationNumber(env.ISSUER_REGISTRATION_NUMBER),
      issuerAddress: env.ISSUER_ADDRESS || '',
    },
    ...overrides,
  };
  // Default credentials exist only in the embedded mode: with DATABASE_URL set they are never created.
  if (cfg.databaseUrl) cfg.demoData = false;
  return cfg;
}
