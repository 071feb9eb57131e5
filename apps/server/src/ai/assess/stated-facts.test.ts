import { describe, expect, it } from 'vitest';
import catalogue from '../../../data/programs.json' with { type: 'json' };
import type { GrantProgram } from '../profile/program.ts';
import type { GenerationForm } from '../read/form.ts';
import { analyseApplication } from './analysis.ts';
import { FORM_STRONG } from '../fixtures/forms.ts';
import { draftApplication } from '../write/draft.ts';
import { normalisePaste } from '../text/paste.ts';
import { funderName } from './expected-length.ts';

/**
 * Fixes for what issue 24's grants officer saw and the last session's lost branch had fixed:
 * a stated team record reported missing, lowercase headings glued into the text, NIH named
 * "HHS", a SSHRC study asked for code releases and benchmarks.
 */

const programs = catalogue as unknown as GrantProgram[];
const program = (id: string): GrantProgram => {
  const found = programs.find((p) => p.id === id);
  if (!found) throw new Error(`catalogue program ${id} missing`);
  return found;
};

const TEAM_TEXT = `Team: PI has 45 publications in solid-state ionics; co-PI led two industry partnerships.

Objectives: 1. Develop a sodium solid electrolyte with conductivity above 1 mS/cm. 2. Build a 10 Ah pouch cell prototype.

Budget: $300,000 over 3 years.`;

describe('a fact the applicant stated is never reported missing', () => {
  it.each([
    'ca-nserc-discovery-grants',
    'ca-sshrc-insight-grants',
    'ca-nserc-alliance-advantage',
    'us-nih-r01',
  ])('%s: "PI has 45 publications …" supplies the team record, quoted verbatim', (id) => {
    const result = analyseApplication(program(id), TEAM_TEXT);
    const team = result.evaluation_scores.flatMap((s) =>
      (s.elements ?? []).filter((e) => e.id === 'team' || e.id === 'researcher_excellence'),
    );
    for (const e of team) {
      expect(e.status, e.label).toBe('found');
      expect(TEAM_TEXT).toContain(e.quote);
    }
    const said = JSON.stringify(result);
    expect(said).not.toMatch(/team expertise and track record[^"]{0,40}(?:missing|not assessed)/i);
  });

  it('a text without any record still gets the team reported as not found', () => {
    const result = analyseApplication(
      program('ca-nserc-discovery-grants'),
      'We will build a sodium battery with a new solid electrolyte and test it at 25 C for 12 months.',
    );
    const team = result.evaluation_scores.flatMap((s) => (s.elements ?? []).filter((e) => e.id === 'team'));
    expect(team.length).toBeGreaterThan(0);
    for (const e of team) expect(e.status).not.toBe('found');
  });
});

describe('a paste keeps its lowercase headings', () => {
  it('"objectives:", "budget" and "methods" lines stay headings; their body is not glued to them', () => {
    const raw = [
      'Sodium batteries for cold climates',
      'objectives:',
      '1. develop a solid electrolyte',
      '2. build a pouch cell',
      'budget',
      '$300,000 over 3 years',
      'methods',
      'we will synthesise ceramics by solid-state reaction.',
    ].join('\n');
    expect(normalisePaste(raw).split('\n')).toEqual(raw.split('\n'));
  });

  it('after a long line that does not end, a heading word on its own line is still a heading', () => {
    const raw = [
      'objectives:',
      'develop a solid electrolyte with high conductivity at low temperature for grid storage use',
      'budget',
      'the budget is $300,000 over 3 years.',
    ].join('\n');
    expect(normalisePaste(raw).split('\n')).toEqual(raw.split('\n'));
  });

  it('a wrapped sentence is still joined (a word that is not a heading continues it)', () => {
    const raw =
      'We will synthesise NASICON-type ceramics by solid-state reaction and measure their\nimpedance at 25 C over 12 months.';
    expect(normalisePaste(raw)).toBe(raw.replace('\n', ' '));
  });
});

describe('the funder is named as applicants name it, from funders.json', () => {
  it('NIH programs say "NIH", never "HHS"', () => {
    const nih = programs.filter((p) => /National Institutes of Health/.test(p.agency ?? ''));
    expect(nih.length).toBeGreaterThan(4);
    for (const p of nih) expect(funderName(p), p.id).toBe('NIH');
  });

  it('NSF directorates are NSF; a bracketed detail never cuts the name', () => {
    for (const p of programs.filter((p) => /National Science Foundation/.test(p.agency ?? '')))
      expect(funderName(p), p.id).toBe('NSF');
    for (const p of programs) expect(funderName(p), p.id).not.toMatch(/\($|\([^)]*$|;/);
  });
});

describe('questions fit the program family (program-sections.json families)', () => {
  const thin: GenerationForm = {
    ...FORM_STRONG,
    projectOverview: 'How newcomer families in Winnipeg choose a school when catchment rules change.',
    keyObjectives: '',
    teamProfiles: '',
    timelineMilestones: [],
  };
  const sshrc = programs.filter((p) => p.id.startsWith('ca-sshrc-') || p.id.startsWith('us-neh-'));

  it.each(sshrc.map((p) => p.id))('%s asks for no code release, benchmark or prototype', (id) => {
    const draft = draftApplication(program(id), thin);
    const asked = draft.sections.flatMap((s) => s.questions ?? []);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.join(' ')).not.toMatch(/code release|benchmark|prototype/i);
  });

  it('an engineering program keeps the general wording', () => {
    const draft = draftApplication(program('ca-nserc-discovery-grants'), thin);
    expect(draft.sections.flatMap((s) => s.questions ?? []).join(' ')).toMatch(/benchmark/);
  });
});
