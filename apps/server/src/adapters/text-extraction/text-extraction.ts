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
// pdf.js leaves a lot of garbage and V8 grows the worker's heap rather than collect it, and keeps
// it: after a few 100–300-page documents the heap stood at ~250 MB, half of it in use. Above this
// an idle worker is replaced by a fresh one (~40 MB). A heap limit (resourceLimits) instead made
// V8 collect so often that large documents took several times longer.
const PDF_WORKER_RECYCLE_HEAP_BYTES = 96 * 1024 * 1024;
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

interface PendingJob {
  resolve: (v: ExtractedText) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

/** The current worker; a replaced one finishes nothing more and its jobs are its own. */
let worker: { thread: Worker; pending: Map<number, PendingJob> } | undefined;
let nextId = 0;
let stopped = false;

function pdfWorker(): NonNullable<typeof worker> {
  if (worker) return worker;
  const current = { thread: new Worker(new URL('./pdf-text.worker.ts', import.meta.url)), pending: new Map<number, PendingJob>() };
  const { thread, pending } = current;
  thread.unref();
  thread.on('message', (msg: { id: number; text?: string; pages?: number; error?: string }) => {
    const job = pending.get(msg.id);
    if (!job) return;
    pending.delete(msg.id);
    clearTimeout(job.timer);
    if (msg.error !== undefined) job.reject(new Error(`PDF text extraction failed: ${msg.error}`));
    else job.resolve({ text: msg.text ?? '', pages: msg.pages });
    if (pending.size === 0) void recycleIfGrown(current);
  });
  const failAll = (err: Error) => {
    if (worker === current) worker = undefined;
    for (const [id, job] of pending) {
      clearTimeout(job.timer);
      job.reject(err);
      pending.delete(id);
    }
  };
  thread.on('error', failAll);
  thread.on('exit', () => failAll(new Error('PDF worker stopped')));
  worker = current;
  return current;
}

async function recycleIfGrown(current: NonNullable<typeof worker>): Promise<void> {
  const heap = await current.thread.getHeapStatistics().catch(() => undefined);
  if (!heap || heap.total_heap_size <= PDF_WORKER_RECYCLE_HEAP_BYTES) return;
  if (worker !== current || current.pending.size > 0) return;
  worker = undefined;
  await current.thread.terminate();
  // Started now, while nothing waits on it, so the next document does not pay pdf.js's load.
  if (!stopped) pdfWorker();
}

/** pdf.js in a worker thread, replaced when its heap grew; a stuck document is cut off by terminating it. */
export function extractPdfText(data: Buffer): Promise<ExtractedText> {
  stopped = false;
  const id = ++nextId;
  const { thread, pending } = pdfWorker();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error('PDF text extraction timed out'));
      void thread.terminate();
    }, PDF_TIMEOUT_MS);
    pending.set(id, { resolve, reject, timer });
    // A copy: the caller keeps its buffer, pdf.js takes ownership of this one.
    const copy = new Uint8Array(data);
    thread.postMessage({ id, data: copy, maxPages: PDF_MAX_PAGES }, [copy.buffer]);
  });
}

/** The thread that extracts PDFs now, if one is running (tests watch it being replaced). */
export const pdfWorkerThreadId = (): number | undefined => worker?.thread.threadId;

/** Stops the worker (tests and shutdown). */
export async function stopTextExtraction(): Promise<void> {
  stopped = true;
  const current = worker;
  worker = undefined;
  await current?.thread.terminate();
}
