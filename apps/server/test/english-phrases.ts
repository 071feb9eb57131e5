import fs from 'node:fs';
import ts from 'typescript';
import { loadProgramSections } from '../src/ai/profile/data.ts';

/**
 * The offline writer's English, as tests look for it in a draft that should have none (issue 31
 * §2, ADR 1140): every phrase of three words or more in the English table (ai/write/phrases/en.ts)
 * and every question the section data asks in English.
 */

/** Three words or more in a row: a sentence or a phrase of one, in any language. */
export const SENTENCE = /\p{L}[\p{L}'’-]*\s+\p{L}[\p{L}'’-]*\s+\p{L}[\p{L}'’-]*/u;

/**
 * The text of every string and template literal of a TypeScript source (comments and regexes are
 * not strings, nor is a `String.raw` template: a regex's source, check/budget.ts).
 */
export function stringLiterals(source: string): string[] {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'String.raw') return;
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    )
      out.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

const EN_TABLES = ['en.ts', 'en-check.ts'].map(
  (f) => new URL(`../src/ai/write/phrases/${f}`, import.meta.url),
);

/**
 * The engine's fixed English: the writer's and the checks' tables (ADR 1175), and the section
 * data's questions, rules and limit notes.
 */
export function englishWriterPhrases(): string[] {
  const table = EN_TABLES.flatMap((file) => stringLiterals(fs.readFileSync(file, 'utf8')))
    .filter((s) => SENTENCE.test(s))
    .map((s) => s.trim());
  const data = loadProgramSections();
  const entries = [data.general, ...Object.values(data.programs)];
  const asks = entries
    .flatMap((e) => e.sections.flatMap((s) => s.asks))
    .concat(data.families.flatMap((f) => f.asks))
    .map((a) => a.question);
  const notes = entries.flatMap((e) => [
    ...Object.values(e.rules ?? {}),
    ...[...e.sections, ...e.sharedLimits].map((s) => s.limit?.note),
  ]);
  return [...new Set([...table, ...asks, ...notes.filter((s): s is string => typeof s === 'string')])];
}

/** The writer's English phrases found in `text`. */
export function englishPhrasesIn(text: string, phrases = englishWriterPhrases()): string[] {
  return phrases.filter((p) => text.includes(p));
}
