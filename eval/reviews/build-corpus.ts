import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  extractDocumentText,
  stopTextExtraction,
} from '../../apps/server/src/adapters/text-extraction/text-extraction.ts';
import documents from './documents.json' with { type: 'json' };

/**
 * `npx tsx eval/reviews/build-corpus.ts --mirror DIR [--out DIR]`: rebuilds the reviewers' comments
 * of the critique labels from local git copies of their repositories (DIR holds `owner+name/repo`,
 * the layout the team's fetch tool writes), as `pdftotext` (poppler 22.12.0, default options) of
 * each PDF at its recorded commit, like eval/labels/build-corpus.ts. A document marked
 * `"extract": "upload"` is read instead by the product's own upload path (`extractDocumentText`,
 * pdf.js in the extraction child process): poppler cannot open some of its pages, and what the
 * product reads from an upload is what the parser must handle. A document marked `"extract": "text"`
 * is a text file (reviews an applicant published as Markdown) and is written as it is, as a paste
 * would give it. The eval names any document whose
 * labelled spans no longer match their sha256.
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
fs.mkdirSync(out, { recursive: true });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'review-corpus-'));

for (const doc of documents.documents) {
  // The fetch tool writes either a bare copy (`repo`) or a work-tree-less clone (`repo/.git`).
  const bare = path.join(mirror, doc.repo.replace('/', '+'), 'repo');
  const gitDir = fs.existsSync(path.join(bare, '.git')) ? path.join(bare, '.git') : bare;
  const pdf = path.join(work, `${doc.id}.pdf`);
  try {
    const bytes = execFileSync('git', ['--git-dir', gitDir, 'show', `${doc.commit}:${doc.path}`], {
      maxBuffer: 64 * 1024 * 1024,
    });
    if ('extract' in doc && doc.extract === 'text') {
      fs.writeFileSync(path.join(out, `${doc.id}.txt`), bytes);
    } else if ('extract' in doc && doc.extract === 'upload') {
      fs.writeFileSync(path.join(out, `${doc.id}.txt`), (await extractDocumentText('pdf', bytes)).text);
    } else {
      fs.writeFileSync(pdf, bytes);
      execFileSync('pdftotext', [pdf, path.join(out, `${doc.id}.txt`)]);
    }
    console.log(`${doc.id}: written`);
  } catch (error) {
    console.log(`${doc.id}: not built (${(error as Error).message.split('\n')[0]})`);
  }
}
fs.rmSync(work, { recursive: true, force: true });
// The extraction children end with this process; waiting on their exit leaves an await unsettled.
void stopTextExtraction();
