import { expect, test } from './fixtures.ts';
import { fits, seriousViolations } from './axe.ts';

// Issue 30 §4, ADR 0710: with a model configured (a fake OpenAI-compatible server on 127.0.0.1,
// for this spec's own server only), a T661 draft from the project's evidence log: cited statements
// kept, the uncited one left out, a figure not in the evidence flagged; one part used in the editor
// and saved by the user, the other parts left alone. At desktop width and at 390 px.
test.use({ withModel: true });
test.describe.configure({ timeout: 180_000 });

const EVIDENCE = [
  '2025-02-10 Vendor review: no sensor holds calibration below -30 C',
  '2025-04-15 Built 3 prototypes of the heated housing; hypothesis: drift comes from condensation',
  '2025-09-02 Cold-chamber test: drift fell to 0.4% at -35 C',
].join('\n');
const MINE = 'It was not known whether calibration could hold below -30 C; standard practice had no answer.';
const WORK =
  'The team built 3 prototypes of a heated housing to test the condensation hypothesis. A cold-chamber test on 2025-09-02 showed drift of 0.4% at -35 C.';
const ANSWER = {
  uncertainty: [{ text: 'No available sensor held calibration below -30 C.', cites: ['E1'] }],
  work: [
    {
      text: 'The team built 3 prototypes of a heated housing to test the condensation hypothesis.',
      cites: ['E2'],
    },
    { text: 'A cold-chamber test on 2025-09-02 showed drift of 0.4% at -35 C.', cites: ['E3'] },
    { text: 'Field trials in Yellowknife confirmed it.', cites: [] },
  ],
  advancements: [{ text: 'Drift fell by 42% against the first prototype.', cites: ['E3'] }],
};

for (const width of [1280, 390]) {
  test(`an SR&ED narrative drafted from cited evidence, one part used and saved, at ${width} px`, async ({
    page,
    server,
    model,
    registerAndLogin,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const user = await registerAndLogin(page);
    const credits = async () =>
      (await server.api('GET', '/api/auth/user', { token: user.token })).body.credits as number;
    const start = await credits();
    const claim = await server.api('POST', '/api/sred/claims', {
      token: user.token,
      body: {
        name: 'FY2025 claim',
        taxYearStart: '2025-01-01',
        taxYearEnd: '2025-12-31',
        corporationType: 'ccpc',
        method: 'proxy',
        priorYearTaxableCapital: 0,
        priorYearTaxableIncome: 0,
        expenditureLimitShare: 1,
        qualifyingCorporation: false,
        defaultJurisdiction: 'OTHER',
        albertaPriorTwoYearsAverage: null,
        quebecPriorYearAssets: null,
        quebecForeignControlled: false,
      },
    });
    expect(claim.status).toBe(201);
    const project = await server.api('POST', `/api/sred/claims/${claim.body.id}/projects`, {
      token: user.token,
      body: { title: 'Cold-proof sensor housing', uncertainty: MINE, evidence: EVIDENCE },
    });
    expect(project.status).toBe(201);
    model!.mode = 'ok';
    model!.content = JSON.stringify(ANSWER);

    await page.goto(`/sred/${claim.body.id}`);
    const panel = page.getByRole('region', { name: 'Draft with AI from the evidence log' });
    await panel.getByRole('button', { name: 'Draft from evidence (0.5 credits)' }).click();
    const draft = panel.getByTestId('sred-draft');
    await expect(draft).toBeVisible({ timeout: 30_000 });
    await expect(draft.getByText('[E1]')).toBeVisible();
    await expect(draft.getByText('Not in the cited entries: 42%.')).toBeVisible();
    await draft.getByText('1 statement left out').click();
    await expect(draft.getByText('Field trials in Yellowknife confirmed it.')).toBeVisible();
    await expect(draft.getByText('No citation: it names no evidence entry or time record.')).toBeVisible();
    expect(await credits()).toBe(start - 0.5);
    if (width === 390) expect(await fits(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // Only line 244 is taken; the user's own line 242 stays, and nothing is saved until they save.
    await draft.getByRole('button', { name: 'Use for line 244' }).click();
    const work = page.getByLabel(/^Line 244:/);
    await expect(work).toHaveValue(WORK);
    await expect(page.getByLabel(/^Line 242:/)).toHaveValue(MINE);
    const unsaved = await server.api('GET', `/api/sred/claims/${claim.body.id}`, { token: user.token });
    expect(unsaved.body.projects[0].work).toBe('');
    await page.getByRole('button', { name: 'Save and check' }).click();
    await expect(page.getByText('Project saved and checked')).toBeVisible();
    const saved = await server.api('GET', `/api/sred/claims/${claim.body.id}`, { token: user.token });
    expect(saved.body.projects[0]).toMatchObject({ uncertainty: MINE, work: WORK, advancements: '' });

    await draft.getByRole('button', { name: 'Close draft' }).click();
    await expect(panel.getByRole('button', { name: 'Draft from evidence (0.5 credits)' })).toBeVisible();
  });
}
