import type { Tx } from '../../db/client.ts';
import { listClaims } from './sred.repository.ts';
import { deadlineOf } from './sred.service.ts';

/**
 * Another module reads SR&ED claims only through here (ADR 53). The calendar feed shows each
 * claim's filing deadline (issue 30 §4): the recorded one, else the service's rule.
 */
export async function sredFilingDeadlines(
  db: Tx,
  userId: string,
): Promise<{ id: string; name: string; taxYearEnd: string; filingDeadline: string }[]> {
  const claims = await listClaims(db, userId);
  return claims.map((c) => ({
    id: c.id,
    name: c.settings.name,
    taxYearEnd: c.taxYearEnd,
    filingDeadline: c.result?.filingDeadline ?? deadlineOf(c.settings),
  }));
}
