// Shared by `npm start` and `npm test`. Runs on whatever Node first invokes npm (the machines ship
// Node 20), so it uses only built-ins; everything it launches runs on the pinned Node 24.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.join(root, 'node_modules', '.bin');
export const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` };

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit', ...opts });
  if (res.error) throw res.error;
  return res.status ?? 1;
}

export function must(cmd, args, opts) {
  const status = run(cmd, args, opts);
  if (status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(' ')} exited with ${status}`);
    process.exit(status);
  }
}

function hashFiles(paths) {
  const hash = createHash('sha256');
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p).sort()) {
        if (name === 'node_modules' || name === 'dist') continue;
        walk(path.join(p, name));
      }
    } else {
      hash.update(path.relative(root, p));
      hash.update(fs.readFileSync(p));
    }
  };
  paths.forEach((p) => walk(path.join(root, p)));
  return hash.digest('hex');
}

/** Installs dependencies when node_modules is missing or the lock file changed since the last install. */
export function ensureInstalled() {
  const stamp = path.join(root, 'node_modules', '.grantleaf-install');
  const want = hashFiles(['package-lock.json']);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want && fs.existsSync(path.join(bin, 'tsx')))
    return;
  console.log('› Installing dependencies (npm ci)…');
  must('npm', ['ci', '--no-audit', '--no-fund']);
  fs.writeFileSync(stamp, want);
}

/** Builds the web app when its sources (or the shared package) changed since the last build. */
export function ensureWebBuilt({ force = false } = {}) {
  const stamp = path.join(root, 'apps', 'web', 'dist', '.build-stamp');
  const want = hashFiles(['package-lock.json', 'apps/web', 'packages/shared/src']);
  if (!force && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === want) return;
  console.log('› Building the web app…');
  must('npm', ['run', 'build', '-w', 'apps/web']);
  fs.writeFileSync(stamp, want);
}
