import * as v from 'valibot';
import { passwordProblem } from '#contracts/password.ts';

const port = v.pipe(
  v.string(),
  v.transform(Number),
  v.integer('must be a whole number'),
  v.minValue(0, 'must be 0..65535'),
  v.maxValue(65535, 'must be 0..65535'),
);
const seconds = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.transform(Number),
    v.integer('must be a whole number of seconds'),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  );
/** A per-address limit: a whole number from 1 to 100,000. */
const perAddressLimit = () =>
  v.pipe(
    v.string(),
    v.transform(Number),
    v.integer('must be a whole number'),
    v.minValue(1, 'must be at least 1'),
    v.maxValue(100_000, 'must be at most 100000'),
  );
const url = v.pipe(v.string(), v.url('must be an absolute URL'));

/** Published in the README: fine for a laptop, never for a server anyone else can reach. */
export const DEFAULT_DEMO_PASSWORD = 'DemoOwner#2026';

/**
 * Every setting of the process, read once at start-up. A bad value stops the process with one clear
 * line (see parseEnv), never half-way through a request.
 */
export const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  PORT: v.optional(port, '8787'),
  /** Loopback by default: nothing on the network reaches a development server unless asked to (README). */
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty()), '127.0.0.1'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty()), './.data'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'))),
  PUBLIC_URL: v.optional(url),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'))),
  MAIL_FROM: v.optional(v.string(), 'Business Portal <no-reply@localhost>'),
  DEMO_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address')), 'owner@demo.local'),
  DEMO_PASSWORD: v.optional(v.string(), DEFAULT_DEMO_PASSWORD),
  /** Seed the demo owner and business: default true, except with NODE_ENV=production. */
  DEMO_SEED: v.optional(v.picklist(['true', 'false'])),
  USER_POOL_ID: v.optional(
    v.pipe(v.string(), v.regex(/^[^_]+_[^_]+$/, 'must look like <region>_<pool>')),
    'local_OwnerPortal',
  ),
  USER_POOL_CLIENT_ID: v.optional(v.pipe(v.string(), v.nonEmpty()), 'owner-portal-web'),
  /** Verify tokens of a real Cognito pool instead of the local one (JWKS of that pool). */
  JWKS_URL: v.optional(url),
  TOKEN_ISSUER: v.optional(url),
  ACCESS_TOKEN_TTL: v.optional(seconds(5, 86_400), '3600'),
  ID_TOKEN_TTL: v.optional(seconds(5, 86_400), '3600'),
  REFRESH_TOKEN_TTL: v.optional(seconds(60, 315_360_000), '2592000'),
  // As short as 10 s so a browser test can watch a link expire; a day by default.
  VERIFY_TOKEN_TTL: v.optional(seconds(10, 2_592_000), '86400'),
  RESET_TOKEN_TTL: v.optional(seconds(60, 86_400), '3600'),
  /** Where owners ask for another package (My Package and /config.json's salesEmail). */
  SALES_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address')), 'sales@example.com'),
  APP_SCHEME: v.optional(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9+.-]*$/, 'must be a URL scheme')), 'loyaltyapp'),
  LOG_REQUESTS: v.optional(v.picklist(['true', 'false']), 'true'),
  /**
   * Sign-ups (owners and customers) accepted per hour from one address. Raise it where many customers
   * share one public address, say a cafe's guest Wi-Fi behind one NAT, or a browser test suite.
   */
  SIGNUP_LIMIT_PER_HOUR: v.optional(perAddressLimit(), '10'),
  /**
   * Sign-ins accepted per minute from one address, whoever signs in (InitiateAuth and
   * RespondToAuthChallenge are each counted against it). Raise it for the same reasons as SIGNUP_LIMIT_PER_HOUR. The
   * lockout after failed passwords (per account and address) is separate and not changed by this.
   */
  SIGNIN_LIMIT_PER_MINUTE: v.optional(perAddressLimit(), '60'),
  /**
   * Mail retries (docs/decisions/019-outbox-and-jobs.md): the first retry after about this many seconds,
   * each next one about twice as long (with jitter), MAIL_RETRY_LIMIT retries in all; then the mail is
   * kept as failed. 60 and 8: from a minute to a few hours, about 6 hours in all. Tests use 1.
   */
  MAIL_RETRY_DELAY_SECONDS: v.optional(seconds(1, 3600), '60'),
  MAIL_RETRY_LIMIT: v.optional(
    v.pipe(v.string(), v.transform(Number), v.integer('must be a whole number'), v.minValue(0), v.maxValue(20)),
    '8',
  ),
  /** How long a copy may spend on one send before another copy may try it (the copy died mid-send). */
  MAIL_SEND_TIMEOUT_SECONDS: v.optional(seconds(10, 3600), '300'),
  /** How often an idle worker looks for jobs another copy queued (its own are started at once). */
  JOB_POLL_SECONDS: v.optional(seconds(1, 60), '2'),
  /**
   * Mails carrying an owner's text (booking confirmations and cancellations) to strangers, addresses
   * that neither follow the business nor booked through the app, per business: an hour and a day, and
   * stricter on the Free package. Past a limit the mail is held (never sent) and the owner told (README "Mail").
   */
  STRANGER_MAILS_PER_HOUR: v.optional(perAddressLimit(), '20'),
  STRANGER_MAILS_PER_DAY: v.optional(perAddressLimit(), '100'),
  STRANGER_MAILS_PER_HOUR_FREE: v.optional(perAddressLimit(), '5'),
  STRANGER_MAILS_PER_DAY_FREE: v.optional(perAddressLimit(), '20'),
  /** Photo upload targets (GET /api/posts/upload-url) one business may ask for per hour (README "Media storage"). */
  UPLOAD_TARGETS_PER_HOUR: v.optional(perAddressLimit(), '60'),
  /** Upcoming bookings one app customer may hold with one business (decision 023). */
  MAX_UPCOMING_BOOKINGS: v.optional(perAddressLimit(), '5'),
  /** Booking requests (POST /api/customer/bookings) one app customer may make a minute; then 429. */
  BOOKING_REQUESTS_PER_MINUTE: v.optional(perAddressLimit(), '10'),
  /** Behind one reverse proxy: the client is the last address it adds to X-Forwarded-For. */
  TRUST_PROXY: v.optional(v.picklist(['true', 'false']), 'false'),
  /** Post images in an S3-compatible bucket instead of the database (README "Media storage"). */
  MEDIA_S3_BUCKET: v.optional(
    v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name')),
  ),
  /** A custom endpoint (MinIO, R2, s3rver); absent for AWS S3. */
  MEDIA_S3_ENDPOINT: v.optional(url),
  MEDIA_S3_REGION: v.optional(v.pipe(v.string(), v.nonEmpty()), 'us-east-1'),
  MEDIA_S3_ACCESS_KEY_ID: v.optional(v.string()),
  MEDIA_S3_SECRET_ACCESS_KEY: v.optional(v.string()),
  /** Where browsers read images: the bucket's public URL or a CDN (default: the bucket's URL). */
  MEDIA_BASE_URL: v.optional(url),
  /** Comma-separated origins allowed to call /api from a browser (an SPA hosted elsewhere). */
  CORS_ORIGINS: v.optional(
    v.pipe(
      v.string(),
      v.transform((list) =>
        list
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ),
      v.array(v.pipe(v.string(), v.regex(/^https?:\/\/[^/]+$/, 'must list origins like https://portal.example.com'))),
    ),
  ),
});

export type Env = v.InferOutput<typeof EnvSchema>;

/** Parses process.env; on failure returns one line naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): { env: Env } | { error: string } {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(EnvSchema, present);
  if (result.success) return { env: result.output };
  const problems = result.issues.map((issue) => `${v.getDotPath(issue) ?? 'environment'} ${issue.message}`);
  return { error: `Invalid configuration: ${problems.join('; ')}` };
}

/** Whether this start seeds the demo owner: DEMO_SEED, else everywhere but production. */
export const seedsDemo = (env: Env): boolean =>
  env.DEMO_SEED ? env.DEMO_SEED === 'true' : env.NODE_ENV !== 'production';

/**
 * What stops the server (not the CLI tools) from starting with this configuration: one line naming
 * the setting and what to do, or undefined.
 */
export function serverStartProblem(env: Env): string | undefined {
  if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
    return (
      'NODE_ENV=production needs a mail transport: set SMTP_URL=smtp://user:pass@host:587, ' +
      'or verification and password-reset e-mails would silently go nowhere.'
    );
  }
  if (!seedsDemo(env)) return undefined;
  if (env.NODE_ENV === 'production' && env.DEMO_PASSWORD === DEFAULT_DEMO_PASSWORD) {
    return 'DEMO_SEED=true with NODE_ENV=production needs your own DEMO_PASSWORD: the default one is published.';
  }
  const weak = passwordProblem(env.DEMO_PASSWORD, env.DEMO_EMAIL);
  return weak ? `DEMO_PASSWORD is not accepted as a password: ${weak}` : undefined;
}

/** The defaults, for tests and tools. */
export const defaultEnv = (overrides: Partial<Record<keyof Env, string>> = {}): Env => {
  const parsed = parseEnv(overrides);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.env;
};
