import type {
  ChangePasswordInput,
  ForgotPasswordInput,
  ResetPasswordInput,
  SessionList,
} from '@grantleaf/shared/auth.schema';
import { badRequest, notFound } from '../../errors.ts';
import { clientAddressKey } from '../../http/rate-limit.ts';
import * as repo from './auth.repository.ts';
import type { UserRow } from './auth.schema.ts';
import type { AuthDeps } from './auth.service.ts';
import { AUTH_LIMITS } from './limits.ts';
import { assertStrongPassword, hashPassword, verifyPassword } from './password.ts';
import { newSecretToken, sha256 } from './tokens.ts';
import { passwordResetMail, RESET_MAIL_SUBJECTS } from '../mail/index.ts';

/** How long a forgot-password link works (once). */
export const RESET_LINK_TTL_MS = 30 * 60 * 1000;

/** The one answer to a forgot-password request, whether or not the address has an account. */
export const FORGOT_PASSWORD_ANSWER = `If an account exists for that address, we have sent it a link to choose a new password. The link works once, for ${RESET_LINK_TTL_MS / 60_000} minutes.`;
export const RESET_LINK_INVALID =
  'This reset link is invalid, has expired or was already used. Request a new one from the sign-in page.';
export const PASSWORD_RESET_DONE = 'Your password has been changed. Sign in with your new password.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';
export const RESET_MAIL_SUBJECT = RESET_MAIL_SUBJECTS.en;

/** Who opened a session, as far as the request tells; shown in the account's session list. */
export interface SessionClient {
  ip: string;
  userAgent?: string | undefined;
}

const USER_AGENT_MAX = 300;

export const sessionClient = (client: SessionClient) => ({
  ip: clientAddressKey(client.ip),
  userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) || null,
});

/** The failed-login counter of an address (auth.service's login lock); a reset clears it. */
export const loginFailKey = (email: string) => `login-fail:${email.trim().toLowerCase()}`;

/** Forgot / reset / change password and the session list (issue 15 §18). */
export function createAccountControls(deps: AuthDeps) {
  const { db, mailer, env, limiter, log } = deps;

  /** Writes a new reset link for the account and mails it (fixed text only). */
  async function sendResetLink(user: UserRow) {
    const token = newSecretToken();
    await db.transaction((tx) =>
      repo.insertPasswordReset(tx, {
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
      }),
    );
    const link = `${env.APP_URL.replace(/\/$/, '')}/reset-password?token=${token}`;
    // Fixed text only, in the account's language: the address may be unverified, so nothing a
    // registrant typed goes to it.
    await mailer.send({
      to: user.email,
      ...passwordResetMail(user.language, { minutes: RESET_LINK_TTL_MS / 60_000, link }),
    });
  }

  return {
    async forgotPassword(input: ForgotPasswordInput, ip: string) {
      const tooMany = 'Too many password reset requests. Please try again later.';
      await limiter.enforce(`forgot-ip:${clientAddressKey(ip)}`, AUTH_LIMITS.mailPerIp, tooMany);
      // Counted for every address asked about, so a 429 says nothing about whether it has an account.
      await limiter.enforce(
        `forgot-address:${input.email.toLowerCase()}`,
        AUTH_LIMITS.resetMailsPerAddress,
        tooMany,
      );
      const user = await repo.findUserByEmail(db, input.email);
      // The link's write and its mail run after the answer: an address with an account is answered
      // after the same work (one look-up) as one without, so the timing names no account (issue 15
      // §18). The mailer keeps the message in the outbox and logs a failed delivery itself.
      if (user) {
        void sendResetLink(user).catch((err: unknown) =>
          log.error({ err, userId: user.id }, 'password reset link failed'),
        );
      }
      return { message: FORGOT_PASSWORD_ANSWER };
    },

    async resetPassword(input: ResetPasswordInput, ip: string) {
      await limiter.enforce(
        `reset-ip:${clientAddressKey(ip)}`,
        AUTH_LIMITS.loginPerIp,
        'Too many attempts. Please try again later.',
      );
      const tokenHash = sha256(input.token);
      // A weak password is refused before the link is spent, so the user can try another.
      const owner = await repo.findLiveReset(db, tokenHash);
      if (!owner) throw badRequest(RESET_LINK_INVALID, { reason: 'reset-link-invalid' });
      assertStrongPassword(input.password, 'password', [owner.email, owner.name]);
      const passwordHash = await hashPassword(input.password);
      const done = await db.transaction(async (tx) => {
        const userId = await repo.consumePasswordReset(tx, tokenHash);
        if (!userId) return false;
        await repo.updatePasswordHash(tx, userId, passwordHash);
        // Whoever knew the old password is signed out everywhere, this browser included.
        await repo.deleteSessionsExcept(tx, userId, null);
        return true;
      });
      if (!done) throw badRequest(RESET_LINK_INVALID, { reason: 'reset-link-invalid' });
      // The owner proved the address: an earlier lock from wrong guesses no longer stands.
      await limiter.reset(loginFailKey(owner.email));
      return { message: PASSWORD_RESET_DONE };
    },

    async changePassword(user: UserRow, sessionToken: string, input: ChangePasswordInput) {
      await limiter.enforce(
        `password-change:${user.id}`,
        AUTH_LIMITS.passwordChange,
        'Too many attempts. Please try again in 15 minutes.',
      );
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw badRequest(WRONG_CURRENT_PASSWORD, {
          errors: [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }],
        });
      }
      assertStrongPassword(input.newPassword, 'newPassword', [user.email, user.name]);
      const passwordHash = await hashPassword(input.newPassword);
      const signedOut = await db.transaction(async (tx) => {
        await repo.updatePasswordHash(tx, user.id, passwordHash);
        // A reset link mailed before the change would undo it (issue 23 L-D): it no longer works.
        await repo.voidPasswordResets(tx, user.id);
        return repo.deleteSessionsExcept(tx, user.id, sha256(sessionToken));
      });
      return { signedOut };
    },

    async listSessions(user: UserRow, sessionToken: string): Promise<SessionList> {
      const current = sha256(sessionToken);
      const rows = await repo.listSessions(db, user.id);
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          createdAt: new Date(row.createdAt).toISOString(),
          lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
          userAgent: row.userAgent,
          ip: row.ip,
          current: row.idHash === current,
        })),
      };
    },

    async endSession(user: UserRow, publicId: string) {
      if (!(await repo.deleteOwnSession(db, user.id, publicId))) throw notFound();
      return { signedOut: 1 };
    },

    /** "Sign out everywhere else": every session but the one asking. */
    async endOtherSessions(user: UserRow, sessionToken: string) {
      const signedOut = await db.transaction((tx) =>
        repo.deleteSessionsExcept(tx, user.id, sha256(sessionToken)),
      );
      return { signedOut };
    },
  };
}
