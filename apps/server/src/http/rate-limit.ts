import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { tooManyRequests } from '../errors.ts';

export interface RateLimitRule {
  /** How many hits a key may make per window. */
  points: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits left in the current window (0 when refused). */
  remaining: number;
  /** Seconds until the window resets; 0 when allowed. */
  retryAfterSeconds: number;
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

// Expired rows are swept every this many hits per process, so the table stays small without a job.
const SWEEP_EVERY = 500;

/**
 * A fixed-window limiter kept in PostgreSQL (or PGlite), so every API process shares the counts.
 * One atomic upsert per hit: the row's window restarts when it has expired, otherwise its counter
 * grows. The database clock decides, so processes with skewed clocks still agree.
 */
export function createRateLimiter(db: Db) {
  let hits = 0;

  async function sweep() {
    await db.execute(sql`DELETE FROM rate_limits WHERE expires_at < now()`);
  }

  async function consume(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
    const window = sql`make_interval(secs => ${rule.windowSeconds})`;
    const result = (await db.execute(sql`
        INSERT INTO rate_limits AS r (key, window_start, points, expires_at)
        VALUES (${key}, now(), 1, now() + ${window})
        ON CONFLICT (key) DO UPDATE SET
          window_start = CASE WHEN r.expires_at <= now() THEN now() ELSE r.window_start END,
          points = CASE WHEN r.expires_at <= now() THEN 1 ELSE r.points + 1 END,
          expires_at = CASE WHEN r.expires_at <= now() THEN now() + ${window} ELSE r.expires_at END
        RETURNING points, GREATEST(0, CEIL(EXTRACT(EPOCH FROM (expires_at - now()))))::int AS seconds_left
      `)) as unknown as { rows: Array<{ points: number; seconds_left: number }> };
    hits += 1;
    if (hits % SWEEP_EVERY === 0) await sweep();
    const row = result.rows[0]!;
    const points = Number(row.points);
    const allowed = points <= rule.points;
    return {
      allowed,
      remaining: Math.max(0, rule.points - points),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Number(row.seconds_left)),
    };
  }

  return {
    consume,

    /** Consumes one hit and throws 429 (with Retry-After) when the key is over its limit. */
    async enforce(key: string, rule: RateLimitRule, message?: string): Promise<void> {
      const result = await consume(key, rule);
      if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds, message);
    },

    /** Hits counted in the key's live window, without adding one (locks that only failures feed). */
    async peek(key: string): Promise<{ points: number; retryAfterSeconds: number }> {
      const result = (await db.execute(sql`
        SELECT points, GREATEST(1, CEIL(EXTRACT(EPOCH FROM (expires_at - now()))))::int AS seconds_left
        FROM rate_limits WHERE key = ${key} AND expires_at > now()
      `)) as unknown as { rows: Array<{ points: number; seconds_left: number }> };
      const row = result.rows[0];
      return row
        ? { points: Number(row.points), retryAfterSeconds: Number(row.seconds_left) }
        : { points: 0, retryAfterSeconds: 0 };
    },

    /** Forgets a key, e.g. after a successful login that should clear failed attempts. */
    async reset(key: string): Promise<void> {
      await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
    },

    sweep,
  };
}

/**
 * Makes a live window last at least `seconds` more, keeping its count (a deleted account's address
 * guards through the deletion grace period, issue 23 H-A). Runs in the caller's transaction; a key
 * with no live window is left alone.
 */
export async function holdRateLimit(tx: Tx, key: string, seconds: number): Promise<void> {
  await tx.execute(sql`
    UPDATE rate_limits SET expires_at = GREATEST(expires_at, now() + make_interval(secs => ${seconds}))
    WHERE key = ${key} AND expires_at > now()
  `);
}

/**
 * The part of a client address a per-IP limit should count. An IPv6 user normally holds a whole
 * /64, so counting single addresses would let one client rotate through billions of them.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Per-user limits that routes opt into with `config: { rateLimit: USER_LIMITS.x }` (see app.ts). */
export const USER_LIMITS = {
  /** Account settings a person changes by hand (the interface language, ADR 0360). */
  settings: {
    name: 'settings',
    points: 30,
    windowSeconds: 60,
    message: 'Too many changes. Please wait a minute and try again.',
  },
  /** Work that spends credits and starts a job: submissions, ideas, funding searches. */
  paid: {
    name: 'paid',
    points: 30,
    windowSeconds: 60,
    message: 'Too many requests. Please wait a minute and try again.',
  },
  /**
   * Editor saves (PUT /api/applications/:id/sections): the editor autosaves 1.2 s after typing
   * stops, so a person stays well under this; a script writing versions in a loop does not
   * (issue 23 M-A). The editor keeps the text and saves again after the wait.
   */
  editorSave: {
    name: 'editor-save',
    points: 60,
    windowSeconds: 60,
    message: 'Saving too often. Your text is kept here and saved again in a minute.',
  },
  upload: {
    name: 'upload',
    points: 30,
    windowSeconds: 30 * 60,
    message: 'Too many uploads. Please try again later.',
  },
  /** Each request mails the operators and the account's address: bounded like leads (issue 15 §11). */
  marketing: {
    name: 'marketing',
    points: 5,
    windowSeconds: 10 * 60,
    message: 'Too many requests. Please try again later.',
  },
  /**
   * Exports that decrypt and assemble a whole record (the SR&ED audit-defence package, ADR 0470):
   * a person downloads a few; a loop re-reading every evidence file does not get far.
   */
  export: {
    name: 'export',
    points: 20,
    windowSeconds: 10 * 60,
    message: 'Too many exports. Please wait a few minutes and try again.',
  },
  /** Importing reviewers' comments parses up to 200,000 characters; generating the response reads every version. */
  reviews: {
    name: 'reviews',
    points: 30,
    windowSeconds: 10 * 60,
    message: 'Too many requests. Please wait a few minutes and try again.',
  },
  /** A credit request mails the operator: a few an hour is more than anyone needs (issue 28 §2). */
  creditRequest: {
    name: 'credit-request',
    points: 5,
    windowSeconds: 60 * 60,
    message: 'Too many requests. Please try again later.',
  },
  /**
   * Invitations and shares mail an address the sender names (issue 32): a research office invites
   * a department in a sitting, a script mailing strangers does not get far.
   */
  invitation: {
    name: 'invitation',
    points: 60,
    windowSeconds: 60 * 60,
    message: 'Too many invitations. Please try again in an hour.',
  },
  /** Comments may mail the people they mention: a lively review stays well under this. */
  comment: {
    name: 'comment',
    points: 120,
    windowSeconds: 60 * 60,
    message: 'Too many comments. Please wait a few minutes; your text is kept here.',
  },
  /** Each review step mails the office or the applicant (issue 32 §3): a busy office stays well under this. */
  officeReview: {
    name: 'office-review',
    points: 120,
    windowSeconds: 60 * 60,
    message: 'Too many review steps. Please wait a few minutes and try again.',
  },
  /**
   * Competitions (ADR 0650): announcing, entering, scoring and selecting; a selection mails the
   * applicant. An office scoring a round of entries in a sitting stays well under this.
   */
  competition: {
    name: 'competition',
    points: 300,
    windowSeconds: 60 * 60,
    message: 'Too many competition changes. Please wait a few minutes and try again.',
  },
  /** Every attempt counts, so the password it asks for cannot be guessed through it. */
  accountDeletion: {
    name: 'account-delete',
    points: 5,
    windowSeconds: 15 * 60,
    message: 'Too many attempts. Please try again in 15 minutes.',
  },
} as const;
export type UserLimit = (typeof USER_LIMITS)[keyof typeof USER_LIMITS];
