import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const emailList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ message: 'must be a comma-separated list of emails' })));

/** An IANA zone name (Europe/Berlin, UTC) that both ICU and PostgreSQL know; no bare offsets. */
const timeZone = z
  .string()
  .trim()
  .refine((v) => /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(v) && isKnownTimeZone(v), {
    message: 'must be an IANA time zone such as Europe/Berlin or UTC',
  });

function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** PRODUCT.md §12: every environment variable the server reads, with the embedded defaults. */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    TRUST_PROXY: optionalText,
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalText.pipe(
      z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' }).optional(),
    ),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    PUBLIC_URL: optionalText.pipe(z.url({ message: 'must be a URL such as https://shop.example.com' }).optional()),
    ADMIN_EMAILS: emailList,
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: z.stringbool().default(false),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_PUBLISHABLE_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** For tests only: talk to a local server that answers like Stripe's API. */
    STRIPE_API_URL: optionalText.pipe(z.url().optional()),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/, message: 'must be a redis:// URL' }).optional()),
    /** Starts every key this server writes to Redis: several deployments (or test runs) can share one. */
    REDIS_KEY_PREFIX: z.string().min(1).default('torque:'),
    /** Where e-mail goes: smtp://user:pass@host:587 or smtps://…:465. Unset: .eml files under DATA_DIR/mail. */
    SMTP_URL: optionalText.pipe(
      z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }).optional(),
    ),
    /** The From of every message the shop sends. */
    MAIL_FROM: z.string().trim().min(3).default('Torque Parts <no-reply@torque.parts.invalid>'),
    /** How often each instance looks for e-mail to deliver (writes also wake it at once). */
    MAIL_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
    /** The first retry of an undelivered message waits this long, doubling each time up to an hour. */
    MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(600_000).default(2_000),
    RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
    /** How long a client may take to send a whole request (headers and body) before a 408. */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    /**
     * The seller (issue 29, PRODUCT.md "Tax"): printed on every invoice and credit note. The
     * country decides the domestic tax rate, which EU VAT numbers earn reverse charge and what is
     * an export.
     */
    SHOP_COUNTRY: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'must be a two-letter ISO 3166-1 country code such as DE or US')
      .default('US'),
    SHOP_LEGAL_NAME: z.string().trim().min(1).max(200).default('Torque Parts Inc.'),
    /** The seller's postal address, lines separated by commas or newlines (\n). */
    SHOP_ADDRESS: z.string().trim().min(1).max(500).default('1200 Industrial Way, Detroit, MI 48201, United States'),
    /** The seller's tax number(s), e.g. a VAT number (DE123456789) or an EIN; comma-separated when several. */
    SHOP_TAX_ID: optionalText,
    /** The registration line an invoice carries (court, company register number). */
    SHOP_REGISTRATION: optionalText,
    /** The base of the EU's VIES REST API; tests point it at a local stand-in. */
    VIES_URL: z.url().default('https://ec.europa.eu/taxation_customs/vies/rest-api'),
    /** How long one VIES check may take before the number counts as unverified (tax charged). */
    VIES_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    /** How often each instance looks for unverified VAT numbers due for a re-check. */
    VIES_RECHECK_POLL_MS: z.coerce.number().int().min(50).max(3_600_000).default(60_000),
    /** The first re-check of an unverified number waits this long, doubling each time up to a day. */
    VIES_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
    /** How often each instance looks for overdue on-account invoices to remind (issue 30, weekly per invoice). */
    PAYMENT_REMINDER_POLL_MS: z.coerce.number().int().min(50).max(86_400_000).default(3_600_000),
    /** The shop's time zone: the admin overview counts its days in it. */
    SHOP_TIMEZONE: timeZone.default('UTC'),
    /**
     * How long an unpaid order holds its stock; decimals allowed (tests use seconds); 0 turns
     * expiry off.
     */
    ORDER_HOLD_MINUTES: z.coerce.number().min(0).max(525_600).default(1440),
    /**
     * The most units one account may hold in unpaid orders (issue 24, OWASP API6): past it,
     * placing is 409 UNPAID_LIMIT until the account pays or cancels, or its holds end.
     */
    MAX_UNPAID_UNITS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000_000_000).default(10_000),
    /**
     * How many placing statements one instance runs at once; the rest wait in arrival order
     * (orders/order-machine.ts). 4: on the checkout bench's hot set, p99 fell by 18 % against no
     * limit (docs/PERFORMANCE.md, Checkout).
     */
    PLACING_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(4),
    /** Bearer token for GET /api/metrics; unset, the route answers 404. */
    METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_PROVIDER === 'stripe') {
      for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENT_PROVIDER=stripe' });
      }
    }
    if (
      env.PAYMENT_PROVIDER === 'sandbox' &&
      env.NODE_ENV === 'production' &&
      !env.ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message:
          'is sandbox (test cards only) while NODE_ENV=production; set PAYMENT_PROVIDER=stripe, or ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true to run a demo',
      });
    }
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'is required when NODE_ENV=production' });
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['GOOGLE_CLIENT_SECRET'],
        message: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** The origin the app is reached at (OAuth callbacks, links). */
  publicUrl: string;
  authSecret: string;
  googleEnabled: boolean;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

/** Parse the environment once. Throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'} ${i.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    ...e,
    DATA_DIR: dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    authSecret: e.AUTH_SECRET ?? generatedSecret(dataDir),
    googleEnabled: Boolean(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET),
  };
}

/** Outside production a secret is generated once and kept beside the embedded database. */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
