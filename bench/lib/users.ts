import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Target } from './child.ts';

/**
 * A fresh verified user with a session, whose balance of `tenths` (tenths of a credit, the storage
 * unit) is granted through the ledger as an admin grant would be: balance = ledger sum holds.
 */
export async function fundedUser(target: Target, tenths: number, prefix = 'bench') {
  const token = randomBytes(32).toString('base64url');
  const email = `${prefix}-${randomBytes(4).toString('hex')}@utoronto.ca`;
  const [user] = await target.call('sql', {
    text: `INSERT INTO users (email, name, phone, password_hash, credits, email_verified)
           VALUES ($1, 'Bench User', '+1 416 555 0100', 'x', $2, true) RETURNING id`,
    values: [email, tenths],
  });
  await target.call('sql', {
    text: `INSERT INTO credit_ledger (user_id, amount, reason, reference) VALUES ($1, $2, 'admin', $3)`,
    values: [user.id, tenths, randomUUID()],
  });
  await target.call('sql', {
    text: `INSERT INTO sessions (id_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')`,
    values: [createHash('sha256').update(token).digest('hex'), user.id],
  });
  return { token, userId: user.id as string };
}
