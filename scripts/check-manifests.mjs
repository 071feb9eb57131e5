// `npm test` step (issue 29 §6): every package a folder imports is declared in the manifest that
// owns the folder, so nothing resolves only because npm happened to hoist another package's
// dependency, and nothing declared goes unused. Built-ins only: it runs on whatever Node starts npm.
//
// Owners: packages/shared, apps/server and apps/web own their folders. Test files and test set-up
// may also use the root's devDependencies (Vitest, Testing Library), which every workspace's tests
// share. The root's bench/, e2e/, eval/ and scripts/ drive the workspaces, so they may import the
// workspaces and what those declare; the root's own devDependencies are tools (eslint, tsx, madge)
// run by name, so they are not checked for use.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { root } from './lib.mjs';

const OWNERS = [
  { manifest: 'packages/shared/package.json', dirs: ['packages/shared'] },
  { manifest: 'apps/server/package.json', dirs: ['apps/server'] },
  { manifest: 'apps/web/package.json', dirs: ['apps/web'] },
  {
    manifest: 'package.json',
    dirs: ['bench', 'e2e', 'eval', 'scripts'],
    files: ['eslint.config.js', 'vitest.config.ts', 'playwright.config.ts'],
    drivesWorkspaces: true,
  },
];

// Declared on purpose without an import: CSS-imported, a peer dependency, types or a CLI.
const USED_OUTSIDE_IMPORTS = new Set([
  'tailwindcss', // apps/web/src/index.css `@import 'tailwindcss'`
  '@tiptap/pm', // peer dependency of the @tiptap packages
  'node', // the pinned Node 24 (ADR 0004)
]);

const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs)$/;
const IMPORT =
  /^\s*(?:import|export)\b[^;]*?\bfrom\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|\b(?:require|import\.meta)\.resolve\(\s*['"]([^'"]+)['"]\s*\)/gm;
const isTestFile = (file) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(file) || /[\\/](test|e2e)[\\/]/.test(file);
const builtins = new Set(builtinModules.flatMap((m) => [m, m.split('/')[0]]));

function packageOf(specifier) {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  if (specifier.startsWith('@/')) return null; // the web app's path alias
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return builtins.has(name) ? null : name;
}

function* walk(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (SOURCE.test(entry.name)) yield full;
  }
}

const readManifest = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const declared = (m) =>
  new Set([...Object.keys(m.dependencies ?? {}), ...Object.keys(m.devDependencies ?? {})]);
const rootDev = new Set(Object.keys(readManifest('package.json').devDependencies ?? {}));
const workspaces = OWNERS.filter((o) => !o.drivesWorkspaces).map((o) => readManifest(o.manifest));
const workspaceDeps = new Set(workspaces.flatMap((m) => [m.name, ...declared(m)]));

const problems = [];
// One line per package and manifest, naming the first importing file: enough to act on.
const undeclared = new Map();
for (const owner of OWNERS) {
  const manifest = readManifest(owner.manifest);
  const own = owner.drivesWorkspaces
    ? new Set([...declared(manifest), ...workspaceDeps])
    : declared(manifest);
  const used = new Set();
  const files = [
    ...owner.dirs.flatMap((d) => [...walk(path.join(root, d))]),
    ...(owner.files ?? []).map((f) => path.join(root, f)),
  ];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const name = packageOf(match[1] ?? match[2] ?? match[3] ?? match[4]);
      if (!name || name === manifest.name) continue;
      used.add(name);
      if (own.has(name) || (isTestFile(file) && rootDev.has(name))) continue;
      const key = `${owner.manifest}\0${name}`;
      const seen = undeclared.get(key) ?? { file: path.relative(root, file), count: 0 };
      seen.count += 1;
      undeclared.set(key, seen);
    }
  }
  for (const name of owner.drivesWorkspaces ? [] : own) {
    if (used.has(name) || name.startsWith('@types/') || USED_OUTSIDE_IMPORTS.has(name)) continue;
    problems.push(`${owner.manifest} declares '${name}', which nothing in ${owner.dirs.join(', ')} imports`);
  }
}

for (const [key, { file, count }] of undeclared) {
  const [manifest, name] = key.split('\0');
  const more = count > 1 ? ` (and ${count - 1} more imports)` : '';
  problems.unshift(`${file} imports '${name}'${more}, which ${manifest} does not declare`);
}
if (problems.length > 0) {
  console.error(`Manifests do not match imports:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Manifests match imports.');
