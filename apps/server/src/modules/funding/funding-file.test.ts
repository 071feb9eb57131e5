import { FUNDING_FILE_INLINE_MESSAGE } from '@grantleaf/shared/funding.schema';
import { SUBMISSION_MESSAGES } from '@grantleaf/shared/submissions.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocx, makeZipBombDocx, uploadFile } from '../../../test/documents.ts';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { until } from '../../../test/until.ts';

/**
 * Issue 15 §2: the funding finder took a PDF or Word file as a base64 data: URL in fileContent
 * and parsed it in its job, past every upload check; a zip bomb there crashed the server on every
 * retry. Now a file is uploaded first (POST /api/upload, its checks and its extraction) and named
 * by fileUrl; fileContent is plain text only.
 */
const REQUEST = {
  researchTopic: 'Microfluidic sepsis diagnostics',
  researchDetails: 'A point-of-care chip that detects sepsis markers in emergency rooms within 20 minutes.',
  teamProfile: 'Biomedical engineering lab at McGill: PI, two postdocs, a clinician partner.',
};

describe.each(DATABASES)('funding finder files on %s', (kind) => {
  let t: TestApp;
  const credits = async (token: string) => (await t.api('GET', '/api/me', { token })).body.credits as number;

  beforeAll(async () => {
    t = await startTestApp(kind, { WORKERS: 'on' });
  });
  afterAll(() => t.close());

  it('refuses a file sent inline as a data: URL with 400, charging nothing', async () => {
    const { token } = await registerUser(t);
    const before = await credits(token);
    const bomb = `data:application/vnd.openxmlformats-officedocument.wordprocessingml.document;base64,${makeZipBombDocx(40).toString('base64')}`;
    for (const fileContent of [bomb, '  DATA:text/plain;base64,aGVsbG8=']) {
      const res = await t.api('POST', '/api/funding-finder-requests', {
        token,
        body: { ...REQUEST, fileContent },
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(FUNDING_FILE_INLINE_MESSAGE);
    }
    expect(await credits(token)).toBe(before);
    expect((await t.api('GET', '/api/funding-finder-requests', { token })).body).toEqual([]);
  });

  it("reads the user's own upload by fileUrl: the text the upload's checks extracted", async () => {
    const { token } = await registerUser(t);
    const upload = await uploadFile(
      t.baseUrl,
      token,
      'pilot.docx',
      makeDocx(['Pilot: the chip flagged sepsis in 47 of 50 patients.']),
    );
    expect(upload.status).toBe(200);
    const res = await t.api('POST', '/api/funding-finder-requests', {
      token,
      body: { ...REQUEST, fileUrl: upload.body.fileUrl },
    });
    expect(res.status).toBe(201);
    expect(res.body.fileContent).toBe('Pilot: the chip flagged sepsis in 47 of 50 patients.');
    const [done] = await until(async () => {
      const list: any[] = (await t.api('GET', '/api/funding-finder-requests', { token })).body;
      return list[0]?.status === 'complete' && list;
    });
    expect(done.fundingResults.recommendations.length).toBeGreaterThan(0);
  });

  it("refuses someone else's upload, and a URL that is not an upload", async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const upload = await uploadFile(t.baseUrl, owner.token, 'mine.txt', Buffer.from('private notes'));
    const theirs = await t.api('POST', '/api/funding-finder-requests', {
      token: other.token,
      body: { ...REQUEST, fileUrl: upload.body.fileUrl },
    });
    expect(theirs.status).toBe(400);
    expect(theirs.body.message).toBe(SUBMISSION_MESSAGES.fileUrl);
    const outside = await t.api('POST', '/api/funding-finder-requests', {
      token: other.token,
      body: { ...REQUEST, fileUrl: 'http://169.254.169.254/x' },
    });
    expect(outside.status).toBe(400);
    expect(await credits(other.token)).toBe(1);
  });
});
