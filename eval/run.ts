import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import type { EvalLine } from './suite.ts';
import { SUITES } from './suites/index.ts';

/**
 * `npm run eval [-- --corpus DIR] [--readme] [--only NAME]`: runs every evaluation suite over the
 * real material and prints its figures. `--readme` writes them into README.md between the eval
 * markers, so the README's figures always come from a run.
 */
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const corpusDir = path.resolve(option('--corpus') ?? path.join(ROOT, '..', '..', 'shared', 'eval-corpus'));
const only = option('--only');
const START = '<!-- eval:start -->';
const END = '<!-- eval:end -->';

const results: { suite: string; lines: EvalLine[] }[] = [];
for (const suite of SUITES.filter((s) => !only || s.name === only)) {
  const started = performance.now();
  let lines: EvalLine[];
  try {
    lines = await suite.run({ corpusDir, log: (m) => console.error(`[${suite.name}] ${m}`) });
  } catch (error) {
    // The third-party texts live outside the repository (eval/SOURCES.md says how to rebuild them).
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    console.log(`\n${suite.name}: skipped, ${(error as Error).message}`);
    continue;
  }
  results.push({ suite: suite.name, lines });
  console.log(`\n${suite.name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  for (const line of lines) console.log(`  ${line.metric}: ${line.value}`);
}

if (args.includes('--readme')) {
  const readme = path.join(ROOT, '..', 'README.md');
  const text = fs.readFileSync(readme, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  // A suite not run this time (--only, or its texts are not on this machine) keeps its rows.
  const kept = new Map<string, string[]>();
  for (const row of start >= 0 && end > start ? text.slice(start, end).split('\n') : []) {
    const suite = /^\|\s*([^|]+?)\s*\|/.exec(row)?.[1];
    if (suite && suite !== 'suite' && !/^-+$/.test(suite)) kept.set(suite, [...(kept.get(suite) ?? []), row]);
  }
  const table = [
    '| suite | measure | figure |',
    '| --- | --- | --- |',
    ...SUITES.flatMap((suite) => {
      const run = results.find((r) => r.suite === suite.name);
      if (!run) return kept.get(suite.name) ?? [];
      return run.lines.map((l) => `| ${run.suite} | ${l.metric} | ${l.value.replace(/\|/g, '/')} |`);
    }),
  ].join('\n');
  if (start >= 0 && end > start) {
    const next = `${text.slice(0, start + START.length)}\n${table}\n${text.slice(end)}`;
    // Formatted as npm test's prettier --check expects, so a rewrite never fails the lint step.
    const options = await prettier.resolveConfig(readme);
    fs.writeFileSync(readme, await prettier.format(next, { ...options, filepath: readme }));
    console.log('\nREADME evaluation table updated');
  } else console.log('\nREADME has no eval markers; nothing written');
}
