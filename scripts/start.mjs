// `npm start`: install what is missing, build what changed, then serve web + API on PORT (3000).
// The server migrates the database on start.
import { ensureInstalled, ensureWebBuilt, run } from './lib.mjs';

ensureInstalled();
ensureWebBuilt();
process.exit(run('tsx', ['apps/server/src/main.ts']));
