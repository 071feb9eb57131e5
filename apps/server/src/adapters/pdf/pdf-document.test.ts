import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { PDF_FONTS, REPLACEMENT, renderPdfDocument } from './pdf-document.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-fonts-'));
let n = 0;
function read(pdf: Buffer, tool: 'pdftotext' | 'pdffonts' = 'pdftotext') {
  const file = path.join(dir, `${n++}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync(tool, tool === 'pdftotext' ? [file, '-'] : [file], { encoding: 'utf8' });
}

/** The old way, kept here as the baseline: pdfkit's built-in fonts, nothing embedded. */
function builtIn(font: string, write: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 72, font });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    write(doc);
    doc.end();
  });
}

const pages = (pdf: Buffer) =>
  read(pdf)
    .split('\f')
    .filter((p) => p.trim()).length;

// The characters the built-in fonts printed wrong: the minus of the SR&ED lines, "≥" of program
// rules, Greek and Polish names.
const LINE = 'Crédit − 1 234,56 $ ≥ 35 % · α β Ω · Łukasz Żółć · Dvořák';

describe('PDF fonts (ADR 0970)', () => {
  for (const family of ['sans', 'serif'] as const) {
    it(`prints every character of the text as written, in embedded ${PDF_FONTS[family].regular}`, async () => {
      const fonts = PDF_FONTS[family];
      const pdf = await renderPdfDocument({ initial: fonts.regular }, (doc) => {
        doc.text(LINE);
        doc.font(fonts.bold).text(LINE);
        doc.font(fonts.italic).text(LINE);
        doc.font(fonts.boldItalic).text(LINE);
      });
      const text = read(pdf);
      expect(text.split('\n').filter((l) => l === LINE)).toHaveLength(4);
      const table = read(pdf, 'pdffonts');
      for (const name of Object.values(fonts)) expect(table).toContain(`${name}`);
      // Embedded ("emb yes") and no built-in font left in the file.
      expect(table).not.toMatch(/Helvetica|Times/);
      expect(table.split('\n').filter((l) => /TrueType/.test(l) && !/\byes\s+yes\s+yes\b/.test(l))).toEqual(
        [],
      );
    });
  }

  it('the old built-in fonts print those characters wrong (why this layer exists)', async () => {
    const text = read(await builtIn('Helvetica', (doc) => doc.text(LINE)));
    expect(text).not.toContain('−');
    expect(text).not.toContain('≥');
    expect(text).not.toContain('Łukasz');
  });

  it('draws a character the font lacks (Chinese) as "�", and only that character', async () => {
    const pdf = await renderPdfDocument({}, (doc) => {
      doc.text('PI: 李明 (Li Ming), co-PI Łukasz');
      doc.text(`Measured: ${'x'.repeat(3)}\n\tnext line`);
    });
    const text = read(pdf);
    expect(text).toContain(`PI: ${REPLACEMENT}${REPLACEMENT} (Li Ming), co-PI Łukasz`);
    expect(text).toContain('Measured: xxx');
    expect(text).toContain('next line');
  });

  it('keeps Helvetica’s and Times’s widths: a long English text breaks into the same lines', async () => {
    const para =
      'The project will characterise the thermal fatigue of recycled aluminium alloys under ' +
      'cyclic loading, train four graduate students in materials testing, and deliver a ' +
      'validated model to our industrial partner (Hydro Giant Inc.) within 24 months; each ' +
      'milestone is reviewed by the partner’s engineers before the next phase starts. ';
    const long = Array.from({ length: 60 }, (_, i) => `${i + 1}. ${para.repeat(2)}`).join('\n\n');
    const lines = (pdf: Buffer) =>
      read(pdf)
        .split(/[\n\f]/)
        .map((l) => l.trim())
        .filter(Boolean);
    const counts: Record<string, [number, number]> = {};
    for (const [old, font, size] of [
      ['Helvetica', PDF_FONTS.sans.regular, 11],
      ['Times-Roman', PDF_FONTS.serif.regular, 12],
    ] as const) {
      const write = (doc: PDFKit.PDFDocument) => doc.fontSize(size).text(long);
      const before = await builtIn(old, write);
      const after = await renderPdfDocument({ margin: 72, initial: font }, write);
      expect(lines(before).length).toBeGreaterThan(300);
      expect(lines(after)).toEqual(lines(before));
      counts[old] = [pages(before), pages(after)];
    }
    // Arimo's line height (1.150 em) is below the built-in Helvetica's (1.156 em): never more
    // pages. Tinos's 1.150 em is Times New Roman's own single spacing, which the built-in Times
    // (1.116 em) understated: a Times layout grows by at most that ratio (ADR 0970).
    const [helvetica, arimo] = counts.Helvetica!;
    expect(helvetica).toBeGreaterThan(5);
    expect(arimo).toBeLessThanOrEqual(helvetica);
    const [times, tinos] = counts['Times-Roman']!;
    expect(tinos).toBeLessThanOrEqual(Math.ceil((times * 1.15) / 1.116));
  });
});
