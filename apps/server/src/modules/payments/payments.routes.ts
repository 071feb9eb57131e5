import { paymentRecordSchema, recordPaymentSchema } from '@grantleaf/shared/affiliate.schema';
import {
  adminPaymentListSchema,
  adminPaymentsQuerySchema,
  adminRefundListSchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  checkoutStatusSchema,
  markPayoutSchema,
  payoutListSchema,
  pricingSchema,
  purchaseListSchema,
  purchaseSchema,
  refundDecisionSchema,
  refundRequestSchema,
  REFUND_REQUEST_STATUSES,
} from '@grantleaf/shared/payments.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import type { PaymentsService } from './payments.service.ts';

const idParams = z.object({ id: z.string().max(100) });

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (
  app,
  { payments },
) => {
  app.get('/api/credit-packs', { schema: { response: { 200: pricingSchema } } }, async () =>
    payments.pricing(),
  );

  app.post(
    '/api/payments/checkout',
    {
      config: { auth: true, idempotent: true },
      schema: { body: checkoutRequestSchema, response: { 201: checkoutResponseSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await payments.createCheckout(currentUser(request), request.body)),
  );

  app.get(
    '/api/payments/checkout/:id',
    { config: { auth: true }, schema: { params: idParams, response: { 200: checkoutStatusSchema } } },
    async (request) => payments.checkoutStatus(currentUser(request), request.params.id),
  );

  app.get(
    '/api/payments',
    { config: { auth: true }, schema: { response: { 200: purchaseListSchema } } },
    async (request) => ({ purchases: await payments.listPurchases(currentUser(request)) }),
  );

  app.post(
    '/api/payments/:id/refund-request',
    {
      config: { auth: true },
      schema: { params: idParams, body: refundRequestSchema, response: { 201: purchaseSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await payments.requestRefund(currentUser(request), request.params.id, request.body)),
  );

  // Stripe signs the exact bytes it sent, so this one route reads its body raw.
  await app.register(async (webhook) => {
    // The app's JSON parser (http/json-depth.ts) is replaced in this scope only.
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post('/api/payments/stripe-webhook', async (request) => {
      const signature = request.headers['stripe-signature'];
      await payments.handleWebhook(
        request.body as Buffer,
        typeof signature === 'string' ? signature : undefined,
      );
      return { received: true };
    });
  });

  app.get(
    '/api/admin/payments',
    {
      config: { admin: true },
      schema: { querystring: adminPaymentsQuerySchema, response: { 200: adminPaymentListSchema } },
    },
    async (request) => ({ payments: await payments.listPayments(request.query) }),
  );

  app.post(
    '/api/admin/payments',
    {
      config: { admin: true },
      schema: { body: recordPaymentSchema, response: { 200: paymentRecordSchema, 201: paymentRecordSchema } },
    },
    async (request, reply) => {
      const { created, payment } = await payments.recordPayment(
        currentUser(request),
        request.body,
        request.id,
      );
      return reply.code(created ? 201 : 200).send(payment);
    },
  );

  app.get(
    '/api/admin/refund-requests',
    {
      config: { admin: true },
      schema: {
        querystring: z.object({ status: z.enum([...REFUND_REQUEST_STATUSES, 'all']).default('pending') }),
        response: { 200: adminRefundListSchema },
      },
    },
    async (request) => ({ requests: await payments.listRefundRequests(request.query.status) }),
  );

  app.post(
    '/api/admin/refund-requests/:id/decision',
    {
      config: { admin: true },
      schema: {
        params: idParams,
        body: refundDecisionSchema,
        response: { 200: z.object({ status: z.enum(['approved', 'declined']), creditsRemoved: z.number() }) },
      },
    },
    async (request) =>
      payments.decideRefund(currentUser(request), request.params.id, request.body, request.id),
  );

  app.get(
    '/api/admin/affiliate-payouts',
    { config: { admin: true }, schema: { response: { 200: payoutListSchema } } },
    async () => ({ payouts: await payments.listPayouts() }),
  );

  app.post(
    '/api/admin/affiliate-payouts',
    {
      config: { admin: true },
      schema: {
        body: markPayoutSchema,
        response: { 200: z.object({ count: z.number().int(), cents: z.number().int() }) },
      },
    },
    async (request) =>
      payments.markPayoutPaid(
        currentUser(request),
        request.body.affiliateUserId,
        request.body.currency,
        request.id,
      ),
  );
};
