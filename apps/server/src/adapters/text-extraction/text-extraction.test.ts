import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { makeDocx, makePdf } from '../../../test/documents.ts';
import {
  makeLyingSizeDocx,
  makeManyParagraphsDocx,
  makeSectorCycleDoc,
} from '../../../test/security/hostile-documents.ts';
import { checkCfbChains } from './cfb-check.ts';
import {
  EXTRACTED_TEXT_MAX_CHARS,
  ExtractionLimitError,
  ExtractionRefusedError,
  extractDocumentText,
  extractionProcessIds,
  setExtractionLimits,
  stopTextExtraction,
} from './text-extraction.ts';

afterAll(() => stopTextExtraction());

describe('text extraction', () => {
  it('reads DOCX paragraphs and UTF-8 text, normalising whitespace', async () => {
    expect((await extractDocumentText('docx', makeDocx(['First paragraph.', 'Second & last.']))).text).toBe(
      'First paragraph.\n\nSecond & last.',
    );
    expect(
      (await extractDocumentText('txt', Buffer.from('\uFEFFline one  \r\nline two\n\n\n\nend'))).text,
    ).toBe('line one\nline two\n\nend');
  });

  // How fast is the bench's (pdf suite, beside pdftotext; brief §7: no targets in timed tests).
  // What this proves is where the work runs: in an extraction process, never in this one.
  it('extracts a 100-page PDF whole, in an extraction process', async () => {
    const pdf = await makePdf(
      Array.from(
        { length: 40 },
        (_, i) => `Line ${i}: objectives, methods, milestones, budget justification and training plan.`,
      ),
      100,
    );
    const { text, pages } = await extractDocumentText('pdf', pdf);
    expect(pages).toBe(100);
    expect(text).toContain('Line 39: objectives');
    const workers = extractionProcessIds();
    expect(workers.length).toBeGreaterThan(0);
    expect(workers).not.toContain(process.pid);
  });

  it('rejects a file pdf.js cannot open', async () => {
    await expect(extractDocumentText('pdf', Buffer.from('%PDF-1.4\nnot really\n%%EOF'))).rejects.toThrow(
      /PDF text extraction failed/,
    );
    // The worker survives a bad document.
    expect((await extractDocumentText('pdf', await makePdf(['still works']))).text).toContain('still works');
  });

  it('replaces a worker whose heap grew on large documents, and keeps extracting', async () => {
    const pdf = await makePdf(
      Array.from({ length: 40 }, (_, i) => `Row ${i}: a long enough line of words to parse.`),
      100,
    );
    await extractDocumentText('pdf', await makePdf(['warm']));
    const first = extractionProcessIds()[0];
    expect(first).toBeDefined();
    for (let i = 0; i < 8 && extractionProcessIds().includes(first!); i++) {
      // Two at once: a document sent while the worker is replaced goes to the new one.
      const [a, b] = await Promise.all([extractDocumentText('pdf', pdf), extractDocumentText('pdf', pdf)]);
      expect(a.pages).toBe(100);
      expect(b.text).toContain('Row 39');
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(extractionProcessIds()).not.toContain(first);
    expect((await extractDocumentText('pdf', await makePdf(['after the swap']))).text).toContain(
      'after the swap',
    );
  }, 120_000);
});

describe('text extraction limits (issue 15 §1)', () => {
  afterEach(() => setExtractionLimits());

  it('kills a worker that runs past the time limit, refuses the document and extracts the next one', async () => {
    await setExtractionLimits({ timeoutMs: 1500 });
    await extractDocumentText('txt', Buffer.from('warm'));
    const before = extractionProcessIds();
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const started = performance.now();
    // ~570 KB: mammoth took 1.7-2.5 s for 60,000 paragraphs on this machine type (2026-11-29), and
    // on a quiet machine 60,000 once finished inside the 1.5 s limit (a clean-clone CI failed on it):
    // 200,000 run well past the limit, however fast the machine.
    await expect(extractDocumentText('docx', makeManyParagraphsDocx(200_000))).rejects.toBeInstanceOf(
      ExtractionLimitError,
    );
    lag.disable();
    expect(performance.now() - started).toBeLessThan(8000);
    // The parse happened on another thread: this one never stalled for long.
    expect(lag.max / 1e6).toBeLessThan(1000);
    expect((await extractDocumentText('docx', makeDocx(['after the kill']))).text).toBe('after the kill');
    // The killed process is gone; a fresh one read the next document.
    expect(extractionProcessIds().length).toBeGreaterThan(0);
    expect(before.every((pid) => extractionProcessIds().includes(pid))).toBe(false);
  }, 60_000);

  it('kills a worker whose heap passes its limit', async () => {
    await setExtractionLimits({ heapMb: 64, timeoutMs: 60_000 });
    // 300,000 paragraphs: mammoth's document tree outgrows a 64 MB heap long before it is done.
    await expect(extractDocumentText('docx', makeManyParagraphsDocx(300_000))).rejects.toBeInstanceOf(
      ExtractionLimitError,
    );
    expect((await extractDocumentText('txt', Buffer.from('still here'))).text).toBe('still here');
  }, 120_000);

  it('refuses a Word 97-2003 file whose sector chain loops, before word-extractor follows it', async () => {
    const doc = makeSectorCycleDoc();
    expect(doc.length).toBe(2048);
    expect(checkCfbChains(doc)).toMatch(/loops/);
    await expect(extractDocumentText('doc', doc)).rejects.toBeInstanceOf(ExtractionRefusedError);
  });

  it('cuts a zip entry that inflates past its declared size', async () => {
    await expect(extractDocumentText('docx', makeLyingSizeDocx(40))).rejects.toThrow(
      /DOCX text extraction failed/,
    );
  }, 60_000);

  it('caps the text it hands back', async () => {
    const big = Buffer.from('word '.repeat(EXTRACTED_TEXT_MAX_CHARS / 2));
    expect((await extractDocumentText('txt', big)).text.length).toBe(EXTRACTED_TEXT_MAX_CHARS);
  });
});

describe('extraction shared fairly, memory capped as the OS counts it (issue 23 M-C)', () => {
  afterEach(() => setExtractionLimits());

  it("makes one user's slow documents delay another user's by at most one document", async () => {
    await setExtractionLimits({ timeoutMs: 2500 });
    const slow = makeManyParagraphsDocx(60_000);
    const order: string[] = [];
    // Six documents that each run until the time limit, from one user, as in the report.
    const heavy = Array.from({ length: 6 }, (_, i) =>
      extractDocumentText('docx', slow, 'user-a').then(
        () => order.push(`a${i}`),
        () => order.push(`a${i}`),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    const small = await extractDocumentText('txt', Buffer.from('A short note: 26 bytes.'), 'user-b');
    order.push('b');
    expect(small.text).toBe('A short note: 26 bytes.');
    await Promise.all(heavy);
    // One queue for everyone put it behind all six (last); now it goes as soon as a process is
    // free: after the two documents already being read when it came, at most.
    expect(order.indexOf('b'), order.join(' ')).toBeLessThanOrEqual(2);
    expect(order).toHaveLength(7);
  }, 120_000);

  it('kills a process whose resident memory passes the limit, whatever its heap', async () => {
    // A node process alone is resident above 30 MB: the OS-side limit fires, not the heap's.
    await setExtractionLimits({ rssMb: 30, timeoutMs: 60_000 });
    const started = performance.now();
    const refused = extractDocumentText('docx', makeManyParagraphsDocx(60_000), 'user-a');
    await expect(refused).rejects.toBeInstanceOf(ExtractionLimitError);
    await expect(refused).rejects.toThrow('text extraction used more than 30 MB of memory');
    expect(performance.now() - started).toBeLessThan(20_000);
    await setExtractionLimits();
    expect((await extractDocumentText('txt', Buffer.from('still here'), 'user-a')).text).toBe('still here');
  }, 60_000);
});
