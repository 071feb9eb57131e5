import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  Footer,
  HeadingLevel,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { Language } from '@grantleaf/shared/language';
import {
  analysisResultsSchema,
  generatedApplicationSchema,
  type AnalysisResults,
  type GeneratedApplication,
} from '@grantleaf/shared/grant-results.schema';
import { PDF_FONTS, renderPdfDocument } from '../../adapters/pdf/pdf-document.ts';
import { unprocessable } from '../../errors.ts';
import { exportLabels } from './export-labels.ts';
import type { SubmissionRow } from './submissions.schema.ts';

/** One neutral document model, written out as DOCX or PDF. */
export interface ExportBlock {
  kind: 'h1' | 'h2' | 'h3' | 'p' | 'note' | 'table';
  text?: string;
  /** The first row is the header row. */
  rows?: string[][];
  /** A paragraph's formatted text (bold, italic, underline, links); `text` is its plain form. */
  runs?: ExportRun[];
}

export interface ExportRun {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  /** An http(s) or mailto address (the document schema allows no other). */
  link?: string;
}

/**
 * The page an export is laid out on: the funder's font family, size and margins where its
 * formatting rules state them (ADR 0160), and "Page n of N" in the footer. Without one, an export
 * keeps the draft export's look (Arimo, Helvetica's widths, 11 pt on 1-inch margins, no footer).
 */
export interface ExportLayout {
  font: 'serif' | 'sans';
  sizePt: number;
  marginInches: number;
  pageNumbers: boolean;
  /** The footer's words ("Page 2 of 5" / "Page 2 de 5"): the reader's account language (ADR 0861). */
  language?: Language;
}

const PAGE_OF: Record<Language, string> = { en: ' of ', fr: ' de ' };

const DRAFT_LAYOUT: ExportLayout = { font: 'sans', sizePt: 11, marginInches: 1, pageNumbers: false };

/**
 * Names Word and LibreOffice know, and the embedded PDF fonts with the same widths (ADR 0970):
 * Tinos has Times New Roman's, Arimo Arial's (and so Helvetica's).
 */
const FONTS = {
  serif: { docx: 'Times New Roman', ...PDF_FONTS.serif },
  sans: { docx: 'Arial', ...PDF_FONTS.sans },
} as const;
const POINTS_PER_INCH = 72;
const TWIPS_PER_INCH = 1440;

/** The words are the reader's (ADR 0915); what the engine wrote stays as written. */
export function draftBlocks(app: GeneratedApplication, language: Language = 'en'): ExportBlock[] {
  const currency = app.budgetCheck.currency;
  const words = exportLabels(language);
  const w = words.draft;
  const blocks: ExportBlock[] = [
    { kind: 'h1', text: app.title },
    { kind: 'p', text: words.program(app.programName) },
    ...(app.basis ? [{ kind: 'note' as const, text: app.basis }] : []),
    { kind: 'p', text: w.coverage(app.coverage.percent, app.coverage.present, app.coverage.required) },
  ];
  // The funder's French section names the draft carries (ADR 1085) head a French reader's export.
  const named = new Map(language === 'fr' ? (app.sectionNames ?? []).map((n) => [n.name, n.fr]) : []);
  for (const section of app.sections) {
    blocks.push({ kind: 'h2', text: named.get(section.heading) ?? section.heading });
    if (section.count) blocks.push({ kind: 'note', text: w.length(section.count.note) });
    for (const para of section.body.split(/\n{2,}/))
      if (para.trim()) blocks.push({ kind: 'p', text: para.trim() });
    if (section.table) {
      blocks.push({ kind: 'note', text: section.table.caption });
      blocks.push({ kind: 'table', rows: [section.table.columns, ...section.table.rows] });
    }
    if (section.toConfirm?.length)
      blocks.push({ kind: 'note', text: w.toConfirm(section.toConfirm.join(', ')) });
    for (const q of section.questions ?? []) blocks.push({ kind: 'note', text: w.question(q) });
  }
  // Drafts stored before milestones became section tables keep their work plan table.
  if (!app.sections.some((s) => s.table) && app.workPlan.rows.length > 0) {
    blocks.push({ kind: 'h2', text: w.workPlan });
    blocks.push({
      kind: 'table',
      rows: [
        w.workPlanHead(currency),
        ...app.workPlan.rows.map((r) => [
          r.milestone,
          r.startDate ?? '—',
          r.endDate ?? '—',
          r.durationDays?.toString() ?? '—',
          r.budget === null ? r.budgetText || '—' : w.money(r.budget, currency),
        ]),
      ],
    });
  }
  if (app.ruleChecks?.length) {
    blocks.push({ kind: 'h2', text: w.rules });
    for (const r of app.ruleChecks) blocks.push({ kind: 'p', text: w.rule(r.rule, r.status, r.message) });
  }
  blocks.push({ kind: 'h2', text: w.budgetCheck }, { kind: 'p', text: app.budgetCheck.message });
  if (app.gaps.length > 0) {
    blocks.push({ kind: 'h2', text: w.gaps });
    for (const gap of app.gaps) blocks.push({ kind: 'p', text: w.gap(gap.severity, gap.message) });
  }
  blocks.push({ kind: 'p', text: w.certification(app.certification_status) });
  return blocks;
}

function analysisBlocks(results: AnalysisResults, programId: string, language: Language): ExportBlock[] {
  const words = exportLabels(language);
  return [
    { kind: 'h1', text: words.analysis.title },
    { kind: 'p', text: words.program(programId) },
    { kind: 'p', text: words.analysis.scores(results.funding_probability, results.meanScore) },
    { kind: 'p', text: words.draft.certification(results.certification_status) },
    {
      kind: 'table',
      rows: [
        words.analysis.head,
        ...results.evaluation_scores.map((s) => [s.criterion, `${s.score}/10`, s.justification]),
      ],
    },
  ];
}

export function exportBlocks(
  row: SubmissionRow,
  language: Language = 'en',
): { blocks: ExportBlock[]; baseName: string } {
  if (row.status !== 'complete' || !row.results) throw unprocessable('This submission has no results yet');
  if (row.type === 'generation') {
    const parsed = generatedApplicationSchema.safeParse(row.results);
    if (!parsed.success) throw unprocessable('No content available');
    return { blocks: draftBlocks(parsed.data, language), baseName: parsed.data.title };
  }
  const parsed = analysisResultsSchema.safeParse(row.results);
  if (!parsed.success) throw unprocessable('No content available');
  return { blocks: analysisBlocks(parsed.data, row.programId, language), baseName: 'grant-analysis' };
}

export async function renderDocx(blocks: ExportBlock[], layout?: ExportLayout): Promise<Buffer> {
  const cellSize = layout ? layout.sizePt * 2 : undefined;
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
                    children: [
                      new Paragraph({ children: [new TextRun({ text: c, bold: i === 0, size: cellSize })] }),
                    ],
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
    if (b.runs)
      return new Paragraph({
        children: b.runs.map((r) => {
          const run = new TextRun({
            text: r.text,
            bold: r.bold,
            italics: r.italic,
            underline: r.underline ? {} : undefined,
            style: r.link ? 'Hyperlink' : undefined,
          });
          return r.link ? new ExternalHyperlink({ link: r.link, children: [run] }) : run;
        }),
        spacing: { after: 120 },
      });
    return new Paragraph({ children: [new TextRun(b.text ?? '')], spacing: { after: 120 } });
  });
  const doc = new Document({
    creator: 'Grantleaf',
    title: blocks[0]?.text ?? 'Grant application',
    ...(layout ? { styles: docxStyles(layout) } : {}),
    sections: [
      {
        ...(layout
          ? {
              properties: {
                page: {
                  margin: Object.fromEntries(
                    ['top', 'right', 'bottom', 'left'].map((side) => [
                      side,
                      Math.round(layout.marginInches * TWIPS_PER_INCH),
                    ]),
                  ),
                },
              },
            }
          : {}),
        ...(layout?.pageNumbers
          ? {
              footers: {
                default: new Footer({
                  children: [
                    new Paragraph({
                      alignment: AlignmentType.CENTER,
                      children: [
                        new TextRun({
                          children: [
                            'Page ',
                            PageNumber.CURRENT,
                            PAGE_OF[layout.language ?? 'en'],
                            PageNumber.TOTAL_PAGES,
                          ],
                        }),
                      ],
                    }),
                  ],
                }),
              },
            }
          : {}),
        children,
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** Every style in the funder's font; headings a little larger, never smaller than the body. */
function docxStyles(layout: ExportLayout) {
  const font = FONTS[layout.font].docx;
  const half = (pt: number) => Math.round(pt * 2);
  const run = (pt: number, bold = true) => ({ run: { font, size: half(pt), bold, color: '000000' } });
  return {
    default: {
      document: { run: { font, size: half(layout.sizePt) } },
      title: run(layout.sizePt + 6),
      heading1: run(layout.sizePt + 2),
      heading2: run(layout.sizePt),
    },
  };
}

export function renderPdf(blocks: ExportBlock[], layout: ExportLayout = DRAFT_LAYOUT): Promise<Buffer> {
  const font = FONTS[layout.font];
  const size = layout.sizePt;
  return renderPdfDocument(
    {
      initial: font.regular,
      margin: layout.marginInches * POINTS_PER_INCH,
      // Kept in memory until the end, so each page's footer can say how many pages there are.
      bufferPages: layout.pageNumbers,
      info: { Title: blocks[0]?.text ?? 'Grant application', Creator: 'Grantleaf' },
    },
    (doc) => {
      for (const b of blocks) {
        if (b.kind === 'h1')
          doc
            .font(font.bold)
            .fontSize(size + 7)
            .text(b.text ?? '', { align: 'center' })
            .moveDown();
        else if (b.kind === 'h2')
          doc
            .moveDown(0.5)
            .font(font.bold)
            .fontSize(size + 2)
            .text(b.text ?? '')
            .moveDown(0.3);
        else if (b.kind === 'h3')
          doc
            .font(font.bold)
            .fontSize(size + 0.5)
            .text(b.text ?? '')
            .moveDown(0.2);
        else if (b.kind === 'p' && b.runs) {
          doc.fontSize(size);
          b.runs.forEach((r, i) =>
            doc
              .font(
                r.bold && r.italic
                  ? font.boldItalic
                  : r.bold
                    ? font.bold
                    : r.italic
                      ? font.italic
                      : font.regular,
              )
              .text(r.text, {
                continued: i < b.runs!.length - 1,
                underline: Boolean(r.underline || r.link),
                link: r.link ?? null,
              }),
          );
          doc.moveDown(0.4);
        } else if (b.kind === 'p')
          doc
            .font(font.regular)
            .fontSize(size)
            .text(b.text ?? '', { align: 'left' })
            .moveDown(0.4);
        else if (b.kind === 'note')
          doc
            .font(font.italic)
            .fontSize(size - 1)
            .text(b.text ?? '', { align: 'left' })
            .moveDown(0.4);
        // The draft export's tables are a size smaller; a funder's rules apply to tables too.
        else drawPdfTable(doc, b.rows ?? [], font, layout === DRAFT_LAYOUT ? 9 : size);
      }
      if (layout.pageNumbers) pdfPageNumbers(doc, font.regular, size, PAGE_OF[layout.language ?? 'en']);
    },
  );
}

/** "Page n of N" centred in each page's bottom margin. */
function pdfPageNumbers(doc: PDFKit.PDFDocument, font: string, size: number, of: string) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const { left, right, bottom } = doc.page.margins;
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font(font)
      .fontSize(size)
      .text(`Page ${i - start + 1}${of}${count}`, left, doc.page.height - bottom / 2 - size / 2, {
        width: doc.page.width - left - right,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/** A grid: equal columns, each cell wrapped in its width, rows as tall as their tallest cell. */
function drawPdfTable(
  doc: PDFKit.PDFDocument,
  rows: string[][],
  font: { regular: string; bold: string },
  size: number,
) {
  const columns = Math.max(1, ...rows.map((r) => r.length));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const cellWidth = width / columns;
  const pad = 4;
  for (const [i, cells] of rows.entries()) {
    doc.font(i === 0 ? font.bold : font.regular).fontSize(size);
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
