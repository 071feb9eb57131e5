import {
  AlignmentType,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import PDFDocument from 'pdfkit';
import {
  analysisResultsSchema,
  generatedApplicationSchema,
  type AnalysisResults,
  type GeneratedApplication,
} from '@grantleaf/shared/grant-results.schema';
import { unprocessable } from '../../errors.ts';
import { formatMoney } from '../../ai/offline/text-utils.ts';
import type { SubmissionRow } from './submissions.schema.ts';

/** One neutral document model, written out as DOCX or PDF. */
export interface ExportBlock {
  kind: 'h1' | 'h2' | 'h3' | 'p' | 'note' | 'table';
  text?: string;
  /** The first row is the header row. */
  rows?: string[][];
}

export function draftBlocks(app: GeneratedApplication): ExportBlock[] {
  const currency = app.budgetCheck.currency;
  const blocks: ExportBlock[] = [
    { kind: 'h1', text: app.title },
    { kind: 'p', text: `Program: ${app.programName}` },
    ...(app.basis ? [{ kind: 'note' as const, text: app.basis }] : []),
    {
      kind: 'p',
      text: `Requirement coverage: ${app.coverage.percent}% (${app.coverage.present} of ${app.coverage.required} required sections)`,
    },
  ];
  for (const section of app.sections) {
    blocks.push({ kind: 'h2', text: section.heading });
    if (section.count) blocks.push({ kind: 'note', text: `Length: ${section.count.note}` });
    for (const para of section.body.split(/\n{2,}/))
      if (para.trim()) blocks.push({ kind: 'p', text: para.trim() });
    if (section.table) {
      blocks.push({ kind: 'note', text: section.table.caption });
      blocks.push({ kind: 'table', rows: [section.table.columns, ...section.table.rows] });
    }
    if (section.toConfirm?.length) {
      blocks.push({
        kind: 'note',
        text: `Not found in your material, please confirm: ${section.toConfirm.join(', ')}`,
      });
    }
    for (const q of section.questions ?? []) blocks.push({ kind: 'note', text: `Question for you: ${q}` });
  }
  // Drafts stored before milestones became section tables keep their work plan table.
  if (!app.sections.some((s) => s.table) && app.workPlan.rows.length > 0) {
    blocks.push({ kind: 'h2', text: 'Work plan' });
    blocks.push({
      kind: 'table',
      rows: [
        ['Milestone', 'Start', 'End', 'Days', `Budget (${currency})`],
        ...app.workPlan.rows.map((r) => [
          r.milestone,
          r.startDate ?? '—',
          r.endDate ?? '—',
          r.durationDays?.toString() ?? '—',
          r.budget === null ? r.budgetText || '—' : formatMoney(r.budget, currency),
        ]),
      ],
    });
  }
  if (app.ruleChecks?.length) {
    blocks.push({ kind: 'h2', text: 'Program rules' });
    for (const r of app.ruleChecks)
      blocks.push({ kind: 'p', text: `${r.rule} (${RULE_STATUS[r.status]}): ${r.message}` });
  }
  blocks.push({ kind: 'h2', text: 'Budget check' }, { kind: 'p', text: app.budgetCheck.message });
  if (app.gaps.length > 0) {
    blocks.push({ kind: 'h2', text: 'Gaps to address' });
    for (const gap of app.gaps) blocks.push({ kind: 'p', text: `• [${gap.severity}] ${gap.message}` });
  }
  blocks.push({ kind: 'p', text: `Certification: ${app.certification_status}` });
  return blocks;
}

const RULE_STATUS = { met: 'met', unmet: 'not met', unknown: 'to check' } as const;

function analysisBlocks(results: AnalysisResults, programId: string): ExportBlock[] {
  return [
    { kind: 'h1', text: 'Grant application analysis' },
    { kind: 'p', text: `Program: ${programId}` },
    {
      kind: 'p',
      text: `Funding probability: ${results.funding_probability} · Mean score: ${results.meanScore.toFixed(1)}/10`,
    },
    { kind: 'p', text: `Certification: ${results.certification_status}` },
    {
      kind: 'table',
      rows: [
        ['Criterion', 'Score', 'Justification'],
        ...results.evaluation_scores.map((s) => [s.criterion, `${s.score}/10`, s.justification]),
      ],
    },
  ];
}

export function exportBlocks(row: SubmissionRow): { blocks: ExportBlock[]; baseName: string } {
  if (row.status !== 'complete' || !row.results) throw unprocessable('This submission has no results yet');
  if (row.type === 'generation') {
    const parsed = generatedApplicationSchema.safeParse(row.results);
    if (!parsed.success) throw unprocessable('No content available');
    return { blocks: draftBlocks(parsed.data), baseName: parsed.data.title };
  }
  const parsed = analysisResultsSchema.safeParse(row.results);
  if (!parsed.success) throw unprocessable('No content available');
  return { blocks: analysisBlocks(parsed.data, row.programId), baseName: 'grant-analysis' };
}

export async function renderDocx(blocks: ExportBlock[]): Promise<Buffer> {
  const children = blocks.map((b) => {
    if (b.kind === 'table') {
      return new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: (b.rows ?? []).map(
          (cells, i) =>
            new TableRow({
              tableHeader: i === 0,
              children: cells.map(
                (c) =>
                  new TableCell({
                    children: [new Paragraph({ children: [new TextRun({ text: c, bold: i === 0 })] })],
                  }),
              ),
            }),
        ),
      });
    }
    if (b.kind === 'h1')
      return new Paragraph({ text: b.text, heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER });
    if (b.kind === 'h2') return new Paragraph({ text: b.text, heading: HeadingLevel.HEADING_1 });
    if (b.kind === 'h3') return new Paragraph({ text: b.text, heading: HeadingLevel.HEADING_2 });
    if (b.kind === 'note')
      return new Paragraph({
        children: [new TextRun({ text: b.text ?? '', italics: true })],
        spacing: { after: 120 },
      });
    return new Paragraph({ children: [new TextRun(b.text ?? '')], spacing: { after: 120 } });
  });
  const doc = new Document({
    creator: 'Grantleaf',
    title: blocks[0]?.text ?? 'Grant application',
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}

export function renderPdf(blocks: ExportBlock[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 72,
      info: { Title: blocks[0]?.text ?? 'Grant application', Creator: 'Grantleaf' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const b of blocks) {
      if (b.kind === 'h1')
        doc
          .font('Helvetica-Bold')
          .fontSize(18)
          .text(b.text ?? '', { align: 'center' })
          .moveDown();
      else if (b.kind === 'h2')
        doc
          .moveDown(0.5)
          .font('Helvetica-Bold')
          .fontSize(13)
          .text(b.text ?? '')
          .moveDown(0.3);
      else if (b.kind === 'h3')
        doc
          .font('Helvetica-Bold')
          .fontSize(11.5)
          .text(b.text ?? '')
          .moveDown(0.2);
      else if (b.kind === 'p')
        doc
          .font('Helvetica')
          .fontSize(11)
          .text(b.text ?? '', { align: 'left' })
          .moveDown(0.4);
      else if (b.kind === 'note')
        doc
          .font('Helvetica-Oblique')
          .fontSize(10)
          .text(b.text ?? '', { align: 'left' })
          .moveDown(0.4);
      else drawPdfTable(doc, b.rows ?? []);
    }
    doc.end();
  });
}

/** A grid: equal columns, each cell wrapped in its width, rows as tall as their tallest cell. */
function drawPdfTable(doc: PDFKit.PDFDocument, rows: string[][]) {
  const columns = Math.max(1, ...rows.map((r) => r.length));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const cellWidth = width / columns;
  const pad = 4;
  for (const [i, cells] of rows.entries()) {
    doc.font(i === 0 ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height =
      Math.max(...cells.map((c) => doc.heightOfString(c, { width: cellWidth - 2 * pad }))) + 2 * pad;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    cells.forEach((cell, j) => {
      const x = left + j * cellWidth;
      doc.rect(x, top, cellWidth, height).stroke();
      doc.text(cell, x + pad, top + pad, { width: cellWidth - 2 * pad });
    });
    doc.x = left;
    doc.y = top + height;
  }
  doc.moveDown(0.5);
}

export const safeBaseName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9 _-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80) || 'grant-application';
