import { analysisResultsSchema } from '@grantleaf/shared/grant-results.schema';
import { describe, expect, it } from 'vitest';
import type { GrantProgram } from '../grant-input.ts';
import { analyseApplication, certificationStatus, fundingProbabilityFor } from './analysis.engine.ts';
import programs from './fixtures/programs.json' with { type: 'json' };
import { PROPOSAL_PAIRS } from './fixtures/proposals.ts';

const catalogue = programs as GrantProgram[];
function program(id: string): GrantProgram {
  const found = catalogue.find((p) => p.id === id);
  if (!found) throw new Error(`fixture program ${id} missing`);
  return found;
}

describe('offline analysis: the quality bar', () => {
  it('has at least 6 strong/weak pairs over different programs', () => {
    expect(PROPOSAL_PAIRS.length).toBeGreaterThanOrEqual(6);
    expect(new Set(PROPOSAL_PAIRS.map((p) => p.programId)).size).toBeGreaterThanOrEqual(6);
  });

  describe.each(PROPOSAL_PAIRS)('$label', (pair) => {
    const p = program(pair.programId);
    const strong = analyseApplication(p, pair.strong);
    const weak = analyseApplication(p, pair.weak);

    it('scores the strong version higher overall and on every criterion', () => {
      expect(strong.meanScore).toBeGreaterThan(weak.meanScore);
      expect(strong.evaluation_scores.map((s) => s.criterion)).toEqual(
        weak.evaluation_scores.map((s) => s.criterion),
      );
      strong.evaluation_scores.forEach((s, i) => {
        expect(s.score, s.criterion).toBeGreaterThan(weak.evaluation_scores[i]?.score ?? 10);
      });
    });

    it('scores one entry per program criterion, each 0..10 with a justification naming evidence', () => {
      const criteria = (p.criteria ?? []).map((c) => c.name);
      expect(strong.evaluation_scores.map((s) => s.criterion)).toEqual(criteria);
      for (const s of [...strong.evaluation_scores, ...weak.evaluation_scores]) {
        expect(s.score).toBeGreaterThanOrEqual(0);
        expect(s.score).toBeLessThanOrEqual(10);
        expect(s.justification).toMatch(/^Evidence found: /);
        expect(s.justification).toMatch(/Missing or thin: |Nothing expected is missing\./);
      }
      expect(weak.evaluation_scores.some((s) => (s.evidenceMissing ?? []).length > 0)).toBe(true);
    });

    it('is deterministic: the same input gives identical results', () => {
      const again = analyseApplication(p, pair.strong);
      expect(again).toEqual(strong);
      expect(analyseApplication(p, pair.weak)).toEqual(weak);
    });

    it('rates the weak version low and not ready, and matches the results schema', () => {
      expect(weak.funding_probability).toBe('low');
      expect(weak.certification_status).toMatch(/^Needs revision: /);
      expect(strong.funding_probability).not.toBe('low');
      expect(analysisResultsSchema.parse(strong)).toEqual(strong);
      expect(strong.engine).toBe('offline');
    });
  });

  it('calls the strong NSERC Alliance, CIHR and SBIR proposals submission ready', () => {
    for (const id of ['ca-nserc-alliance-advantage', 'ca-cihr-project-grant', 'us-nsf-sbir-sttr-phase-1']) {
      const pair = PROPOSAL_PAIRS.find((x) => x.programId === id);
      const result = analyseApplication(program(id), pair?.strong ?? '');
      expect(result.certification_status, id).toBe('Submission ready');
      expect(result.criticalGaps).toEqual([]);
    }
  });
});

describe('offline analysis: evidence and gaps', () => {
  const alliance = program('ca-nserc-alliance-advantage');
  const strongAlliance = PROPOSAL_PAIRS[0]?.strong ?? '';

  it('names the missing partner and missing sections when the text lacks them', () => {
    const result = analyseApplication(
      alliance,
      'Proposal\nWe will study heat pumps in cold climates with students. '.repeat(3),
    );
    expect(result.certification_status).toMatch(
      /no partner organisation is named; this program requires one/,
    );
    expect(result.certification_status).toMatch(/Partner organization section/);
    expect(result.certification_status).toMatch(/too short to assess/);
    expect(result.checks.coverage.missing).toContain('Budget and budget justification');
  });

  it('takes marks away when evidence is removed: no dates, no amounts', () => {
    const full = analyseApplication(alliance, strongAlliance);
    const noDates = analyseApplication(alliance, strongAlliance.replace(/\b20\d\d-\d\d-\d\d\b/g, 'later'));
    const research = (r: typeof full) =>
      r.evaluation_scores.find((s) => s.criterion === 'Research plan and team')?.score ?? 0;
    expect(research(noDates)).toBeLessThan(research(full));
    const noMoney = analyseApplication(alliance, strongAlliance.replace(/\$[\d,]+/g, 'some money'));
    expect(noMoney.checks.budget).toBeNull();
  });

  it('checks the budget arithmetic written in the text', () => {
    const result = analyseApplication(alliance, strongAlliance);
    expect(result.checks.budget?.statedTotal).toBe(420_000);
    expect(result.checks.budget?.milestoneSum).toBe(420_000);
    expect(result.checks.budget?.matches).toBe(true);
    const wrong = analyseApplication(
      alliance,
      strongAlliance.replace(
        'Travel to field sites and conferences: $30,000.',
        'Travel to field sites and conferences: $45,000.',
      ),
    );
    expect(wrong.checks.budget?.matches).toBe(false);
    expect(wrong.checks.gaps.map((g) => g.message).join(' ')).toMatch(
      /add up to CAD \$435,000 but the stated total is CAD \$420,000/,
    );
  });

  it('flags a section over its limit as critical and lowers the scores', () => {
    const sbir = program('us-nsf-sbir-sttr-phase-1');
    const pair = PROPOSAL_PAIRS.find((x) => x.programId === sbir.id);
    const base = analyseApplication(sbir, pair?.strong ?? '');
    const padding = ' The market for lead testing grows each year as utilities replace service lines.'.repeat(
      30,
    );
    const long = (pair?.strong ?? '').replace(
      'Project Pitch: Market opportunity\n',
      `Project Pitch: Market opportunity\n${padding}\n`,
    );
    const result = analyseApplication(sbir, long);
    const market = result.checks.limits.find((l) => l.section === 'Project Pitch: Market opportunity');
    expect(market?.status).toBe('over');
    expect(market?.max).toBe(250);
    expect(result.certification_status).toMatch(/Needs revision: .*Market opportunity" is over its limit/);
    expect(base.checks.limits.find((l) => l.section === 'Project Pitch: Market opportunity')?.status).toBe(
      'within',
    );
  });

  it('uses the general rubric for a program without published criteria', () => {
    const gapp = program('ca-genome-canada-gapp');
    const result = analyseApplication(gapp, strongAlliance);
    expect(result.evaluation_scores.map((s) => s.criterion)).toEqual([
      'Significance and expected impact',
      'Objectives, methods and feasibility',
      'Team expertise and capability',
      'Budget and value for money',
    ]);
  });

  it('answers empty or whitespace text with zero scores and a plain reason', () => {
    for (const text of ['', '   \n\t ']) {
      const result = analyseApplication(alliance, text);
      expect(result.evaluation_scores.every((s) => s.score === 0)).toBe(true);
      expect(result.funding_probability).toBe('low');
      expect(result.certification_status).toMatch(
        /^Needs revision: the text is too short to assess \(0 words\)/,
      );
    }
  });

  it('maps the mean score to a funding probability', () => {
    expect(fundingProbabilityFor(8.2)).toBe('high');
    expect(fundingProbabilityFor(7)).toBe('high');
    expect(fundingProbabilityFor(6.9)).toBe('moderate');
    expect(fundingProbabilityFor(5)).toBe('moderate');
    expect(fundingProbabilityFor(4.9)).toBe('low');
  });

  it('never lets a "Needs revision" status read as ready on the dashboard badge', () => {
    expect(certificationStatus([])).toBe('Submission ready');
    const status = certificationStatus(['product is not market-ready', 'not compliant with the template']);
    expect(status).toMatch(/^Needs revision: /);
    expect(status.toLowerCase()).not.toMatch(/ready|compliant/);
  });
});
