import { creditsFromTenths, tenthsFromCredits } from '@grantleaf/shared/constants';
import type {
  AdminCreditRequest,
  CreditRequest,
  CreditRequestDecision,
  CreditRequestInput,
} from '@grantleaf/shared/payments.schema';
import { creditRequestDecisionSchema } from '@grantleaf/shared/payments.schema';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { conflict, notFound } from '../../errors.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { findUserById, type UserRow } from '../auth/index.ts';
import { grantRequestedCredits } from '../credits/index.ts';
import { creditRequestDecisionMail, creditRequestOperatorMail, type Mailer } from '../mail/index.ts';
import * as repo from './credit-requests.repository.ts';
import type { CreditRequestRow } from './payments.schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export const toCreditRequest = (row: CreditRequestRow): CreditRequest => ({
  id: row.id,
  kind: row.kind,
  credits: creditsFromTenths(row.creditsTenths),
  organisation: row.organisation,
  purchaseOrder: row.purchaseOrder,
  message: row.message,
  status: row.status,
  granted: row.grantedTenths === null ? null : creditsFromTenths(row.grantedTenths),
  note: row.note,
  createdAt: row.createdAt.toISOString(),
  decidedAt: iso(row.decidedAt),
});

export type CreditRequestsService = ReturnType<typeof createCreditRequestsService>;

/**
 * Credits on every deployment (issue 28 §2, ADR 0262): a verified user asks, the request waits on
 * /admin/billing, an admin approves (credits through the ledger door, once per request) or
 * declines, and the user hears by e-mail. The operator's contact address hears of each request.
 */
export function createCreditRequestsService(deps: {
  db: Db;
  mailer: Mailer;
  env: Pick<Env, 'CONTACT_EMAIL' | 'APP_URL'>;
}) {
  const { db, mailer, env } = deps;
  return {
    async create(user: UserRow, input: CreditRequestInput & { kind: CreditRequestRow['kind'] }) {
      const row = await db.transaction((tx) =>
        repo.insertCreditRequest(tx, {
          userId: user.id,
          kind: input.kind,
          creditsTenths: tenthsFromCredits(input.credits),
          organisation: input.organisation ?? '',
          purchaseOrder: input.purchaseOrder ?? '',
          message: input.message ?? '',
        }),
      );
      if (!row)
        throw conflict(
          'You already have a request waiting for an administrator; you will get an e-mail when it is decided.',
        );
      await mailer.send({
        to: env.CONTACT_EMAIL,
        ...creditRequestOperatorMail({
          name: user.name,
          email: user.email,
          kind: row.kind,
          credits: input.credits,
          organisation: row.organisation,
          purchaseOrder: row.purchaseOrder,
          message: row.message,
          adminUrl: `${env.APP_URL.replace(/\/$/, '')}/admin/billing`,
        }),
        dedupeKey: `credit-request:${row.id}`,
      });
      return toCreditRequest(row);
    },

    async listOwn(user: UserRow): Promise<CreditRequest[]> {
      return (await repo.listOwnCreditRequests(db, user.id)).map(toCreditRequest);
    },

    async list(status: CreditRequestRow['status'] | 'all'): Promise<AdminCreditRequest[]> {
      return (await repo.listCreditRequests(db, status)).map(({ request, user }) => ({
        ...toCreditRequest(request),
        user: {
          id: user.id,
          name: user.name,
          email: user.email,
          emailVerified: user.emailVerified,
          balance: creditsFromTenths(user.credits),
        },
      }));
    },

    /** Approve (the credits asked for, or fewer) or decline, once; audited; the user is e-mailed. */
    async decide(admin: UserRow, id: string, input: CreditRequestDecision, requestId: string | null) {
      const decision = creditRequestDecisionSchema.parse(input);
      if (!UUID.test(id)) throw notFound('Credit request not found');
      const decided = await db.transaction(async (tx) => {
        const request = await repo.findCreditRequest(tx, id, { forUpdate: true });
        if (!request) throw notFound('Credit request not found');
        if (request.status !== 'pending') throw conflict('This credit request was already decided');
        const approve = decision.decision === 'approve';
        const granted = approve
          ? decision.credits === undefined
            ? request.creditsTenths
            : tenthsFromCredits(decision.credits)
          : null;
        await repo.decideCreditRequest(tx, id, {
          status: approve ? 'approved' : 'declined',
          note: decision.note || null,
          decidedBy: admin.id,
          grantedTenths: granted,
        });
        if (granted !== null)
          await grantRequestedCredits(tx, {
            userId: request.userId,
            requestId: id,
            amount: granted,
            actorId: admin.id,
          });
        await insertAuditEntry(tx, {
          actorId: admin.id,
          subjectUserId: request.userId,
          objectType: 'credit_request',
          objectId: id,
          action: approve ? 'credit_request.approve' : 'credit_request.decline',
          requestId,
        });
        return (await repo.findCreditRequest(tx, id))!;
      });
      const user = await findUserById(db, decided.userId);
      if (user) {
        await mailer.send({
          to: user.email,
          ...creditRequestDecisionMail(user.language, {
            name: user.name,
            approved: decided.status === 'approved',
            credits: creditsFromTenths(decided.grantedTenths ?? 0),
            invoice: decided.kind === 'invoice',
            note: decided.note,
            contactEmail: env.CONTACT_EMAIL,
          }),
          dedupeKey: `credit-request-decision:${decided.id}`,
        });
      }
      return toCreditRequest(decided);
    },
  };
}
