import {
  marketingServiceLabel,
  type MarketingRequestInput,
  type MarketingRequestRecord,
} from '@grantleaf/shared/marketing.schema';
import type { Db } from '../../db/client.ts';
import { clientAddressKey, createRateLimiter, USER_LIMITS } from '../../http/rate-limit.ts';
import type { Env } from '../../env.ts';
import type { UserRow } from '../auth/index.ts';
import { marketingAckMail, marketingOperatorMail, type Mailer } from '../mail/index.ts';
import * as repo from './marketing.repository.ts';
import type { MarketingRequestRow } from './marketing.schema.ts';

function toRecord(row: MarketingRequestRow): MarketingRequestRecord {
  return {
    id: row.id,
    phone: row.phone,
    services: row.services,
    description: row.description,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
  };
}

export type MarketingService = ReturnType<typeof createMarketingService>;

export function createMarketingService(deps: { db: Db; mailer: Mailer; env: Env }) {
  const { db, mailer, env } = deps;
  const limiter = createRateLimiter(db);
  return {
    async createRequest(
      user: UserRow,
      input: MarketingRequestInput,
      meta: { ip: string },
    ): Promise<MarketingRequestRecord> {
      // Per address as well as per user (the route's limit): accounts are cheap (issue 15 §11).
      await limiter.enforce(
        `marketing:${clientAddressKey(meta.ip)}`,
        USER_LIMITS.marketing,
        USER_LIMITS.marketing.message,
      );
      const row = await repo.insertMarketingRequest(db, {
        userId: user.id,
        phone: input.phone.trim(),
        services: [...input.services],
        description: (input.description ?? '').trim(),
        email: input.email.trim(),
      });
      // The confirmation goes to the account's own address: a form field must not let anyone
      // make us mail a stranger. An unverified address may be a stranger's, so its mail holds
      // only our own text: no name, phone or contact e-mail someone typed (issue 23 M4, ADR 231).
      const typed = user.emailVerified;
      await mailer.send({
        to: user.email,
        dedupeKey: `marketing-ack:${row.id}`,
        ...marketingAckMail(user.language, {
          typed: typed ? { name: user.name, phone: row.phone, contactEmail: row.email } : null,
          services: row.services,
        }),
      });
      for (const operator of env.ADMIN_EMAILS) {
        await mailer.send({
          to: operator,
          dedupeKey: `marketing-ops:${row.id}:${operator}`,
          ...marketingOperatorMail({
            name: user.name,
            email: user.email,
            userId: user.id,
            phone: row.phone,
            contactEmail: row.email,
            services: row.services.map(marketingServiceLabel),
            description: row.description,
          }),
        });
      }
      return toRecord(row);
    },

    async listForAdmin() {
      return (await repo.listMarketingRequests(db)).map(({ request, userName, accountEmail }) => ({
        ...toRecord(request),
        userId: request.userId,
        userName,
        accountEmail,
      }));
    },
  };
}
