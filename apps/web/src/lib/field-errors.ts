import type { ZodError, ZodType } from 'zod';

/** The message shown under each field a submit found wrong. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The first message per field of a failed parse (a field shows one message at a time). */
export function issuesByField<F extends string>(error: ZodError): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of error.issues) errors[issue.path[0] as F] ??= issue.message;
  return errors;
}

/**
 * The errors still true of the values now (issue 18 item 5): a field's message goes as soon as the
 * field is valid, while typing never adds one (a half-typed address is not an error yet). The same
 * object comes back when nothing changed, so an edit re-renders nothing else.
 */
export function keepUnfixed<F extends string>(
  errors: FieldErrors<F>,
  schema: ZodType,
  values: Record<string, unknown>,
): FieldErrors<F> {
  // Errors of fields outside the values (a chosen file, say) are not the schema's to judge.
  const judged = (Object.keys(errors) as F[]).filter((field) => field in values);
  if (judged.length === 0) return errors;
  const result = schema.safeParse(values);
  const stillWrong: FieldErrors<F> = result.success ? {} : issuesByField<F>(result.error);
  if (judged.every((field) => stillWrong[field] === errors[field])) return errors;
  const next: FieldErrors<F> = { ...errors };
  for (const field of judged) {
    if (stillWrong[field]) next[field] = stillWrong[field];
    else delete next[field];
  }
  return next;
}
