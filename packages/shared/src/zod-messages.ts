import { z } from 'zod';

/**
 * zod's own messages ("Too big: expected string to have <=200 characters") in words a person
 * filling a form reads, for the limits a schema states without a message of its own (issue 31 §1).
 * A schema's own message always wins. The API sends these as they are; the web shows them in
 * French through fr.messages.json, keyed by each sentence with {{max}} or {{min}} where the number
 * goes ("Use {{max}} characters or fewer."). Sentences are written inline, not as templates filled
 * here: this module ships with the landing's forms, whose JavaScript budget is nearly spent (ADR 1005).
 */
const REQUIRED = 'This field is required.';

/** The friendly message for one issue, or undefined to keep zod's own. */
export function friendlyMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'invalid_type' && issue.input === undefined) return REQUIRED;
  if (issue.code === 'too_big') {
    const max = issue.maximum;
    if (issue.origin === 'string') return `Use ${max} characters or fewer.`;
    if (issue.origin === 'array' || issue.origin === 'set') return `Choose ${max} or fewer.`;
    if (issue.origin === 'number' || issue.origin === 'bigint')
      return issue.inclusive === false ? `Enter less than ${max}.` : `Enter ${max} or less.`;
  }
  if (issue.code === 'too_small') {
    const min = issue.minimum;
    // A minimum of one is "required" / "at least one", not "at least 1 characters".
    const one = Number(min) <= 1;
    if (issue.origin === 'string') return one ? REQUIRED : `Use at least ${min} characters.`;
    if (issue.origin === 'array' || issue.origin === 'set')
      return one ? 'Choose at least one.' : `Choose at least ${min}.`;
    if (issue.origin === 'number' || issue.origin === 'bigint')
      return issue.inclusive === false ? `Enter more than ${min}.` : `Enter ${min} or more.`;
  }
  return undefined;
}

/** Makes these the default messages of every schema parsed in this process (server or browser). */
export function applyFriendlyMessages(): void {
  z.config({ customError: friendlyMessage });
}
