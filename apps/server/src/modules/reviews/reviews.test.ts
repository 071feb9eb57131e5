import type { RichNode } from '@grantleaf/shared/application-document.schema';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSealed } from '../../adapters/storage/sealing.ts';
import { uploadFile } from '../../../test/documents.ts';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { SUMMARY_STATEMENT } from '../../../test/fixtures/summary-statement.ts';

const para = (text: string): RichNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...texts: string[]): RichNode => ({ type: 'doc', content: texts.map(para) });

describe.each(DATABASES)('reviews and the response plan on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: any[] }).rows;

  /** An application of the program with text in every section; answers its id, sections and version. */
  async function application(token: string, programId: string) {
    const created = await t.api('POST', '/api/applications', {
      token,
      body: { title: 'Wearable sensors after heart failure', program: 'x', programId },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const detail = await t.api('GET', `/api/applications/${id}`, { token });
    const sections = detail.body.sections as { id: string; header: string }[];
    const saved = await t.api('PUT', `/api/applications/${id}/sections`, {
      token,
      body: {
        baseVersion: detail.body.version,
        sections: sections.map((s) => ({
          id: s.id,
          doc: doc(`${s.header}: we will enrol 120 patients wearing a sensor after discharge.`),
        })),
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return { id, sections, version: saved.body.version as number };
  }

  async function edit(token: string, id: string, sectionId: string, text: string) {
    const detail = await t.api('GET', `/api/applications/${id}`, { token });
    const res = await t.api('PUT', `/api/applications/${id}/sections`, {
      token,
      body: { baseVersion: detail.body.version, sections: [{ id: sectionId, doc: doc(text) }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  it('imports a summary statement into critiques and facts, sealed at rest, with sections suggested', async () => {
    const { token } = await registerUser(t);
    const app = await application(token, 'us-nih-r01');
    const res = await t.api('POST', `/api/applications/${app.id}/reviews`, {
      token,
      body: { label: 'Summary statement, March', text: SUMMARY_STATEMENT },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const plan = res.body;
    expect(plan.imports).toHaveLength(1);
    expect(plan.imports[0]).toMatchObject({
      label: 'Summary statement, March',
      layout: 'nih',
      reviewedVersion: app.version,
    });
    expect(plan.imports[0].facts).toEqual(
      expect.arrayContaining([
        { source: 'Overall', name: 'Impact score', value: '41' },
        { source: 'Overall', name: 'Percentile', value: '30' },
      ]),
    );
    expect(plan.summary).toEqual({ weaknesses: 4, strengths: 2, unanswered: 4, unverified: 0 });
    const approach = plan.critiques.find((c: any) => c.quote.startsWith('No alternative'));
    expect(approach).toMatchObject({
      source: 'Reviewer 1',
      criterion: 'Approach',
      kind: 'weakness',
      status: 'planned',
    });
    // An Approach critique is suggested to the Approach section.
    const strategy = app.sections.find((s) => s.header === 'Approach');
    expect(strategy).toBeTruthy();
    expect(approach.sections).toContain(strategy!.id);
    expect(approach.problems).toEqual(['No response planned yet.']);

    const stored = await rows(
      sql`select text, label, facts from review_imports where application_id = ${app.id}`,
    );
    expect(stored.every((r) => isSealed(r.text) && isSealed(r.label) && isSealed(r.facts))).toBe(true);
    const critiques = await rows(
      sql`select quote, source, criterion, sections, planned_change from review_critiques where application_id = ${app.id}`,
    );
    expect(critiques).toHaveLength(6);
    expect(
      critiques.every((r) => [r.quote, r.source, r.criterion, r.sections, r.planned_change].every(isSealed)),
    ).toBe(true);
  });

  it('checks "done" against the versions: no change claimed that the sections do not show', async () => {
    const { token } = await registerUser(t);
    const app = await application(token, 'us-nih-r01');
    const plan = (
      await t.api('POST', `/api/applications/${app.id}/reviews`, { token, body: { text: SUMMARY_STATEMENT } })
    ).body;
    const strategy = app.sections.find((s) => s.header === 'Approach')!;
    const power = plan.critiques.find((c: any) => c.quote.startsWith('The sample size'));
    const url = `/api/applications/${app.id}/critiques/${power.id}`;

    // Marked done with a change described, but the section was not touched: flagged, and left out.
    const done = await t.api('PATCH', url, {
      token,
      body: {
        sections: [strategy.id],
        status: 'done',
        plannedChange: 'We added a power calculation for 120 patients.',
      },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const row = done.body.critiques.find((c: any) => c.id === power.id);
    expect(row.changed).toEqual({ added: 0, removed: 0 });
    expect(row.problems).toEqual([
      `Marked done, but its sections show no change since version ${app.version}.`,
    ]);
    expect(done.body.summary.unverified).toBe(1);
    let response = (await t.api('GET', `/api/applications/${app.id}/reviews/response`, { token })).body;
    expect(response.text).not.toContain('power calculation');
    expect(response.leftOut).toEqual([
      expect.objectContaining({
        id: power.id,
        reason: expect.stringContaining('shows no change since version'),
      }),
    ]);

    // The section is edited: the diff shows the words, the row is answered, the response cites it.
    await edit(
      token,
      app.id,
      strategy.id,
      'Approach: we will enrol 120 patients wearing a sensor after discharge. A power calculation (80% power, alpha 0.05) supports 120 patients.',
    );
    const diff = await t.api('GET', `${url}/diff`, { token });
    expect(diff.status).toBe(200);
    expect(diff.body).toMatchObject({ fromVersion: app.version, toVersion: app.version + 1 });
    expect(diff.body.sections[0].added).toBeGreaterThanOrEqual(8);
    expect(
      diff.body.sections[0].parts
        .filter((p: any) => p.added)
        .map((p: any) => p.value)
        .join(''),
    ).toContain('power calculation');
    const after = (await t.api('GET', `/api/applications/${app.id}/reviews`, { token })).body;
    expect(after.critiques.find((c: any) => c.id === power.id).problems).toEqual([]);
    response = (await t.api('GET', `/api/applications/${app.id}/reviews/response`, { token })).body;
    expect(response.text).toContain('Response: We added a power calculation for 120 patients.');
    expect(response.text).toContain(`Changed in: ${strategy.header}.`);
    expect(response.leftOut).toEqual([]);
  });

  it('answers declined critiques with the applicant’s reason and lists those with no response', async () => {
    const { token } = await registerUser(t);
    const app = await application(token, 'us-nih-r01');
    const plan = (
      await t.api('POST', `/api/applications/${app.id}/reviews`, { token, body: { text: SUMMARY_STATEMENT } })
    ).body;
    const vague = plan.critiques.find((c: any) => c.quote.startsWith('The data sharing'));
    const url = `/api/applications/${app.id}/critiques/${vague.id}`;
    const noReason = await t.api('PATCH', url, { token, body: { status: 'declined' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toContain('Say why you decline');
    const declined = await t.api('PATCH', url, {
      token,
      body: {
        status: 'declined',
        declineReason: 'The plan follows the NIH template already cited in the application.',
      },
    });
    expect(declined.status).toBe(200);
    const response = (await t.api('GET', `/api/applications/${app.id}/reviews/response`, { token })).body;
    expect(response.heading).toBe('Introduction to the Resubmission Application');
    // One page at the words per page NIH's own section data states (program-sections.json).
    expect(response.limit).toMatchObject({ text: '1 page', words: 650 });
    expect(response.limit.note).toContain('650 words per page');
    expect(response.limit.sources[0]).toContain('grants.nih.gov');
    expect(response.text).toContain(
      'Not changed: The plan follows the NIH template already cited in the application.',
    );
    expect(response.text).toContain('"The data sharing plan is vague."');
    // Three weaknesses have no response yet; the strengths are never listed as unanswered.
    expect(response.unanswered.map((u: any) => u.quote)).toEqual([
      'However, the panel was concerned that the sample size for the wearable sensor cohort is not justified.',
      'The sample size for the sensor cohort is not justified by a power calculation.',
      'No alternative is described if patients stop wearing the sensor.',
    ]);
    expect(response.overLimit).toBe(false);

    // The same text as a DOCX: the decline's reason in it, the unanswered critiques not.
    const file = await fetch(`${t.baseUrl}/api/applications/${app.id}/reviews/response.docx`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain('response-to-reviews.docx');
    const xml = strFromU8(unzipSync(new Uint8Array(await file.arrayBuffer()))['word/document.xml']!);
    expect(xml).toContain('Introduction to the Resubmission Application');
    expect(xml).toContain('Not changed: The plan follows the NIH template already cited in the application.');
    expect(xml).not.toContain('No alternative is described');
    expect(xml).toContain('limit 1 page (about 650 words)');
    // On NIH's page, as the application's own export (program-sections.json: margins of at least
    // 0.5 inch, Arial 11 point): 720 twips on every side, not the renderer's default page.
    expect(xml).toMatch(/<w:pgMar w:top="720" w:right="720" w:bottom="720" w:left="720"/);
  });

  it('refuses a save over a newer change of the same row (409), and applies one based on the latest', async () => {
    const { token } = await registerUser(t);
    const app = await application(token, 'us-nih-r01');
    const plan = (
      await t.api('POST', `/api/applications/${app.id}/reviews`, { token, body: { text: SUMMARY_STATEMENT } })
    ).body;
    const row = plan.critiques.find((c: any) => c.quote.startsWith('No alternative'));
    const url = `/api/applications/${app.id}/critiques/${row.id}`;
    // Another tab saves first, from the same state.
    const first = await t.api('PATCH', url, {
      token,
      body: { plannedChange: 'A fallback: a wrist-worn sensor.', ifUpdatedAt: row.updatedAt },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const fresh = first.body.critiques.find((c: any) => c.id === row.id);
    expect(fresh.updatedAt).not.toBe(row.updatedAt);
    const stale = await t.api('PATCH', url, {
      token,
      body: { plannedChange: 'Something else.', ifUpdatedAt: row.updatedAt },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain('changed elsewhere');
    const kept = (await t.api('GET', `/api/applications/${app.id}/reviews`, { token })).body;
    expect(kept.critiques.find((c: any) => c.id === row.id).plannedChange).toBe(
      'A fallback: a wrist-worn sensor.',
    );
    const next = await t.api('PATCH', url, {
      token,
      body: { plannedChange: 'Something else.', ifUpdatedAt: fresh.updatedAt },
    });
    expect(next.status).toBe(200);
    // ifUpdatedAt alone changes nothing: refused as an empty change.
    const empty = await t.api('PATCH', url, { token, body: { ifUpdatedAt: fresh.updatedAt } });
    expect(empty.status).toBe(400);
  });

  it('reports, for the readiness check, critiques with no response and a "done" the versions do not show', async () => {
    const { token } = await registerUser(t);
    const app = await application(token, 'us-nih-r01');
    const findings = async () => {
      const res = await t.api('GET', `/api/applications/${app.id}/reviews/findings`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { resubmission: boolean; findings: any[] };
    };
    // No reviews: not a resubmission, nothing reported.
    expect(await findings()).toEqual({ resubmission: false, findings: [] });
    const plan = (
      await t.api('POST', `/api/applications/${app.id}/reviews`, { token, body: { text: SUMMARY_STATEMENT } })
    ).body;
    let found = await findings();
    expect(found.resubmission).toBe(true);
    // Every weakness is planned with nothing changed: each one reported, strengths never.
    expect(found.findings.map((f) => f.kind)).toEqual([
      'unanswered',
      'unanswered',
      'unanswered',
      'unanswered',
    ]);
    expect(found.findings.map((f) => f.message)).toContain(
      'No response to Reviewer 1 (Approach): “No alternative is described if patients stop wearing the sensor.”',
    );

    const strategy = app.sections.find((s) => s.header === 'Approach')!;
    const alt = plan.critiques.find((c: any) => c.quote.startsWith('No alternative'));
    const vague = plan.critiques.find((c: any) => c.quote.startsWith('The data sharing'));
    const power = plan.critiques.find((c: any) => c.quote.startsWith('The sample size'));
    const summary = plan.critiques.find((c: any) => c.quote.startsWith('However'));
    // A response claiming a change the versions do not show: reported as such, not as answered.
    await t.api('PATCH', `/api/applications/${app.id}/critiques/${alt.id}`, {
      token,
      body: {
        sections: [strategy.id],
        status: 'done',
        plannedChange: 'A wrist-worn sensor is the fallback.',
      },
    });
    await t.api('PATCH', `/api/applications/${app.id}/critiques/${vague.id}`, {
      token,
      body: { status: 'declined', declineReason: 'The NIH template is followed.' },
    });
    found = await findings();
    expect(found.findings.find((f) => f.critiqueId === alt.id)).toMatchObject({
      kind: 'unverified',
      sectionId: strategy.id,
      message: expect.stringContaining('Marked done, but its sections show no change since version'),
    });
    expect(found.findings.some((f) => f.critiqueId === vague.id)).toBe(false);

    // The section changes: the done row is shown, and a planned row whose section changed is no
    // longer "no response" (the change is there to mark done).
    await t.api('PATCH', `/api/applications/${app.id}/critiques/${power.id}`, {
      token,
      body: { sections: [strategy.id] },
    });
    await edit(token, app.id, strategy.id, 'Approach: a wrist-worn sensor is the fallback if patients stop.');
    found = await findings();
    expect(found.findings.map((f) => f.critiqueId).sort()).toEqual([summary.id].sort());
  });

  it('writes CIHR’s response in its own heading and limit, and says when it runs over', async () => {
    const { token } = await registerUser(t);
    const app = await application(token, 'ca-cihr-project-grant');
    const long = `Reviewer 1\nSignificance and Impact of the Research\nWeaknesses\n${Array.from({ length: 12 }, (_, i) => `- Concern ${i + 1}: the recruitment plan for site ${i + 1} is unclear.`).join('\n')}`;
    const plan = (await t.api('POST', `/api/applications/${app.id}/reviews`, { token, body: { text: long } }))
      .body;
    expect(plan.imports[0].layout).toBe('cihr');
    const section = app.sections[0]!;
    await edit(
      token,
      app.id,
      section.id,
      `${section.header}: ${'A revised recruitment plan names each site and its monthly target. '.repeat(20)}`,
    );
    for (const [i, c] of plan.critiques.entries())
      await t.api('PATCH', `/api/applications/${app.id}/critiques/${c.id}`, {
        token,
        body: {
          sections: [section.id],
          status: 'done',
          plannedChange: `Site ${i + 1} now has a named coordinator, a monthly recruitment target and a fallback clinic. ${'The recruitment table gives each month of the first year its target and the clinic that takes over if the site falls behind. '.repeat(4)}`,
        },
      });
    const response = (await t.api('GET', `/api/applications/${app.id}/reviews/response`, { token })).body;
    expect(response.heading).toBe('Response to Previous Reviews');
    expect(response.limit).toMatchObject({ text: '2 pages' });
    expect(response.words).toBeGreaterThan(response.limit.words);
    expect(response.overLimit).toBe(true);
    const found = (await t.api('GET', `/api/applications/${app.id}/reviews/findings`, { token })).body;
    expect(found.findings).toEqual([
      expect.objectContaining({
        kind: 'overLimit',
        message: `Response to Previous Reviews is over its limit: ${response.words} words, 2 pages is about ${response.limit.words} words.`,
      }),
    ]);
  });

  it('reads an uploaded file through the safe upload path, and refuses what it cannot use', async () => {
    const { token } = await registerUser(t);
    const app = await application(token, 'us-nsf-grfp');
    const up = await uploadFile(
      t.baseUrl,
      token,
      'reviews.txt',
      Buffer.from(
        'Intellectual Merit\nThe hypotheses are not testable as written.\nBroader Impacts\nThe outreach plan is excellent.',
      ),
    );
    expect(up.status).toBe(200);
    const res = await t.api('POST', `/api/applications/${app.id}/reviews`, {
      token,
      body: { fileUrl: up.body.fileUrl },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.imports[0]).toMatchObject({
      fileName: 'reviews.txt',
      label: 'reviews.txt',
      layout: 'nsf',
    });
    expect(res.body.critiques.map((c: any) => [c.criterion, c.kind])).toEqual([
      ['Intellectual Merit', 'weakness'],
      ['Broader Impacts', 'strength'],
    ]);

    const empty = await t.api('POST', `/api/applications/${app.id}/reviews`, { token, body: { text: '  ' } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Paste the reviewers’ comments or choose a file.');
    const nothing = await t.api('POST', `/api/applications/${app.id}/reviews`, {
      token,
      body: { text: 'Thank you for applying. The committee met in March.' },
    });
    expect(nothing.status).toBe(422);
    const future = await t.api('POST', `/api/applications/${app.id}/reviews`, {
      token,
      body: { text: SUMMARY_STATEMENT, reviewedVersion: app.version + 5 },
    });
    expect(future.status).toBe(400);

    // Deleting the set removes its critiques with it.
    const del = await t.api('DELETE', `/api/applications/${app.id}/reviews/${res.body.imports[0].id}`, {
      token,
    });
    expect(del.status).toBe(204);
    expect((await t.api('GET', `/api/applications/${app.id}/reviews`, { token })).body.critiques).toEqual([]);
  });

  it('keeps reviews to their owner and stores a retried import once', async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const app = await application(owner.token, 'us-nih-r01');
    const headers = { 'idempotency-key': 'import-once-1' };
    const first = await t.api('POST', `/api/applications/${app.id}/reviews`, {
      token: owner.token,
      headers,
      body: { text: SUMMARY_STATEMENT },
    });
    const again = await t.api('POST', `/api/applications/${app.id}/reviews`, {
      token: owner.token,
      headers,
      body: { text: SUMMARY_STATEMENT },
    });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(
      (await t.api('GET', `/api/applications/${app.id}/reviews`, { token: owner.token })).body.imports,
    ).toHaveLength(1);

    const critique = first.body.critiques[0];
    for (const [method, url, body] of [
      ['GET', `/api/applications/${app.id}/reviews`, undefined],
      ['POST', `/api/applications/${app.id}/reviews`, { text: SUMMARY_STATEMENT }],
      [
        'PATCH',
        `/api/applications/${app.id}/critiques/${critique.id}`,
        { status: 'declined', declineReason: 'x' },
      ],
      ['GET', `/api/applications/${app.id}/critiques/${critique.id}/diff`, undefined],
      ['GET', `/api/applications/${app.id}/reviews/response`, undefined],
      ['GET', `/api/applications/${app.id}/reviews/findings`, undefined],
      ['GET', `/api/applications/${app.id}/reviews/response.docx`, undefined],
      ['DELETE', `/api/applications/${app.id}/reviews/${first.body.imports[0].id}`, undefined],
    ] as const)
      expect((await t.api(method, url, { token: other.token, body }))?.status, `${method} ${url}`).toBe(404);
    const intact = (await t.api('GET', `/api/applications/${app.id}/reviews`, { token: owner.token })).body;
    expect(intact.critiques.find((c: any) => c.id === critique.id).status).toBe('planned');
  });
});
