import { z } from 'zod';

/**
 * zod's own messages ("Too big: expected string to have <=200 characters") in words a person
 * filling a form reads, for the limits a schema states without a message of its own (issue 31 §1).
 * A schema's own message always wins. The API sends these as they are; the web shows them in
 * French through fr.messages.json, keyed by these templates ({{max}}, {{min}} where the number goes).
 */
const MESSAGES = {
  required: 'This field is required.',
  maxCharacters: 'Use {{max}} characters or fewer.',
  minCharacters: 'Use at least {{min}} characters.',
  maxItems: 'Choose {{max}} or fewer.',
  minItems: 'Choose at least {{min}}.',
  minOneItem: 'Choose at least one.',
  maxNumber: 'Enter {{max}} or less.',
  belowNumber: 'Enter less than {{max}}.',
  minNumber: 'Enter {{min}} or more.',
  aboveNumber: 'Enter more than {{min}}.',
} as const;

const fill = (template: string, value: number | bigint | Date) =>
  template.replace(/\{\{\w+\}\}/, value instanceof Date ? value.toISOString().slice(0, 10) : String(value));

/** The friendly message for one issue, or undefined to keep zod's own. */
export function friendlyMessage(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'invalid_type' && issue.input === undefined) return MESSAGES.required;
  if (issue.code === 'too_big') {
    const max = issue.maximum;
    if (issue.origin === 'string') return fill(MESSAGES.maxCharacters, max);
    if (issue.origin === 'array' || issue.origin === 'set') return fill(MESSAGES.maxItems, max);
    if (issue.origin === 'number' || issue.origin === 'bigint')
      return fill(issue.inclusive === false ? MESSAGES.belowNumber : MESSAGES.maxNumber, max);
  }
  if (issue.code === 'too_small') {
    const min = issue.minimum;
    if (issue.origin === 'string')
      return Number(min) <= 1 ? MESSAGES.required : fill(MESSAGES.minCharacters, min);
    if (issue.origin === 'array' || issue.origin === 'set')
      return Number(min) <= 1 ? MESSAGES.minOneItem : fill(MESSAGES.minItems, min);
    if (issue.origin === 'number' || issue.origin === 'bigint')
      return fill(issue.inclusive === false ? MESSAGES.aboveNumber : MESSAGES.minNumber, min);
  }
  return undefined;
}

/** Makes these the default messages of every schema parsed in this process (server or browser). */
export function applyFriendlyMessages(): void {
  z.config({ customError: friendlyMessage });
}
