import type { ClaimView } from '@grantleaf/shared/sred/sred.schema';
import { unzipSync } from 'fflate';
import { randomBytes } from 'node:crypto';
import { text as readAll } from 'node:stream/consumers';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { streamAuditPackage } from './audit-package.ts';
import { CLAIM_SETTINGS } from './sred.fixtures.ts';

const SETTINGS = { ...CLAIM_SETTINGS, defaultJurisdiction: 'ON' } as const;

const VIEW = {
  id: 'c1',
  settings: SETTINGS,
  projects: [
    {
      id: 'p1',
      title: 'Drift',
      fieldCode: '2.2.1',
      startDate: null,
      endDate: null,
      keyPersonnel: '',
      uncertainty: '',
      work: '',
      advancements: '',
      evidence: '',
      evidenceFiles: [],
      checks: [],
    },
  ],
  lines: [],
  time: [],
  grants: [],
  grantOffers: [],
  calculatorInput: null,
  result: null,
  resultError: 'no expenses',
} satisfies ClaimView;

const ref = (i: number) => ({
  projectId: 'p1',
  name: `scan-${i}.bin`,
  uploadedAt: '2025-03-02T00:00:00.000Z',
  sizeBytes: 1 << 16,
  sha256: `hash-${i}`,
  path: `evidence/01-Drift/scan-${i}.bin`,
});

describe('the audit-defence package streams (ADR 0662)', () => {
  it('loads one evidence file at a time, then writes the PDF that says which were read back', async () => {
    const files = Array.from({ length: 12 }, (_, i) => ref(i));
    let inFlight = 0;
    let most = 0;
    const { stream } = streamAuditPackage(
      VIEW,
      files,
      async (f) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 2));
        inFlight -= 1;
        // One file is gone from storage since it was attached.
        return f.name === 'scan-5.bin' ? undefined : randomBytes(1 << 16);
      },
      '2026-11-27',
    );
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    const zip = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    expect(most).toBe(1);
    expect(Object.keys(zip).filter((k) => k.startsWith('evidence/'))).toHaveLength(11);
    expect(zip['evidence/01-Drift/scan-5.bin']).toBeUndefined();
    expect(zip['evidence/01-Drift/scan-4.bin']).toHaveLength(1 << 16);
    const { text } = await extractText(new Uint8Array(zip['audit-defence.pdf']!), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(
      'file scan-5.bin · 65536 bytes · SHA-256 hash-5 · no longer stored: not in the ZIP',
    );
    expect(flat).toContain(
      'file scan-4.bin · 65536 bytes · SHA-256 hash-4 · in the ZIP at evidence/01-Drift/scan-4.bin',
    );
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(['expense-lines.csv', 'time-records.csv']));
  });

  it('stops loading files once the client has gone away', async () => {
    let loads = 0;
    const { stream } = streamAuditPackage(
      VIEW,
      Array.from({ length: 50 }, (_, i) => ref(i)),
      async () => {
        loads += 1;
        return randomBytes(1 << 16);
      },
      '2026-11-27',
    );
    // Nobody reads: the first file fills the buffer, then the client disconnects.
    await new Promise((r) => setTimeout(r, 50));
    stream.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(loads).toBeLessThan(5);
  });

  it('ends the stream with an error when a file cannot be read, never a silently short ZIP', async () => {
    const { stream } = streamAuditPackage(
      VIEW,
      [ref(0)],
      async () => {
        throw new Error('disk read failed');
      },
      '2026-11-27',
    );
    await expect(readAll(stream)).rejects.toThrow('disk read failed');
  });
});
