import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * Query strings carry credentials on a few routes (verify-email?token=, calendar.ics?token=), so a
 * logged URL keeps its path and parameter names and drops every value.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=[redacted]`);
  return `${url.slice(0, at)}?${names.join('&')}`;
}

/**
 * A failed query's error carries its parameters — password hashes, whole documents — in `params`
 * and in its message ("Failed query: …\nparams: …", drizzle's DrizzleQueryError). Logged errors
 * keep the query text and the database's own message, never the parameters (issue 15 §10).
 */
export function withoutQueryParams(error: unknown): unknown {
  if (!error || typeof error !== 'object') return error;
  const out: Record<string, unknown> = { ...(error as Record<string, unknown>) };
  delete out.params;
  delete out.parameters;
  // PostgreSQL's detail quotes the row ("Key (email)=(…) already exists").
  delete out.detail;
  for (const key of ['message', 'stack'] as const) {
    if (typeof out[key] !== 'string') continue;
    out[key] = (out[key] as string)
      .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]')
      // The database quotes the value it could not read: "invalid input syntax for type integer: "…"".
      .replace(
        /(invalid input (?:syntax|value) for (?:type|enum) [\w ]+: )"[\s\S]*?"(?=\n|$)/g,
        '$1"[redacted]"',
      );
  }
  if (out.cause) out.cause = withoutQueryParams(out.cause);
  return out;
}

/** The request as it is logged: no headers (they carry bearer tokens), no query values, no body. */
export const logSerializers = {
  err: (error: Error) => withoutQueryParams(stdSerializers.err(error)),
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      remoteAddress: request.ip,
    };
  },
};
