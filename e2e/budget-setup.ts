import type { Page } from '@playwright/test';
import { type Account, expect, type Server } from './fixtures.ts';

export const ALLIANCE = 'ca-nserc-alliance-advantage';

/**
 * The budget journeys' start (budget.spec.ts, budget-currency.spec.ts): a signed-in applicant at
 * `width` px with an NSERC Alliance application whose first section says `stated`, opened on its
 * budget builder, which reads what the section states.
 */
export async function openAllianceBudget(
  {
    page,
    server,
    registerAndLogin,
  }: { page: Page; server: Server; registerAndLogin: (page: Page) => Promise<Account> },
  { width, title, stated }: { width: number; title: string; stated: string },
) {
  await page.setViewportSize({ width, height: 900 });
  const user = await registerAndLogin(page);
  const created = await server.api('POST', '/api/applications', {
    token: user.token,
    body: { title, program: 'NSERC Alliance', programId: ALLIANCE },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const detail = await server.api('GET', `/api/applications/${id}`, { token: user.token });
  const section = detail.body.sections[0] as { id: string; header: string };
  const wrote = await server.api('PUT', `/api/applications/${id}/sections`, {
    token: user.token,
    body: {
      baseVersion: detail.body.version,
      sections: [
        {
          id: section.id,
          doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: stated }] }] },
        },
      ],
    },
  });
  expect(wrote.status).toBe(200);
  await page.goto(`/applications/${id}#budget`);
  const builder = page.getByTestId('budget-builder');
  await expect(builder).toBeVisible();
  return { user, id, section, builder };
}
