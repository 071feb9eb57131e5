import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 24 §2: no engine file above about 400 lines, so each stage (read, write, check, assess,
 * explain) stays readable. Every non-test source file under apps/server/src/ai is counted.
 */
const AI = path.dirname(fileURLToPath(import.meta.url));
const MAX_LINES = 400;

/**
 * Files not split yet, each with the size it may not grow past. Remove an entry when its file is
 * split (the test fails while a listed file is already within the limit, so the list only shrinks).
 * ADR 0501 started it; it is empty since ADR 0600 (every engine file is within the limit), and a
 * file may only be added back with an ADR saying why.
 */
const NOT_YET_SPLIT: Record<string, number> = {};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)
      ? [full]
      : [];
  });
}

/**
 * The folders an engine file may live in (ADR 0810): the stages, the language layer, the program
 * profile, the element detector, the model boundary, the reviewers' comments (issue 27), funding
 * and ideas, and the test fixtures shared across stages. A new folder is added here with an ADR.
 */
const FOLDERS = new Set([
  'read',
  'write',
  'check',
  'assess',
  'explain',
  'text',
  'profile',
  'detect',
  'model',
  'reviews',
  'funding',
  'ideas',
  'fixtures',
]);

const lines = (file: string) => fs.readFileSync(file, 'utf8').split('\n').length - 1;

describe('engine files stay small (issue 24 §2)', () => {
  const files = sourceFiles(AI).map((file) => ({
    name: path.relative(AI, file).split(path.sep).join('/'),
    lines: lines(file),
  }));

  it('finds the engine files', () => {
    expect(files.length).toBeGreaterThan(40);
    expect(files.map((f) => f.name)).toContain('check/checks.ts');
  });

  it(`no file above ${MAX_LINES} lines outside the list of files not yet split`, () => {
    const over = files.filter((f) => f.lines > MAX_LINES && !(f.name in NOT_YET_SPLIT));
    expect(over).toEqual([]);
  });

  it('every engine file sits in a stage folder or provider.ts (no folder outside the layout)', () => {
    const outside = files.filter((f) => {
      const [folder, ...rest] = f.name.split('/');
      return rest.length === 0 ? f.name !== 'provider.ts' : !FOLDERS.has(folder ?? '');
    });
    expect(outside.map((f) => f.name)).toEqual([]);
  });

  it('a file not yet split does not grow, and leaves the list once it is within the limit', () => {
    for (const [name, allowed] of Object.entries(NOT_YET_SPLIT)) {
      const file = files.find((f) => f.name === name);
      expect(file, name).toBeDefined();
      expect(file?.lines, name).toBeLessThanOrEqual(allowed);
      expect(
        file?.lines,
        `${name} is within ${MAX_LINES} lines: remove it from NOT_YET_SPLIT`,
      ).toBeGreaterThan(MAX_LINES);
    }
  });
});
