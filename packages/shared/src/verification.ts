/**
 * Issue 18: after the fifth wrong try a code is burnt, and the right code no longer works. The
 * server says so with its own reason, so the page can offer a new code instead of "try again";
 * a plain wrong code keeps the spec's "Invalid verification code" message.
 */
export const CODE_SPENT_REASON = 'code_spent';
export const CODE_SPENT_MESSAGE = 'This code is no longer valid. Request a new code and enter that one.';

/** One verification e-mail a minute: the server's limit and the resend button's countdown. */
export const RESEND_WAIT_SECONDS = 60;

/** How long "Email verified" stays on screen before the verification banner goes. */
export const VERIFIED_NOTICE_MS = 4000;

/**
 * Paid work waits for a verified address (issue 15 §12, ADR 0150): the server's 403 on every route
 * that spends credits, shown as is by the dialogs. The reason lets a client tell it from other 403s.
 */
export const EMAIL_UNVERIFIED_REASON = 'email_unverified';
export const EMAIL_UNVERIFIED_MESSAGE =
  'Please verify your e-mail address before using credits. We sent you a link; you can ask for a new one from your account page.';
