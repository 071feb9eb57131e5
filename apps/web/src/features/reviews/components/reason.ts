import { translateMessage } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api.ts';

/** The server's reason in the interface's language, else the fallback (a network failure, a 5xx). */
export function reasonOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500) {
    const first = error.body.errors?.[0]?.message;
    return translateMessage(error.serverMessage ?? first) ?? fallback;
  }
  return fallback;
}
