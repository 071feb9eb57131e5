import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_MESSAGES } from '@grantleaf/shared/submissions.constants';
import { DATABASES, fundUser, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { until } from '../../../test/until.ts';

// Issue 31 §2: the engine in French. ADR 1085: a draft carries the funder's own French names of
// its program's sections (read on the funder's French pages), so the French viewer names a missing
// section as the funder does; a program with none carries none. ADR 1088: a draft asked for in
// French is refused with its reason before anything is charged.

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

  async function draft(programId: string) {
    const u = await registerUser(t);
    await fundUser(t.database.db, u.user.id, 20);
    const res = await t.api('POST', '/api/submissions', {
      token: u.token,
      body: { type: 'generation', programId, contentJson: { ...FORM, programId } },
    });
    expect(res.status).toBe(201);
    return until(async () => {
      const list = (await t.api('GET', '/api/submissions', { token: u.token })).body as any[];
      const row = list.find((s) => s.id === res.body.id);
      return row && row.status !== 'processing' ? row : undefined;
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
      // NIH's page says English only; no page read for IRAP; NSERC takes French, the writer does not yet.
      ['us-nih-r01', SUBMISSION_MESSAGES.draftEnglishOnly],
      ['ca-nrc-irap', SUBMISSION_MESSAGES.draftFrenchUnconfirmed],
      ['ca-nserc-discovery-grants', SUBMISSION_MESSAGES.draftFrenchNotYet],
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
});
