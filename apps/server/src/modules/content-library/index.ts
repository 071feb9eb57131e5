import type { Tx } from '../../db/client.ts';
import { listBlocks } from './content-library.repository.ts';

/** The user's own blocks, for "Draft this section" to write from (ADR 0140). */
export async function listOwnBlocks(db: Tx, userId: string) {
  const rows = await listBlocks(db, userId);
  return rows.map((r) => ({ title: r.title, text: r.text, tags: r.tags }));
}
