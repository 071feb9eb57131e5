import { CONTROL_CHAR_MESSAGE, controlCharPath } from '@grantleaf/shared/plain-text';
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { badRequest } from '../errors.ts';

/**
 * Wraps the zod validator compiler: every body, query string and route parameter a schema
 * validates is first searched for control characters (packages/shared/src/plain-text.ts), and one
 * is refused with 400 naming the field — on every route, without each of its schemas having to
 * remember (issue 15 §10).
 */
export function refusingControlChars(
  compile: FastifySchemaCompiler<ZodType>,
): FastifySchemaCompiler<ZodType> {
  return (route) => {
    const validate = compile(route);
    return (data: unknown) => {
      const path = controlCharPath(data);
      if (path !== null)
        return {
          error: badRequest(CONTROL_CHAR_MESSAGE, { errors: [{ path, message: CONTROL_CHAR_MESSAGE }] }),
        };
      return validate(data);
    };
  };
}
