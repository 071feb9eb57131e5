import { docToText, type RichNode } from '@grantleaf/shared/application-document.schema';
import type { Language } from '@grantleaf/shared/language';
import { countWords } from '../../ai/text/review-text.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import {
  renderDocx,
  renderPdf,
  safeBaseName,
  type ExportBlock,
  type ExportRun,
} from '../submissions/index.ts';
import { budgetBlocks, budgetCsv } from './budget-export.ts';
import { budgetOfApplication } from './budget.service.ts';
import type { ApplicationRow } from './applications.schema.ts';
import { shapedSections } from './application-template.ts';
import { exportLabels } from '../submissions/index.ts';
import { exportLayout } from './export-layout.ts';

/** An application as a file: DOCX and PDF in the funder's order and layout, plain text per section, the budget's CSV. */

const plain = (node: RichNode): string =>
  node.type === 'text'
    ? (node.text ?? '')
    : node.type === 'hardBreak'
      ? '\n'
      : (node.content ?? []).map(plain).join('');

/** A paragraph's text with its bold, italic, underline and links, for the export's runs. */
function runsOf(node: RichNode): ExportRun[] {
  const out: ExportRun[] = [];
  const walk = (n: RichNode) => {
    if (n.type === 'hardBreak') out.push({ text: '\n' });
    else if (n.type === 'text' && n.text) {
      const marks = new Set((n.marks ?? []).map((m) => m.type));
      const href = n.marks?.find((m) => m.type === 'link')?.attrs?.href;
      out.push({
        text: n.text,
        ...(marks.has('bold') ? { bold: true } : {}),
        ...(marks.has('italic') ? { italic: true } : {}),
        ...(marks.has('underline') ? { underline: true } : {}),
        ...(typeof href === 'string' ? { link: href } : {}),
      });
    } else n.content?.forEach(walk);
  };
  walk(node);
  return out;
}

/** A paragraph block: runs only when some of its text is formatted, else its plain text. */
function paragraphBlock(node: RichNode, prefix = ''): ExportBlock | null {
  const text = plain(node).trim();
  if (!text) return null;
  const runs = runsOf(node);
  if (!runs.some((r) => r.bold || r.italic || r.underline || r.link))
    return { kind: 'p', text: prefix + text };
  return { kind: 'p', text: prefix + text, runs: prefix ? [{ text: prefix }, ...runs] : runs };
}

/** A section's document as export blocks: real tables, headings, lists as marked paragraphs. */
function docBlocks(doc: RichNode): ExportBlock[] {
  const out: ExportBlock[] = [];
  const walk = (node: RichNode, prefix = '') => {
    switch (node.type) {
      case 'doc':
        node.content?.forEach((c) => walk(c));
        return;
      case 'heading':
        out.push({ kind: 'h3', text: plain(node) });
        return;
      case 'blockquote':
        out.push({ kind: 'note', text: plain(node) });
        return;
      case 'bulletList':
      case 'orderedList':
        node.content?.forEach((item, i) =>
          walk(item, node.type === 'orderedList' ? `${Number(node.attrs?.start ?? 1) + i}. ` : '• '),
        );
        return;
      case 'listItem': {
        const [first, ...rest] = node.content ?? [];
        const block = first ? paragraphBlock(first, prefix) : null;
        if (block) out.push(block);
        rest.forEach((c) => walk(c, '• '));
        return;
      }
      case 'table':
        out.push({
          kind: 'table',
          rows: (node.content ?? []).map((row) => (row.content ?? []).map((cell) => plain(cell).trim())),
        });
        return;
      default: {
        const block = paragraphBlock(node);
        if (block) out.push(block);
      }
    }
  };
  walk(doc);
  return out;
}

export type ExportFormat = 'docx' | 'pdf' | 'txt' | 'csv';

/**
 * The application's latest version in the funder's order under the funder's headers (DOCX/PDF
 * through the draft export's renderers), or as plain text per section with its limit beside it,
 * for portals with character-limited fields. The editor's Export and the dashboard's downloads of
 * an edited draft (issue 28 §1) both come here, so they cannot disagree.
 */
export async function exportApplication(
  db: Tx,
  row: ApplicationRow,
  format: ExportFormat,
  part: 'all' | 'budget' = 'all',
  /** The reader's account language: the export's own words follow it (ADR 0861). */
  language: Language = 'en',
): Promise<{ data: Buffer; fileName: string; version: number }> {
  const words = exportLabels(language);
  const { template, sections, wordsPerPage } = await shapedSections(db, row);
  const budgetOnly = format === 'csv' || (part === 'budget' && format !== 'txt');
  const fileName = `${safeBaseName(row.title)}${budgetOnly ? '-budget' : ''}.${format}`;
  const version = row.version;
  const budget = await budgetOfApplication(db, row);
  if (budgetOnly && !budget) throw notFound('No budget is saved for this application yet.');
  if (format === 'csv' && budget)
    return { data: Buffer.from(budgetCsv(budget.budget, budget.rules), 'utf8'), fileName, version };
  if (budgetOnly && budget) {
    // The budget alone, in the funder's shape (ADR 0741), through the same renderers and layout.
    const blocks: ExportBlock[] = [
      { kind: 'h1', text: row.title },
      { kind: 'p', text: words.program(row.program) },
      ...budgetBlocks(budget.budget, budget.rules, language),
    ];
    const layout = { ...exportLayout(template?.entry.formatting), language };
    const data = format === 'pdf' ? await renderPdf(blocks, layout) : await renderDocx(blocks, layout);
    return { data, fileName, version };
  }
  // The funder's section names in the reader's language where the funder's French name was read.
  const heading = (s: { header: string }) => words.section(row.programId ?? '', s.header);
  if (format === 'txt') {
    const parts = sections.map((s) => {
      const text = docToText(s.doc);
      const size = words.sectionText.size(countWords(text), text.length);
      const limit = s.limit
        ? words.sectionText.limit(s.limit, wordsPerPage, size)
        : words.sectionText.none(size);
      return `${heading(s)}\n${limit}\n\n${text}`;
    });
    return { data: Buffer.from(`${parts.join('\n\n\n')}\n`, 'utf8'), fileName, version };
  }
  const blocks: ExportBlock[] = [
    { kind: 'h1', text: row.title },
    { kind: 'p', text: words.program(row.program) },
  ];
  for (const s of sections) blocks.push({ kind: 'h2', text: heading(s) }, ...docBlocks(s.doc));
  if (budget) blocks.push(...budgetBlocks(budget.budget, budget.rules, language));
  // The funder's font, size and margins where its formatting rule states them; page numbers.
  const layout = { ...exportLayout(template?.entry.formatting), language };
  const data = format === 'pdf' ? await renderPdf(blocks, layout) : await renderDocx(blocks, layout);
  return { data, fileName, version };
}
