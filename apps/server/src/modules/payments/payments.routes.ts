import { paymentRecordSchema, recordPaymentSchema } from '@grantleaf/shared/affiliate.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.ts';
import type { PaymentsService } from './payments.service.ts';

export const paymentsRoutes: FastifyPluginAsyncZod<{ payments: PaymentsService }> = async (app, { payments }) => {
  app.post(
    '/api/admin/payments',
    { config: { admin: true }, schema: { body: recordPaymentSchema, response: { 200: paymentRecordSchema, 201: paymentRecordSchema } } },
    async (request, reply) => {
      const { created, payment } = await payments.recordPayment(currentUser(request), request.body);
      return reply.code(created ? 201 : 200).send(payment);
    },
  );
};
