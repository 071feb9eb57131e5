import { createHmac } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestApp, type TestApp } from '../../../test/harness.ts';
import { enqueueAutomationWebhook } from './automation-webhook.job.ts';

describe.each(DATABASES)('automation webhook on %s', (kind) => {
  let t: TestApp;
  let server: http.Server;
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  let failuresLeft = 1;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          return void res.writeHead(503).end();
        }
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    t = await startTestApp(kind, {
      WORKERS: 'on',
      AUTOMATION_WEBHOOK_URL: `http://127.0.0.1:${(server.address() as { port: number }).port}/automation`,
      AUTOMATION_WEBHOOK_SECRET: 's3cret',
    });
  });
  afterAll(async () => {
    await t.close();
    server.close();
  });

  it('delivers an event other features enqueue, signed, retrying after a failure, once', async () => {
    const event = {
      eventId: 'idea.completed:42',
      event: 'idea.completed' as const,
      chatInput: 'Idea request 42 completed',
      data: { ideaId: '42' },
    };
    // Enqueued inside the transaction of the work it reports; a rolled-back one sends nothing.
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueAutomationWebhook(
          tx,
          { env: t.env, queue: t.runtime.queue },
          { ...event, eventId: 'rolled-back' },
        );
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await t.database.db.transaction((tx) =>
      enqueueAutomationWebhook(tx, { env: t.env, queue: t.runtime.queue }, event),
    );

    const deadline = Date.now() + 40_000;
    while (
      !received.some(
        (r) =>
          r.headers['x-grantleaf-delivery'] === event.eventId && failuresLeft === 0 && received.length >= 2,
      )
    ) {
      if (Date.now() > deadline) throw new Error(`not delivered: ${received.length} attempts`);
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, 1000));
    expect(received).toHaveLength(2);
    const last = received[1]!;
    const ts = last.headers['x-grantleaf-timestamp'] as string;
    expect(last.headers['x-grantleaf-signature']).toBe(
      `sha256=${createHmac('sha256', 's3cret').update(`${ts}.${last.body}`).digest('hex')}`,
    );
    expect(JSON.parse(last.body)).toMatchObject({
      id: event.eventId,
      event: 'idea.completed',
      chatInput: event.chatInput,
      data: { ideaId: '42' },
    });
    expect(received.every((r) => r.headers['x-grantleaf-delivery'] !== 'rolled-back')).toBe(true);
    const rows = (
      (await t.database.db.execute(
        sql`select attempts, delivered_at from webhook_deliveries where event_id = ${event.eventId}`,
      )) as unknown as { rows: any[] }
    ).rows;
    expect(rows[0].attempts).toBe(2);
    expect(rows[0].delivered_at).not.toBeNull();
  }, 60_000);

  it('does nothing without AUTOMATION_WEBHOOK_URL', async () => {
    const sent: unknown[] = [];
    await enqueueAutomationWebhook(
      t.database.db,
      {
        env: { AUTOMATION_WEBHOOK_URL: undefined },
        queue: { send: async (...args) => void sent.push(args) },
      },
      {
        eventId: 'x',
        event: 'idea.failed',
        chatInput: '',
        data: {},
      },
    );
    expect(sent).toEqual([]);
  });
});
