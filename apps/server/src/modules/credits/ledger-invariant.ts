import type { Database } from '../../db/client.ts';
import { findBalanceMismatches } from './credits.repository.ts';

/**
 * Test helper: throws unless every user's balance equals the sum of their ledger rows. Tests call
 * it after every scenario that moves credits.
 */
export async function assertLedgerMatchesBalances(database: Database): Promise<void> {
  const mismatches = await findBalanceMismatches(database.db);
  if (mismatches.length > 0) {
    throw new Error(`credits differ from the ledger sum: ${JSON.stringify(mismatches)}`);
  }
}
