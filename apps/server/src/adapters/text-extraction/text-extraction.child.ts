// Every parser of user files runs here, in a child process of the API: a hostile document can
// then cost this process its time and memory, never the API's (the pool kills it at its limits;
// ADR 0080 says why a process and not a worker thread). Plain erasable TypeScript, so Node runs
// it directly.
import { Unzip, unzipSync, zipSync } from 'fflate';
import mammoth from 'mammoth';
import { parse as parseCsv } from 'csv-parse/sync';
import { readSheet } from 'read-excel-file/node';
import { getDocumentProxy } from 'unpdf';
import WordExtractor from 'word-extractor';
import { checkCfbChains } from './cfb-check.ts';

type Kind = 'pdf' | 'doc' | 'docx' | 'txt' | 'csv' | 'xlsx';
export interface ExtractionRequest {
  id: number;
  kind: Kind;
  data: Uint8Array;
  maxChars: number;
  maxPages: number;
}
export interface ExtractionReply {
  id: number;
  text?: string;
  pages?: number;
  error?: string;
  /** The file is not a document that can be read safely (refused, not merely unreadable). */
  refused?: boolean;
  /** This process's V8 heap after the document: the pool replaces a grown one. */
  heapBytes: number;
}

class Refused extends Error {}

async function extract(request: ExtractionRequest): Promise<{ text: string; pages?: number }> {
  const { kind, data } = request;
  switch (kind) {
    case 'txt':
      return { text: new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '') };
    case 'docx': {
      const { value } = await mammoth.extractRawText({ buffer: storedCopy(data) });
      return { text: value };
    }
    case 'xlsx': {
      // An Excel workbook (SR&ED ledger and payroll imports, ADR 0661): its first sheet's rows as
      // JSON text cells, like the CSV case, read from the checked stored copy.
      const rows = await readSheet(storedCopy(data));
      // Blank rows stay, so row numbers match the sheet's; the importer skips them.
      return { text: JSON.stringify(rows.slice(0, request.maxPages + 1).map((row) => row.map(cellText))) };
    }
    case 'doc': {
      const loop = checkCfbChains(data);
      if (loop) throw new Refused(loop);
      const doc = await new WordExtractor().extract(
        Buffer.from(data.buffer, data.byteOffset, data.byteLength),
      );
      return { text: doc.getBody() };
    }
    case 'pdf':
      return extractPdf(request);
    case 'csv': {
      // A spreadsheet export (SR&ED ledger and payroll imports): its rows as JSON, at most
      // maxPages of them past the header (the caller reports the rest as refused, not lost).
      const text = new TextDecoder('utf-8', { fatal: true }).decode(data);
      const rows = parseCsv(text, {
        bom: true,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        to: request.maxPages + 1,
      }) as string[][];
      return { text: JSON.stringify(rows) };
    }
  }
}

/**
 * A zip's entries re-stored without compression, for readers whose own unzip inflates whatever an
 * entry's stream holds. fflate inflates each entry into a buffer of its declared size (checked
 * before the upload got here), so a stream that lies about its size is cut there.
 */
function storedCopy(data: Uint8Array): Buffer {
  const entries = unzipSync(data);
  // unzipSync names entries by the central directory, other readers by the local headers: a zip
  // whose two lists differ shows each reader a different document.
  const local: string[] = [];
  const headers = new Unzip((file) => local.push(file.name));
  headers.push(data, true);
  const central = Object.keys(entries);
  if (local.length !== central.length || local.some((name) => !(name in entries)))
    throw new Refused('local and central zip names differ');
  const stored = zipSync(entries, { level: 0 });
  return Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
}

/** A spreadsheet cell as the CSV import would have read it: dates as YYYY-MM-DD, numbers plain. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

async function extractPdf({ data, maxPages, maxChars }: ExtractionRequest) {
  const pdf = await getDocumentProxy(data);
  const pages = Math.min(pdf.numPages, maxPages);
  const parts: string[] = [];
  let chars = 0;
  // Pages past the text cap would be cut anyway: stop reading there.
  for (let i = 1; i <= pages && chars <= maxChars; i++) {
    const page = await pdf.getPage(i);
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
      .join('');
    parts.push(text);
    chars += text.length;
    page.cleanup();
  }
  await pdf.destroy();
  // A form feed between pages (as pdftotext writes it): readers that cite a page count them
  // (the guidelines checklist); the others read it as a line break.
  return { text: parts.join('\n\f\n'), pages: pdf.numPages };
}

function normaliseText(text: string, maxChars: number): string {
  return (
    text
      // Normalising only shrinks text: the cap's worth of it (twice, for collapsed blank lines) is enough.
      .slice(0, maxChars * 2)
      // eslint-disable-next-line no-control-regex -- NUL bytes are exactly what is being removed
      .replace(/\u0000/g, '')
      .replace(/\r\n?/g, '\n')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
      .slice(0, maxChars)
  );
}

process.on('message', async (request: ExtractionRequest) => {
  // The IPC channel hands a Uint8Array back as a Buffer; pdf.js accepts only the plain kind.
  request.data = new Uint8Array(request.data.buffer, request.data.byteOffset, request.data.byteLength);
  let reply: Omit<ExtractionReply, 'heapBytes'>;
  try {
    const { text, pages } = await extract(request);
    // Spreadsheet rows come back as JSON: normalising would cut or bend it.
    reply = {
      id: request.id,
      text: request.kind === 'csv' || request.kind === 'xlsx' ? text : normaliseText(text, request.maxChars),
      pages,
    };
  } catch (err) {
    reply = {
      id: request.id,
      error: err instanceof Error ? err.message : String(err),
      refused: err instanceof Refused,
    };
  }
  process.send?.({ ...reply, heapBytes: process.memoryUsage().heapTotal });
});
// The parsers are loaded: the pool may start the clock on a document now.
process.send?.('ready');
// The API went away: so does this process.
process.on('disconnect', () => process.exit(0));
