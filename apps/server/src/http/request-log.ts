import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

const HEALTH_PATH = '/api/health';

/**
 * One log line per request, written when it is answered, with the request's method and URL
 * (Fastify's default writes an "incoming request" line as well: twice the serialisation and I/O on
 * every request). Successful health polls, which load balancers send every few seconds, are not
 * logged; failing ones are.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (!error && reply.statusCode < 400 && request.url === HEALTH_PATH) return;
    if (error)
      request.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    else request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
