import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test } from './fixtures.ts';
import { fits, seriousViolations } from './axe.ts';
import { SUMMARY_STATEMENT } from '../apps/server/test/fixtures/summary-statement.ts';

// Issue 27 (ADR 0330, 0410, 0411): import an NIH-style summary statement, plan, edit a section in
// the editor, see the critique addressed by the diff, mark done, decline one with a reason, generate
// the Introduction within its limit, export it as DOCX, and see a critique with no response
// reported — at 1280 and 390 px. A "done" the versions do not show is reported, not counted as
// answered, and what has no response stays out of the exported file.
test.describe.configure({ timeout: 240_000 });

const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

for (const width of [1280, 390]) {
  test(`reviews to a resubmission: import, plan, edit, diff, decline, Introduction, at ${width} px`, async ({
    page,
    server,
    registerAndLogin,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const user = await registerAndLogin(page);
    const created = await server.api('POST', '/api/applications', {
      token: user.token,
      body: { title: 'Wearable sensors after heart failure', program: 'NIH R01', programId: 'us-nih-r01' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const detail = await server.api('GET', `/api/applications/${id}`, { token: user.token });
    const sections = detail.body.sections as { id: string; header: string }[];
    const approach = sections.find((s) => s.header === 'Approach')!;
    expect(approach).toBeTruthy();
    // The version the reviewers read: every section written.
    const saved = await server.api('PUT', `/api/applications/${id}/sections`, {
      token: user.token,
      body: {
        baseVersion: detail.body.version,
        sections: sections.map((s) => ({
          id: s.id,
          doc: doc(`${s.header}: we will enrol 120 patients wearing a sensor after discharge.`),
        })),
      },
    });
    expect(saved.status).toBe(200);

    // From the editor to the reviews page.
    await page.goto(`/applications/${id}`);
    await expect(page.getByTestId('save-state')).toHaveText('Saved');
    await page.getByRole('link', { name: 'Reviews & resubmission' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews & resubmission' })).toBeVisible();

    // Nothing pasted: a clear message; then the summary statement.
    await page.getByRole('button', { name: 'Add comments' }).click();
    await expect(page.getByRole('alert')).toContainText("Paste the reviewers' comments or choose a file.");
    await page.getByLabel('Name (optional)').fill('Summary statement, March');
    await page.getByLabel('Paste the comments').fill(SUMMARY_STATEMENT);
    await page.getByRole('button', { name: 'Add comments' }).click();
    await expect(page.getByText('Summary statement, March')).toBeVisible();
    await expect(page.getByTestId('review-facts')).toContainText('Impact score');
    await expect(page.getByTestId('review-facts')).toContainText('41');
    const rows = page.getByTestId('plan-row');
    await expect(rows).toHaveCount(4);
    await expect(page.getByRole('region', { name: 'Strengths to keep' })).toContainText(
      'Heart failure readmission is an important problem.',
    );
    expect(await fits(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    const row = (quote: string) => rows.filter({ hasText: quote });
    const power = row('not justified by a power calculation');
    const alternative = row('No alternative is described');
    const vague = row('The data sharing plan is vague.');

    // Declined: a reason is required, then quoted.
    await vague.getByLabel('Status').selectOption('declined');
    await vague.getByRole('button', { name: 'Save row' }).click();
    await expect(vague.getByRole('alert')).toContainText('Say why you decline this critique');
    await vague
      .getByLabel('Why you decline it (quoted in the response)')
      .fill('The plan follows the NIH template, cited in the application.');
    await vague.getByRole('button', { name: 'Save row' }).click();
    await expect(row('The data sharing plan is vague.').getByText('Answered.')).toBeVisible();

    // Marked done in the Approach section before it changed: a claim the versions do not show.
    await power.getByRole('checkbox', { name: 'Approach' }).check();
    await power
      .getByLabel('Planned change (your words)')
      .fill('We added a power calculation for 120 patients.');
    await power.getByLabel('Status').selectOption('done');
    await power.getByRole('button', { name: 'Save row' }).click();
    await expect(row('not justified by a power calculation').getByTestId('row-problems')).toContainText(
      'Marked done, but its sections show no change since version',
    );

    // The alternative's row is planned, in the Approach section.
    await alternative.getByRole('checkbox', { name: 'Approach' }).check();
    await alternative
      .getByLabel('Planned change (your words)')
      .fill('If a patient stops wearing the sensor, a weekly phone call records symptoms.');
    await alternative.getByRole('button', { name: 'Save row' }).click();
    await expect(row('No alternative is described').getByTestId('row-problems')).toContainText(
      'Planned, not done yet.',
    );

    // The editor's readiness reports the critiques with no response and the unshown "done".
    await page.getByRole('link', { name: 'Back to the application' }).click();
    await expect(page.getByTestId('resubmission-findings')).toContainText('have no response');
    const readiness = page.getByRole('region', { name: 'Readiness' });
    await expect(readiness).toContainText('No response to Reviewer 1 (Approach): “No alternative');
    await expect(readiness).toContainText('is marked done, but the change is not shown');
    await expect(page.getByTestId('submission-ready')).toHaveCount(0);

    // The Approach section is edited in the editor.
    await page.locator(`#editor-${approach.id}`).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(
      ' A power calculation (80% power, alpha 0.05) supports 120 patients; a weekly phone call replaces the sensor if a patient stops wearing it.',
    );
    await expect(page.getByTestId('save-state')).toHaveText('Saved', { timeout: 15_000 });
    await expect(readiness).not.toContainText('is marked done, but the change is not shown', {
      timeout: 15_000,
    });
    expect(await fits(page)).toBe(true);

    // Back on the plan: the diff shows the words, "done" is now shown, and the alternative is marked done.
    await page.getByRole('link', { name: 'Reviews & resubmission' }).click();
    await expect(row('not justified by a power calculation').getByText('Answered.')).toBeVisible();
    await row('not justified by a power calculation').getByRole('button', { name: 'Show changes' }).click();
    const diff = row('not justified by a power calculation').getByTestId('critique-diff');
    await expect(diff.locator('ins').first()).toContainText('power calculation');
    await row('No alternative is described').getByLabel('Status').selectOption('done');
    await row('No alternative is described').getByRole('button', { name: 'Save row' }).click();
    await expect(row('No alternative is described').getByText('Answered.')).toBeVisible();

    // The Introduction: within its one page, the applicant's words only, and what is left unanswered.
    await page.getByRole('button', { name: 'Generate response section' }).click();
    const response = page.getByTestId('response-section');
    // No model on this server: no paid prose button, the offline section is the response (ADR 1035).
    await expect(page.getByRole('button', { name: /Write as prose with AI/ })).toHaveCount(0);
    await expect(response).toContainText('Introduction to the Resubmission Application');
    await expect(response.getByTestId('response-count')).toContainText(/^\d+ words of 650 \(1 page\)$/);
    await expect(response).toContainText('Response: We added a power calculation for 120 patients.');
    await expect(response).toContainText(
      'Not changed: The plan follows the NIH template, cited in the application.',
    );
    await expect(response.getByTestId('response-unanswered')).toContainText(
      '1 critique with no response yet',
    );
    await expect(response.getByTestId('response-unanswered')).toContainText('the panel was concerned');
    expect(await fits(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // Export: the Word file holds the applicant's responses and the count against the limit, and
    // leaves out the critique with no response (it is not part of the response).
    const docxDownload = page.waitForEvent('download');
    await response.getByRole('button', { name: 'Download DOCX' }).click();
    const docx = await docxDownload;
    expect(docx.suggestedFilename()).toBe('response-to-reviews.docx');
    const xml = strFromU8(
      unzipSync(new Uint8Array(fs.readFileSync((await docx.path())!)))['word/document.xml']!,
    );
    expect(xml).toContain('Introduction to the Resubmission Application');
    expect(xml).toContain('Response: We added a power calculation for 120 patients.');
    expect(xml).toContain('Not changed: The plan follows the NIH template, cited in the application.');
    expect(xml).toContain('about 650 words');
    expect(xml).not.toContain('the panel was concerned');

    // The editor still reports the one critique with no response.
    await page.getByRole('link', { name: 'Back to the application' }).click();
    await expect(readiness).toContainText('No response to', { timeout: 15_000 });
    await expect(readiness).toContainText('the panel was concerned');
    await expect(readiness).not.toContainText('No alternative');
    expect(await seriousViolations(page)).toEqual([]);
  });
}
