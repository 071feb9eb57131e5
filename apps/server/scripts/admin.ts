/**
 * npm run admin -- grant|revoke EMAIL
 *
 * The operator's way to give or take admin rights on the configured database (DATABASE_URL, or the
 * embedded one in DATA_DIR). Rights still need a verified address; a revoke wins over ADMIN_EMAILS.
 * Every grant and revoke is written to the audit log.
 */
import path from 'node:path';
import { createDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { parseEnv } from '../src/env.ts';
import { applyOperatorCommand, type OperatorCommand } from '../src/modules/auth/admin-rights.ts';

const [command, email] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !email) {
  console.error('Usage: npm run admin -- grant|revoke EMAIL');
  process.exit(2);
}

const env = parseEnv();
const database = await createDatabase({
  databaseUrl: env.DATABASE_URL,
  pgliteDir: path.join(env.dataDir, 'db'),
});
try {
  await migrate(database);
  const result = await applyOperatorCommand(database.db, env.ADMIN_EMAILS, command as OperatorCommand, email);
  if (!result) {
    console.error(`No account uses ${email}; nothing changed.`);
    process.exitCode = 1;
  } else if (command === 'revoke') {
    console.log(
      `${result.email} is not an admin${result.listed ? ' (the revoke wins over ADMIN_EMAILS)' : ''}.`,
    );
  } else if (result.isAdmin) {
    console.log(`${result.email} is an admin.`);
  } else {
    console.log(`${result.email} is granted admin rights; they start once the address is verified.`);
  }
} finally {
  await database.close();
}
