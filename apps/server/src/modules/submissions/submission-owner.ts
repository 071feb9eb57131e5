import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../auth/auth.schema.ts';

export async function findUserById(tx: Tx, id: string) {
  const [row] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, id));
  return row;
}
