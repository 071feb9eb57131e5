import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ExtractionReply, ExtractionRequest } from './text-extraction.child.ts';

export type DocumentKind = 'pdf' | 'doc' | 'docx' | 'txt';

export interface ExtractedText {
  text: string;
  pages?: number;
}

/** The answer to an upload whose document ran past a limit. */
export const DOCUMENT_TOO_HEAVY = 'This document could not be read in time. Try saving it as PDF.';

/** A document that took more time or memory than any real one does; its process was killed. */
export class ExtractionLimitError extends Error {}
/** A document whose structure cannot be read safely (a CFB sector chain that loops, …). */
export class ExtractionRefusedError extends Error {}

export interface ExtractionLimits {
  /** From the moment a process takes the document until its text is back. */
  timeoutMs: number;
  /** Each process's V8 heap (--max-old-space-size), in MB. */
  heapMb: number;
  /**
   * Each process's resident memory as the OS counts it, in MB: the heap limit leaves out buffers,
   * pdf.js's canvases and native allocations (children were seen at 1.2 GB with a 512 MB heap).
   */
  rssMb: number;
}

// A 300-page PDF takes about 2.5 s on a quiet machine; on a loaded one several times that.
const DEFAULT_LIMITS: ExtractionLimits = { timeoutMs: 30_000, heapMb: 512, rssMb: 768 };
// How often a busy process's resident memory is read (/proc/<pid>/statm, Linux).
const RSS_POLL_MS = 100;
const PAGE_BYTES = 4096;
let limits = DEFAULT_LIMITS;
const MAX_PAGES = 1000;
// One document per process; two keep one heavy document from making every upload wait.
const POOL_SIZE = Math.min(2, availableParallelism());
// pdf.js and mammoth leave a lot of garbage and V8 grows the heap rather than collect it, and
// keeps it: in a worker thread, after a few 100–300-page documents the heap stood at ~250 MB.
// Above this an idle process is replaced by a fresh one. The heap limit is far higher on
// purpose: near it V8 collects so often that large documents take several times longer.
const RECYCLE_HEAP_BYTES = 80 * 1024 * 1024;
// The analysis reads the text, and a model's context is finite: more than this is noise.
export const EXTRACTED_TEXT_MAX_CHARS = 500_000;
const CHILD = fileURLToPath(new URL('./text-extraction.child.ts', import.meta.url));

interface Job {
  id: number;
  /** Whose document it is: each owner has a queue of its own (see dispatch). */
  owner: string;
  kind: DocumentKind | 'csv' | 'xlsx';
  data: Buffer;
  maxPages?: number;
  resolve: (v: ExtractedText) => void;
  reject: (e: Error) => void;
}

interface Slot {
  child: ChildProcess;
  ready: boolean;
  job?: Job;
  timer?: NodeJS.Timeout;
  memoryWatch?: NodeJS.Timeout;
}

const slots = new Set<Slot>();
/**
 * One queue per owner, served in turn (issue 23 M-C): one user's six slow PDFs used to make
 * another user's 26-byte .txt wait 93 s behind them in a single queue. Now a newcomer's document
 * goes next, so it waits at most for one document already being read.
 */
const queues = new Map<string, Job[]>();
let nextId = 0;
let stopped = false;
const queuedCount = () => [...queues.values()].reduce((n, q) => n + q.length, 0);

/** The next document, taking owners in turn (a Map keeps insertion order; the served owner goes last). */
function nextJob(): Job | undefined {
  for (const [owner, list] of queues) {
    const job = list.shift();
    queues.delete(owner);
    if (list.length > 0) queues.set(owner, list);
    if (job) return job;
  }
  return undefined;
}

/**
 * Extracts the plain text of an already-verified document in a pool of child processes, the
 * owners' documents taken in turn. A document that runs past the time limit, the heap limit or the
 * resident-memory limit gets its process killed (a fresh one takes its place) and rejects with
 * ExtractionLimitError.
 */
export function extractDocumentText(
  kind: DocumentKind,
  data: Buffer,
  /** Whose document: the user's id (one queue each); documents without an owner share one. */
  owner = '',
): Promise<ExtractedText> {
  stopped = false;
  return new Promise((resolve, reject) => {
    const list = queues.get(owner) ?? [];
    list.push({ id: ++nextId, owner, kind, data, resolve, reject });
    queues.set(owner, list);
    dispatch();
  });
}

/**
 * Parses a spreadsheet, CSV or Excel (SR&ED ledger and payroll imports, ADRs 0341, 0661), in the
 * same pool, with the same time and memory limits and the same per-user turn-taking: the rows as
 * arrays of cells (an Excel workbook's first sheet), the header first, at most `maxRows` rows after it.
 */
export function parseTableRows(
  data: Buffer,
  kind: 'csv' | 'xlsx',
  owner: string,
  maxRows: number,
): Promise<string[][]> {
  stopped = false;
  return new Promise<ExtractedText>((resolve, reject) => {
    const list = queues.get(owner) ?? [];
    list.push({ id: ++nextId, owner, kind, data, maxPages: maxRows, resolve, reject });
    queues.set(owner, list);
    dispatch();
  }).then((r) => JSON.parse(r.text) as string[][]);
}

/** Resident memory of a process in bytes, as the OS counts it; undefined where /proc is absent. */
function residentBytes(pid: number): number | undefined {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_BYTES;
  } catch {
    return undefined;
  }
}

function dispatch(): void {
  const idle = () => [...slots].filter((s) => !s.job).length;
  while (slots.size < POOL_SIZE && queuedCount() > idle()) startChild();
  while (queuedCount() > 0) {
    const slot = [...slots].find((s) => s.ready && !s.job);
    if (!slot) return;
    const job = nextJob()!;
    slot.job = job;
    slot.timer = setTimeout(
      () => kill(slot, new ExtractionLimitError(`text extraction took longer than ${limits.timeoutMs} ms`)),
      limits.timeoutMs,
    );
    const pid = slot.child.pid;
    if (pid !== undefined)
      slot.memoryWatch = setInterval(() => {
        const rss = residentBytes(pid);
        if (rss !== undefined && rss > limits.rssMb * 1024 * 1024)
          kill(slot, new ExtractionLimitError(`text extraction used more than ${limits.rssMb} MB of memory`));
      }, RSS_POLL_MS);
    const request: ExtractionRequest = {
      id: job.id,
      kind: job.kind,
      data: job.data,
      maxChars: EXTRACTED_TEXT_MAX_CHARS,
      maxPages: job.maxPages ?? MAX_PAGES,
    };
    // Held open while a document is out, so a caller awaiting it is not left behind.
    slot.child.channel?.ref();
    slot.child.send(request);
  }
}

function startChild(): Slot {
  const child = fork(CHILD, [], {
    execPath: process.execPath,
    execArgv: [`--max-old-space-size=${limits.heapMb}`],
    // Structured clone: the document goes over as bytes, not as JSON of a Buffer.
    serialization: 'advanced',
    // A fatal out-of-memory report from V8 would land in the API's log as plain text.
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  const slot: Slot = { child, ready: false };
  // Started for a queued document: held open until it has one; see finish().
  child.unref();
  child.on('message', (reply: ExtractionReply | 'ready') => {
    if (reply === 'ready') {
      slot.ready = true;
      dispatch();
      if (!slot.job) child.channel?.unref();
      return;
    }
    const job = slot.job;
    if (!job || job.id !== reply.id) return;
    finish(slot);
    if (reply.error === undefined) job.resolve({ text: reply.text ?? '', pages: reply.pages });
    else if (reply.refused) job.reject(new ExtractionRefusedError(reply.error));
    else job.reject(new Error(`${job.kind.toUpperCase()} text extraction failed: ${reply.error}`));
    if (reply.heapBytes > RECYCLE_HEAP_BYTES) kill(slot);
    else dispatch();
  });
  // A process past its heap limit dies of it (V8 aborts): that is the memory limit working.
  child.on('exit', (code, signal) =>
    kill(slot, new ExtractionLimitError(`text extraction process ended (${signal ?? code})`)),
  );
  child.on('error', (err) =>
    kill(slot, new ExtractionLimitError(`text extraction process failed: ${err.message}`)),
  );
  slots.add(slot);
  return slot;
}

function finish(slot: Slot): Job | undefined {
  const job = slot.job;
  // An idle process keeps nothing alive: the API can stop without stopping it first.
  slot.child.channel?.unref();
  clearTimeout(slot.timer);
  clearInterval(slot.memoryWatch);
  slot.job = undefined;
  slot.timer = undefined;
  slot.memoryWatch = undefined;
  return job;
}

/** Ends a process and fails its document, if it had one; the queue moves on to a fresh process. */
function kill(slot: Slot, reason?: Error): void {
  if (!slots.delete(slot)) return;
  const job = finish(slot);
  if (job) job.reject(reason ?? new Error('text extraction stopped'));
  slot.child.kill('SIGKILL');
  if (!stopped) dispatch();
}

/** Shorter limits for tests of hostile documents; called with nothing, the defaults again. */
export async function setExtractionLimits(next: Partial<ExtractionLimits> = {}): Promise<void> {
  limits = { ...DEFAULT_LIMITS, ...next };
  // Processes are started with their heap limit: the running ones go.
  await stopTextExtraction();
}

/** The processes extracting now (tests watch them being replaced). */
export const extractionProcessIds = (): number[] => [...slots].map((s) => s.child.pid!);

/** Stops the processes (tests and shutdown); documents queued later start new ones. */
export async function stopTextExtraction(): Promise<void> {
  stopped = true;
  const running = [...slots];
  await Promise.all(
    running.map((slot) => {
      const exited = new Promise((resolve) => slot.child.once('exit', resolve));
      kill(slot, new Error('text extraction stopped'));
      return slot.child.exitCode !== null || slot.child.signalCode !== null ? undefined : exited;
    }),
  );
}
