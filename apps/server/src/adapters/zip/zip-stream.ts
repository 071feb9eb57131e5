import { Zip, ZipDeflate } from 'fflate';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';

/**
 * A ZIP written as it is read (fflate, issue 29 §5): the account export and the SR&ED audit
 * package add their entries one by one, and each waits for a slow reader before the next file is
 * loaded, so a large download never sits whole in memory.
 */
export interface ZipStream {
  stream: Readable;
  /** Adds one entry, level-6 deflated (text shrinks well; PDFs and images stay nearly as they are). */
  add(path: string, data: Uint8Array | string): Promise<void>;
  /** Writes the central directory and ends the stream. */
  end(): void;
  /** Ends the download with an error (the client sees a broken transfer, not a partial ZIP). */
  fail(err: unknown): void;
  /** The client went away: load nothing more. */
  readonly closed: boolean;
}

export function zipStream(options: { mtime?: Date } = {}): ZipStream {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) return void out.destroy(err);
    out.write(chunk);
    if (final) out.end();
  });
  return {
    stream: out,
    async add(path, data) {
      const entry = new ZipDeflate(path, { level: 6 });
      if (options.mtime) entry.mtime = options.mtime;
      zip.add(entry);
      entry.push(typeof data === 'string' ? Buffer.from(data, 'utf8') : data, true);
      // The reader is slower than the disk: wait for it (or for the stream to close, when the
      // client went away) before the caller loads the next file.
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    },
    end: () => zip.end(),
    fail(err) {
      zip.terminate();
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    },
    get closed() {
      return out.destroyed;
    },
  };
}
