import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  AUTOMATION_EVENTS,
  PAID_WORK_CATALOGUE,
  PAID_WORK_KINDS,
  PRICED_WORKS,
  workLabel,
} from '@grantleaf/shared/paid-work-catalogue';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../index.ts';
import { automationEventSchema } from '../webhooks/webhook-event.ts';

/**
 * The paid-work catalogue (ADR 0811) and the kernel's works must name the same kinds: a kind in
 * the catalogue with no `definePaidWork`, a work whose kind is not in the catalogue, a work outside
 * a `<feature>.work.ts`, a job no module runs, a kind the ledger cannot name, or a label the web
 * cannot say in French each fail here.
 */

const MODULES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO = path.resolve(MODULES_DIR, '../../../..');

function productionSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return productionSources(full);
    return d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [full] : [];
  });
}

interface FoundWork {
  file: string;
  kind: string;
  job: { name: string };
}

async function works(): Promise<FoundWork[]> {
  const files = productionSources(MODULES_DIR).filter(
    (f) =>
      !f.endsWith(path.join('paid-work', 'paid-work.ts')) &&
      /definePaidWork\(/.test(fs.readFileSync(f, 'utf8')),
  );
  const found: FoundWork[] = [];
  for (const file of files) {
    const exported = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const value of Object.values(exported)) {
      const work = value as { spec?: { kind?: string }; job?: { name: string } };
      if (work?.spec?.kind && work.job) found.push({ file, kind: work.spec.kind, job: work.job });
    }
  }
  return found;
}

describe('the paid-work catalogue', () => {
  it('has one definePaidWork per kind, each in its <feature>.work.ts and run by a module', async () => {
    const all = await works();
    expect(all.map((w) => w.kind).sort()).toEqual([...PAID_WORK_KINDS].sort());
    for (const w of all) expect(path.basename(w.file), w.kind).toMatch(/\.work\.ts$/);
    const jobs = new Set(MODULES.flatMap((m) => m.jobs ?? []).map((j) => j.name));
    for (const w of all)
      expect(jobs.has(w.job.name), `${w.kind}: ${w.job.name} in a module's jobs`).toBe(true);
  });

  it('keeps no alias job files beside the works', () => {
    const aliases = productionSources(MODULES_DIR).filter(
      (f) => f.endsWith('.job.ts') && /=\s*\w+Work\.job;/.test(fs.readFileSync(f, 'utf8')),
    );
    expect(aliases).toEqual([]);
  });

  it('declares each automation event once, and the webhook schema accepts exactly those', () => {
    expect(new Set(AUTOMATION_EVENTS).size).toBe(AUTOMATION_EVENTS.length);
    for (const event of AUTOMATION_EVENTS)
      expect(automationEventSchema.shape.event.safeParse(event).success).toBe(true);
    expect(automationEventSchema.shape.event.options).toHaveLength(AUTOMATION_EVENTS.length);
  });

  it('names the work of every kind in the ledger', () => {
    // describeLedgerWork reads each kind's references; a kind it forgets shows a bare reference.
    const ledger = fs.readFileSync(path.join(MODULES_DIR, 'credits', 'ledger-work.ts'), 'utf8');
    for (const kind of PAID_WORK_KINDS) expect(ledger, kind).toContain(`ids('${kind}')`);
  });

  it('has every label in the web French catalogue', () => {
    const fr = JSON.parse(
      fs.readFileSync(path.join(REPO, 'apps/web/src/i18n/locales/fr.messages.json'), 'utf8'),
    ) as Record<string, string>;
    const labels = [
      ...PAID_WORK_KINDS.map((k) => PAID_WORK_CATALOGUE[k].label),
      ...PRICED_WORKS.map(workLabel),
    ];
    for (const label of labels) expect(fr[label], label).toBeTruthy();
  });
});
