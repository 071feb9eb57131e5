import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const WORDS =
  'grant proposal budget outcome partner research community impact timeline evaluation milestone eligibility'.split(
    ' ',
  );

/** A text PDF of `pages` pages (about 45 lines of words each), written to dir. */
export async function writeTextPdf(dir: string, pages: number): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([612, 792]);
    for (let l = 0; l < 45; l++) {
      const line = Array.from({ length: 12 }, (_, w) => WORDS[(p * 7 + l * 3 + w) % WORDS.length]).join(' ');
      page.drawText(`${p + 1}.${l + 1} ${line}`, { x: 50, y: 750 - l * 15, size: 10, font });
    }
  }
  const file = fixturePath(dir, pages);
  fs.writeFileSync(file, await doc.save());
  return file;
}

/**
 * The same PDFs written by a child process, for a caller that measures its own memory: pdf-lib
 * holding a 300-page document grows a process by about 180 MB.
 */
export async function writeTextPdfsElsewhere(dir: string, sizes: number[]): Promise<string[]> {
  await run(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), dir, ...sizes.map(String)]);
  return sizes.map((pages) => fixturePath(dir, pages));
}

const run = promisify(execFile);
const fixturePath = (dir: string, pages: number) => path.join(dir, `bench-${pages}p.pdf`);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, ...sizes] = process.argv.slice(2);
  for (const pages of sizes) await writeTextPdf(dir!, Number(pages));
}
