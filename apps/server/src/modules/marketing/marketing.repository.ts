import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../auth/auth.schema.ts';
import { marketingRequests, type MarketingRequestRow } from './marketing.schema.ts';

const LIST_LIMIT = 500;

export async function insertMarketingRequest(
  db: Db,
  values: Pick<MarketingRequestRow, 'userId' | 'phone' | 'services' | 'description' | 'email'>,
): Promise<MarketingRequestRow> {
  const [row] = await db.insert(marketingRequests).values(values).returning();
  return row!;
}

export async function listMarketingRequests(db: Db) {
  return db
    .select({ request: marketingRequests, userName: users.name, accountEmail: users.email })
    .from(marketingRequests)
    .innerJoin(users, and(eq(users.id, marketingRequests.userId), isNull(users.deletedAt)))
    .orderBy(desc(marketingRequests.createdAt))
    .limit(LIST_LIMIT);
}
