import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import PDFDocument from 'pdfkit';
import {
  analysisResultsSchema,
  generatedApplicationSchema,
  type AnalysisResults,
  type GeneratedApplication,
} from '@grantleaf/shared/grant-results.schema';
import { unprocessable } from '../../errors.ts';
import type { SubmissionRow } from './submissions.schema.ts';

/** One neutral document model, written out as DOCX or PDF. */
interface ExportBlock {
  kind: 'h1' | 'h2' | 'p' | 'table';
  text?: string;
  rows?: string[][];
}

const money = (n: number | null) => (n === null ? '—' : `$${n.toLocaleString('en-CA', { maximumFractionDigits: 2 })}`);

function generationBlocks(app: GeneratedApplication): ExportBlock[] {
  const blocks: ExportBlock[] = [
    { kind: 'h1', text: app.title },
    { kind: 'p', text: `Program: ${app.programName}` },
    { kind: 'p', text: `Requirement coverage: ${app.coverage.percent}% (${app.coverage.present} of ${app.coverage.required} required sections)` },
  ];
  for (const section of app.sections) {
    blocks.push({ kind: 'h2', text: section.heading });
    for (const para of section.body.split(/\n{2,}/)) if (para.trim()) blocks.push({ kind: 'p', text: para.trim() });
  }
  if (app.workPlan.rows.length > 0) {
    blocks.push({ kind: 'h2', text: 'Work plan' });
    blocks.push({
      kind: 'table',
      rows: [
        ['Milestone', 'Start', 'End', 'Days', 'Budget'],
        ...app.workPlan.rows.map((r) => [r.milestone, r.startDate ?? '—', r.endDate ?? '—', r.durationDays?.toString() ?? '—', r.budgetText || money(r.budget)]),
      ],
    });
  }
  blocks.push({ kind: 'h2', text: 'Budget check' }, { kind: 'p', text: app.budgetCheck.message });
  if (app.gaps.length > 0) {
    blocks.push({ kind: 'h2', text: 'Gaps to address' });
    for (const gap of app.gaps) blocks.push({ kind: 'p', text: `• [${gap.severity}] ${gap.message}` });
  }
  return blocks;
}

function analysisBlocks(results: AnalysisResults, programId: string): ExportBlock[] {
  return [
    { kind: 'h1', text: 'Grant application analysis' },
    { kind: 'p', text: `Program: ${programId}` },
    { kind: 'p', text: `Funding probability: ${results.funding_probability} · Mean score: ${results.meanScore.toFixed(1)}/10` },
    { kind: 'p', text: `Certification: ${results.certification_status}` },
    { kind: 'table', rows: [['Criterion', 'Score', 'Justification'], ...results.evaluation_scores.map((s) => [s.criterion, `${s.score}/10`, s.justification])] },
  ];
}

export function exportBlocks(row: SubmissionRow): { blocks: ExportBlock[]; baseName: string } {
  if (row.status !== 'completed' || !row.results) throw unprocessable('This submission has no results yet');
  if (row.type === 'generation') {
    const parsed = generatedApplicationSchema.safeParse(row.results);
    if (!parsed.success) throw unprocessable('No content available');
    return { blocks: generationBlocks(parsed.data), baseName: parsed.data.title };
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
              children: cells.map((c) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text: c, bold: i === 0 })] })] })),
            }),
        ),
      });
    }
    if (b.kind === 'h1') return new Paragraph({ text: b.text, heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER });
    if (b.kind === 'h2') return new Paragraph({ text: b.text, heading: HeadingLevel.HEADING_1 });
    return new Paragraph({ children: [new TextRun(b.text ?? '')], spacing: { after: 120 } });
  });
  const doc = new Document({ creator: 'Grantleaf', title: blocks[0]?.text ?? 'Grant application', sections: [{ children }] });
  return Packer.toBuffer(doc);
}

export function renderPdf(blocks: ExportBlock[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 72, info: { Title: blocks[0]?.text ?? 'Grant application', Creator: 'Grantleaf' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const b of blocks) {
      if (b.kind === 'h1') doc.font('Helvetica-Bold').fontSize(18).text(b.text ?? '', { align: 'center' }).moveDown();
      else if (b.kind === 'h2') doc.moveDown(0.5).font('Helvetica-Bold').fontSize(13).text(b.text ?? '').moveDown(0.3);
      else if (b.kind === 'p') doc.font('Helvetica').fontSize(11).text(b.text ?? '', { align: 'left' }).moveDown(0.4);
      else
        for (const [i, cells] of (b.rows ?? []).entries())
          doc.font(i === 0 ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).text(cells.join('  |  ')).moveDown(0.2);
    }
    doc.end();
  });
}

export const safeBaseName = (name: string) =>
  name.replace(/[^A-Za-z0-9 _-]/g, '').trim().replace(/\s+/g, '-').slice(0, 80) || 'grant-application';
