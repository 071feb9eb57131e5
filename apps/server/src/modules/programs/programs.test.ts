import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestApp, type TestApp } from '../../../test/harness.ts';
import { readSeedPrograms } from './program-seed.ts';
import { findOpenPrograms, SEARCH_RESULT_CAP } from './programs.repository.ts';
import { createProgramsService } from './programs.service.ts';

const today = () => new Date().toISOString().slice(0, 10);
// The curated catalogue as committed (issue 14: at least 100 once complete).
const SEEDED = readSeedPrograms().length;

describe.each(DATABASES)('grant-program catalogue on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('seeds every checked record once; a second seed changes nothing', async () => {
    const list = await t.api('GET', '/api/grant-programs');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(SEEDED);
    expect(list.headers.get('x-total-count')).toBe(String(SEEDED));
    const again = await createProgramsService({ db: t.database.db }).seedCatalogue();
    expect(again).toMatchObject({ inserted: 0, updated: 0, total: SEEDED });
  });

  it('never answers with curation notes or confidence remarks, even with details', async () => {
    for (const path of [
      '/api/grant-programs',
      '/api/grant-programs?include=details',
      '/api/grant-programs?q=NSERC&include=details',
    ]) {
      const { body } = await t.api('GET', path);
      for (const p of body) {
        expect(p).not.toHaveProperty('notes');
        expect(p).not.toHaveProperty('confidence');
      }
      expect(JSON.stringify(body)).not.toMatch(
        /unconfirmed|not retrieved|older (page|template|source)|sources checked|secondary source|not re-verified/i,
      );
    }
  });

  it('rolls recurring programs forward: never closed, projected dates marked expected', async () => {
    const { body } = await t.api('GET', '/api/grant-programs?include=details');
    const discovery = body.find((p: any) => p.id === 'ca-nserc-discovery-grants');
    // Its published 2027-competition dates (Aug and Nov 2026) have passed; the next cycle is projected.
    expect(discovery.closed).toBe(false);
    expect(discovery.deadline >= today()).toBe(true);
    expect(discovery).toMatchObject({
      deadlineExpected: true,
      deadlineLabel: expect.stringMatching(/^(Notification of intent|Full application)$/),
    });
    expect(discovery.upcomingDeadlines.map((d: any) => d.label)).toContain('Notification of intent');
    expect(discovery.eligibilityRules).toMatchObject({ countries: ['CA'], excludedFields: ['health'] });
    for (const p of body.filter((x: any) => x.deadlineRule?.kind === 'recurring')) {
      expect(p.closed, p.id).toBe(false);
      expect(p.deadline >= today(), p.id).toBe(true);
    }
    // Continuous intake says so instead of a date; a fixed competition is never "Rolling intake".
    expect(body.find((p: any) => p.id === 'ca-nrc-irap')).toMatchObject({
      deadline: null,
      intake: 'Continuous intake',
    });
    for (const p of body.filter((x: any) => x.deadlineRule?.kind === 'fixed'))
      expect(p.intake, p.id).not.toBe('Rolling intake');
  });

  it('returns the spec fields, with sources and a future or Closed deadline', async () => {
    const { body } = await t.api('GET', '/api/grant-programs');
    for (const p of body) {
      expect(p).toMatchObject({
        id: expect.any(String),
        name: expect.any(String),
        agency: expect.any(String),
        jurisdiction: expect.any(String),
        programType: expect.any(String),
        fundingRange: expect.any(String),
      });
      expect(p.sources.length).toBeGreaterThan(0);
      expect(p.requiredSections).toBeUndefined();
      if (p.deadline && !p.closed) expect(p.deadline >= today()).toBe(true);
      if (p.deadline && p.deadline < today()) expect(p.closed).toBe(true);
    }
    const career = body.find((p: any) => p.id === 'us-nsf-career');
    // The fourth Wednesday of July, after the published 2026-07-22.
    expect(new Date(`${career.deadline}T12:00:00Z`).getUTCDay()).toBe(3);
    expect(career.deadline.slice(5, 7)).toBe('07');
    expect(career.deadline > '2026-07-22').toBe(true);
    const irap = body.find((p: any) => p.id === 'ca-nrc-irap');
    expect(irap).toMatchObject({ deadline: null, closed: false, programType: 'contribution' });
    expect(irap.deadlinePattern).toEqual(expect.any(String));
    const sred = body.find((p: any) => p.id === 'ca-sred-federal-itc');
    expect(sred).toMatchObject({
      programType: 'tax-credit',
      fundingRange: expect.stringContaining('2,100,000'),
    });
    const missions = body.find((p: any) => p.id === 'ca-nserc-alliance-missions');
    expect(missions).toMatchObject({
      closed: true,
      intake: expect.stringMatching(/^Archived by the funder/),
    });
    // Issue 25 §3: a program its funder paused is closed, says so, and is never offered as open.
    expect(body.find((p: any) => p.id === 'ca-pacifican-bsp')).toMatchObject({
      closed: true,
      deadline: null,
      intake: 'Not taking applications (since the intake that closed 22 September 2023)',
    });
    expect(body.find((p: any) => p.id === 'ca-cfi-innovation-fund').intake).toMatch(
      /^Competition every 24 to 30 months; next not announced/,
    );
    const open = await findOpenPrograms(t.database.db, { source: 'seed' });
    expect(open.map((p) => p.id)).not.toContain('ca-pacifican-bsp');
    expect(open.map((p) => p.id)).toContain('ca-nrc-irap');
  });

  it('adds sections and criteria with include=details', async () => {
    const { body } = await t.api('GET', '/api/grant-programs?include=details');
    const discovery = body.find((p: any) => p.id === 'ca-nserc-discovery-grants');
    expect(discovery.requiredSections.length).toBeGreaterThan(2);
    expect(discovery.criteria[0]).toMatchObject({
      name: 'Excellence of the researcher',
      weight: expect.any(Number),
    });
  });

  it("carries the funder's application template with details, and null where none is on file", async () => {
    const { body } = await t.api('GET', '/api/grant-programs?include=details&pageSize=100&q=NIH');
    const r01 = body.find((p: any) => p.id === 'us-nih-r01');
    expect(r01.applicationTemplate.sections.map((s: any) => s.header)).toContain('Specific Aims');
    expect(r01.applicationTemplate.scale).toMatchObject({ min: 1, max: 9, lowerIsBetter: true });
    expect(r01.applicationTemplate.criteria[0].elements[0]).toMatchObject({
      label: expect.any(String),
      expects: expect.any(String),
    });
    const neh = await t.api('GET', '/api/grant-programs?include=details&q=NEH');
    expect(neh.body.find((p: any) => p.id === 'us-neh-fellowships').applicationTemplate).toBeNull();
    expect(neh.body.find((p: any) => p.id === 'us-neh-dha').applicationTemplate.sections).toEqual([]);
    const list = await t.api('GET', '/api/grant-programs?q=NIH');
    expect(list.body[0]).not.toHaveProperty('applicationTemplate');
  });

  it('searches by full text, ranked, and filters', async () => {
    const cihr = await t.api('GET', '/api/grant-programs?q=health%20research');
    expect(cihr.status).toBe(200);
    expect(cihr.body.slice(0, 5).map((p: any) => p.id)).toContain('ca-cihr-project-grant');

    const sbir = await t.api('GET', '/api/grant-programs?q=SBIR&jurisdiction=US&pageSize=50');
    expect(sbir.body.length).toBeGreaterThanOrEqual(5);
    expect(sbir.body.every((p: any) => p.country === 'US')).toBe(true);

    const ontario = await t.api('GET', '/api/grant-programs?jurisdiction=CA-ON');
    expect(ontario.body.map((p: any) => p.id)).toEqual(
      expect.arrayContaining(['ca-on-innovation-tax-credit', 'ca-on-oci-vip']),
    );
    expect(ontario.body.every((p: any) => p.region === 'CA-ON')).toBe(true);

    // Issue 28 item 11: NSERC in Ontario finds no Ontario program, and says how many federal ones match.
    const nserc = await t.api('GET', '/api/grant-programs?q=NSERC&jurisdiction=CA-ON&page=1&pageSize=5');
    expect(nserc.body).toEqual([]);
    expect(Number(nserc.headers.get('x-federal-matches'))).toBeGreaterThanOrEqual(2);
    const i2i = await t.api(
      'GET',
      '/api/grant-programs?q=Idea%20to%20Innovation&jurisdiction=CA-ON&page=1&pageSize=5',
    );
    expect(Number(i2i.headers.get('x-federal-matches'))).toBeGreaterThanOrEqual(1);
    // Every word of a longer query must match: "Innovation" alone does not bring the Ontario
    // Innovation Tax Credit in (the typo pass matched on the query's best word).
    expect(i2i.body.map((p: any) => p.id)).not.toContain('ca-on-innovation-tax-credit');
    const federalI2i = await t.api('GET', '/api/grant-programs?q=Idea%20to%20Innovation&page=1&pageSize=5');
    expect(federalI2i.body[0]?.name).toBe('NSERC Idea to Innovation (I2I) grants');
    // Not said where federal programs are already in the list.
    expect(
      (await t.api('GET', '/api/grant-programs?q=NSERC&jurisdiction=CA&page=1&pageSize=5')).headers.has(
        'x-federal-matches',
      ),
    ).toBe(false);

    const tax = await t.api('GET', '/api/grant-programs?programType=tax-credit&pageSize=100');
    expect(tax.body.length).toBeGreaterThanOrEqual(5);
    expect(tax.body.every((p: any) => p.programType === 'tax-credit')).toBe(true);

    const big = await t.api('GET', '/api/grant-programs?minAmount=5000000&pageSize=100');
    expect(big.body.every((p: any) => (p.fundingMax ?? p.fundingMin) >= 5_000_000)).toBe(true);
    expect(big.body.map((p: any) => p.id)).toContain('ca-strategic-innovation-fund');

    const soon = await t.api('GET', '/api/grant-programs?deadlineWithinDays=90&pageSize=100');
    const limit = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    expect(soon.body.length).toBeGreaterThan(0);
    expect(soon.body.every((p: any) => p.deadline && p.deadline >= today() && p.deadline <= limit)).toBe(
      true,
    );
  });

  it('pages with X-Total-Count', async () => {
    const first = await t.api('GET', '/api/grant-programs?page=1&pageSize=10');
    const lastPage = Math.ceil(SEEDED / 10);
    const last = await t.api('GET', `/api/grant-programs?page=${lastPage}&pageSize=10`);
    expect(first.body).toHaveLength(10);
    expect(last.body).toHaveLength(SEEDED - (lastPage - 1) * 10);
    expect(first.headers.get('x-total-count')).toBe(String(SEEDED));
  });

  it('tolerates typos through trigram matching', async () => {
    const res = await t.api('GET', '/api/grant-programs?q=Mitaks%20Acelerate');
    expect(res.status).toBe(200);
    expect(res.body[0]?.id).toBe('ca-mitacs-accelerate');
    const res2 = await t.api('GET', '/api/grant-programs?q=sshrc%20insigt');
    expect(res2.body.map((p: any) => p.id)).toContain('ca-sshrc-insight-grants');
  });

  it('counts a text search exactly up to the cap', async () => {
    const res = await t.api('GET', '/api/grant-programs?q=SBIR&pageSize=2');
    expect(res.body).toHaveLength(2);
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(5);
    expect(Number(res.headers.get('x-total-count'))).toBeLessThan(SEEDED);
    expect(res.headers.get('x-total-capped')).toBeNull();
  });

  it('ranks a broad query over bounded candidates: name matches first, capped total, pages that agree', async () => {
    const db = t.database.db;
    const insert = (prefix: string, n: number, name: string, description: string) =>
      db.execute(sql`
        INSERT INTO grant_programs (id, source, name, agency, jurisdiction, country, region, program_type, currency, description, content_hash)
        SELECT ${prefix} || lpad(i::text, 5, '0'), 'grants.gov', ${name} || ' ' || i, 'Broad Test Agency', 'Federal', 'US', 'US', 'grant', 'USD', ${description}, md5(i::text)
        FROM generate_series(1, ${n}::int) AS i`);
    try {
      // Sorted by id, the 1,500 description matches come before the name matches: the name
      // matches must still be found and ranked first.
      await insert(
        'broadtest-a-',
        SEARCH_RESULT_CAP + 500,
        'Plain program',
        'Supports work on zeolites and other things.',
      );
      await insert('broadtest-z-', 30, 'Zeolites Initiative', 'Supports work.');
      const first = await t.api('GET', '/api/grant-programs?q=zeolites&pageSize=20');
      expect(first.status).toBe(200);
      expect(first.headers.get('x-total-count')).toBe(String(SEARCH_RESULT_CAP));
      expect(first.headers.get('x-total-capped')).toBe('true');
      expect(first.body).toHaveLength(20);
      expect(first.body.every((p: any) => p.name.startsWith('Zeolites Initiative'))).toBe(true);
      const second = await t.api('GET', '/api/grant-programs?q=zeolites&page=2&pageSize=20');
      const ids = [...first.body, ...second.body].map((p: any) => p.id);
      expect(new Set(ids).size).toBe(40);
      expect(second.body.slice(0, 10).every((p: any) => p.name.startsWith('Zeolites Initiative'))).toBe(true);
      expect(second.body.slice(10).every((p: any) => p.name.startsWith('Plain program'))).toBe(true);
      // The last page stops at the cap; past it there is nothing.
      const last = await t.api(
        'GET',
        `/api/grant-programs?q=zeolites&page=${SEARCH_RESULT_CAP / 40}&pageSize=40`,
      );
      expect(last.body).toHaveLength(40);
      const past = await t.api(
        'GET',
        `/api/grant-programs?q=zeolites&page=${SEARCH_RESULT_CAP / 40 + 1}&pageSize=40`,
      );
      expect(past.status).toBe(200);
      expect(past.body).toEqual([]);
      expect(past.headers.get('x-total-count')).toBe(String(SEARCH_RESULT_CAP));
      // A typo that matches broadly is capped the same way.
      const typo = await t.api('GET', '/api/grant-programs?q=Plain%20programm&pageSize=5');
      expect(typo.headers.get('x-total-capped')).toBe('true');
      expect(typo.body).toHaveLength(5);
      expect(typo.body.every((p: any) => p.name.startsWith('Plain program'))).toBe(true);
    } finally {
      await db.execute(sql`DELETE FROM grant_programs WHERE id LIKE 'broadtest-%'`);
    }
  });

  it('refuses unknown filters and values with 400', async () => {
    for (const query of [
      'jurisdiction=Mars',
      'programType=gift',
      'include=everything',
      'color=blue',
      'pageSize=1000',
      'deadlineWithinDays=-1',
      'minAmount=lots',
    ]) {
      const res = await t.api('GET', `/api/grant-programs?${query}`);
      expect(res.status, query).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const injection = await t.api(
      'GET',
      `/api/grant-programs?q=${encodeURIComponent("'); DROP TABLE grant_programs;--")}`,
    );
    expect(injection.status).toBe(200);
    expect((await t.api('GET', '/api/grant-programs')).body).toHaveLength(SEEDED);
  });

  it('rolls a recurring program past its dates forward instead of closing it', async () => {
    const db = t.database.db;
    await db.execute(
      sql`UPDATE grant_programs SET next_deadlines = ARRAY['2020-01-01']::date[], projected_deadlines = '{}', content_hash = 'edited' WHERE id = 'us-nih-r01'`,
    );
    const service = createProgramsService({ db });
    expect((await service.refreshClosedPrograms()).closed).toBe(0);
    const { body } = await t.api('GET', '/api/grant-programs');
    const r01 = body.find((p: any) => p.id === 'us-nih-r01');
    expect(r01).toMatchObject({ closed: false, deadlineExpected: true, deadlineLabel: 'New application' });
    expect(r01.deadline >= today()).toBe(true);
    expect((await service.seedCatalogue()).updated).toBe(1);
  });

  it('marks programs without a rule closed once their last date passes, and reopens them on a new date', async () => {
    const db = t.database.db;
    await db.execute(
      sql`UPDATE grant_programs SET next_deadlines = ARRAY['2020-01-01']::date[], projected_deadlines = '{}', deadline_rule = NULL, content_hash = 'edited' WHERE id = 'us-nih-r21'`,
    );
    const service = createProgramsService({ db });
    expect((await service.refreshClosedPrograms()).closed).toBe(1);
    const { body } = await t.api('GET', '/api/grant-programs');
    expect(body.find((p: any) => p.id === 'us-nih-r21')).toMatchObject({
      closed: true,
      deadline: '2020-01-01',
    });
    await db.execute(
      sql`UPDATE grant_programs SET next_deadlines = ARRAY['2099-01-01']::date[] WHERE id = 'us-nih-r21'`,
    );
    expect((await service.refreshClosedPrograms()).reopened).toBe(1);
    // The seed step restores the record as published.
    expect((await service.seedCatalogue()).updated).toBe(1);
  });
});

describe('seed file', () => {
  it('refuses a record that does not fit the schema', async () => {
    const fs = await import('node:fs');
    const path = `/tmp/programs-bad-${process.pid}.json`;
    const records = JSON.parse(
      fs.readFileSync(new URL('../../../data/programs.json', import.meta.url), 'utf8'),
    );
    records.find((r: { id: string }) => r.id === 'ca-nserc-i2i').fundingMax = 'a lot';
    fs.writeFileSync(path, JSON.stringify(records));
    expect(() => readSeedPrograms(path)).toThrow(/ca-nserc-i2i: fundingMax/);
    fs.unlinkSync(path);
  });
});
