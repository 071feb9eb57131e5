import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../modules/auth/auth.schema.ts';
import { forbidden, unauthorized } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser; every user-scoped query takes its id from here, never from the body. */
    user?: UserRow;
    sessionToken?: string;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The signed-in user of a request that passed requireUser. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireAdmin(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
  if (!currentUser(request).isAdmin) throw forbidden();
  done();
}
