import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDocx, makePdf } from '../../../test/documents.ts';
import { extractDocumentText, pdfWorkerThreadId, stopTextExtraction } from './text-extraction.ts';

afterAll(() => stopTextExtraction());

describe('text extraction', () => {
  it('reads DOCX paragraphs and UTF-8 text, normalising whitespace', async () => {
    expect((await extractDocumentText('docx', makeDocx(['First paragraph.', 'Second & last.']))).text).toBe('First paragraph.\n\nSecond & last.');
    expect((await extractDocumentText('txt', Buffer.from('\uFEFFline one  \r\nline two\n\n\n\nend'))).text).toBe('line one\nline two\n\nend');
  });

  it('extracts a 100-page PDF in under 5 s off the main thread', async () => {
    const pdf = await makePdf(
      Array.from({ length: 40 }, (_, i) => `Line ${i}: objectives, methods, milestones, budget justification and training plan.`),
      100,
    );
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const started = performance.now();
    const { text, pages } = await extractDocumentText('pdf', pdf);
    const ms = performance.now() - started;
    lag.disable();
    expect(pages).toBe(100);
    expect(text).toContain('Line 39: objectives');
    expect(ms).toBeLessThan(5000);
    // pdf.js parses in the worker thread: this thread's event loop never stalls for long.
    expect(lag.max / 1e6).toBeLessThan(250);
  });

  it('rejects a file pdf.js cannot open', async () => {
    await expect(extractDocumentText('pdf', Buffer.from('%PDF-1.4\nnot really\n%%EOF'))).rejects.toThrow(/PDF text extraction failed/);
    // The worker survives a bad document.
    expect((await extractDocumentText('pdf', await makePdf(['still works']))).text).toContain('still works');
  });

  it('replaces a worker whose heap grew on large documents, and keeps extracting', async () => {
    const pdf = await makePdf(Array.from({ length: 40 }, (_, i) => `Row ${i}: a long enough line of words to parse.`), 100);
    await extractDocumentText('pdf', await makePdf(['warm']));
    const first = pdfWorkerThreadId();
    expect(first).toBeDefined();
    for (let i = 0; i < 8 && pdfWorkerThreadId() === first; i++) {
      // Two at once: a document sent while the worker is replaced goes to the new one.
      const [a, b] = await Promise.all([extractDocumentText('pdf', pdf), extractDocumentText('pdf', pdf)]);
      expect(a.pages).toBe(100);
      expect(b.text).toContain('Row 39');
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(pdfWorkerThreadId()).not.toBe(first);
    expect((await extractDocumentText('pdf', await makePdf(['after the swap']))).text).toContain('after the swap');
  }, 120_000);
});
