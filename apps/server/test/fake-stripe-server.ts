import { randomBytes } from 'node:crypto';
import http from 'node:http';
import Stripe from 'stripe';

/**
 * A fake Stripe API on 127.0.0.1, spoken to by the real `stripe` SDK (its host/port/protocol
 * options). It answers the calls Grantleaf makes in the shapes of Stripe's API reference
 * (checkout.session, payment_intent with an expanded charge, refund, event), honours
 * Idempotency-Key like Stripe does (same key → same object), and plays the customer: `pay()`
 * completes a session and delivers its events to the webhook, signed with the SDK's own
 * test-header helper. `/pay/<session>` is a tiny hosted page for the browser journeys.
 */

type Obj = Record<string, any>;

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** `line_items[0][price_data][unit_amount]=2900` → nested objects and arrays. */
function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = node[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {};
    });
  }
  return out;
}

export interface PayOptions {
  /** Card fingerprint on the charge (a self-referral signal when shared). */
  fingerprint?: string;
  /** Tax Stripe Tax added, in cents. */
  taxCents?: number;
  /** Which events to send, in this order (default: session completed, then intent succeeded). */
  events?: Array<'checkout.session.completed' | 'payment_intent.succeeded'>;
  /** Send each event this many times (Stripe retries deliveries). */
  repeat?: number;
}

export async function startFakeStripe(opts: { webhookSecret: string }) {
  const sessions = new Map<string, Obj>();
  const intents = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: Obj }>();
  const calls: Array<{ method: string; path: string; body: Obj }> = [];
  let webhookUrl = '';

  function event(type: string, object: Obj): Obj {
    return {
      id: id('evt'),
      object: 'event',
      api_version: '2025-10-29.clover',
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  /** Posts one event to the app's webhook, signed (or with the given signature header). */
  async function deliver(evt: Obj, signature?: string) {
    const payload = JSON.stringify(evt);
    const header =
      signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.webhookSecret });
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    return { status: res.status, body: await res.text() };
  }

  /** The customer pays: the session completes, an intent and charge exist, the events go out. */
  function complete(sessionId: string, options: PayOptions = {}) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const tax = options.taxCents ?? 0;
    const intentId = id('pi');
    const charge = {
      id: id('ch'),
      object: 'charge',
      amount: session.amount_subtotal + tax,
      currency: session.currency,
      paid: true,
      status: 'succeeded',
      payment_intent: intentId,
      receipt_url: `https://pay.stripe.com/receipts/payment/${randomBytes(16).toString('hex')}`,
      payment_method_details: {
        type: 'card',
        card: {
          brand: 'visa',
          last4: '4242',
          exp_month: 12,
          exp_year: 2030,
          fingerprint: options.fingerprint ?? randomBytes(8).toString('hex'),
        },
      },
    };
    const intent = {
      id: intentId,
      object: 'payment_intent',
      amount: session.amount_subtotal + tax,
      amount_received: session.amount_subtotal + tax,
      currency: session.currency,
      status: 'succeeded',
      latest_charge: charge.id,
      metadata: session.payment_intent_data_metadata ?? {},
      created: now(),
      livemode: false,
    };
    intents.set(intentId, { intent, charge });
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: intentId,
      amount_total: session.amount_subtotal + tax,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: tax },
    });
    const { payment_intent_data_metadata: _hidden, ...publicSession } = session;
    const byType = {
      'checkout.session.completed': () => event('checkout.session.completed', { ...publicSession }),
      'payment_intent.succeeded': () => event('payment_intent.succeeded', { ...intent }),
    };
    return (options.events ?? ['checkout.session.completed', 'payment_intent.succeeded']).map((t) =>
      byType[t](),
    );
  }

  async function pay(sessionId: string, options: PayOptions = {}) {
    const events = complete(sessionId, options);
    const results = [];
    for (const evt of events)
      for (let i = 0; i < (options.repeat ?? 1); i++) results.push(await deliver(evt));
    return { events, results };
  }

  function createSession(body: Obj): Obj {
    const item = body.line_items?.[0] ?? {};
    const amount = Number(item.price_data?.unit_amount) * Number(item.quantity ?? 1);
    const sessionId = id('cs');
    const session = {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      automatic_tax: { enabled: body.automatic_tax?.enabled === 'true', status: null },
      cancel_url: body.cancel_url,
      client_reference_id: body.client_reference_id ?? null,
      created: now(),
      currency: item.price_data?.currency,
      customer_email: body.customer_email ?? null,
      expires_at: now() + 86_400,
      livemode: false,
      metadata: body.metadata ?? {},
      mode: body.mode,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: body.success_url,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      url: `${baseUrl}/pay/${sessionId}`,
      payment_intent_data_metadata: body.payment_intent_data?.metadata ?? {},
      line_items_for_test: item,
    };
    sessions.set(sessionId, session);
    const { payment_intent_data_metadata: _m, line_items_for_test: _l, ...visible } = session;
    return visible;
  }

  function error(status: number, message: string) {
    return { status, body: { error: { type: 'invalid_request_error', message } } };
  }

  function route(
    method: string,
    path: string,
    body: Obj,
    query: URLSearchParams,
  ): { status: number; body: Obj } {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions')
      return { status: 200, body: createSession(body) };
    if (method === 'GET' && (m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const found = intents.get(m[1]!);
      if (!found) return error(404, `No such payment_intent: '${m[1]}'`);
      const expand = query.getAll('expand[]').concat(query.getAll('expand[0]'));
      return {
        status: 200,
        body: {
          ...found.intent,
          latest_charge: expand.includes('latest_charge') ? found.charge : found.charge.id,
        },
      };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const found = intents.get(body.payment_intent);
      if (!found) return error(400, `No such payment_intent: '${body.payment_intent}'`);
      const refund = {
        id: id('re'),
        object: 'refund',
        amount: found.intent.amount,
        currency: found.intent.currency,
        payment_intent: body.payment_intent,
        charge: found.charge.id,
        metadata: body.metadata ?? {},
        status: 'succeeded',
        created: now(),
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    return error(404, `Unrecognized request URL (${method}: ${path})`);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      // The hosted payment page, for browser journeys: a button that pays and goes back.
      const page = /^\/pay\/([^/]+)$/.exec(url.pathname);
      if (page) {
        const session = sessions.get(page[1]!);
        if (!session) return void res.writeHead(404).end('No such checkout');
        if (req.method === 'GET') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          const price = (session.amount_subtotal / 100).toFixed(2);
          return void res.end(
            `<!doctype html><html lang="en"><head><title>Test checkout</title></head><body><main><h1>Test checkout</h1>` +
              `<p>${price} ${String(session.currency).toUpperCase()}</p><form method="post"><button type="submit">Pay</button></form>` +
              `<a href="${session.cancel_url}">Back</a></main></body></html>`,
          );
        }
        void pay(page[1]!).then(() => res.writeHead(303, { location: session.success_url }).end());
        return;
      }
      const body = req.headers['content-type']?.includes('application/x-www-form-urlencoded')
        ? parseForm(raw)
        : {};
      if (url.pathname === '/v1/checkout/sessions' && req.method === 'POST') body.payment_intent_data ??= {};
      calls.push({ method: req.method ?? 'GET', path: url.pathname, body });
      const key = req.headers['idempotency-key'];
      const cacheKey = typeof key === 'string' ? `${req.method} ${url.pathname} ${key}` : null;
      const answer =
        (cacheKey && idempotent.get(cacheKey)) ||
        route(req.method ?? 'GET', url.pathname, body, url.searchParams);
      if (cacheKey && !idempotent.has(cacheKey)) idempotent.set(cacheKey, answer);
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    baseUrl,
    calls,
    sessions,
    refunds,
    setWebhookUrl(url: string) {
      webhookUrl = url;
    },
    complete,
    deliver,
    pay,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
