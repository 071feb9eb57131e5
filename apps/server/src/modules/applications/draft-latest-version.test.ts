import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, fundUser, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { generationRequest } from '../../../test/fixtures/generation-form.ts';
import { until } from '../../../test/until.ts';

// Issue 28 §1: one application, one latest version. The dashboard's DOCX and PDF of a generated
// draft serve what the editor saved; the draft as generated stays reachable as version 1.

const PROGRAM = 'ca-cihr-project-grant';
const EDIT = 'Edited in the editor: forty sensors on the Red River by month twelve.';

describe.each(DATABASES)('the dashboard export of an edited draft on %s', (kind) => {
  let t: TestApp;
  let tmp: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { WORKERS: 'on' });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'draft-latest-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const download = async (url: string, token: string) => {
    const res = await fetch(`${t.baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return { version: res.headers.get('x-application-version'), body: Buffer.from(await res.arrayBuffer()) };
  };
  const docxText = (body: Buffer) => strFromU8(unzipSync(new Uint8Array(body))['word/document.xml']!);
  const pdfText = (body: Buffer) => {
    const file = path.join(tmp, `${Math.random()}.pdf`);
    fs.writeFileSync(file, body);
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  };

  it('serves the editor’s latest version, and version 1 as generated', async () => {
    const { token, user } = await registerUser(t);
    await fundUser(t.database.db, user.id, 20);
    const gen = await t.api('POST', '/api/submissions', {
      token,
      body: generationRequest(PROGRAM),
    });
    expect(gen.status).toBe(201);
    await until(async () => {
      const s = await t.api('GET', `/api/submissions/${gen.body.id}`, { token });
      return s.body.status === 'completed';
    });
    const exportUrl = `/api/submissions/${gen.body.id}/export`;

    // Before any edit the dashboard serves the draft as generated: version 1.
    const before = await download(`${exportUrl}?format=docx`, token);
    expect(before.version).toBe('1');
    expect(docxText(before.body)).toContain('Requirement coverage');

    const app = (await t.api('GET', `/api/users/${user.id}/applications`, { token })).body.data[0];
    const detail = (await t.api('GET', `/api/applications/${app.id}`, { token })).body;
    const saved = await t.api('PUT', `/api/applications/${app.id}/sections`, {
      token,
      body: {
        baseVersion: detail.version,
        sections: [
          {
            id: detail.sections[0].id,
            doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: EDIT }] }] },
          },
        ],
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(2);

    const docx = await download(`${exportUrl}?format=docx`, token);
    expect(docx.version).toBe('2');
    expect(docxText(docx.body)).toContain(EDIT);
    const pdf = await download(`${exportUrl}?format=pdf`, token);
    expect(pdf.version).toBe('2');
    expect(pdfText(pdf.body)).toContain(EDIT);

    // The original draft stays reachable as version 1.
    const original = await download(`${exportUrl}?format=pdf&version=1`, token);
    expect(original.version).toBe('1');
    expect(pdfText(original.body)).not.toContain(EDIT);
    expect(pdfText(original.body)).toContain('Requirement coverage');
    const other = await t.api('GET', `${exportUrl}?format=pdf&version=2`, { token });
    expect(other.status).toBe(400);

    // Another user gets neither.
    const stranger = await registerUser(t);
    const foreign = await t.api('GET', `${exportUrl}?format=docx`, { token: stranger.token });
    expect(foreign.status).toBe(404);
  });
});
