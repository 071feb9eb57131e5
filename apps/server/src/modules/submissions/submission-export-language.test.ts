import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, fundUser, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { until } from '../../../test/until.ts';

// Issue 31 §1, ADR 0915: the generated draft's and the analysis's own DOCX/PDF say their own
// words in the reader's account language; what the engine wrote stays as written.

const PROGRAM = 'ca-nserc-alliance-advantage';
const NBSP = '\u00a0';
const DRAFT = {
  programId: PROGRAM,
  projectTitle: 'Capteurs à faible coût pour la glace de rivière',
  projectOverview:
    'We will design and field-test a low-cost sensor network that measures river ice thickness in real time, with an industry partner that builds hydrometric stations.',
  keyObjectives: '1. Deploy 40 sensors by month 12. 2. Reduce ice-jam flood warnings lead time by 50%.',
  totalBudget: '$120,000',
  projectTimeline: '24 months',
  teamLeadName: 'Dr. Ada Lee',
  teamLeadRole: 'Principal Investigator',
  teamProfiles: 'Ada Lee (hydrology, 15 years); two PhD students; one postdoc in embedded systems.',
  industryPartner: 'NorthFlow Instruments Inc.',
};
const ANALYSIS = `Objectives: We will deploy 40 river-ice sensors by month 12 and cut flood warning lead time by 50%.
Methods: Field trials on three rivers with a randomised placement design and statistical validation.
Budget justification: $50,000 for hardware, $70,000 for two graduate students' stipends.
Team: The PI has 15 years of hydrology expertise and 30 publications. Training: two PhD students and a postdoc.`;

/** Both files: the DOCX keeps the no-break space, the PDF's text reads it as a space. */
function expectBoth(files: { docxXml: string; pdfText: string }, has: string[], hasNot: string[]) {
  for (const s of has) {
    expect(files.docxXml).toContain(s);
    expect(files.pdfText).toContain(s.replaceAll(NBSP, ' '));
  }
  for (const s of hasNot) {
    expect(files.docxXml).not.toContain(s);
    expect(files.pdfText).not.toContain(s);
  }
}

describe.each(DATABASES)('draft and analysis exports in the reader’s language on %s', (kind) => {
  let t: TestApp;
  let tmp: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { WORKERS: 'on' });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'submission-export-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function done(language: 'en' | 'fr', body: Record<string, unknown>) {
    const u = await registerUser(t);
    if (language === 'fr')
      await t.api('PUT', '/api/account/language', { token: u.token, body: { language } });
    await fundUser(t.database.db, u.user.id, 20);
    const res = await t.api('POST', '/api/submissions', { token: u.token, body });
    expect(res.status).toBe(201);
    await until(async () => {
      const list = (await t.api('GET', '/api/submissions', { token: u.token })).body as any[];
      const row = list.find((s) => s.id === res.body.id);
      return row && row.status !== 'processing' ? row : undefined;
    });
    const get = async (format: 'docx' | 'pdf') => {
      const r = await fetch(`${t.baseUrl}/api/submissions/${res.body.id}/export?format=${format}`, {
        headers: { authorization: `Bearer ${u.token}` },
      });
      expect(r.status).toBe(200);
      return Buffer.from(await r.arrayBuffer());
    };
    const docxXml = strFromU8(unzipSync(new Uint8Array(await get('docx')))['word/document.xml']!);
    const file = path.join(tmp, `${language}-${res.body.id}.pdf`);
    fs.writeFileSync(file, await get('pdf'));
    // pdftotext gives the no-break space as a space and wraps lines: compare words, not layout.
    const pdfText = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    return { docxXml, pdfText };
  }

  it('writes a French account’s draft in French, an English one as before', async () => {
    const body = { type: 'generation', programId: PROGRAM, contentJson: DRAFT };
    expectBoth(
      await done('fr', body),
      [
        `Programme${NBSP}:`,
        `Couverture des exigences${NBSP}:`,
        'sections obligatoires sur',
        'Vérification du budget',
        `Certification${NBSP}:`,
        // The user's own title stays as written.
        'Capteurs à faible coût pour la glace de rivière',
      ],
      ['Program:', 'Requirement coverage', 'Budget check', 'Question for you', 'Gaps to address'],
    );
    expectBoth(
      await done('en', body),
      ['Program:', 'Requirement coverage:', 'Budget check', 'Certification:'],
      ['Couverture des exigences', 'Vérification du budget'],
    );
  });

  it('writes a French account’s analysis in French, an English one as before', async () => {
    const body = {
      type: 'analysis',
      programId: PROGRAM,
      contentJson: { programId: PROGRAM, content: ANALYSIS },
    };
    const fr = await done('fr', body);
    expectBoth(
      fr,
      ['Analyse de la demande de subvention', `Programme${NBSP}: ${PROGRAM}`, 'Critère', 'Justification'],
      ['Grant application analysis', 'Mean score', 'Funding probability', 'Criterion'],
    );
    const scores = new RegExp(
      `Probabilité de financement${NBSP}: (élevée|moyenne|faible) · Note moyenne${NBSP}: \\d+,\\d/10`,
    );
    expect(fr.docxXml).toMatch(scores);
    expect(fr.pdfText).toMatch(new RegExp(scores.source.replaceAll(NBSP, ' ')));
    const en = await done('en', body);
    expectBoth(
      en,
      ['Grant application analysis', `Program: ${PROGRAM}`, 'Criterion'],
      ['Analyse de la demande'],
    );
    expect(en.pdfText).toMatch(/Funding probability: (high|moderate|low) · Mean score: \d+\.\d\/10/);
  });
});
