import '../../../i18n/leads-catalogue.ts';
import { t, translateMessage } from '../../../i18n/index.ts';
import { messageOf, statusOf } from '../../../lib/api.ts';

export interface ToastText {
  title: string;
  description: string;
}

/** Spec §8, grant-analysis lead: which toast a failed submission shows. */
export function leadFailureToast(error: unknown): ToastText {
  if (statusOf(error)) {
    return { title: t('leads.toast.failed'), description: messageOf(error, t('leads.toast.tryAgain')) };
  }
  // fetch rejects (TypeError) only when no answer came back at all.
  return { title: t('leads.toast.networkTitle'), description: t('leads.toast.network') };
}

/** Spec §8, early access: the error toast. */
export function zenoFailureToast(error: unknown): ToastText {
  return { title: t('leads.zeno.errorTitle'), description: messageOf(error, t('leads.zeno.failed')) };
}

/** True when any of the named fields is blank. */
export function hasBlank<T extends Record<string, unknown>>(form: T, fields: readonly (keyof T)[]): boolean {
  return fields.some((field) => String(form[field] ?? '').trim() === '');
}

/**
 * Spec §5: why a lead form cannot be sent, as its toast. Blank required fields get the spec's own
 * words (`missing`); otherwise the first problem, titled as an address or as other information.
 */
export function leadProblem<T extends Record<string, unknown>>(
  form: T,
  required: readonly (keyof T)[],
  result:
    { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } },
  titles: { missing: ToastText; email: string; other: string },
): ToastText | undefined {
  if (hasBlank(form, required)) return titles.missing;
  if (result.success) return undefined;
  const first = result.error.issues[0];
  return {
    title: first?.path[0] === 'email' ? titles.email : titles.other,
    description: translateMessage(first?.message) ?? '',
  };
}

/** A shared option list with its labels in the interface's language (fr.messages.json). */
export const inLanguage = (options: readonly { value: string; label: string }[]) =>
  options.map((option) => ({ ...option, label: translateMessage(option.label) }));
