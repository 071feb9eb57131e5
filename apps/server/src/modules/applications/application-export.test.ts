import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { markdownToDoc } from '@grantleaf/shared/rich-markdown';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sectionsData from '../../../data/program-sections.json' with { type: 'json' };
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { exportLayout } from './export-layout.ts';

// Issue 16 §6, ADR 0160: the export in the funder's order and headers, with real tables, page
// numbers and the funder's font, size and margins where its formatting rule states them.

const formatting = (id: string) =>
  (sectionsData.programs as Record<string, { formatting: string }>)[id]!.formatting;

describe('export layout from the template formatting rule', () => {
  it('reads the family, size and margins each funder states', () => {
    expect(exportLayout(formatting('ca-nserc-discovery-grants'))).toEqual({
      font: 'serif',
      sizePt: 12,
      marginInches: 0.75,
      pageNumbers: true,
    });
    expect(exportLayout(formatting('ca-cihr-project-grant'))).toMatchObject({
      font: 'serif',
      sizePt: 12,
      marginInches: 0.75,
    });
    expect(exportLayout(formatting('us-nih-r01'))).toMatchObject({
      font: 'sans',
      sizePt: 11,
      marginInches: 0.5,
    });
    // "10-point or larger Arial/Helvetica (11-point Times)": the first family, at the 11 pt floor.
    expect(exportLayout(formatting('us-nsf-standard-research-grant'))).toMatchObject({
      font: 'sans',
      sizePt: 11,
      marginInches: 1,
    });
    expect(exportLayout(sectionsData.general.formatting)).toMatchObject({ sizePt: 12, marginInches: 1 });
    expect(exportLayout(formatting('ca-mitacs-accelerate'))).toEqual({
      font: 'sans',
      sizePt: 11,
      marginInches: 1,
      pageNumbers: true,
    });
    expect(exportLayout(null)).toMatchObject({ font: 'sans', sizePt: 11 });
  });
});

const LONG =
  'Field trials on three rivers with a randomised placement design and statistical validation against 120 manual ice cores. '.repeat(
    60,
  );
const BUDGET = [
  'Each expense follows the proposal.',
  '',
  '| Item | Year 1 | Year 2 |',
  '|---|---|---|',
  '| Sensors | $40,000 | $10,000 |',
  '| Students | $60,000 | $60,000 |',
].join('\n');

describe.each(DATABASES)('application export on %s', (kind) => {
  let t: TestApp;
  let tmp: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'app-export-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** CIHR Project Grant: Tri-agency rules, 12-point Times New Roman, 3/4-inch margins. */
  async function application(language: 'en' | 'fr' = 'en') {
    const { token } = await registerUser(t);
    if (language === 'fr') await t.api('PUT', '/api/account/language', { token, body: { language } });
    const created = await t.api('POST', '/api/applications', {
      token,
      body: { title: 'Ice sensing', program: 'x', programId: 'ca-cihr-project-grant' },
    });
    const saved = await t.api('PUT', `/api/applications/${created.body.id}/sections`, {
      token,
      body: {
        baseVersion: 1,
        sections: [
          {
            id: 'lay-abstract',
            doc: markdownToDoc(
              'River ice jams flood **30 communities** every [spring](https://example.org/ice).',
            ),
          },
          { id: 'research-proposal', doc: markdownToDoc(`## Methods\n\n${LONG}`) },
          { id: 'budget-justification', doc: markdownToDoc(BUDGET) },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const file = async (format: string) => {
      const res = await fetch(`${t.baseUrl}/api/applications/${created.body.id}/export?format=${format}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };
    return { file, token };
  }

  it('writes the export’s own words in the reader’s language: PDF, DOCX and the calendar (issue 31 §1)', async () => {
    const { file, token } = await application('fr');
    const pdfPath = path.join(tmp, `${kind}-fr.pdf`);
    fs.writeFileSync(pdfPath, await file('pdf'));
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    const pages = text.split('\f').filter((p) => p.trim());
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} de ${pages.length}`));
    expect(text).toMatch(/Programme\s*: CIHR Project Grant/);
    expect(text).not.toMatch(/Program: |Page 1 of/);
    // The sections' text is the user's, unchanged.
    expect(text).toContain('River ice jams flood 30 communities every spring.');
    const zip = unzipSync(new Uint8Array(await file('docx')));
    const footer = strFromU8(zip[Object.keys(zip).find((n) => /^word\/footer\d*\.xml$/.test(n))!]!);
    expect(footer).toContain('> de </w:t>');
    expect(strFromU8(zip['word/document.xml']!)).toContain('Programme\u00a0: CIHR Project Grant');

    const issued = await t.api('POST', '/api/calendar-token', { token });
    const feed = await (await fetch(`${t.baseUrl}/api/calendar.ics?token=${issued.body.token}`)).text();
    expect(feed).toContain('X-WR-CALNAME:Dates limites Grantleaf');
    expect(feed).not.toContain('Grantleaf deadlines');
  });

  it('writes a DOCX with real tables, a PAGE field in the footer and the funder font, size and margins', async () => {
    const { file } = await application();
    const zip = unzipSync(new Uint8Array(await file('docx')));
    const xml = strFromU8(zip['word/document.xml']!);
    const order = ['Lay abstract', 'Research proposal', 'Budget justification'].map((h) => xml.indexOf(h));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The pipe table the section holds is a Word table, header row first.
    expect(xml).toContain('<w:tbl>');
    expect(xml.indexOf('<w:tbl>')).toBeGreaterThan(order[2]!);
    expect(xml).toMatch(/<w:tblHeader\/>[\s\S]*?Item/);
    // 3/4 inch = 1080 twips on every side.
    expect(xml).toMatch(/<w:pgMar w:top="1080" w:right="1080" w:bottom="1080" w:left="1080"/);
    const footerName = Object.keys(zip).find((n) => /^word\/footer\d*\.xml$/.test(n));
    const footer = strFromU8(zip[footerName!]!);
    expect(footer).toMatch(/<w:instrText[^>]*>PAGE<\/w:instrText>/);
    expect(footer).toMatch(/<w:instrText[^>]*>NUMPAGES<\/w:instrText>/);
    // Bold and links inside a paragraph are kept as formatted runs.
    expect(xml).toMatch(/<w:b\/>[\s\S]{0,200}?30 communities/);
    expect(xml).toMatch(/<w:hyperlink [^>]*>[\s\S]*?spring/);
    expect(strFromU8(zip['word/_rels/document.xml.rels']!)).toContain('https://example.org/ice');
    const styles = strFromU8(zip['word/styles.xml']!);
    expect(styles).toMatch(/<w:docDefaults>[\s\S]*w:ascii="Times New Roman"[\s\S]*<w:sz w:val="24"\/>/);
  });

  it('writes a PDF with page numbers on every page, the sections in order, in Tinos', async () => {
    const { file } = await application();
    const pdfPath = path.join(tmp, `${kind}.pdf`);
    fs.writeFileSync(pdfPath, await file('pdf'));
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
    const order = ['Lay abstract', 'Research proposal', 'Budget justification'].map((h) => text.indexOf(h));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The table's cells on one line of the page, as a grid draws them.
    expect(text).toMatch(/Sensors\s+\$40,000\s+\$10,000/);
    // A paragraph with a bold run and a link still reads as one line.
    expect(text).toContain('River ice jams flood 30 communities every spring.');
    const fonts = execFileSync('pdffonts', [pdfPath], { encoding: 'utf8' });
    // Tinos: Times New Roman's widths, embedded (ADR 0970); no built-in or sans font.
    expect(fonts).toMatch(/Tinos-Regular\s+CID TrueType/);
    expect(fonts).toMatch(/Tinos-Bold\s+CID TrueType/);
    expect(fonts).not.toMatch(/Arimo|Helvetica|Times-Roman/);
  });

  it('writes plain text per section with its limit beside it', async () => {
    const { file } = await application();
    const text = (await file('txt')).toString('utf8');
    expect(text).toContain('Lay abstract\nLimit: 2,000 characters. This text: 8 words, 49 characters.');
    expect(text).toMatch(
      /Research proposal\nLimit: [^\n]+ \(about 600 words a page\)\. This text: [\d,]+ words/,
    );
    expect(text).toContain('Sensors | $40,000 | $10,000');
  });

  it('heads a French reader’s export with the funder’s French section names, lengths in French (issue 31)', async () => {
    const { token } = await registerUser(t);
    await t.api('PUT', '/api/account/language', { token, body: { language: 'fr' } });
    const created = await t.api('POST', '/api/applications', {
      token,
      body: { title: 'Glaces', program: 'x', programId: 'ca-nserc-discovery-grants' },
    });
    await t.api('PUT', `/api/applications/${created.body.id}/sections`, {
      token,
      body: {
        baseVersion: 1,
        sections: [
          { id: 'summary', doc: markdownToDoc('Les embâcles inondent 30 communautés.') },
          { id: 'proposal', doc: markdownToDoc('Nous mesurerons la glace.') },
        ],
      },
    });
    const file = async (format: string) =>
      Buffer.from(
        await (
          await fetch(`${t.baseUrl}/api/applications/${created.body.id}/export?format=${format}`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).arrayBuffer(),
      );
    const text = (await file('txt')).toString('utf8');
    // NSERC's French names (section-names-fr.json); the user's text unchanged.
    expect(text).toContain(
      'Résumé de la proposition\nAucune limite. Ce texte\u00a0: 5\u00a0mots, 37\u00a0caractères.',
    );
    expect(text).toContain(
      'Proposition\nLimite\u00a0: 5\u00a0pages (environ 600\u00a0mots par page). Ce texte\u00a0: 4\u00a0mots',
    );
    expect(text).toContain('Les embâcles inondent 30 communautés.');
    expect(text).not.toMatch(/Summary of proposal|Limit: |This text/);
    const xml = strFromU8(unzipSync(new Uint8Array(await file('docx')))['word/document.xml']!);
    expect(xml).toContain('Résumé de la proposition');
    expect(xml).not.toContain('Summary of proposal');
  });
});
