import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE, PASSWORD_MAX, PASSWORD_MIN, VERIFICATION_CODE_LENGTH } from './constants.ts';
import { creditAmountSchema } from './credits.schema.ts';
import { languageSchema } from './language.schema.ts';

const email = z.string().trim().min(1, 'Email is required').max(254).email(INVALID_EMAIL_MESSAGE);

/**
 * A new password's length (spec §4: at least 6). Whether it is too easy to guess is the other
 * half of the rule, in password-strength.ts: too heavy for this module, which the landing page loads.
 */
export const newPasswordField = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const registerSchema = z.object({
  name: z.string().trim().min(1, 'Full name is required').max(200),
  phone: z.string().trim().min(1, 'Phone number is required').max(40),
  email,
  password: newPasswordField,
  /** The affiliate referral code of a sign-up link (?ref=CODE); optional. */
  ref: z.string().trim().max(64).optional(),
  /** The language the visitor was reading the site in; the account's e-mails follow it (ADR 0360). */
  language: languageSchema.optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(254),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const verifyCodeSchema = z.object({
  code: z
    .string()
    .regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), 'Invalid verification code. Please try again.'),
});
export type VerifyCodeInput = z.infer<typeof verifyCodeSchema>;

export const verifyTokenQuerySchema = z.object({ token: z.string().max(200).optional() });

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  credits: creditAmountSchema,
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  /** The interface language; e-mails and exports follow it (ADR 0360). */
  language: languageSchema,
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ sessionId: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * Registration also says whether the address will get its free credit once verified: false when
 * the address had it before, under an account since deleted (issue 15 §12, ADRs 0108 and 0150).
 */
export const registerResponseSchema = authResponseSchema.extend({ freeCreditOnVerification: z.boolean() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const verificationResponseSchema = z.object({
  success: z.boolean(),
  /** The link's address was verified before this request (a second click on the link). */
  alreadyVerified: z.boolean().optional(),
  message: z.string(),
});
export type VerificationResponse = z.infer<typeof verificationResponseSchema>;

export const messageSchema = z.object({ message: z.string() });

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z.object({
  token: z.string().min(1, 'This reset link is incomplete.').max(200),
  password: newPasswordField,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(PASSWORD_MAX),
  newPassword: newPasswordField,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * A set-password form's schema: the route's own schema plus the password typed a second time,
 * which only the form asks for and which must match `field`.
 */
function withRepeat<T extends z.ZodRawShape>(schema: z.ZodObject<T>, field: keyof T & string) {
  return schema
    .extend({ confirm: z.string() })
    .refine(
      (values) => (values as Record<string, unknown>)[field] === (values as { confirm: string }).confirm,
      {
        path: ['confirm'],
        message: 'The two passwords do not match',
      },
    );
}
export const resetPasswordFormSchema = withRepeat(resetPasswordSchema, 'password');
export const changePasswordFormSchema = withRepeat(changePasswordSchema, 'newPassword');

/** One signed-in session as its owner sees it; `id` is a public handle, never the token. */
export const sessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

export const signedOutSchema = z.object({ signedOut: z.number().int() });
