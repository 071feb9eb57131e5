import { strToU8, zipSync } from 'fflate';

/**
 * Hostile documents of issue 15 §1, made here so no binary corpus is checked in. Each passes the
 * cheap checks an upload gets on the request thread (magic bytes, zip directory sizes and ratios)
 * and attacks the parser behind them.
 */

/**
 * A .docx of `paragraphs` paragraphs of one pseudo-random word each: random enough to compress
 * only ~13:1 (well under the zip-bomb ratio), and mammoth spends seconds per 10,000 paragraphs.
 * 60,000 make ~170 KB, 300,000 ~850 KB.
 */
export function makeManyParagraphsDocx(paragraphs: number): Buffer {
  let seed = 1;
  const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff);
  const body: string[] = [];
  for (let i = 0; i < paragraphs; i++)
    body.push(`<w:p><w:r><w:t>${(next() % 100_000).toString(36)}</w:t></w:r></w:p>`);
  const xml = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body.join('')}</w:body></w:document>`;
  return Buffer.from(
    zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8(xml) }, { level: 9 }),
  );
}

/**
 * A 2 KB Word 97-2003 (CFB) file whose directory chain loops: sector 1 → 2 → 1. A reader that
 * follows chains without remembering them allocates until the process dies.
 */
export function makeSectorCycleDoc(): Buffer {
  const SECTOR = 512;
  const file = Buffer.alloc(SECTOR * 4, 0);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(file, 0);
  file.writeUInt16LE(0x3e, 24); // minor version
  file.writeUInt16LE(3, 26); // major version 3: 512-byte sectors
  file.writeUInt16LE(0xfffe, 28); // little-endian
  file.writeUInt16LE(9, 30); // sector shift
  file.writeUInt16LE(6, 32); // mini sector shift
  file.writeInt32LE(1, 44); // one FAT sector
  file.writeInt32LE(1, 48); // directory starts at sector 1
  file.writeUInt32LE(4096, 56); // mini stream cutoff
  file.writeInt32LE(-2, 60); // no mini FAT
  file.writeInt32LE(0, 64);
  file.writeInt32LE(-2, 68); // no DIFAT sectors
  file.writeInt32LE(0, 72);
  for (let i = 0; i < 109; i++) file.writeInt32LE(i === 0 ? 0 : -1, 76 + i * 4);
  const fat = SECTOR; // sector 0
  for (let i = 0; i < SECTOR / 4; i++) file.writeInt32LE(-1, fat + i * 4);
  file.writeInt32LE(-3, fat); // sector 0 holds the FAT
  file.writeInt32LE(2, fat + 4); // 1 → 2
  file.writeInt32LE(1, fat + 8); // 2 → 1: the loop
  return file;
}

/**
 * A .docx whose document.xml declares 1 KB in the zip directory but inflates to `megabytes` MB:
 * the directory checks pass; a reader that trusts the stream instead of the size is bombed.
 */
export function makeLyingSizeDocx(megabytes: number): Buffer {
  const name = 'word/document.xml';
  const honest = Buffer.from(
    zipSync(
      {
        '[Content_Types].xml': strToU8('<Types/>'),
        [name]: new Uint8Array(megabytes * 1024 * 1024).fill(0x20),
      },
      { level: 9 },
    ),
  );
  // Rewrite the uncompressed size of document.xml in its local header and central directory entry.
  const declared = 1024;
  for (let at = honest.indexOf(name); at >= 0; at = honest.indexOf(name, at + 1)) {
    const local = honest.readUInt32LE(at - 30) === 0x04034b50;
    if (local) honest.writeUInt32LE(declared, at - 30 + 22);
    else if (honest.readUInt32LE(at - 46) === 0x02014b50) honest.writeUInt32LE(declared, at - 46 + 24);
  }
  return honest;
}

/** A .docx whose local header names word/other.xml while the central directory says word/document.xml. */
export function makeTwoNamedDocx(): Buffer {
  const docx = Buffer.from(
    zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8('<w:document/>') }),
  );
  const at = docx.indexOf('word/document.xml');
  docx.write('word/other000.xml', at, 'latin1');
  return docx;
}
