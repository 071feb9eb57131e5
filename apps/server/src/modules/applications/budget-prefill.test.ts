import { textToDoc } from '@grantleaf/shared/application-document.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, fundUser, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { until } from '../../../test/until.ts';
import { grantSubmissionWork } from '../submissions/grant-submission.work.ts';

// Issue 26 §1 (ADR 0830): the builder starts from what the applicant already gave — partner cash and
// in-kind by partner, the total cost, the request, milestones' amounts — each with where it came
// from, lists what is missing, and never fills in a cost line, a salary or a rate.

const ALLIANCE = 'ca-nserc-alliance-advantage';
const IRAP = 'ca-nrc-irap';

describe.each(DATABASES)('budget prefill on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('opens an Alliance draft’s budget from its form: the partner’s money, the years, hints, what is missing', async () => {
    const owner = await registerUser(t);
    await fundUser(t.database.db, owner.user.id, 100);
    const form = {
      projectTitle: 'Low-cost sensors for river ice monitoring',
      projectOverview:
        'We will design and field-test a low-cost sensor network that measures river ice thickness in real time.',
      keyObjectives: '1. Deploy 40 sensors by month 12.',
      totalBudget: 'Total project cost $420,000; partner cash $100,000; partner in-kind $40,000',
      projectTimeline: '24 months',
      timelineMilestones: [
        {
          id: 'm1',
          title: 'Prototype sensors',
          description: 'Build and bench-test ten sensors.',
          startDate: '2027-01-01',
          endDate: '2027-06-30',
          budgetAmount: '$40,000',
          deliverables: 'Ten tested sensors',
        },
      ],
      teamLeadName: 'Dr. Ada Lovelace',
      teamLeadRole: 'Professor',
      teamProfiles: 'Civil engineering team with two graduate students.',
      industryPartner: 'Hydro Giant Inc.',
    };
    const res = await t.api('POST', '/api/submissions', {
      token: owner.token,
      body: { type: 'generation', programId: ALLIANCE, contentJson: form },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await grantSubmissionWork.job.handle({ ...t.runtime, log: t.runtime.log }, { submissionId: res.body.id });
    // The finished draft becomes an application when the list is read (ADR 0110).
    const app = await until(async () => {
      const list = await t.api('GET', `/api/users/${owner.user.id}/applications`, { token: owner.token });
      return (list.body.data as any[]).find((a) => a.submissionId === res.body.id);
    });
    const url = `/api/applications/${app.id}/budget`;

    const view = await t.api('GET', url, { token: owner.token });
    expect(view.status).toBe(200);
    expect(view.body.revision).toBe(0);
    expect(view.body.budget.lines).toEqual([]);
    const prefill = view.body.prefill;
    expect(prefill).toMatchObject({
      years: 2,
      yearsSource: { origin: 'form', field: 'projectTimeline', quote: '24 months' },
      totalCost: { value: 420_000, perYear: false, source: { origin: 'form', field: 'totalBudget' } },
      requested: null,
      statedRequest: null,
      milestones: [
        { title: 'Prototype sensors', value: 40_000, source: { field: 'milestone', quote: '$40,000' } },
      ],
    });
    // The partner, with the cash and in-kind stated, once each, in year 1 (whole-project figures).
    expect(prefill.partners).toHaveLength(1);
    expect(prefill.partners[0]).toMatchObject({
      name: 'Hydro Giant Inc.',
      cash: [100_000, 0],
      inKind: [40_000, 0],
    });
    expect(prefill.partners[0].amounts.map((a: any) => [a.kind, a.value, a.source.field])).toEqual([
      ['cash', 100_000, 'totalBudget'],
      ['inKind', 40_000, 'totalBudget'],
    ]);
    expect(prefill.partners[0].amounts[0].source.quote).toContain('partner cash $100,000');
    // Nothing invented: no cost line; the cost lines, the partner's size (2:1 depends on it) and
    // the spread of whole-project money over the two years are asked for; the years were stated.
    expect(prefill.missing).toEqual(['costLines', 'partnerSize', 'partnerByYear']);
    expect(JSON.stringify(prefill)).not.toMatch(/salary|rate/i);

    // Shared: an editor, who may save, gets it; a viewer does not; an outsider gets the 404.
    const editor = await registerUser(t);
    const viewer = await registerUser(t);
    for (const [who, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const)
      expect(
        (
          await t.api('POST', `/api/applications/${app.id}/shares`, {
            token: owner.token,
            body: { email: who.email, role },
          })
        ).status,
      ).toBe(200);
    expect((await t.api('GET', url, { token: editor.token })).body.prefill.partners[0].name).toBe(
      'Hydro Giant Inc.',
    );
    expect((await t.api('GET', url, { token: viewer.token })).body.prefill).toBeNull();
    expect((await t.api('GET', url, { token: (await registerUser(t)).token })).status).toBe(404);

    // Once a budget is saved, the saved budget is what opens.
    const saved = await t.api('PUT', url, {
      token: owner.token,
      body: {
        baseRevision: 0,
        budget: {
          years: 2,
          lines: [],
          partners: [
            { id: 'p1', name: 'Hydro Giant Inc.', employees: null, cash: [100_000, 0], inKind: [40_000, 0] },
          ],
          notes: '',
        },
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.prefill).toBeNull();
    expect((await t.api('GET', url, { token: owner.token })).body.prefill).toBeNull();
  });

  it('reads an application’s sections when it has no form: IRAP’s stated request is entered, its source quoted', async () => {
    const { token } = await registerUser(t);
    const created = await t.api('POST', '/api/applications', {
      token,
      body: { title: 'Battery line', program: 'NRC IRAP', programId: IRAP },
    });
    const id = created.body.id as string;
    const detail = await t.api('GET', `/api/applications/${id}`, { token });
    const section = detail.body.sections[0];
    const text =
      'The project costs $420,000 in total. We request an IRAP contribution of $252,000. Our partner Nordic Cells Ltd. will contribute $30,000 per year in cash.';
    const put = await t.api('PUT', `/api/applications/${id}/sections`, {
      token,
      body: { baseVersion: detail.body.version, sections: [{ id: section.id, doc: textToDoc(text) }] },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    const prefill = (await t.api('GET', `/api/applications/${id}/budget`, { token })).body.prefill;
    expect(prefill).toMatchObject({
      years: 1,
      yearsSource: null,
      totalCost: { value: 420_000, source: { origin: 'section', field: section.header } },
      requested: { value: 252_000, source: { quote: 'We request an IRAP contribution of $252,000.' } },
      // IRAP's shares are unconfirmed, so the applicant's own request is the request (ADR 0740).
      statedRequest: 252_000,
      milestones: [],
    });
    expect(prefill.partners).toMatchObject([{ name: 'Nordic Cells Ltd.', cash: [30_000], inKind: [0] }]);
    expect(prefill.partners[0].amounts[0]).toMatchObject({ kind: 'cash', perYear: true });
    expect(prefill.missing).toEqual(['costLines', 'years']);
  });

  it('keeps money stated in another currency in that currency and asks for its rate, never converting it (ADR 0940)', async () => {
    const { token } = await registerUser(t);
    const withText = async (programId: string, program: string, text: string) => {
      const created = await t.api('POST', '/api/applications', {
        token,
        body: { title: 'Cross-border', program, programId },
      });
      const id = created.body.id as string;
      const detail = await t.api('GET', `/api/applications/${id}`, { token });
      const put = await t.api('PUT', `/api/applications/${id}/sections`, {
        token,
        body: {
          baseVersion: detail.body.version,
          sections: [{ id: detail.body.sections[0].id, doc: textToDoc(text) }],
        },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      return (await t.api('GET', `/api/applications/${id}/budget`, { token })).body.prefill;
    };

    const alliance = await withText(
      ALLIANCE,
      'NSERC Alliance',
      'Our partner Lakeshore Instruments LLC will contribute USD 50,000 in cash.',
    );
    expect(alliance.partners).toMatchObject([
      { name: 'Lakeshore Instruments LLC', currency: 'USD', cash: [50_000], inKind: [0] },
    ]);
    expect(alliance.partners[0].amounts[0]).toMatchObject({ kind: 'cash', value: 50_000, currency: 'USD' });
    expect(alliance.missing).toContain('exchangeRate');

    // IRAP asks for the applicant's own request; one stated in US dollars stays a hint, in USD.
    const irap = await withText(IRAP, 'NRC IRAP', 'We request an IRAP contribution of USD 252,000.');
    expect(irap.requested).toMatchObject({ value: 252_000, currency: 'USD' });
    expect(irap.statedRequest).toBeNull();
    expect(irap.missing).toContain('requested');
    expect(irap.missing).not.toContain('exchangeRate');
  });

  it('opens empty when the material states no money, partner or duration', async () => {
    const { token } = await registerUser(t);
    const created = await t.api('POST', '/api/applications', {
      token,
      body: { title: 'Nothing yet', program: 'NSERC Alliance', programId: ALLIANCE },
    });
    const view = await t.api('GET', `/api/applications/${created.body.id}/budget`, { token });
    expect(view.status).toBe(200);
    expect(view.body.prefill).toBeNull();
  });
});
