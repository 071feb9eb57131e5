import { Worker } from 'node:worker_threads';
import mammoth from 'mammoth';
import WordExtractor from 'word-extractor';

export type DocumentKind = 'pdf' | 'doc' | 'docx' | 'txt';

export interface ExtractedText {
  text: string;
  pages?: number;
}

const PDF_TIMEOUT_MS = 30_000;
const PDF_MAX_PAGES = 1000;
// The analysis reads the text, and a model's context is finite: more than this is noise.
export const EXTRACTED_TEXT_MAX_CHARS = 500_000;

/** Extracts the plain text of an already-verified document. */
export async function extractDocumentText(kind: DocumentKind, data: Buffer): Promise<ExtractedText> {
  const result = await extractRaw(kind, data);
  const text = result.text
    // eslint-disable-next-line no-control-regex -- NUL bytes are exactly what is being removed
    .replace(/\u0000/g, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, EXTRACTED_TEXT_MAX_CHARS);
  return { ...result, text };
}

async function extractRaw(kind: DocumentKind, data: Buffer): Promise<ExtractedText> {
  switch (kind) {
    case 'txt':
      return { text: new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '') };
    case 'docx': {
      const { value } = await mammoth.extractRawText({ buffer: data });
      return { text: value };
    }
    case 'doc': {
      const doc = await new WordExtractor().extract(data);
      return { text: doc.getBody() };
    }
    case 'pdf':
      return extractPdfText(data);
  }
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (v: ExtractedText) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();

function pdfWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./pdf-text.worker.ts', import.meta.url));
  w.unref();
  w.on('message', (msg: { id: number; text?: string; pages?: number; error?: string }) => {
    const job = pending.get(msg.id);
    if (!job) return;
    pending.delete(msg.id);
    clearTimeout(job.timer);
    if (msg.error !== undefined) job.reject(new Error(`PDF text extraction failed: ${msg.error}`));
    else job.resolve({ text: msg.text ?? '', pages: msg.pages });
  });
  const failAll = (err: Error) => {
    worker = undefined;
    for (const [id, job] of pending) {
      clearTimeout(job.timer);
      job.reject(err);
      pending.delete(id);
    }
  };
  w.on('error', failAll);
  w.on('exit', () => failAll(new Error('PDF worker stopped')));
  worker = w;
  return w;
}

/** pdf.js in one long-lived worker thread; a stuck document is cut off by terminating it. */
export function extractPdfText(data: Buffer): Promise<ExtractedText> {
  const id = ++nextId;
  const w = pdfWorker();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error('PDF text extraction timed out'));
      void w.terminate();
    }, PDF_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    // A copy: the caller keeps its buffer, pdf.js takes ownership of this one.
    const copy = new Uint8Array(data);
    w.postMessage({ id, data: copy, maxPages: PDF_MAX_PAGES }, [copy.buffer]);
  });
}

/** Stops the worker (tests and shutdown). */
export async function stopTextExtraction(): Promise<void> {
  await worker?.terminate();
  worker = undefined;
}
