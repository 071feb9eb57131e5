import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_MESSAGES } from '@grantleaf/shared/submissions.constants';
import { DATABASES, fundUser, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { until } from '../../../test/until.ts';
import { englishPhrasesIn } from '../../../test/english-phrases.ts';

// Issue 31 §2: the engine in French. ADR 1085: a draft carries the funder's own French names of
// its program's sections (read on the funder's French pages), so the French viewer names a missing
// section as the funder does; a program with none carries none. ADR 1088: a draft asked for in
// French for a program that does not take French is refused with its reason before anything is
// charged. ADR 1140: a program that takes French gets its draft in French, charged like English.

const FORM = {
  projectTitle: 'Quantum sensors for river ice',
  projectOverview:
    'We will design and field-test a low-cost quantum magnetometer network that measures river ice thickness in real time.',
  keyObjectives: '1. Build 3 prototypes by month 12. 2. Validate against drilled cores on two rivers.',
  totalBudget: '$180,000',
  projectTimeline: '5 years',
  teamLeadName: 'Dr. Ada Lee',
  teamLeadRole: 'Principal Investigator',
  teamProfiles: 'Ada Lee (physics, 15 years); two PhD students.',
  industryPartner: '',
};

describe.each(DATABASES)('drafts and the funder’s French section names on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { WORKERS: 'on' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The credits a user holds. */
  const creditsOf = async (token: string) =>
    (await t.api('GET', '/api/auth/user', { token })).body.credits as number;

  /** A completed draft, with the credits it was charged. */
  async function draft(programId: string, extra: Record<string, unknown> = {}) {
    const u = await registerUser(t);
    await fundUser(t.database.db, u.user.id, 20);
    const before = await creditsOf(u.token);
    const res = await t.api('POST', '/api/submissions', {
      token: u.token,
      body: { type: 'generation', programId, contentJson: { ...FORM, programId, ...extra } },
    });
    expect(res.status).toBe(201);
    const charged = before - (await creditsOf(u.token));
    return until(async () => {
      const list = (await t.api('GET', '/api/submissions', { token: u.token })).body as any[];
      const row = list.find((s) => s.id === res.body.id);
      return row && row.status !== 'processing' ? { ...row, charged } : undefined;
    });
  }

  it('NSERC Discovery: the summary and the proposal by NSERC’s French names; a section with none is not listed', async () => {
    const done = await draft('ca-nserc-discovery-grants');
    expect(done.status).toBe('completed');
    const names = done.results.sectionNames as { name: string; fr: string; verified: boolean }[];
    expect(names).toEqual(
      expect.arrayContaining([
        { name: 'Summary of proposal', fr: 'Résumé de la proposition', verified: false },
        { name: 'Proposal', fr: 'Proposition', verified: false },
      ]),
    );
    expect(names.map((n) => n.name)).not.toContain('HQP training plan');
  });

  it('a French draft is refused with the reason the program’s languages give, nothing charged, nothing started', async () => {
    const u = await registerUser(t);
    await fundUser(t.database.db, u.user.id, 20);
    const credits = async () => (await t.api('GET', '/api/auth/user', { token: u.token })).body.credits;
    const before = await credits();
    for (const [programId, message] of [
      // NIH's page says English only; no page read for IRAP.
      ['us-nih-r01', SUBMISSION_MESSAGES.draftEnglishOnly],
      ['ca-nrc-irap', SUBMISSION_MESSAGES.draftFrenchUnconfirmed],
    ] as const) {
      const res = await t.api('POST', '/api/submissions', {
        token: u.token,
        body: { type: 'generation', programId, contentJson: { ...FORM, language: 'fr' } },
      });
      expect(res.status, programId).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const odd = await t.api('POST', '/api/submissions', {
      token: u.token,
      body: { type: 'generation', programId: 'us-nih-r01', contentJson: { ...FORM, language: 'de' } },
    });
    expect(odd.status).toBe(400);
    expect(await credits()).toBe(before);
    expect((await t.api('GET', '/api/submissions', { token: u.token })).body).toEqual([]);
    // English, asked for in so many words, is written as before.
    const english = await t.api('POST', '/api/submissions', {
      token: u.token,
      body: { type: 'generation', programId: 'us-nih-r01', contentJson: { ...FORM, language: 'en' } },
    });
    expect(english.status).toBe(201);
    expect(await credits()).toBe(before - 2);
  });

  it('NIH R01 (English only): no French names', async () => {
    const done = await draft('us-nih-r01');
    expect(done.status).toBe('completed');
    expect(done.results.sectionNames).toEqual([]);
  });
  /** Everything the writer wrote into the draft: headings, bodies, questions and tables. */
  const written = (results: any) =>
    (results.sections as any[])
      .flatMap((s) => [
        s.heading,
        s.body,
        ...(s.questions ?? []),
        ...(s.table ? [s.table.caption, ...s.table.columns] : []),
      ])
      .join('\n');

  it('NSERC Discovery and SSHRC Insight in French: the funder’s French headings, none of the writer’s English, the applicant’s facts as given', async () => {
    for (const programId of ['ca-nserc-discovery-grants', 'ca-sshrc-insight-grants']) {
      const englishDone = await draft(programId);
      const english = englishDone.results;
      const done = await draft(programId, { language: 'fr' });
      expect(done.status, programId).toBe('completed');
      // Written and charged like English.
      expect(done.charged, programId).toBeGreaterThan(0);
      expect(done.charged, programId).toBe(englishDone.charged);
      const french = done.results;
      const names = french.sectionNames as { name: string; fr: string; verified: boolean }[];
      // Each heading is the funder's French name where one was read, else its English header.
      const headings = (french.sections as any[]).map((s) => s.heading);
      expect(headings, programId).toEqual(
        (english.sections as any[]).map((s) => names.find((n) => n.name === s.heading)?.fr ?? s.heading),
      );
      if (programId === 'ca-nserc-discovery-grants') {
        expect(headings.slice(0, 2)).toEqual(['Résumé de la proposition', 'Proposition']);
        expect(names.every((n) => n.verified === false)).toBe(true);
      }
      const text = written(french);
      expect(englishPhrasesIn(text), programId).toEqual([]);
      // The applicant's words as they gave them; their amount and dates in French figures.
      expect(text).toContain('Ada Lee (physics, 15 years); two PhD students.'.slice(0, 20));
      expect(text).toContain('1. Build 3 prototypes by month 12.');
      expect(text).toContain('Le projet est dirigé par Dr. Ada Lee, Principal Investigator');
      expect(text).toContain('il demande 180\u00a0000\u00a0$');
      // The budget check in French figures, and the checks' findings in French too (ADR 1175):
      // the program rules' money lines, the gaps and the limit notes.
      expect(text).toContain('Total indiqué\u00a0: 180\u00a0000\u00a0$; aucun jalon n’a de budget.');
      expect(text).not.toContain('no milestone has a budget');
      const findings = [
        ...(french.ruleChecks as any[]).map((r) => r.message),
        ...(french.gaps as any[]).map((g) => g.message),
        ...(french.limits as any[]).map((l) => l.note),
      ].join('\n');
      expect(englishPhrasesIn(findings), programId).toEqual([]);
      if (programId === 'ca-sshrc-insight-grants')
        expect(findings).toContain(
          'La demande de 180\u00a0000\u00a0$ respecte le plafond de 400\u00a0000\u00a0$.',
        );
    }
  });

  it('NSERC Alliance in French: the partner’s cash and in-kind exactly as the form states them', async () => {
    const done = await draft('ca-nserc-alliance-advantage', {
      language: 'fr',
      industryPartner:
        'Nordair Systems Inc. (85 employees): partner cash contribution $150,000; partner in-kind $60,000',
    });
    expect(done.status).toBe('completed');
    const text = written(done.results);
    expect(text).toContain('150\u00a0000\u00a0$ en espèces');
    expect(text).toContain('60\u00a0000\u00a0$ en nature');
    expect(text).toContain('Nordair Systems Inc.');
    expect(englishPhrasesIn(text)).toEqual([]);
    expect((done.results.sections as any[])[0].heading).toBe('Résumé de la proposition');
  });
});
