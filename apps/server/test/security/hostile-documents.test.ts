import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_TOO_HEAVY,
  setExtractionLimits,
} from '../../src/adapters/text-extraction/text-extraction.ts';
import { makeDocx, makeZipBombDocx, refusalMessage, uploadFile } from '../documents.ts';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../harness.ts';
import {
  makeLyingSizeDocx,
  makeManyParagraphsDocx,
  makeSectorCycleDoc,
  makeTwoNamedDocx,
} from './hostile-documents.ts';

/**
 * Issue 15 §1: the hostile-document corpus uploaded in parallel while GET /api/health is probed
 * every 25 ms. Before the fix, mammoth parsed the 170 KB document on the request thread for ~18 s
 * (every probe waited behind it) and the 2 KB .doc made word-extractor allocate until the process
 * died. The property held here is liveness: every probe answered, and the API thread's event loop
 * never stalled for as long as one parse. The 100 ms latency figure is measured by
 * `npm run security:scan` on a quiet machine (a loaded 2-core CI box cannot promise it).
 */

describe.each(DATABASES)('hostile documents on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    // Shorter than production's 30 s so the corpus runs in seconds; the mechanism is the same.
    await setExtractionLimits({ timeoutMs: 3000, heapMb: 256 });
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
    await setExtractionLimits();
  });

  it('refuses the corpus while every health probe is answered and the API thread never stalls', async () => {
    const corpus: Array<{ name: string; data: Buffer; status: number[]; message: string }> = [
      {
        name: 'paragraphs-170k.docx',
        data: makeManyParagraphsDocx(60_000),
        // A fast quiet machine parses it inside the limit (CI did, stop 21): what is under test
        // is that it parses off the API thread, so it may be stored or refused, never stall.
        status: [200, 422],
        message: DOCUMENT_TOO_HEAVY,
      },
      // Past the time limit or the heap limit, whichever it reaches first on this machine.
      {
        name: 'paragraphs-850k.docx',
        data: makeManyParagraphsDocx(300_000),
        status: [422],
        message: DOCUMENT_TOO_HEAVY,
      },
      {
        name: 'sector-cycle.doc',
        data: makeSectorCycleDoc(),
        status: [400],
        message: refusalMessage('sector-cycle.doc'),
      },
      { name: 'bomb.docx', data: makeZipBombDocx(40), status: [400], message: refusalMessage('bomb.docx') },
      // Cut at its declared size: unreadable (400), or still inflating at the time limit (422).
      { name: 'lying-size.docx', data: makeLyingSizeDocx(16), status: [400, 422], message: '' },
      {
        name: 'second-document.docx',
        data: makeTwoNamedDocx(),
        status: [400],
        message: refusalMessage('second-document.docx'),
      },
    ];
    expect(corpus[0]!.data.length).toBeGreaterThan(150_000);
    expect(corpus[1]!.data.length).toBeGreaterThan(700_000);
    const stored = () =>
      fs.existsSync(path.join(t.env.dataDir, 'files'))
        ? fs.readdirSync(path.join(t.env.dataDir, 'files')).length
        : 0;
    const before = stored();
    // One account per document: the per-user upload limit is not what is under test.
    const tokens = await Promise.all(corpus.map(async () => (await registerUser(t)).token));

    const lag = monitorEventLoopDelay({ resolution: 10 });
    const probes: Array<{ status: number; ms: number }> = [];
    let uploading = true;
    const probing = (async () => {
      while (uploading) {
        const started = performance.now();
        const res = await fetch(`${t.baseUrl}/api/health`);
        await res.arrayBuffer();
        probes.push({ status: res.status, ms: performance.now() - started });
        await new Promise((r) => setTimeout(r, 25));
      }
    })();
    lag.enable();
    const results = await Promise.all(
      corpus.map((doc, i) => uploadFile(t.baseUrl, tokens[i], doc.name, doc.data)),
    );
    uploading = false;
    await probing;
    lag.disable();

    let accepted = 0;
    for (const [i, doc] of corpus.entries()) {
      expect(doc.status, doc.name).toContain(results[i]!.status);
      if (results[i]!.status === 200) {
        accepted += 1;
        continue;
      }
      expect(results[i]!.body.message, doc.name).toBe(
        doc.message || (results[i]!.status === 400 ? refusalMessage(doc.name) : DOCUMENT_TOO_HEAVY),
      );
    }
    // Nothing refused leaves a file behind.
    expect(stored()).toBe(before + accepted);
    // Liveness: the corpus took seconds, and health was answered all along.
    expect(probes.length).toBeGreaterThan(20);
    expect(probes.every((p) => p.status === 200)).toBe(true);
    // No probe waited behind a parse: the 170 KB document alone parses for >10 s on one thread.
    // (A loaded 2-core machine stalls a probe for a second or two now and then; not for 5.)
    const worst = Math.max(...probes.map((p) => p.ms));
    expect(worst).toBeLessThan(5000);
    expect(lag.max / 1e6).toBeLessThan(5000);
    const sorted = probes.map((p) => p.ms).sort((a, b) => a - b);
    console.info(
      `[hostile documents, ${kind}] ${probes.length} health probes: p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, ` +
        `p99 ${sorted[Math.floor(sorted.length * 0.99)]!.toFixed(1)} ms, max ${worst.toFixed(1)} ms; event-loop max ${(lag.max / 1e6).toFixed(1)} ms`,
    );

    // The processes that were killed were replaced: a real document still reads.
    const ok = await uploadFile(t.baseUrl, tokens[0], 'after.docx', makeDocx(['Still reading documents.']));
    expect(ok.status).toBe(200);
  }, 180_000);
});
