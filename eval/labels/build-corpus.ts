import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mammoth from 'mammoth';
import documents from './documents.json' with { type: 'json' };

/**
 * `npx tsx eval/labels/build-corpus.ts --mirror DIR [--out DIR]`: rebuilds the third-party texts
 * of the element label set (and of proposals.json) from local git copies of their repositories.
 * DIR holds one bare copy per repository as `owner+name/repo` (the layout the team's fetch tool
 * writes). Each text is `pdftotext` (poppler 22.12.0, default options) of the PDF at the recorded
 * commit; a different poppler may break lines differently, and the eval then names the documents
 * whose passages no longer match their recorded sha256. A `.docx` (heldout4's K99, whose aims and
 * strategy exist only as Word files) is read with mammoth's raw-text reader, the one the server
 * uses for uploads, so a paragraph is one line and paragraphs are separated by a blank line. A path
 * `archive.zip!member` (heldout5's USDA fellowship, kept only inside a zip) is that member of the
 * archive, read with `unzip -p`. A LaTeX or literate-Haskell source (`.tex`, `.lhs`: heldout6's NSF
 * proposal and GRFP statements, which exist only as sources) is kept as it is, a paste of the
 * source with its markup. A Word file published under a `.pdf` name (heldout6's Getahun proposal)
 * is recognised by its zip signature and read with mammoth like any `.docx`.
 * `--only id,…` rebuilds just those documents.
 */
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const mirror = option('--mirror');
if (!mirror) throw new Error('--mirror DIR is required (see the comment at the top of this file)');
const out = path.resolve(
  option('--out') ?? path.join(import.meta.dirname, '..', '..', '..', 'shared', 'eval-corpus'),
);
const only = option('--only')?.split(',');
fs.mkdirSync(out, { recursive: true });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'eval-corpus-'));

for (const doc of documents.documents) {
  if (only && !only.includes(doc.id)) continue;
  // The fetch tool writes a bare copy (`repo`) or, for some repositories, a checkout (`repo/.git`).
  const copy = path.join(mirror, doc.repo.replace('/', '+'), 'repo');
  const gitDir = fs.existsSync(path.join(copy, '.git')) ? path.join(copy, '.git') : copy;
  const pdf = path.join(work, `${doc.id}.pdf`);
  const target = path.join(out, `${doc.id}.txt`);
  try {
    const [file, member] = doc.path.split('!') as [string, string | undefined];
    let bytes = execFileSync('git', ['--git-dir', gitDir, 'show', `${doc.commit}:${file}`], {
      maxBuffer: 1 << 30,
    });
    if (member) {
      const archive = path.join(work, `${doc.id}.zip`);
      fs.writeFileSync(archive, bytes);
      bytes = execFileSync('unzip', ['-p', archive, member], { maxBuffer: 1 << 30 });
    }
    // A Word file is a zip archive ("PK"), whatever its name says.
    const isWord = doc.path.endsWith('.docx') || (!member && bytes.subarray(0, 2).toString() === 'PK');
    if (/\.(tex|lhs)$/.test(doc.path)) {
      fs.writeFileSync(target, bytes);
    } else if (isWord) {
      fs.writeFileSync(target, (await mammoth.extractRawText({ buffer: bytes })).value);
    } else {
      fs.writeFileSync(pdf, bytes);
      execFileSync('pdftotext', [pdf, target]);
    }
    console.log(`${doc.id}: written`);
  } catch (error) {
    console.log(`${doc.id}: not built (${(error as Error).message.split('\n')[0]})`);
  }
}
fs.rmSync(work, { recursive: true, force: true });
