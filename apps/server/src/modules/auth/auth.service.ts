import { creditsFromTenths, VERIFICATION_CODE_LENGTH } from '@grantleaf/shared/constants';
import type { LoginInput, RegisterInput, User, VerificationResponse } from '@grantleaf/shared/auth.schema';
import { isInstitutionalEmail } from '@grantleaf/shared/email-domain';
import { CODE_SPENT_MESSAGE, CODE_SPENT_REASON, RESEND_WAIT_SECONDS } from '@grantleaf/shared/verification';
import { DEFAULT_LANGUAGE, type Language } from '@grantleaf/shared/language';
import type { Logger } from 'pino';
import type { Db, Tx } from '../../db/client.ts';
import { clientAddressKey, type RateLimiter } from '../../http/rate-limit.ts';
import type { Env } from '../../env.ts';
import { AppError, badRequest, conflict, tooManyRequests, unauthorized } from '../../errors.ts';
import { recordReferral } from '../affiliate/index.ts';
import { grantVerificationCredit } from '../credits/index.ts';
import { verificationMail, type Mailer } from '../mail/index.ts';
import * as repo from './auth.repository.ts';
import type { UserRow } from './auth.schema.ts';
import {
  assertStrongPassword,
  burnPasswordCheck,
  hashPassword,
  verifyPassword,
  warmPasswordCheck,
} from './password.ts';
import {
  createAccountControls,
  loginFailKey,
  sessionClient,
  type SessionClient,
} from './account-controls.ts';
import { AUTH_LIMITS, codeFailKey, registrationKey } from './limits.ts';
import { hashCode, newSecretToken, newVerificationCode, sameHash, sha256 } from './tokens.ts';
import { claimFreeCredit, hadFreeCredit } from './free-credit.repository.ts';
import { deriveAdminRights, holdsAdminRights } from './admin-rights.ts';
import { addDaysTo, DAY_MS } from '@grantleaf/shared/days';

const ALREADY_VERIFIED_MESSAGE = 'Your email address is already verified. You can sign in.';
const CODE_TTL_MS = 10 * 60 * 1000;
const LINK_TTL_MS = 24 * 60 * 60 * 1000;
const CODE_MAX_ATTEMPTS = 5;
const RESEND_PER_MINUTE = 1;
const RESEND_PER_DAY = 10;
const RESEND_PER_HOUR = 3;
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const LAST_USED_RESOLUTION_MS = 5 * MINUTE_MS;

export const INVALID_CODE_MESSAGE = 'Invalid verification code. Please try again.';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    credits: creditsFromTenths(row.credits),
    emailVerified: row.emailVerified,
    isAdmin: row.isAdmin,
    language: row.language,
  };
}

/**
 * Every way an address becomes verified goes through here: the user's row is marked and, the first
 * time this address is ever verified, the free credit is granted in the same transaction (issue 15
 * §12, ADR 0150). Verifying twice, in parallel, or after deleting and registering the address
 * again grants nothing more: markEmailVerified changes the row once, and claimFreeCredit holds the
 * address's hash once ever (ADR 0108).
 */
async function verifyAddress(tx: Tx, userId: string): Promise<void> {
  const email = await repo.markEmailVerified(tx, userId);
  if (!email || !(await claimFreeCredit(tx, email))) return;
  await grantVerificationCredit(tx, userId);
}

export type AuthService = ReturnType<typeof createAuthService>;

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  env: Env;
  limiter: RateLimiter;
  /** For work done after the answer (the forgot-password link), whose failure no request sees. */
  log: Pick<Logger, 'error'>;
}

export function createAuthService(deps: AuthDeps) {
  const { db, mailer, env, limiter } = deps;
  // The first unknown e-mail would otherwise pay for making the dummy hash as well.
  void warmPasswordCheck();

  async function newSession(userId: string, client: SessionClient): Promise<string> {
    const sessionId = newSecretToken();
    const expiresAt = addDaysTo(Date.now(), env.SESSION_TTL_DAYS);
    await repo.insertSession(db, { idHash: sha256(sessionId), userId, expiresAt, ...sessionClient(client) });
    return sessionId;
  }

  /** Refuses a resend over the per-minute, per-hour or per-day count of mails already sent. */
  async function enforceResendLimits(tx: Tx, userId: string) {
    const now = Date.now();
    for (const [limit, windowMs] of [
      [RESEND_PER_MINUTE, RESEND_WAIT_SECONDS * 1000],
      [RESEND_PER_HOUR, HOUR_MS],
      [RESEND_PER_DAY, DAY_MS],
    ] as const) {
      const recent = await repo.countVerificationsSince(tx, userId, new Date(now - windowMs));
      if (recent.count >= limit) {
        const retryAfter = Math.max(
          1,
          Math.ceil(((recent.oldest?.getTime() ?? now) + windowMs - now) / 1000),
        );
        throw tooManyRequests(retryAfter, 'Please wait before requesting another verification email.');
      }
    }
  }

  async function sendVerification(
    user: Pick<UserRow, 'id' | 'email' | 'language'>,
    opts: { limited: boolean },
  ) {
    const code = newVerificationCode();
    const token = newSecretToken();
    const now = Date.now();
    await db.transaction(async (tx) => {
      // Concurrent resends queue on the user's row, so each one counts the mails before it:
      // 100 parallel resends send one mail, not 101 (issue 15 §7).
      await repo.lockUserRow(tx, user.id);
      if (opts.limited) await enforceResendLimits(tx, user.id);
      await repo.insertVerification(tx, {
        userId: user.id,
        codeHash: hashCode(user.id, code),
        codeExpiresAt: new Date(now + CODE_TTL_MS),
        tokenHash: sha256(token),
        tokenExpiresAt: new Date(now + LINK_TTL_MS),
      });
    });
    const link = `${env.APP_URL.replace(/\/$/, '')}/verify-email?token=${token}`;
    // No name: the address is not proven yet, and nothing a registrant typed goes to it.
    await mailer.send({
      to: user.email,
      ...verificationMail(user.language, {
        code,
        codeMinutes: CODE_TTL_MS / MINUTE_MS,
        linkHours: LINK_TTL_MS / (60 * MINUTE_MS),
        link,
      }),
    });
  }

  return {
    ...createAccountControls(deps),

    async register(input: RegisterInput, client: SessionClient) {
      await limiter.enforce(
        `register-ip:${clientAddressKey(client.ip)}`,
        AUTH_LIMITS.mailPerIp,
        'Too many registrations from this network. Please try again later.',
      );
      const email = input.email.trim();
      if (!isInstitutionalEmail(email)) throw badRequest('Invalid email domain');
      assertStrongPassword(input.password, 'password', [email, input.name]);
      // Each account brings a fresh code: an address gets few a day, whoever registers it.
      const perAddress = await limiter.peek(registrationKey(email));
      if (perAddress.points >= AUTH_LIMITS.registrationsPerAddress.points) {
        throw tooManyRequests(
          perAddress.retryAfterSeconds,
          'Too many registrations for this address today. Please try again tomorrow.',
        );
      }
      const passwordHash = await hashPassword(input.password);
      // The free credit waits for the verified address (grantFreeCredit); registration only says
      // whether this address will get it, which it will not if it had it before (issue 15 §12).
      const { user, freeCreditOnVerification } = await db.transaction(async (tx) => {
        const row = await repo.insertUser(tx, {
          email,
          name: input.name.trim(),
          phone: input.phone.trim(),
          passwordHash,
          language: input.language ?? DEFAULT_LANGUAGE,
        });
        if (!row) throw conflict('User already exists');
        return { user: row, freeCreditOnVerification: !(await hadFreeCredit(tx, email)) };
      });
      // Counted once the account exists: a refused duplicate (409) is not a registration.
      await limiter.consume(registrationKey(email), AUTH_LIMITS.registrationsPerAddress);
      if (input.ref) await recordReferral(db, user.id, input.ref).catch(() => false);
      const sessionId = await newSession(user.id, client);
      await sendVerification(user, { limited: false });
      return { sessionId, user: toUser(user), freeCreditOnVerification };
    },

    async login(input: LoginInput, client: SessionClient) {
      await limiter.enforce(
        `login-ip:${clientAddressKey(client.ip)}`,
        AUTH_LIMITS.loginPerIp,
        'Too many sign-in attempts. Please try again later.',
      );
      const accountKey = loginFailKey(input.email);
      // The attempt is counted before the password is checked, in one atomic upsert: of 60
      // parallel wrong passwords only the first 10 are tried (issue 15 §8). A success clears it.
      const attempt = await limiter.consume(accountKey, AUTH_LIMITS.loginFailures);
      if (!attempt.allowed) {
        throw tooManyRequests(
          attempt.retryAfterSeconds,
          'Too many failed sign-in attempts. Please try again later.',
        );
      }
      const row = await repo.findUserByEmail(db, input.email.trim());
      const ok = row
        ? await verifyPassword(row.passwordHash, input.password)
        : (await burnPasswordCheck(input.password), false);
      if (!row || !ok) throw unauthorized('Invalid credentials');
      await limiter.reset(accountKey);
      return { sessionId: await newSession(row.id, client), user: toUser(row) };
    },

    /** The signed-in user for a bearer token, or undefined; admin rights checked against the rule each time. */
    async authenticate(sessionId: string) {
      const idHash = sha256(sessionId);
      const found = await repo.findSessionUser(db, idHash);
      if (!found) return undefined;
      // "Last used" is kept to within LAST_USED_RESOLUTION_MS: one write per session per window, not per request.
      if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS)
        await repo.touchSession(db, idHash);
      const row = found.user;
      if (!row.isAdmin || holdsAdminRights(row, env.ADMIN_EMAILS)) return row;
      return { ...row, isAdmin: false };
    },

    /** At start: rights follow the current ADMIN_EMAILS and verification state (changes audited). */
    syncAdminRights: () => db.transaction((tx) => deriveAdminRights(tx, env.ADMIN_EMAILS)),

    logout: (sessionId: string) => repo.deleteSession(db, sha256(sessionId)),

    async verifyCode(user: UserRow, code: string): Promise<VerificationResponse> {
      if (user.emailVerified) return { success: true, message: 'Your email is already verified.' };
      // Counted per address, not per account: a new account for the address starts nothing afresh.
      const failKey = codeFailKey(user.email);
      const failures = await limiter.peek(failKey);
      if (failures.points >= AUTH_LIMITS.codeFailuresPerAddress.points) {
        throw tooManyRequests(
          failures.retryAfterSeconds,
          'Too many wrong codes today. Please try again tomorrow.',
        );
      }
      if (code.length !== VERIFICATION_CODE_LENGTH)
        throw new AppError(400, INVALID_CODE_MESSAGE, { success: false });
      const outcome = await db.transaction(async (tx) => {
        const live = await repo.findLiveCode(tx, user.id);
        if (!live) return 'spent';
        if (!sameHash(live.codeHash, hashCode(user.id, code))) {
          await repo.recordCodeFailure(tx, live.id, CODE_MAX_ATTEMPTS);
          // The try that burns the code says so at once, not on the next (right) try.
          return live.codeAttempts + 1 >= CODE_MAX_ATTEMPTS ? 'spent' : 'wrong';
        }
        // The link of the same mail keeps working: it is what proves a listed address (ADR 0230).
        await repo.spendCode(tx, live.id);
        await verifyAddress(tx, user.id);
        await deriveAdminRights(tx, env.ADMIN_EMAILS, { userId: user.id, actorId: user.id });
        return 'verified';
      });
      if (outcome !== 'verified') {
        // The lock lasts a day from the address's first failure (longer after a deletion).
        await limiter.consume(failKey, AUTH_LIMITS.codeFailuresPerAddress);
        if (outcome === 'spent')
          throw new AppError(400, CODE_SPENT_MESSAGE, { success: false, reason: CODE_SPENT_REASON });
        throw new AppError(400, INVALID_CODE_MESSAGE, { success: false });
      }
      return { success: true, message: 'Email verified successfully.' };
    },

    async verifyToken(token: string | undefined): Promise<VerificationResponse> {
      if (!token) return { success: false, message: 'No verification token provided.' };
      const tokenHash = sha256(token);
      const verified = await db.transaction(async (tx) => {
        const userId = await repo.consumeToken(tx, tokenHash);
        if (!userId) return false;
        await verifyAddress(tx, userId);
        await repo.markEmailLinkVerified(tx, userId);
        await deriveAdminRights(tx, env.ADMIN_EMAILS, { userId, actorId: userId });
        return true;
      });
      if (verified)
        return { success: true, message: 'Your email address has been verified. You can now sign in.' };
      return (await repo.tokenOwnerIsVerified(db, tokenHash))
        ? { success: true, alreadyVerified: true, message: ALREADY_VERIFIED_MESSAGE }
        : {
            success: false,
            message: 'This verification link is invalid or has expired. Sign in to request a new one.',
          };
    },

    /** PUT /api/account/language: the account's language (ADR 0360). */
    async setLanguage(user: UserRow, language: Language): Promise<User> {
      const row = await repo.setUserLanguage(db, user.id, language);
      if (!row) throw unauthorized();
      return toUser(row);
    },

    async resendVerification(user: UserRow): Promise<VerificationResponse> {
      if (user.emailVerified) throw badRequest('Your email is already verified.');
      await sendVerification(user, { limited: true });
      return { success: true, message: 'Verification email sent.' };
    },
  };
}
