import { describe, expect, it } from 'vitest';
import catalogue from '../../../data/programs.json' with { type: 'json' };
import type { GrantProgram } from '../profile/program.ts';
import { FORM_STRONG } from '../fixtures/forms.ts';
import { profileOf } from '../profile/profile.ts';
import { buildAnalysisPrompt, buildSectionPrompt } from './prompts.ts';

/**
 * The model is told the program as the checks read it (ADR 0600): the program profile's sections
 * and limits, not the catalogue record's own list, so a model's review and the offline checks
 * expect the same sections.
 */

const programs = catalogue as unknown as GrantProgram[];
function program(id: string): GrantProgram {
  const found = programs.find((p) => p.id === id);
  if (!found) throw new Error(`catalogue program ${id} missing`);
  return found;
}
/** The prompt's description of the program, without the text and the scale. */
const described = (p: GrantProgram) => buildAnalysisPrompt(p, 'text').split('\nScore exactly')[0] ?? '';

describe('the analysis prompt describes the program profile', () => {
  it("NIH R01: the template's sections, the Research Strategy's 12 pages over three of them, the resubmission's introduction as optional", () => {
    const prompt = described(program('us-nih-r01'));
    for (const name of ['Specific Aims', 'Significance', 'Innovation', 'Approach'])
      expect(prompt).toMatch(new RegExp(`^- ${name} \\|`, 'm'));
    expect(prompt).toContain('- Research Strategy | 12 pages | Significance, Innovation, Approach');
    expect(prompt).toMatch(
      /Only in a resubmission, never missing otherwise \(name \| limit\):\n- Introduction to the Resubmission Application \| 1 page/,
    );
    // The catalogue record's own list ("Project summary/abstract, narrative, facilities, …") is not what the checks read.
    expect(prompt).not.toContain('per NIH application guide');
  });

  it('counts a page limit at the words per page the checks use, and says a recommended length is not a maximum', () => {
    const r01 = program('us-nih-r01');
    const perPage = profileOf(r01).wordsPerPage;
    const prompt = described(r01);
    expect(prompt).toContain(`- Specific Aims | 1 page (at most ${perPage} words)`);
    expect(prompt).toContain(
      `- Data Management and Sharing Plan | 2 pages (recommended) (about ${2 * perPage} words)`,
    );
  });

  it('forms and letters filed beside the application are not listed as sections the text must hold', () => {
    const prompt = described(program('us-nih-r01'));
    const required = prompt.split('Required sections')[1]?.split('Limits over')[0] ?? '';
    expect(required).not.toMatch(/Biosketch/);
    expect(prompt).toMatch(/Filed beside the application, not expected in its text: .*Biosketch/);
  });

  it("a program without a funder template: an admin's edit of its sections is what the model is told", () => {
    const base: GrantProgram = {
      id: 'x-local-fund',
      name: 'Local fund',
      currency: 'CAD',
      requiredSections: [{ name: 'Project description', limit: '3 pages' }],
      criteria: [],
    };
    const edited: GrantProgram = {
      ...base,
      requiredSections: [
        { name: 'Project description', limit: '3 pages' },
        { name: 'Community benefit', limit: '500 words' },
      ],
    };
    expect(described(base)).not.toContain('Community benefit');
    expect(described(edited)).toContain('- Community benefit | 500 words (at most 500 words)');
  });

  it('the section prompt names the program from its profile, with the section limit and material', () => {
    const alliance = program('ca-nserc-alliance-advantage');
    const profile = profileOf(alliance);
    const spec = profile.writing.sections[0]!;
    const prompt = buildSectionPrompt(profile, spec, FORM_STRONG);
    expect(prompt).toContain(`Program: ${alliance.name} (${alliance.agency}). Sources of its instructions:`);
    expect(prompt).toContain(`Section to write: "${spec.header}".`);
    expect(prompt).toContain(`Project title: ${FORM_STRONG.projectTitle}`);
  });
});
