import { describe, expect, it } from 'vitest';
import { readSeedPrograms, SEED_FILE } from '../../modules/programs/program-seed.ts';
import { readApplicant, readProjectYears } from '../read/index.ts';
import { ineligibilityReasons } from '@grantleaf/shared/eligibility';
import { matchPrograms, rankableFromRow, type RankableProgram } from './index.ts';

// SSHRC's Insight Development Grants against its Insight Grants, by SSHRC's own rules (its IDG page,
// February 2024 competition, read 2026-11-28): at most $75,000 and two years, for research in its
// initial stages; long-term research goes to Insight Grants (ADR 0930).
const TODAY = new Date(2026, 10, 28);
const rows = readSeedPrograms(SEED_FILE, TODAY);
const catalogue: RankableProgram[] = rows.map((row) => rankableFromRow(row, TODAY));
const IG = 'ca-sshrc-insight-grants';
const IDG = 'ca-sshrc-insight-development-grants';
const idgRules = rows.find((r) => r.id === IDG)!.eligibilityRules!;
const team = 'Dr. Ana Ruiz, Associate Professor, Department of Sociology, University of Guelph, Ontario.';
const order = (topic: string, details: string) => {
  const ids = matchPrograms(
    { researchTopic: topic, researchDetails: details, teamProfile: team },
    catalogue,
    TODAY,
  ).eligible.map((r) => r.program.id);
  return { ig: ids.indexOf(IG), idg: ids.indexOf(IDG) };
};

describe('SSHRC Insight against Insight Development (ADR 0930)', () => {
  it('reads the project length the request states', () => {
    expect(readProjectYears('A five-year study of politics in London')).toBe(5);
    expect(readProjectYears('Fieldwork over three years in two provinces')).toBe(3);
    expect(readProjectYears('A 2-year pilot project')).toBe(2);
    expect(readProjectYears('Twenty years of archival records')).toBeNull();
  });

  it('sets Insight Development aside for a project longer than two years or above $75,000', () => {
    const long = readApplicant({
      topic: 'Urban politics',
      details: 'A five-year study of city councils.',
      team,
    });
    expect(ineligibilityReasons(idgRules, long)).toEqual([
      'It funds projects of at most 2 years; you describe a 5-year project.',
    ]);
    const large = readApplicant({
      topic: 'Urban politics',
      details: 'We request $95,000 for fieldwork.',
      team,
    });
    expect(ineligibilityReasons(idgRules, large)[0]).toMatch(/at most 75,000 a project; you ask for 95,000/);
    const small = readApplicant({ topic: 'Urban politics', details: 'A two-year pilot study.', team });
    expect(ineligibilityReasons(idgRules, small)).toEqual([]);
  });

  it('puts Insight Development first for research in its initial stages, Insight for the rest', () => {
    const start = order(
      'Migrant food workers and local councils',
      'The start of a new research project: two case studies of migrant food workers and local councils.',
    );
    expect(start.idg).toBeGreaterThanOrEqual(0);
    expect(start.idg).toBeLessThan(start.ig);
    const established = order(
      'Migrant food workers and local councils',
      'How migrant food workers engage local councils in three provinces.',
    );
    expect(established.ig).toBeGreaterThanOrEqual(0);
    expect(established.ig).toBeLessThan(established.idg);
  });
});
