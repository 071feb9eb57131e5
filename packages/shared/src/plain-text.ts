import { z } from 'zod';

/**
 * Text a person types holds no control characters but the line breaks and tabs of a text area.
 * A NUL byte is refused by PostgreSQL ("invalid byte sequence"): before this check, one in a name
 * made nine endpoints answer 500 (issue 15 §10). C1 controls and DEL have no place in text either.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
export const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
export const CONTROL_CHAR_MESSAGE = 'Text must not contain control characters';

/** The one zod rule for typed text: a string without control characters. */
export const plainText = () => z.string().refine((text) => !CONTROL_CHARS.test(text), CONTROL_CHAR_MESSAGE);

/**
 * Where in a request (body, query or params, any depth) a string holds a control character, as a
 * dotted path, or null. Object keys count too: they reach the database as JSON.
 */
export function controlCharPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return CONTROL_CHARS.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = controlCharPath(item, path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (CONTROL_CHARS.test(key)) return at;
      const found = controlCharPath(item, at);
      if (found !== null) return found;
    }
  }
  return null;
}
