import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASES } from '../../../test/harness.ts';
import { importGrantsGov, parseGrantsGovDate } from './grants-gov-import.ts';

const FIXTURE = new URL('../../../data/fixtures/grants-gov-extract.xml', import.meta.url).pathname;
const TODAY = '2026-11-22';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'grants-gov-'));

async function snapshot(db: Awaited<ReturnType<typeof createTestDatabase>>['database']) {
  const result = (await db.db.execute(
    sql`SELECT id, content_hash, updated_at::text AS updated_at, closed_at IS NOT NULL AS closed FROM grant_programs ORDER BY id`,
  )) as unknown as { rows: unknown[] };
  return result.rows;
}

describe.each(DATABASES)('Grants.gov importer on %s', (kind) => {
  let created: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    created = await createTestDatabase(kind);
  });
  afterAll(() => created.drop());

  it('loads the fixture extract, and a second run changes nothing', async () => {
    const progress: number[] = [];
    const first = await importGrantsGov(created.database.db, FIXTURE, {
      today: TODAY,
      onProgress: (p) => progress.push(p.records),
    });
    expect(first).toEqual({ records: 7, inserted: 7, updated: 0, unchanged: 0, skipped: 0 });
    expect(progress.at(-1)).toBe(7);
    const before = await snapshot(created.database);
    const second = await importGrantsGov(created.database.db, FIXTURE, { today: TODAY });
    expect(second).toEqual({ records: 7, inserted: 0, updated: 0, unchanged: 7, skipped: 0 });
    expect(await snapshot(created.database)).toEqual(before);
  });

  it('maps the record fields', async () => {
    const rows = (
      (await created.database.db.execute(
        sql`SELECT * FROM grant_programs WHERE source = 'grants.gov' ORDER BY id`,
      )) as unknown as {
        rows: Array<Record<string, any>>;
      }
    ).rows;
    const army = rows.find((r) => r.opportunity_number === 'W911NF-27-S-0001')!;
    expect(army).toMatchObject({
      id: 'grants-gov-W911NF-27-S-0001',
      agency: 'Dept. of the Army -- Materiel Command',
      program_type: 'contract',
      country: 'US',
      currency: 'USD',
      url: 'https://www.grants.gov/search-results-detail/358201',
    });
    expect(Number(army.funding_min)).toBe(50000);
    expect(Number(army.funding_max)).toBe(250000);
    expect(army.description).toBe(
      'The Army seeks uncooled infrared sensor arrays and tracking algorithms to detect small unmanned aircraft systems (UAS) for base protection.',
    );
    expect(army.eligibility).toMatch(
      /^Eligible applicants: Small businesses\. U\.S\. small business concerns/,
    );
    const r01 = rows.find((r) => r.opportunity_number === 'PA-25-303')!;
    expect(r01.eligibility).toContain(
      'Public and State controlled institutions of higher education; Private institutions of higher education',
    );
    expect(r01.notes).toContain('93.113, 93.121, 93.173');
    expect(r01.description).toContain('health-related areas & biomedical science');
    expect(r01.deadline_pattern).toContain('February 5, June 5 and October 5');
    expect(rows.some((r) => r.opportunity_number === 'USDA-RUS-FC-2027')).toBe(false);
    const career = rows.find((r) => r.opportunity_number === '25-502')!;
    expect(career.closed_at).not.toBeNull();
    const doe = rows.find((r) => r.opportunity_number === 'DE-FOA-0003412')!;
    expect(doe).toMatchObject({
      program_type: 'cooperative-agreement',
      deadline_pattern: 'No closing date published',
      closed_at: null,
    });
  });

  it('reads the same extract from a .zip', async () => {
    const zip = path.join(tmp, `extract-${kind}.zip`);
    fs.writeFileSync(
      zip,
      zipSync({ 'GrantsDBExtract20261122v2.xml': strToU8(fs.readFileSync(FIXTURE, 'utf8')) }),
    );
    const result = await importGrantsGov(created.database.db, zip, { today: TODAY });
    expect(result).toMatchObject({ records: 7, inserted: 0, updated: 0, unchanged: 7 });
  });

  it('updates a changed opportunity in place', async () => {
    const changed = path.join(tmp, `changed-${kind}.xml`);
    fs.writeFileSync(
      changed,
      fs
        .readFileSync(FIXTURE, 'utf8')
        .replace('<AwardCeiling>250000</AwardCeiling>', '<AwardCeiling>300000</AwardCeiling>'),
    );
    expect(await importGrantsGov(created.database.db, changed, { today: TODAY })).toMatchObject({
      inserted: 0,
      updated: 1,
      unchanged: 6,
    });
    expect(await importGrantsGov(created.database.db, FIXTURE, { today: TODAY })).toMatchObject({
      updated: 1,
    });
  });

  it('stops on malformed XML with the line number and leaves the catalogue unchanged', async () => {
    const before = await snapshot(created.database);
    const lines = fs.readFileSync(FIXTURE, 'utf8').split('\n');
    // A new record first (so the import has written something), then a broken tag further on.
    const extra = lines.slice(2, 27).join('\n').replaceAll('W911NF-27-S-0001', 'NEW-0001');
    const broken = [...lines.slice(0, 2), ...extra.split('\n'), ...lines.slice(2)];
    const badLine = broken.findIndex((l) => l.includes('<OpportunityTitle>Sustainable'));
    broken[badLine] = broken[badLine]!.replace('</OpportunityTitle>', '</OpportunityTitel>');
    const file = path.join(tmp, `broken-${kind}.xml`);
    fs.writeFileSync(file, broken.join('\n'));
    await expect(importGrantsGov(created.database.db, file, { today: TODAY })).rejects.toThrow(
      new RegExp(`line ${badLine + 1}\\b`),
    );
    expect(await snapshot(created.database)).toEqual(before);

    const truncated = path.join(tmp, `truncated-${kind}.xml`);
    fs.writeFileSync(truncated, fs.readFileSync(FIXTURE, 'utf8').slice(0, 3000));
    await expect(importGrantsGov(created.database.db, truncated, { today: TODAY })).rejects.toThrow(
      /Malformed XML at line \d+/,
    );
    expect(await snapshot(created.database)).toEqual(before);
  });
});

describe('Grants.gov importer', () => {
  it('reads MMDDYYYY dates', () => {
    expect(parseGrantsGovDate('03172027')).toBe('2027-03-17');
    expect(parseGrantsGovDate('2027-03-17')).toBe('2027-03-17');
    expect(parseGrantsGovDate('')).toBeNull();
    expect(parseGrantsGovDate('soon')).toBeNull();
  });
});

// The command opens its own embedded database whichever database the suite uses, so it runs once;
// a second run changing nothing is the in-process tests' to show.
describe('the import command', () => {
  it('runs as `npm run import:grants-gov -- <file>` and prints progress', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grants-gov-cli-'));
    const root = new URL('../../../../../', import.meta.url).pathname;
    const run = promisify(execFile);
    const { stdout } = await run('npm', ['run', '--silent', 'import:grants-gov', '--', FIXTURE], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    expect(stdout).toMatch(/7 opportunities read \(100% of the file\)/);
    expect(stdout).toMatch(/7 opportunities, 7 new, 0 updated, 0 unchanged/);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);
});
