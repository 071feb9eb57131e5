import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import programs from '../../ai/fixtures/programs.json' with { type: 'json' };
import { FORM_STRONG } from '../../ai/fixtures/forms.ts';
import { draftApplication } from '../../ai/write/draft.ts';
import type { GrantProgram } from '../../ai/profile/program.ts';
import { draftBlocks, renderDocx, renderPdf } from './submission-export.ts';

const program = (id: string) => (programs as GrantProgram[]).find((p) => p.id === id)!;

describe('draft export', () => {
  it('writes the milestones as a real DOCX table, the questions and the program rules', async () => {
    const draft = draftApplication(program('ca-nserc-alliance-advantage'), FORM_STRONG);
    const docx = await renderDocx(draftBlocks(draft));
    const { value: html } = await mammoth.convertToHtml({ buffer: docx });
    const tables = [...html.matchAll(/<table>(.*?)<\/table>/g)].map((m) => m[1] ?? '');
    expect(tables).toHaveLength(1);
    const rows = [...(tables[0] ?? '').matchAll(/<tr>(.*?)<\/tr>/g)].map((r) =>
      [...(r[1] ?? '').matchAll(/<t[dh]>(.*?)<\/t[dh]>/g)].map((c) => (c[1] ?? '').replace(/<[^>]+>/g, '')),
    );
    expect(rows[0]).toEqual(['Milestone', 'Start', 'End', 'Days', 'Budget (CAD)', 'Deliverables']);
    expect(rows[3]).toEqual([
      'Phase 3',
      '2028-01-10',
      '2029-04-30',
      '476',
      'CAD $200,000',
      'Field report and certification test plan',
    ]);
    // No Markdown table left in the prose.
    expect(html).not.toContain('|---|');
    expect(html).toContain('Question for you: How are equity, diversity and inclusion considered');
    expect(html).toContain('Cost share (to check)');
    expect(html).toContain('no AI model was used');
  });

  it('heads a French reader’s draft export with the funder’s French section names it carries (issue 31)', () => {
    const draft = draftApplication(program('ca-nserc-discovery-grants'), FORM_STRONG);
    const headings = (language: 'en' | 'fr') =>
      draftBlocks(draft, language)
        .filter((b) => b.kind === 'h2')
        .map((b) => b.text);
    expect(headings('fr').slice(0, 3)).toEqual([
      'Résumé de la proposition',
      'Proposition',
      'HQP training plan',
    ]);
    // In English, and for a section with no French name read, the heading is as drafted.
    expect(headings('en').slice(0, 3)).toEqual(['Summary of proposal', 'Proposal', 'HQP training plan']);
  });

  it('draws the table as a grid in the PDF: each milestone on one line of the page', async () => {
    const draft = draftApplication(program('us-nsf-sbir-sttr-phase-1'), FORM_STRONG);
    const pdf = await renderPdf(draftBlocks(draft));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'export-')), 'draft.pdf');
    fs.writeFileSync(file, pdf);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toMatch(/Phase 3\s+2028-01-10\s+2029-04-30\s+476\s+USD \$200,000/);
    expect(text).not.toContain('CAD $');
  });

  it('prints the applicant’s own characters in every layout: "≥", "−", Greek and Polish (ADR 0970)', async () => {
    const words = 'Co-PI Łukasz Żółć: efficiency ≥ 35 %, loss − 2 dB, α = 0.05';
    const blocks = [
      { kind: 'h1' as const, text: 'Łódź sensors' },
      { kind: 'p' as const, text: words },
      {
        kind: 'table' as const,
        rows: [
          ['Name', 'Role'],
          ['Łukasz Żółć', 'co-PI (≥ 20 %)'],
        ],
      },
    ];
    for (const font of ['sans', 'serif'] as const) {
      const pdf = await renderPdf(blocks, { font, sizePt: 12, marginInches: 1, pageNumbers: true });
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'export-')), 'chars.pdf');
      fs.writeFileSync(file, pdf);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('Łódź sensors');
      expect(text).toContain(words);
      expect(text).toMatch(/Łukasz Żółć\s+co-PI \(≥ 20 %\)/);
    }
  });
});
