import { unzipSync } from 'fflate';
import type { DocumentKind } from '../../adapters/text-extraction/text-extraction.ts';

/**
 * Content checks: a file is accepted only when its bytes are what its extension says. The client's
 * Content-Type is never consulted. Each check returns a reason for the log, or null when it passes.
 */

const PDF_MAGIC = Buffer.from('%PDF-');
const CFB_MAGIC = Buffer.from('d0cf11e0a1b11ae1', 'hex');
const ZIP_MAGIC = Buffer.from('504b0304', 'hex');

// A real .docx of a long application unpacks to a few MB (its pictures barely compress, so they
// unpack to about what the upload weighs); these bounds leave room and stop bombs. The extraction
// worker inflates every entry into a buffer of its declared size, so these sums bound its memory.
const ZIP_MAX_ENTRIES = 1000;
const ZIP_MAX_TOTAL_UNPACKED = 64 * 1024 * 1024;
const ZIP_MAX_ENTRY_RATIO = 200;
// The text itself: a 300-page application's word/document.xml is under 10 MB.
const DOCX_MAX_DOCUMENT_XML = 24 * 1024 * 1024;

export const CONTENT_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
};

export function checkFileContent(kind: DocumentKind, data: Buffer): string | null {
  if (data.length === 0) return 'empty file';
  switch (kind) {
    case 'pdf':
      return checkPdf(data);
    case 'doc':
      return data.subarray(0, 8).equals(CFB_MAGIC) ? null : 'not a CFB (Word 97-2003) container';
    case 'docx':
      return checkDocx(data);
    case 'txt':
      return checkText(data);
  }
}

function checkPdf(data: Buffer): string | null {
  if (!data.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return 'no %PDF- header';
  // A PDF ends with %%EOF (plus whitespace). A PDF/ZIP or PDF/HTML polyglot carries its second
  // format after it or lacks it; either way it is not the plain PDF this upload claims to be.
  const tail = data.subarray(Math.max(0, data.length - 1024)).toString('latin1');
  if (!/%%EOF\s*$/.test(tail)) return 'no %%EOF at the end';
  if (data.includes(Buffer.from('504b0506', 'hex'))) return 'contains a zip archive (polyglot)';
  return null;
}

function checkText(data: Buffer): string | null {
  if (data.includes(0)) return 'contains NUL bytes';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return 'not valid UTF-8';
  }
  return null;
}

class ZipRefused extends Error {}

/**
 * Reads the zip's central directory (declared sizes) without inflating anything, and refuses
 * bombs by entry count, total unpacked size and compression ratio. Inflating and parsing happen
 * in the extraction worker, off this thread.
 */
function checkDocx(data: Buffer): string | null {
  if (!data.subarray(0, 4).equals(ZIP_MAGIC)) return 'not a zip archive';
  let entries = 0;
  let total = 0;
  let hasDocument = false;
  try {
    unzipSync(data, {
      filter(file) {
        entries += 1;
        total += file.originalSize;
        if (entries > ZIP_MAX_ENTRIES) throw new ZipRefused('too many entries');
        if (total > ZIP_MAX_TOTAL_UNPACKED) throw new ZipRefused('unpacks too large (zip bomb)');
        if (
          file.originalSize > 1024 * 1024 &&
          file.originalSize / Math.max(file.size, 1) > ZIP_MAX_ENTRY_RATIO
        )
          throw new ZipRefused('compression ratio too high (zip bomb)');
        if (file.name.includes('..') || file.name.startsWith('/')) throw new ZipRefused('unsafe entry path');
        if (file.name === 'word/document.xml') {
          if (file.originalSize > DOCX_MAX_DOCUMENT_XML) throw new ZipRefused('word/document.xml too large');
          if (file.originalSize === 0) throw new ZipRefused('empty word/document.xml');
          hasDocument = true;
        }
        return false;
      },
    });
    if (!hasDocument) return 'no word/document.xml';
  } catch (err) {
    return err instanceof ZipRefused ? err.message : `unreadable zip: ${(err as Error).message}`;
  }
  return null;
}

/** Keeps the last path segment, only safe characters, at most 120 of them. Metadata only. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed
    .replace(/[\u0000-\u001f\u007f<>:"|?*\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .trim();
  if (cleaned.length <= 120) return cleaned || 'file';
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 120 - ext.length) + ext;
}

export function extensionOf(name: string): DocumentKind | null {
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  return ext === 'pdf' || ext === 'doc' || ext === 'docx' || ext === 'txt' ? ext : null;
}
