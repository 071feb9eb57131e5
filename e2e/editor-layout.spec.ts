import { fits, seriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// Issue 28 item 15: an application tracked by name only has no sections to write, and its
// guidelines checklist sat at the foot of the narrow tools column with a wide empty column beside
// it. It now takes the main column there; beside a section template it stays with the tools.

for (const width of [1280, 390]) {
  test(`the guidelines checklist uses the page's width at ${width} px`, async ({
    page,
    server,
    registerAndLogin,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const account = await registerAndLogin(page);
    const create = async (body: Record<string, string>) =>
      (await server.api('POST', '/api/applications', { token: account.token, body })).body.id as string;

    await page.goto(
      `/applications/${await create({ title: 'River ice sensors', program: 'NSERC Discovery Grants' })}`,
    );
    const panel = page.getByTestId('guidelines-panel');
    await expect(panel.getByRole('heading', { name: 'Guidelines checklist' })).toBeVisible();
    const byName = (await panel.boundingBox())!;
    const budget = (await page.getByRole('heading', { name: 'Budget', level: 2 }).boundingBox())!;
    // The main column's left edge and most of the page's width, above the budget.
    expect(byName.x).toBeLessThan(width / 10);
    expect(byName.width).toBeGreaterThan(width >= 1024 ? width * 0.55 : width * 0.85);
    expect(byName.y).toBeLessThan(budget.y);
    expect(await fits(page)).toBe(true);
    expect(await seriousViolations(page, { selector: '[data-testid="guidelines-panel"]' })).toEqual([]);

    await page.goto(
      `/applications/${await create({ title: 'River ice early warning', program: 'CIHR', programId: 'ca-cihr-project-grant' })}`,
    );
    await expect(panel.getByRole('heading', { name: 'Guidelines checklist' })).toBeVisible();
    const beside = (await panel.boundingBox())!;
    const section = (await page.getByRole('heading', { name: 'Lay abstract' }).boundingBox())!;
    if (width >= 1024) expect(beside.x).toBeGreaterThan(section.x + section.width);
    expect(await fits(page)).toBe(true);
  });
}
