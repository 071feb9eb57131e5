import { createHmac } from 'node:crypto';
import type { JobDeps } from '../../jobs/job.ts';
import type { AutomationEvent } from './webhook-event.ts';
import { leaseDelivery, recordAttempt } from './webhooks.repository.ts';

/**
 * Outbound automation notifications (the spec's /api/webhook/* calls, made by the server instead
 * of the browser). The operator's endpoint verifies:
 *   X-Grantleaf-Signature: sha256=<hex HMAC-SHA256(AUTOMATION_WEBHOOK_SECRET, "<timestamp>.<body>")>
 *   X-Grantleaf-Timestamp: <unix seconds>   (reject old ones to stop replays)
 *   X-Grantleaf-Event / X-Grantleaf-Delivery: event name and its id (the same on every retry)
 */

export type { AutomationEvent } from './webhook-event.ts';

const TIMEOUT_MS = 10_000;
const LEASE_SECONDS = 30;

export function signWebhookBody(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * POSTs the event once it is recorded; a delivered event is never sent again. Throws on a failed
 * delivery so the job that called it is retried by the queue with backoff.
 */
export async function deliverAutomationWebhook(
  deps: Pick<JobDeps, 'database' | 'env' | 'log'>,
  event: AutomationEvent,
): Promise<void> {
  const url = deps.env.AUTOMATION_WEBHOOK_URL;
  if (!url) return;
  const body = JSON.stringify({
    id: event.eventId,
    event: event.event,
    occurredAt: new Date().toISOString(),
    action: 'sendMessage',
    chatInput: event.chatInput,
    sessionId: event.eventId,
    data: event.data,
  });
  const db = deps.database.db;
  const leased = await leaseDelivery(
    db,
    { eventId: event.eventId, event: event.event, payload: JSON.parse(body) },
    LEASE_SECONDS,
  );
  // Delivered already, or another run is sending it right now (and retries if that fails).
  if (!leased) return;
  const timestamp = String(Math.floor(Date.now() / 1000));
  let status: number | null = null;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Grantleaf-Webhook/1',
        'x-grantleaf-event': event.event,
        'x-grantleaf-delivery': event.eventId,
        'x-grantleaf-timestamp': timestamp,
        'x-grantleaf-signature': signWebhookBody(deps.env.AUTOMATION_WEBHOOK_SECRET ?? '', timestamp, body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = res.status;
    await res.body?.cancel();
    if (res.status < 200 || res.status >= 300) throw new Error(`automation webhook answered ${res.status}`);
  } catch (err) {
    await recordAttempt(db, event.eventId, {
      status,
      error: (err as Error).message.slice(0, 500),
      delivered: false,
    });
    deps.log.warn(
      { eventId: event.eventId, status, err: (err as Error).message },
      'automation webhook delivery failed',
    );
    throw err;
  }
  await recordAttempt(db, event.eventId, { status, error: null, delivered: true });
}
