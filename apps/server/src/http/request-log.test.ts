import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logSerializers } from './log-serializers.ts';
import { RequestLog } from './request-log.ts';

describe('request log', () => {
  it('writes one line per answered request with method, URL and status; successful health polls none', async () => {
    const lines: Array<Record<string, any>> = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(JSON.parse(String(chunk)));
        cb();
      },
    });
    let healthy = true;
    const app = Fastify({
      loggerInstance: pino({ serializers: logSerializers }, stream),
      logController: new RequestLog(),
    });
    app.get('/api/health', async (_request, reply) =>
      reply.code(healthy ? 200 : 503).send({ status: healthy ? 'ok' : 'error' }),
    );
    app.get('/api/things', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/api/things?token=secret' });
    await app.inject({ method: 'GET', url: '/api/health' });
    healthy = false;
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.close();
    const requests = lines.filter((l) => l.req || l.res);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/things?token=[redacted]' },
      res: { statusCode: 200 },
    });
    expect(requests[0]!.responseTime).toEqual(expect.any(Number));
    expect(requests[1]).toMatchObject({ req: { url: '/api/health' }, res: { statusCode: 503 } });
  });
});
