import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';

/** Deeper than any body the API takes (its schemas nest a few levels); far below a stack overflow. */
export const MAX_JSON_DEPTH = 64;
export const JSON_TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

/**
 * How deeply a JSON text nests objects and arrays, counted without parsing it (brackets inside
 * strings do not count). Stops as soon as `limit` is passed, so a hostile body costs one scan.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

/**
 * The JSON body parser of every route: Fastify's own (prototype poisoning refused), after a depth
 * check. A deeply nested body overflowed the stack of the recursive walks behind the parser (the
 * control-character check, validation) and answered 500 with an error-level stack trace on every
 * JSON route, login included (issue 23 L-C); it is now a 400 that says why, logged as no error.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return done(badRequest(JSON_TOO_DEEP_MESSAGE), undefined);
    return parse(request, text, done);
  });
}
