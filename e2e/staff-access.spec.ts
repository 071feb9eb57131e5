import fs from 'node:fs';
import { makePdf } from '../apps/server/test/documents.ts';
import { adminAccount, expect, test } from './fixtures.ts';
import { pageAs } from './session.ts';

// Issue 15 §6 in the browser: the admin links a PDF they upload in the panel; the audit page shows
// the staff reads in words.
test.describe.configure({ timeout: 180_000 });

test('an admin links an uploaded PDF from the panel, and the audit page names each staff read', async ({
  browser,
  server,
  registerAccount,
}, testInfo) => {
  const admin = await adminAccount(server, registerAccount);
  const user = await registerAccount();
  await server.api('POST', `/api/admin/users/${user.user.id}/credits`, {
    token: admin.token,
    body: { amount: 2, reason: 'e2e' },
  });
  const created = await server.api('POST', '/api/submissions', {
    token: user.token,
    body: {
      type: 'generation',
      programId: 'ca-nserc-alliance-advantage',
      contentJson: {
        programId: 'ca-nserc-alliance-advantage',
        projectTitle: 'Staff access e2e',
        projectOverview: 'We build river ice sensors with a partner.',
        keyObjectives: 'Deploy 40 sensors.',
        totalBudget: '$10,000',
        projectTimeline: '12 months',
        timelineMilestones: [],
        teamLeadName: 'Dr. Ada Lee',
        teamLeadRole: 'PI',
        teamProfiles: 'Ada Lee',
      },
    },
  });
  expect(created.status).toBe(201);

  const page = await pageAs(browser, server.url, admin, { path: '/' });
  const row = page.getByTestId('admin-pdf-row').filter({ hasText: user.email });
  const pdf = testInfo.outputPath('final.pdf');
  fs.writeFileSync(pdf, await makePdf(['Final application, formatted by the team']));
  await row.getByLabel(/Upload PDF for/).setInputFiles(pdf);
  await expect(row.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  const linked = await server.api('GET', '/api/submissions', { token: user.token });
  expect(linked.body[0].fileUrl).toMatch(/^\/api\/files\//);

  await page.goto('/admin/audit');
  await page.getByLabel('User id (optional)').fill(user.user.id);
  await page.getByRole('button', { name: 'Filter' }).click();
  const rows = page.getByTestId('audit-row');
  await expect(rows.filter({ hasText: 'Linked a PDF to a submission' })).toHaveCount(1);
  await expect(rows.filter({ hasText: "Saw a user's submission (PDF panel)" }).first()).toBeVisible();
  await page.context().close();
});
