import type { FastifyRequest } from 'fastify';

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

/** The request as it is logged: no headers (they carry bearer tokens), no query values, no body. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      remoteAddress: request.ip,
    };
  },
};
