import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { writeTextPdfsElsewhere } from '../lib/pdf-fixture.ts';
import { skip, type Context, type Row } from '../lib/report.ts';
import { fmt, round, summarize } from '../lib/stats.ts';

const run = promisify(execFile);
export const EXTRACTOR = new URL(
  '../../apps/server/src/adapters/text-extraction/text-extraction.ts',
  import.meta.url,
);
export const PDFTOTEXT = '/usr/bin/pdftotext';

/** The app's PDF text extraction vs poppler's pdftotext, on 10/100/300-page PDFs made here. */
export async function pdfSuite(ctx: Context): Promise<Row[]> {
  if (!fs.existsSync(EXTRACTOR)) skip('no text extractor in apps/server/src/adapters/text-extraction/ yet');
  if (!fs.existsSync(PDFTOTEXT)) skip(`${PDFTOTEXT} not installed (apt-get install poppler-utils)`);
  const { extractDocumentText } = await import(EXTRACTOR.href);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grantleaf-bench-pdf-'));
  const rows: Row[] = [];
  try {
    const sizes = ctx.quick ? [2, 5, 10] : [10, 100, 300];
    // Written by a child process, so this process's RSS is the extractor's alone (it was not:
    // pdf-lib writing the 300-page fixture counted for ~180 MB of the former 393 MB).
    const files = await writeTextPdfsElsewhere(dir, sizes);
    const fixtures = new Map(
      sizes.map((pages, i) => [pages, { file: files[i]!, data: fs.readFileSync(files[i]!) }]),
    );
    // The extractor's worker thread starts on first use: warm it up outside the timings.
    await extractDocumentText('pdf', fixtures.get(sizes[0]!)!.data);
    // RSS of the whole process (the extractor's worker thread lives in it), peak over baseline.
    const rss0 = process.memoryUsage().rss;
    let rssPeak = rss0;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 10);
    for (const pages of sizes) {
      const { file, data } = fixtures.get(pages)!;
      const app: number[] = [];
      const poppler: number[] = [];
      let chars = 0;
      for (let i = 0; i < ctx.runs; i++) {
        let t0 = performance.now();
        const out = (await extractDocumentText('pdf', data)) as { text: string };
        app.push(performance.now() - t0);
        chars = out.text.length;
        t0 = performance.now();
        await run(PDFTOTEXT, [file, '-'], { maxBuffer: 64 * 1024 * 1024 });
        poppler.push(performance.now() - t0);
      }
      if (chars < pages * 100)
        throw new Error(`extractor returned only ${chars} characters for ${pages} pages`);
      const ratio = summarize(app.map((a, i) => a / poppler[i]!));
      rows.push({
        metric: `${pages}-page PDF extraction time`,
        candidate: fmt(summarize(app), ' ms'),
        baseline: `pdftotext ${fmt(summarize(poppler), ' ms')}`,
        target: '≤ 10× pdftotext',
        held: ratio.median <= 10,
        note: `ratio ${fmt(ratio)}`,
        data: { app: summarize(app), pdftotext: summarize(poppler), ratio, chars },
      });
      rows.push({
        metric: '  ratio to pdftotext',
        candidate: `${round(ratio.median)}× (${round(ratio.min)}–${round(ratio.max)})`,
        baseline: '1×',
        target: '≤ 10×',
        held: ratio.median <= 10,
      });
    }
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    const mb = (rssPeak - rss0) / 1e6;
    const endMb = (process.memoryUsage().rss - rss0) / 1e6;
    rows.push({
      metric: `RSS growth over all extractions (${sizes.length}×${ctx.runs})`,
      candidate: `${mb.toFixed(0)} MB`,
      baseline: `start ${(rss0 / 1e6).toFixed(0)} MB`,
      target: '≤ 300 MB',
      held: mb <= 300,
      note: `peak whole-process RSS over the RSS after warm-up; ${endMb.toFixed(0)} MB above it at the end`,
      data: { rssGrowthMb: mb, rssEndGrowthMb: endMb, rssStartMb: rss0 / 1e6 },
    });
    return rows;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
