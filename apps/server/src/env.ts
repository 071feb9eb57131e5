import path from 'node:path';
import { z } from 'zod';
import { creditPackSchema } from '@grantleaf/shared/payments.schema';

const boolish = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

const emailList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  );

/** The whole runtime contract. Nothing else in the server reads process.env. */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Grantleaf <no-reply@grantleaf.local>'),
  /** Unset: http://localhost:{PORT}, the address this process listens on (issue 28 item 18). */
  APP_URL: z.string().url().optional(),
  /** `production` refuses to start without APP_URL (issue 18: links would name localhost). */
  NODE_ENV: z.string().optional(),
  ADMIN_EMAILS: emailList,
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** What one account's applications and their saved versions may take, in MB (issue 23 M-A, ADR 236). */
  /**
   * Writes (POST, PUT, PATCH, DELETE) answer 507 while DATA_DIR has less than this free, in MB, so
   * the database never meets a full disk mid-write; 0 turns the guard off (issue 23 M6, ADR 237).
   */
  MIN_FREE_MB: z.coerce.number().int().min(0).max(1_000_000).default(64),
  EDITOR_STORAGE_MB: z.coerce.number().int().min(1).max(100_000).default(50),
  WORKERS: boolish.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Catalogue searches (GET /api/grant-programs, no sign-in needed) per minute per client address; 0: no limit (the bench). */
  PUBLIC_SEARCH_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(300),
  /** Proxies whose X-Forwarded-For is believed (comma list of addresses or CIDRs). */
  TRUST_PROXY: z.string().optional(),
  WEB_DIST: z.string().optional(),
  /** Other web origins allowed to call the API from a browser (comma list, e.g. https://app.example.org); none by default. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  /** Public site (GET /api/public-config). The promo video is an embed URL the CSP allows. */
  PROMO_VIDEO_URL: z
    .string()
    .url()
    .refine((u) => /^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//.test(u), {
      message: 'must be an https://www.youtube-nocookie.com/ or https://player.vimeo.com/ embed URL',
    })
    .optional(),
  DEMO_BOOKING_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  PRIVACY_EMAIL: z.string().email().default('privacy@grantleaf.ca'),
  CONTACT_EMAIL: z.string().email().default('hello@grantleaf.ca'),
  /** The public website named in the privacy policy; APP_URL when unset. */
  SITE_URL: z.string().url().optional(),
  /** 32 bytes (64 hex digits or base64) for AES-256-GCM at rest; generated into DATA_DIR when unset. */
  FILE_ENCRYPTION_KEY: z.string().optional(),
  /** Keys that sealed earlier data (comma-separated, same forms): they still open it; ADR 1050. */
  FILE_ENCRYPTION_PREVIOUS_KEYS: z.string().optional(),
  /** S3-compatible object storage for uploads (path-style); DATA_DIR/files when unset. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Outbound automation: finished submissions, ideas and funding requests are POSTed here, signed. */
  AUTOMATION_WEBHOOK_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  AUTOMATION_WEBHOOK_SECRET: z.string().optional(),
  /** How long a paid job may run before it counts as lost and is retried; derived from AI_TIMEOUT_MS when unset (modules/paid-work). */
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(5).max(86_400).optional(),
  /** How often the job queue turns expired runs (a killed worker) into retries; tests that kill workers set 1. */
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Every job's first retry delay instead of its own (the backoff still doubles it); tests set 1 so retries do not wait 5–40 s each. */
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  /** AI: "offline" (built-in engine, no network) or a model provider; the fallback is tried when it fails. */
  AI_PROVIDER: z.enum(['offline', 'openai', 'anthropic', 'openai-compatible']).default('offline'),
  AI_MODEL: z.string().optional(),
  /** Base URL of an OpenAI-compatible server (Ollama, vLLM, llama.cpp), e.g. http://127.0.0.1:11434/v1. */
  AI_BASE_URL: z.string().url().optional(),
  AI_FALLBACK_PROVIDER: z.enum(['openai', 'anthropic', 'openai-compatible']).optional(),
  AI_FALLBACK_MODEL: z.string().optional(),
  OPENAI_API_KEY: z.string().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  /** Per attempt; transient failures are retried twice. Paid jobs expire after 3 × this (× 2 with a fallback) + 60 s. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
  /** Stripe Checkout for buying credits; without the secret key the buy buttons explain instead of charging. */
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must be a Stripe secret key (sk_…)').optional(),
  /** Signing secret of the webhook endpoint (POST /api/payments/stripe-webhook). */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .startsWith('whsec_', 'must be a webhook signing secret (whsec_…)')
    .optional(),
  /** Another Stripe API base (a local stripe-mock or test double); Stripe's own when unset. */
  STRIPE_API_URL: z.string().url().optional(),
  /** on: Stripe Tax computes GST/HST/QST or sales tax at checkout (turn Stripe Tax on in the dashboard first). */
  STRIPE_TAX: boolish.default(false),
  /** Credit packs as JSON, e.g. [{"id":"starter","credits":5,"prices":{"CAD":2900,"USD":2200}}]; sensible defaults when unset. */
  CREDIT_PACKS: z
    .string()
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .pipe(z.array(creditPackSchema).min(1))
    .optional(),
  /** simpler.grants.gov API key (X-API-Key): without it the daily US federal opportunity sync is not scheduled (ADR 170). */
  SIMPLER_GRANTS_API_KEY: z.string().optional(),
  SIMPLER_GRANTS_BASE_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .default('https://api.simpler.grants.gov'),
});

export type Env = Omit<z.infer<typeof envSchema>, 'APP_URL'> & {
  APP_URL: string;
  dataDir: string;
  webDist: string;
  /** Said once at start (npm start): settings that work but will surprise in front of users. */
  warnings: string[];
};

export const APP_URL_REQUIRED =
  'APP_URL: required when NODE_ENV=production (links in e-mails, the referral link, the calendar feed and the privacy policy are built from it)';
export const appUrlDefaultWarning = (appUrl: string) =>
  `APP_URL is not set: links in e-mails, the referral link, the calendar feed and the privacy policy will say ${appUrl}. Set APP_URL to the address your users open.`;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const appUrlSet = cleaned.APP_URL !== undefined;
  if (!appUrlSet && env.NODE_ENV === 'production')
    throw new Error(`Invalid configuration:\n  ${APP_URL_REQUIRED}`);
  // Without APP_URL the links name the port this process listens on, not a fixed 3000.
  const APP_URL = env.APP_URL ?? `http://localhost:${env.PORT}`;
  return {
    ...env,
    APP_URL,
    warnings: appUrlSet ? [] : [appUrlDefaultWarning(APP_URL)],
    dataDir: path.resolve(env.DATA_DIR),
    webDist: path.resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
