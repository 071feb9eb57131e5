// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../test/kit.tsx';
import { downloadFile } from './download.ts';
import { setSessionId } from './session.ts';

describe('downloadFile goes through the API client (issue 29 §4)', () => {
  afterEach(() => setSessionId(null));

  it('sends the session and the language, and saves the file under the server’s name', async () => {
    setSessionId('session-1');
    const { calls } = stubApi({
      'GET /api/files/report': () =>
        new Response('%PDF-1.7', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="report.pdf"',
          },
        }),
    });
    const saved: string[] = [];
    // jsdom has no object URLs; the browser's would name the blob.
    URL.createObjectURL = () => 'blob:report';
    URL.revokeObjectURL = () => {};
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.href}`);
    });
    expect(await downloadFile('/api/files/report', 'fallback.pdf')).toBe('ok');
    expect(saved).toEqual(['report.pdf blob:report']);
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer session-1');
    expect(calls[0]!.headers.get('Accept-Language')).toBeTruthy();
    click.mockRestore();
  });

  it("says 'failed' for a refusal and 'error' when no answer came", async () => {
    stubApi({ 'GET /api/files/gone': () => json(404, { message: 'Not found' }) });
    expect(await downloadFile('/api/files/gone', 'x.pdf')).toBe('failed');
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await downloadFile('/api/files/gone', 'x.pdf')).toBe('error');
  });
});
