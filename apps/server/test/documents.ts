import { strToU8, zipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { SUBMISSION_MESSAGES, uploadContentRefusal } from '@grantleaf/shared/submissions.schema';
import { cleanFileName, extensionOf } from '../src/modules/uploads/file-kind.ts';

/** Real documents built in memory, for upload and extraction tests. */

export async function makePdf(lines: string[], pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage();
    lines.forEach((line, i) => page.drawText(line, { x: 40, y: 780 - i * 16, size: 10, font }));
  }
  return Buffer.from(await doc.save());
}

export function makeDocx(paragraphs: string[]): Buffer {
  const body = paragraphs
    .map(
      (p) =>
        `<w:p><w:r><w:t xml:space="preserve">${p.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</w:t></w:r></w:p>`,
    )
    .join('');
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
      ),
    }),
  );
}

/** A .docx whose one extra entry unpacks from a few KB to `megabytes` MB of zeros. */
export function makeZipBombDocx(megabytes: number): Buffer {
  const normal = makeDocx(['hello']);
  const bomb = zipSync(
    {
      'word/document.xml': strToU8('<w:document/>'),
      'word/media/zeros.bin': new Uint8Array(megabytes * 1024 * 1024),
    },
    { level: 9 },
  );
  return megabytes > 0 ? Buffer.from(bomb) : normal;
}

/** The first sector of a CFB (Word 97-2003) container: magic, then padding. */
export function makeCfbHeader(): Buffer {
  const b = Buffer.alloc(1536);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(b);
  return b;
}

export async function uploadFile(
  baseUrl: string,
  token: string | undefined,
  name: string,
  data: Buffer,
  type = 'application/octet-stream',
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const res = await fetch(`${baseUrl}/api/upload`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* keep text */
  }
  return { status: res.status, body };
}

/**
 * What the server answers for a refused upload: the spec's file-type text for a name it does not
 * take, the content refusal (issue 18 item 5) for an allowed name whose bytes do not match.
 */
export function refusalMessage(name: string): string {
  const kind = extensionOf(cleanFileName(name));
  return kind ? uploadContentRefusal(kind) : SUBMISSION_MESSAGES.fileType;
}
