import { expect, test } from './fixtures.ts';
import { fits, seriousViolations } from './axe.ts';
import { SUMMARY_STATEMENT } from '../apps/server/test/fixtures/summary-statement.ts';

// Issue 27 §3, ADR 1035: with a model configured (a fake OpenAI-compatible server on 127.0.0.1,
// for this spec's own server only), the response section written as prose from the plan: the price
// on the button, the checked text with the critique each paragraph answers, a paragraph with a
// name the plan does not hold removed with the reason, charged once. At 1280 and 390 px. Without
// a model the button does not exist (reviews.spec.ts).
test.use({ withModel: true });
test.describe.configure({ timeout: 180_000 });

const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});
const POWER = 'We added a power calculation for 120 patients.';
const DECLINE = 'The plan follows the NIH template, cited in the application.';

for (const width of [1280, 390]) {
  test(`the response section written by the model from the plan, checked, at ${width} px`, async ({
    page,
    server,
    model,
    registerAndLogin,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const user = await registerAndLogin(page);
    const token = user.token;
    const credits = async () => (await server.api('GET', '/api/auth/user', { token })).body.credits as number;
    const created = await server.api('POST', '/api/applications', {
      token,
      body: { title: 'Wearable sensors after heart failure', program: 'NIH R01', programId: 'us-nih-r01' },
    });
    const id = created.body.id as string;
    const detail = await server.api('GET', `/api/applications/${id}`, { token });
    const sections = detail.body.sections as { id: string; header: string }[];
    const approach = sections.find((s) => s.header === 'Approach')!;
    const reviewed = await server.api('PUT', `/api/applications/${id}/sections`, {
      token,
      body: {
        baseVersion: detail.body.version,
        sections: sections.map((s) => ({ id: s.id, doc: doc(`${s.header}: we will enrol 120 patients.`) })),
      },
    });
    const plan = (
      await server.api('POST', `/api/applications/${id}/reviews`, {
        token,
        body: { text: SUMMARY_STATEMENT },
      })
    ).body;
    const critique = (start: string) =>
      plan.critiques.find((c: { quote: string }) => c.quote.startsWith(start));
    await server.api('PATCH', `/api/applications/${id}/critiques/${critique('The sample size').id}`, {
      token,
      body: { sections: [approach.id], status: 'done', plannedChange: POWER },
    });
    await server.api('PATCH', `/api/applications/${id}/critiques/${critique('The data sharing').id}`, {
      token,
      body: { status: 'declined', declineReason: DECLINE },
    });
    const edited = await server.api('PUT', `/api/applications/${id}/sections`, {
      token,
      body: {
        baseVersion: reviewed.body.version,
        sections: [{ id: approach.id, doc: doc('Approach: a power calculation supports 120 patients.') }],
      },
    });
    expect(edited.status).toBe(200);
    model!.mode = 'ok';
    model!.content = JSON.stringify({
      paragraphs: [
        { rows: ['R2'], claim: 'changed', text: `${POWER} It is in the Approach.` },
        { rows: ['R4'], claim: 'declined', text: `We did not change the data sharing plan. ${DECLINE}` },
        { rows: ['R2'], claim: 'changed', text: 'Colleagues at Stanford University checked it.' },
      ],
    });
    const start = await credits();

    await page.goto(`/applications/${id}/reviews`);
    const panel = page.getByTestId('model-response');
    await panel.getByRole('button', { name: 'Write as prose with AI (0.2 credits)' }).click();
    const text = panel.getByTestId('model-response-text');
    await expect(text).toBeVisible({ timeout: 30_000 });
    await expect(text).toContainText(`${POWER} It is in the Approach.`);
    await expect(text).toContainText('Answers: Reviewer 1: “The sample size for the sensor cohort');
    await expect(text.getByTestId('model-response-count')).toContainText(/^\d+ words of 650 \(1 page\)$/);
    await text.getByText('1 paragraph removed by the check').click();
    await expect(text.getByText('Not in the plan: Stanford University.')).toBeVisible();
    expect(await credits()).toBeCloseTo(start - 0.2, 5);
    if (width === 390) expect(await fits(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
