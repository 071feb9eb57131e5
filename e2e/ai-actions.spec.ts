import { expect, test } from './fixtures.ts';
import { seriousViolations } from './axe.ts';

// Issue 16 §5: with a model configured (a fake OpenAI-compatible server on 127.0.0.1, for this
// spec's own server only), "Shorten to the limit" lands as a diff the user accepts; the cost is
// charged once, and a model failure refunds once. At desktop width and at 390 px.
test.use({ withModel: true });
test.describe.configure({ timeout: 180_000 });

const PROGRAM = 'ca-cihr-project-grant';
const LONG =
  'River ice jams flood 30 communities in Manitoba every spring. ' +
  'We will deploy 40 river-ice sensors by month 12 and cut flood warning lead time by 50%. '.repeat(30);
const SHORT = 'River ice jams flood 30 communities. We will deploy 40 sensors and cut warning time by 42%.';
const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

for (const width of [1280, 390]) {
  test(`shorten to the limit: a diff accepted, charged once; a failure refunded, at ${width} px`, async ({
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
    const created = await server.api('POST', '/api/applications', {
      token: user.token,
      body: { title: 'River ice', program: 'x', programId: PROGRAM },
    });
    expect(created.status).toBe(201);
    const saved = await server.api('PUT', `/api/applications/${created.body.id}/sections`, {
      token: user.token,
      body: {
        baseVersion: 1,
        sections: [{ id: 'lay-abstract', doc: { type: 'doc', content: [para(LONG)] } }],
      },
    });
    expect(saved.status).toBe(200);

    model!.mode = 'ok';
    model!.content = JSON.stringify({ text: SHORT });
    await page.goto(`/applications/${created.body.id}`);
    const section = page.locator('#section-lay-abstract');
    await section.getByRole('button', { name: 'Shorten to the limit (0.2 credits)' }).click();
    const suggestion = section.getByRole('group', { name: 'Suggestion: Shorten to the limit' });
    await expect(suggestion).toBeVisible({ timeout: 30_000 });
    await expect(suggestion.getByTestId('new-numbers')).toHaveText(/not in your application: 42%/);
    // The diff replaces "50" by "42" and keeps the "%": the new number is marked either way.
    await expect(suggestion.locator('ins mark')).toHaveText('42');
    await expect(suggestion.locator('del').first()).toContainText('Manitoba');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await credits()).toBeCloseTo(start - 0.2, 5);

    await suggestion.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Suggestion accepted: saved as a new version')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Lay abstract' })).toHaveText(SHORT);
    await expect(page.getByRole('textbox', { name: 'Lay abstract' })).not.toContainText('Manitoba');
    const detail = await server.api('GET', `/api/applications/${created.body.id}`, { token: user.token });
    expect(detail.body.version).toBe(3);
    expect(await credits()).toBeCloseTo(start - 0.2, 5);

    // A model failure: the reason shown, the section unchanged, the charge refunded once.
    model!.mode = 'error500';
    await section.getByRole('button', { name: 'Shorten to the limit (0.2 credits)' }).click();
    await expect(section.getByRole('alert')).toContainText('Your 0.2 credits were refunded', {
      timeout: 30_000,
    });
    expect(await credits()).toBeCloseTo(start - 0.2, 5);
    await section.getByRole('button', { name: 'Dismiss' }).click();
    await expect(section.getByRole('button', { name: 'Shorten to the limit (0.2 credits)' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Lay abstract' })).toHaveText(SHORT);

    // Edit puts the suggestion in the editor, where the autosave keeps it.
    model!.mode = 'ok';
    model!.content = JSON.stringify({ text: 'River ice jams flood 30 communities.' });
    await section.getByRole('button', { name: 'Shorten to the limit (0.2 credits)' }).click();
    await section.getByRole('button', { name: 'Edit', exact: true }).click({ timeout: 30_000 });
    await expect(page.getByRole('textbox', { name: 'Lay abstract' })).toHaveText(
      'River ice jams flood 30 communities.',
    );
    await expect(page.getByTestId('save-state')).toHaveText('Saved');
    await expect
      .poll(
        async () =>
          (await server.api('GET', `/api/applications/${created.body.id}`, { token: user.token })).body
            .version,
      )
      .toBe(4);
    await expect(section.getByRole('group', { name: 'Suggestion: Shorten to the limit' })).toHaveCount(0);
  });
}

// "Draft this section" on an empty section: the model's Markdown lands as a diff, and accepting it
// keeps its subheading, list and table as the editor's own nodes (ADR 0140).
test('draft an empty section: accepted with its list and table kept, charged once', async ({
  page,
  server,
  model,
  registerAndLogin,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await registerAndLogin(page);
  const credits = async () =>
    (await server.api('GET', '/api/auth/user', { token: user.token })).body.credits as number;
  const start = await credits();
  const created = await server.api('POST', '/api/applications', {
    token: user.token,
    body: { title: 'River ice', program: 'x', programId: PROGRAM },
  });
  model!.mode = 'ok';
  model!.content = JSON.stringify({
    text: '## Expenses\n\n- Sensors by month 12\n- Two students\n\n| Item | Amount |\n|---|---|\n| Sensors | $120,000 |',
  });
  await page.goto(`/applications/${created.body.id}`);
  const section = page.locator('#section-budget-justification');
  await section.getByRole('button', { name: 'Draft this section (0.2 credits)' }).click();
  const suggestion = section.getByRole('group', { name: 'Suggestion: Draft this section' });
  await expect(suggestion).toBeVisible({ timeout: 30_000 });
  await expect(suggestion.getByTestId('new-numbers')).toHaveText(/not in your application: 12, 120,000$/);
  expect(await seriousViolations(page)).toEqual([]);
  await suggestion.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Suggestion accepted: saved as a new version')).toBeVisible();
  const editor = page.locator('#editor-budget-justification');
  await expect(editor.locator('h2')).toHaveText('Expenses');
  await expect(editor.locator('ul > li')).toHaveCount(2);
  await expect(editor.locator('table th').first()).toHaveText('Item');
  await expect(editor.locator('table td').last()).toHaveText('$120,000');
  expect(await credits()).toBeCloseTo(start - 0.2, 5);
});
