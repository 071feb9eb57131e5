/** Business constants of spec §9. Credits are integers in tenths of a credit. */
export const CREDIT_UNIT = 10;

export const FREE_CREDITS_ON_SIGNUP = 10;
export const PASSWORD_MIN = 6;
/** An e-mail address that is not blank but not an address either (spec §5 names no text for it). */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
export const PASSWORD_MAX = 256;
export const VERIFICATION_CODE_LENGTH = 4;
export const TABLE_PAGE_SIZE = 5;
export const DEADLINE_HIGHLIGHT_DAYS = 30;
export const REDIRECT_AFTER_AUTH_MS = 1000;
export const CURRENT_USER_STALE_MS = 5 * 60 * 1000;
export const AFFILIATE_COMMISSION_PERCENT = 30;
export const POTENTIAL_FUNDING_TEXT = '$4.5 billion';
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt'] as const;
export const PROJECT_TITLE_MAX_WORDS = 15;
export const PROJECT_TITLE_MAX_CHARS = 200;
export const IDEA_FIELD_MAX = 5000;
export const FUNDING_TOPIC_MAX = 200;
export const FUNDING_DETAILS_MAX = 5000;
export const FUNDING_TEAM_MAX = 3000;

/**
 * The one conversion between the storage unit (integer tenths) and the API's unit (credits with
 * one decimal, §7 "credits (number)"): services convert at the boundary, nothing else divides.
 */
export const creditsFromTenths = (tenths: number): number => tenths / CREDIT_UNIT;
export const tenthsFromCredits = (credits: number): number => Math.round(credits * CREDIT_UNIT);

/** A number of credits as the one-decimal text the spec shows (§9 "Credit display"). */
export function formatCredits(credits: number): string {
  return credits.toFixed(1);
}

/** Spec §1/§9: deleted files (and deleted accounts) are permanently removed within this many days. */
export const RETENTION_PROMISE_DAYS = 30;
