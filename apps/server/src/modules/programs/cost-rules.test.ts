import fs from 'node:fs';
import { costRuleSchema, costRulesFileSchema } from '@grantleaf/shared/cost-rules.schema';
import {
  costShareRequest,
  fixedRateIndirect,
  indirectCostBase,
  isEquipment,
  modularYear,
  shareOfCosts,
  unitsFor,
  withinLimit,
} from '@grantleaf/shared/cost-rules';
import { describe, expect, it } from 'vitest';
import { COST_RULES_FILE, costRulesFor, loadCostRules, rulesOfKind } from './cost-rules.ts';
import { SEED_FILE } from './program-seed.ts';

const raw = JSON.parse(fs.readFileSync(COST_RULES_FILE, 'utf8'));
const catalogueIds = new Set(
  (JSON.parse(fs.readFileSync(SEED_FILE, 'utf8')) as { id: string }[]).map((p) => p.id),
);

/** The one rule of a kind a program records; fails the test when there is not exactly one. */
function only<K extends Parameters<typeof rulesOfKind>[1]>(programId: string, kind: K) {
  const rules = rulesOfKind(programId, kind);
  expect(rules, `${programId} ${kind}`).toHaveLength(1);
  return rules[0]!;
}

describe('cost-rules.json', () => {
  it('parses against the schema', () => {
    expect(() => costRulesFileSchema.parse(raw)).not.toThrow();
  });

  it('names only programs of the catalogue, in the catalogue currency', () => {
    const catalogue = new Map(
      (JSON.parse(fs.readFileSync(SEED_FILE, 'utf8')) as { id: string; currency: string }[]).map((p) => [
        p.id,
        p.currency,
      ]),
    );
    for (const [id, program] of Object.entries(loadCostRules().programs)) {
      expect(catalogueIds.has(id), id).toBe(true);
      expect(program.currency, id).toBe(catalogue.get(id));
    }
  });

  it('gives every rule a source and the date it was read; an unverified rule says what to check', () => {
    for (const [id, program] of Object.entries(loadCostRules().programs)) {
      for (const rule of program.rules) {
        expect(rule.source, id).toMatch(/^https?:\/\//);
        expect(rule.read, id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (!rule.verified) expect(rule.note, `${id} ${rule.kind}`).toBeTruthy();
      }
    }
  });

  it('refuses a rule without a source, and an unverified rule without a note', () => {
    const rule = raw.programs['ca-nserc-discovery-grants'].rules[0];
    const file = (r: unknown) => ({
      version: 1,
      programs: { 'example-program': { name: 'Example', currency: 'CAD', rules: [r] } },
    });
    expect(costRulesFileSchema.safeParse(file(rule)).success).toBe(true);
    const { source: _source, ...unsourced } = rule;
    expect(costRulesFileSchema.safeParse(file(unsourced)).success).toBe(false);
    const { note: _note, ...bare } = rule;
    expect(costRulesFileSchema.safeParse(file({ ...bare, verified: false })).success).toBe(false);
    expect(costRulesFileSchema.safeParse(file({ ...rule, read: '27 Nov 2026' })).success).toBe(false);
  });

  it('verifies rules for at least 25 programs (issue 26 §2, ADR 0630), 62 rules in all (ADR 0891)', () => {
    const programs = Object.values(loadCostRules().programs);
    const verified = programs.filter((p) => p.rules.some((r) => r.verified));
    expect(verified.length).toBeGreaterThanOrEqual(25);
    expect(programs.flatMap((p) => p.rules).filter((r) => r.verified).length).toBeGreaterThanOrEqual(62);
  });

  it('verifies a rule only on the funder’s own page; the ones no funder page states stay "check with the funder" (ADR 0891)', () => {
    const rules = loadCostRules().programs;
    // Alliance Society: NSERC's own pages state the 100 % and the $500,000 a year.
    for (const rule of rules['ca-nserc-alliance-society']!.rules) {
      expect(rule.verified, rule.kind).toBe(true);
      expect(new URL(rule.source).hostname).toMatch(/(^|\.)nserc-crsng\.gc\.ca$/);
    }
    // Searched again on 2026-11-28: consultancy, aggregator and university pages only.
    const unconfirmed: [string, (r: { kind: string }) => boolean][] = [
      ['ca-nrc-irap', () => true],
      ['us-nsf-sbir-sttr-phase-1', () => true],
      ['us-dod-sbir-sttr', () => true],
      ['ca-strategic-innovation-fund', (r) => r.kind === 'share_of_costs'],
      ['ca-nfrf-exploration', (r) => r.kind === 'indirect'],
    ];
    for (const [id, which] of unconfirmed) {
      const picked = rules[id]!.rules.filter(which);
      expect(picked.length, id).toBeGreaterThan(0);
      for (const rule of picked) {
        expect(rule.verified, `${id} ${rule.kind}`).toBe(false);
        expect(rule.note, `${id} ${rule.kind}`).toBeTruthy();
      }
    }
  });

  it('is the only place a cost rule is stated (ADR 0451): no other data file or code carries one', () => {
    // Names the old places used for money rules, and the shapes a cost rule takes.
    const COST_KEYS =
      /^(costShare|budgetCap|contributionOfEligibleCosts|applicantShare|maxShare|funderPerPartnerDollar|moduleSize|indirectRate)$/;
    const found: string[] = [];
    const walk = (value: unknown, at: string) => {
      if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${at}[${i}]`));
      else if (value && typeof value === 'object')
        for (const [k, v] of Object.entries(value)) {
          if (COST_KEYS.test(k)) found.push(`${at}.${k}`);
          walk(v, `${at}.${k}`);
        }
    };
    const dataDir = new URL('../../../data/', import.meta.url);
    const files = fs.readdirSync(dataDir).filter((f) => f.endsWith('.json') && f !== 'cost-rules.json');
    expect(files).toEqual(expect.arrayContaining(['program-sections.json', 'programs.json']));
    for (const f of files) walk(JSON.parse(fs.readFileSync(new URL(f, dataDir), 'utf8')), f);
    expect(found).toEqual([]);

    // The program rules the sections file still states (go/no-go, EDI, training) name no money or share.
    const sections = JSON.parse(fs.readFileSync(new URL('program-sections.json', dataDir), 'utf8'));
    for (const [id, entry] of Object.entries<{ rules?: Record<string, string> }>(sections.programs))
      for (const text of Object.values(entry.rules ?? {}))
        expect(text, id).not.toMatch(/\$\s?\d|\b\d+(?:\.\d+)?\s?%|\b\d:\d\b/);

    // No amount only a cost rule states (a cap such as $305,000 or $314,363) is written in the code;
    // round amounts (limits of field lengths, credits) are too common to tell apart.
    const odd = new Set<number>();
    for (const program of Object.values(loadCostRules().programs))
      for (const rule of program.rules)
        for (const n of [
          rule.kind === 'limit' ? rule.max : undefined,
          rule.kind === 'limit' ? rule.min : undefined,
        ])
          if (n !== undefined && n >= 100_000 && n % 50_000 !== 0) odd.add(n);
    expect(odd.size).toBeGreaterThan(2);
    const code = (dir: URL): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? code(new URL(`${e.name}/`, dir))
          : // The landing page's demo rows and plan limits (e.g. 125,000 emails a month) are not rules.
            /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|^marketing[-.](content|constants)\.ts$/.test(e.name)
            ? [fs.readFileSync(new URL(e.name, dir), 'utf8')]
            : [],
      );
    const sources = [
      ...code(new URL('../../', import.meta.url)),
      ...code(new URL('../../../../../packages/shared/src/', import.meta.url)),
    ];
    expect(sources.length).toBeGreaterThan(100);
    for (const n of odd) {
      const written = new RegExp(
        `(?<![\\d,_])(?:${n}|${n.toLocaleString('en-US')}|${n.toLocaleString('en-US').replace(/,/g, '_')})(?![\\d,_])`,
      );
      expect(
        sources.some((s) => written.test(s)),
        `${n} is written in the code`,
      ).toBe(false);
    }
  });

  it('returns null for a program without rules', () => {
    expect(costRulesFor('not-a-program')).toBeNull();
  });
});

describe('the rules at their boundaries', () => {
  it('NIH modular: $250,000 direct a year is modular (10 modules), $250,001 is not', () => {
    const rule = only('us-nih-r01', 'modular');
    expect(modularYear(250_000, rule)).toEqual({ modular: true, modules: 10, requested: 250_000 });
    expect(modularYear(250_001, rule).modular).toBe(false);
    expect(modularYear(225_001, rule)).toEqual({ modular: true, modules: 10, requested: 250_000 });
    expect(modularYear(50_000, only('us-nih-r03', 'modular')).modules).toBe(2);
  });

  it('NIH R03: $50,000 direct a year is within the limit, $50,001 is not', () => {
    const rule = only('us-nih-r03', 'limit');
    expect(withinLimit(50_000, rule)).toBe(true);
    expect(withinLimit(50_001, rule)).toBe(false);
  });

  it('NIH R21: $275,000 direct over the project and $200,000 in a year, inclusive', () => {
    const [project, year] = ['per_project', 'per_year'].map((scope) =>
      rulesOfKind('us-nih-r21', 'limit').find((r) => r.scope === scope)!,
    );
    expect([withinLimit(275_000, project!), withinLimit(275_001, project!)]).toEqual([true, false]);
    expect([withinLimit(200_000, year!), withinLimit(200_001, year!)]).toEqual([true, false]);
  });

  it('SSHRC Insight Development: $7,000 to $75,000 inclusive', () => {
    const rule = only('ca-sshrc-insight-development-grants', 'limit');
    expect(withinLimit(6_999, rule)).toBe(false);
    expect(withinLimit(7_000, rule)).toBe(true);
    expect(withinLimit(75_000, rule)).toBe(true);
    expect(withinLimit(75_001, rule)).toBe(false);
  });

  it('NSERC Alliance Advantage: 2:1 on partner cash only, $20,000 to $1M a year', () => {
    const share = only('ca-nserc-alliance-advantage', 'cost_share');
    expect(share.counts).toEqual(['partner_cash']);
    expect(costShareRequest(50_000, share)).toBe(100_000);
    const limit = only('ca-nserc-alliance-advantage', 'limit');
    expect(withinLimit(costShareRequest(9_999, share), limit)).toBe(false);
    expect(withinLimit(costShareRequest(10_000, share), limit)).toBe(true);
    expect(withinLimit(costShareRequest(500_000, share), limit)).toBe(true);
    expect(withinLimit(costShareRequest(500_001, share), limit)).toBe(false);
  });

  it('NRC IRAP: 80% of salaries, 50% of contractor fees, both unverified', () => {
    const [salaries, contractors] = ['personnel', 'subcontracts'].map((c) =>
      rulesOfKind('ca-nrc-irap', 'share_of_costs').find((r) => r.category === c)!,
    );
    expect(shareOfCosts(100_000, salaries!)).toBe(80_000);
    expect(shareOfCosts(100_000, contractors!)).toBe(50_000);
    expect(shareOfCosts(1, salaries!)).toBe(0);
    expect([salaries!.verified, contractors!.verified]).toEqual([false, false]);
  });

  it('Mitacs Accelerate: $7,500 of partner cash buys one $15,000 unit, $7,499 none', () => {
    const rule = only('ca-mitacs-accelerate', 'unit');
    expect(unitsFor(7_500, rule)).toEqual({ units: 1, funder: 7_500, total: 15_000 });
    expect(unitsFor(7_499, rule).units).toBe(0);
    expect(unitsFor(22_500, rule)).toEqual({ units: 3, funder: 22_500, total: 45_000 });
  });

  it('tri-agency programs pay no indirect costs', () => {
    for (const id of ['ca-nserc-discovery-grants', 'ca-sshrc-insight-grants', 'ca-cihr-project-grant'])
      expect(only(id, 'indirect').treatment, id).toBe('not_paid');
  });

  it('SSHRC and NSERC programs read on their own pages: each limit on both sides (issue 26 item 5)', () => {
    const connection = only('ca-sshrc-connection-grants', 'limit');
    expect([withinLimit(6_999, connection), withinLimit(7_000, connection)]).toEqual([false, true]);
    // No firm maximum: a well-justified outreach request above $50,000 can be considered.
    expect(withinLimit(60_000, connection)).toBe(true);
    const pdg = only('ca-sshrc-partnership-development-grants', 'limit');
    expect([74_999, 75_000, 200_000, 200_001].map((n) => withinLimit(n, pdg))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    const pg = only('ca-sshrc-partnership-grants', 'limit');
    expect([withinLimit(2_500_000, pg), withinLimit(2_500_001, pg)]).toEqual([true, false]);
    const rti = only('ca-nserc-rti', 'limit');
    expect([withinLimit(150_000, rti), withinLimit(150_001, rti)]).toEqual([true, false]);
    for (const id of [
      'ca-sshrc-connection-grants',
      'ca-sshrc-partnership-development-grants',
      'ca-sshrc-partnership-grants',
      'ca-nserc-rti',
    ]) {
      expect(only(id, 'limit').verified, id).toBe(true);
      expect(only(id, 'indirect').treatment, id).toBe('not_paid');
    }
  });

  it('NSF equipment threshold: an item of $5,000 is equipment, $4,999 is supplies; unverified', () => {
    for (const id of ['us-nsf-standard-research-grant', 'us-nsf-career']) {
      const rule = only(id, 'equipment_threshold');
      expect([isEquipment(4_999, rule), isEquipment(5_000, rule), isEquipment(5_001, rule)], id).toEqual([
        false,
        true,
        true,
      ]);
      expect(rule.verified, id).toBe(false);
      expect(rule.note, id).toMatch(/PAPPG/);
    }
  });

  it('NSF participant support: outside the indirect-cost base, rebudgeted only with approval; unverified', () => {
    for (const id of ['us-nsf-standard-research-grant', 'us-nsf-career']) {
      const rule = only(id, 'category_terms');
      expect(rule).toMatchObject({
        category: 'participant_support',
        carriesIndirect: false,
        rebudgetNeedsApproval: true,
        verified: false,
      });
      const direct = new Map([
        ['personnel', 100_000],
        ['participant_support', 20_000],
        ['equipment', 5_000],
      ]);
      expect(indirectCostBase(direct, [rule]), id).toBe(105_000);
      // Without the rule every direct cost is in the base.
      expect(indirectCostBase(direct, []), id).toBe(125_000);
    }
  });
});

describe('rules confirmed in the third pass, each on both sides of its boundary (ADR 0630)', () => {
  it('NFRF Exploration: $125,000 a year including indirect costs, confirmed on the 2020 call', () => {
    const rule = only('ca-nfrf-exploration', 'limit');
    expect(rule).toMatchObject({ scope: 'per_year', basis: 'total', verified: true });
    expect([withinLimit(125_000, rule), withinLimit(125_001, rule)]).toEqual([true, false]);
  });

  it('NFRF Exploration: indirect costs at most 25% of direct costs, unverified (university pages only)', () => {
    const rule = only('ca-nfrf-exploration', 'indirect');
    expect([fixedRateIndirect(100_000, rule), fixedRateIndirect(100_003, rule)]).toEqual([25_000, 25_000]);
    expect(fixedRateIndirect(100_004, rule)).toBe(25_001);
    expect(rule.verified).toBe(false);
    // A rule that is not a fixed rate allows no computed amount.
    expect(fixedRateIndirect(100_000, only('us-nih-r01', 'indirect'))).toBeNull();
  });

  it('NSERC CREATE: $1.65M over six years, $150,000 in year 1, $300,000 a year; direct costs, both sides', () => {
    const [project, first, year] = rulesOfKind('ca-nserc-create', 'limit');
    expect(project).toMatchObject({ scope: 'per_project', basis: 'direct', verified: true });
    expect(first).toMatchObject({ scope: 'one_year', year: 1, basis: 'direct', verified: true });
    expect(year).toMatchObject({ scope: 'per_year', basis: 'direct', verified: true });
    expect([withinLimit(1_650_000, project!), withinLimit(1_650_001, project!)]).toEqual([true, false]);
    expect([withinLimit(150_000, first!), withinLimit(150_001, first!)]).toEqual([true, false]);
    expect([withinLimit(300_000, year!), withinLimit(300_001, year!)]).toEqual([true, false]);
  });

  it('a one-year limit names its year, and only it does (ADR 0740)', () => {
    const base = {
      kind: 'limit',
      basis: 'direct',
      max: 1,
      says: 'A limit of one dollar.',
      source: 'https://example.org/',
      read: '2026-11-28',
      verified: true,
    };
    expect(costRuleSchema.safeParse({ ...base, scope: 'one_year', year: 1 }).success).toBe(true);
    expect(costRuleSchema.safeParse({ ...base, scope: 'one_year' }).success).toBe(false);
    expect(costRuleSchema.safeParse({ ...base, scope: 'per_year', year: 1 }).success).toBe(false);
  });

  it('NIH SBIR/STTR: Phase I $314,363 and Phase II $2,095,748 in total costs, read on an NIH page', () => {
    const one = only('us-nih-sbir-sttr-phase-1', 'limit');
    const two = only('us-nih-sbir-sttr-phase-2', 'limit');
    expect([withinLimit(314_363, one), withinLimit(314_364, one)]).toEqual([true, false]);
    expect([withinLimit(2_095_748, two), withinLimit(2_095_749, two)]).toEqual([true, false]);
    for (const rule of [one, two]) {
      expect(rule).toMatchObject({ basis: 'total', verified: true });
      expect(rule.source).toMatch(/\.nih\.gov\//);
      expect(rule.says).toMatch(/specific topics/);
    }
  });

  it('NIH K awards: the candidate’s own salary is eligible under the institute’s limit (NIHGPS 12.8)', () => {
    for (const id of ['us-nih-k99-r00', 'us-nih-k01', 'us-nih-k08', 'us-nih-k23']) {
      const rule = only(id, 'category');
      expect(rule, id).toMatchObject({
        category: 'applicant_salary',
        eligible: 'conditional',
        verified: true,
      });
      expect(rule.source, id).toContain('grants.nih.gov/grants/policy/nihgps');
    }
  });

  it('NSERC CREATE, I2I and Alliance Missions pay direct costs only (tri-agency use of grant funds)', () => {
    for (const id of ['ca-nserc-create', 'ca-nserc-i2i', 'ca-nserc-alliance-missions'])
      expect(only(id, 'indirect'), id).toMatchObject({ treatment: 'not_paid', verified: true });
  });

  it('CFI (JELF and Innovation Fund): at most 40% of eligible costs, rounded down to the dollar', () => {
    for (const id of ['ca-cfi-jelf', 'ca-cfi-innovation-fund']) {
      const rule = only(id, 'share_of_costs');
      expect(rule, id).toMatchObject({ maxShare: 0.4, verified: true });
      expect(rule.source, id).toContain('innovation.ca');
      expect(
        [100_000, 100_002, 100_003].map((n) => shareOfCosts(n, rule)),
        id,
      ).toEqual([40_000, 40_000, 40_001]);
      expect(only(id, 'request').computed, id).toBe('share_of_eligible_costs');
    }
  });

  it('Mitacs Globalink Research Award: two units of $6,000 at most, $12,000 / $12,001', () => {
    const rule = only('ca-mitacs-globalink-research-award', 'limit');
    expect(rule).toMatchObject({ scope: 'per_project', basis: 'total', verified: true });
    expect([withinLimit(12_000, rule), withinLimit(12_001, rule)]).toEqual([true, false]);
  });

  it('IRAP: the shares stay unverified and say what was read', () => {
    for (const rule of rulesOfKind('ca-nrc-irap', 'share_of_costs')) {
      expect(rule.verified).toBe(false);
      expect(rule.note).toMatch(/no NRC page states a share/);
    }
  });
});

describe('the schema refuses category terms that say nothing', () => {
  it('a category that carries indirect costs and moves freely is not a rule', () => {
    const rule = {
      kind: 'category_terms',
      category: 'travel',
      carriesIndirect: true,
      rebudgetNeedsApproval: false,
      says: 'Travel is like any other cost.',
      source: 'https://example.org/',
      read: '2026-11-27',
      verified: true,
    };
    const file = {
      version: 1,
      programs: { 'us-example': { name: 'Example', currency: 'USD', rules: [rule] } },
    };
    expect(costRulesFileSchema.safeParse(file).success).toBe(false);
    const meaningful = { ...rule, rebudgetNeedsApproval: true };
    expect(
      costRulesFileSchema.safeParse({
        ...file,
        programs: { 'us-example': { ...file.programs['us-example'], rules: [meaningful] } },
      }).success,
    ).toBe(true);
  });
});
