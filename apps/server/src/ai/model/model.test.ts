import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeModelServer, startFakeModelServer } from '../../../test/fake-model-server.ts';
import { FORM_STRONG } from '../fixtures/forms.ts';
import { loadProgramSections } from '../profile/data.ts';
import type { GrantProgram } from '../profile/program.ts';
import { analyseApplication } from './analyse.ts';
import { generateApplication, MAX_REVISIONS, sectionTokenBudget } from './generate.ts';
import { createAiProvider } from '../provider.ts';

/** A program without its own entry: drafted on the general template's seven sections. */
const LOCAL: GrantProgram = { id: 'local-fund', name: 'Local innovation fund', currency: 'CAD' };
const GENERAL = loadProgramSections().general.sections.map((s) => s.header);

const answer = (body: string) => JSON.stringify({ body });
const GOOD: Record<string, string> = {
  'Project summary': `${FORM_STRONG.projectTitle} replaces fixed-timer defrost with defrost on demand.`,
  Objectives:
    'The project aims to reduce defrost energy losses by at least 30% and to validate the controller in 40 homes.',
  'Methodology and approach':
    'We will estimate frost thickness from fan power and coil temperature with a physics-informed model.',
  'Work plan and milestones':
    'Phase 1: Research & Planning is followed by Phase 2 and by Phase 3, a field trial.',
  'Team and expertise': 'The project is led by Prof. Anne Tremblay with Nordair Systems Inc. as partner.',
  'Budget and justification': 'The request of $420,000 follows the three phases of the work plan.',
  'Expected impact': 'Homes heated by air-source heat pumps lose less heat to defrost.',
};

describe('generation with a model, section by section (fake vendor through the real SDK)', () => {
  let fake: FakeModelServer;
  const provider = () =>
    createAiProvider(
      {
        AI_PROVIDER: 'openai-compatible',
        AI_MODEL: 'llama3.1',
        AI_BASE_URL: fake.baseUrl,
        AI_TIMEOUT_MS: 5_000,
      },
      { maxRetries: 0 },
    );
  const prompts = () =>
    fake.requests.map((r) => JSON.stringify((r.body as { messages: { content: string }[] }).messages));

  beforeAll(async () => {
    fake = await startFakeModelServer();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.mode = 'ok';
    fake.requests = [];
    fake.script = [];
    fake.content = answer('unused');
  });

  it('writes each section in its own call with its limit, and a token budget that fits the limit', async () => {
    fake.script = GENERAL.map((h) => answer(GOOD[h]!));
    const draft = await generateApplication({ program: LOCAL, form: FORM_STRONG, provider: provider() });
    expect(fake.requests).toHaveLength(7);
    expect(draft.engine).toBe('llm');
    expect(draft.fallbackReason).toBeNull();
    expect(draft.sections.map((s) => s.heading)).toEqual(GENERAL);
    expect(draft.sections.every((s) => s.writtenBy === 'model' && (s.toConfirm ?? []).length === 0)).toBe(
      true,
    );
    expect(prompts()[0]).toContain('Section to write: \\"Project summary\\"');
    expect(prompts()[0]).toContain('at most 350 words');
    expect((fake.requests[0]?.body as { max_tokens?: number }).max_tokens).toBe(
      sectionTokenBudget({ max: 350, unit: 'words', kind: 'maximum' }, 500),
    );
    expect(sectionTokenBudget({ max: 15, unit: 'pages', kind: 'maximum' }, 550)).toBe(6_000);
    // The milestone table is the applicant's data, beside the model's prose.
    expect(draft.sections.find((s) => s.heading === 'Work plan and milestones')?.table?.rows).toHaveLength(3);
    expect(draft.basis).toMatch(/^Written by an AI model/);
  });

  it('sends an over-long section back with the failed check, and keeps the revision that fits', async () => {
    const long = `${FORM_STRONG.projectTitle}. ${'The controller saves energy in cold homes. '.repeat(60)}`;
    fake.script = [
      answer(long),
      answer(GOOD['Project summary']!),
      ...GENERAL.slice(1).map((h) => answer(GOOD[h]!)),
    ];
    const draft = await generateApplication({ program: LOCAL, form: FORM_STRONG, provider: provider() });
    expect(fake.requests).toHaveLength(8);
    expect(prompts()[1]).toContain('The section is over its limit');
    expect(prompts()[1]).toContain('Shorten it to at most 350 words');
    expect(draft.sections[0]?.body).toBe(GOOD['Project summary']);
    expect(draft.limits.find((l) => l.section === 'Project summary')?.status).toBe('within');
  });

  it('the same revision loop through the Anthropic SDK (Messages API), with the section token budget', async () => {
    const long = `${FORM_STRONG.projectTitle}. ${'The controller saves energy in cold homes. '.repeat(60)}`;
    fake.script = [
      answer(long),
      answer(GOOD['Project summary']!),
      ...GENERAL.slice(1).map((h) => answer(GOOD[h]!)),
    ];
    const anthropic = createAiProvider(
      {
        AI_PROVIDER: 'anthropic',
        AI_MODEL: 'claude-test',
        ANTHROPIC_API_KEY: 'test-key',
        AI_TIMEOUT_MS: 5_000,
      },
      { maxRetries: 0, anthropicBaseUrl: fake.baseUrl },
    );
    const draft = await generateApplication({ program: LOCAL, form: FORM_STRONG, provider: anthropic });
    expect(fake.requests.every((r) => r.path.endsWith('/messages'))).toBe(true);
    expect(fake.requests).toHaveLength(8);
    expect((fake.requests[0]?.body as { max_tokens?: number }).max_tokens).toBe(
      sectionTokenBudget({ max: 350, unit: 'words', kind: 'maximum' }, 500),
    );
    expect(draft.provider).toBe('anthropic');
    expect(draft.sections[0]?.body).toBe(GOOD['Project summary']);
  });

  it('asks again for a missing element, and flags an invented number that survives two revisions', async () => {
    const noPhase2 = 'Phase 1: Research & Planning comes first, then Phase 3.';
    const invented = 'The project will cut defrost losses by 45% in 300 homes.';
    fake.script = [
      answer(GOOD['Project summary']!),
      answer(invented),
      answer(invented),
      answer(invented),
      answer(GOOD['Methodology and approach']!),
      answer(noPhase2),
      answer(GOOD['Work plan and milestones']!),
      ...GENERAL.slice(4).map((h) => answer(GOOD[h]!)),
    ];
    const draft = await generateApplication({ program: LOCAL, form: FORM_STRONG, provider: provider() });
    expect(fake.requests).toHaveLength(7 + MAX_REVISIONS + 1);
    expect(prompts()[2]).toContain('not in the applicant');
    expect(prompts()[2]).toContain('\\"45%\\"');
    expect(prompts()[6]).toContain('The section must mention the milestone (\\"Phase 2\\")');
    const objectives = draft.sections.find((s) => s.heading === 'Objectives');
    expect(objectives?.toConfirm).toEqual(['45%', '300']);
    expect(draft.gaps.map((g) => g.message)).toContain(
      'Objectives: confirm "45%", "300", not found in your material.',
    );
    expect(draft.certification_status).toMatch(/^Needs revision: /);
    expect(draft.sections.find((s) => s.heading === 'Work plan and milestones')?.body).toBe(
      GOOD['Work plan and milestones'],
    );
  });

  it('an invented partner name is flagged for the user to confirm', async () => {
    const team = answer(`${GOOD['Team and expertise']!} The work is also backed by Hydro Quebec Research.`);
    fake.script = GENERAL.flatMap((h) =>
      h === 'Team and expertise' ? [team, team, team] : [answer(GOOD[h]!)],
    );
    const draft = await generateApplication({ program: LOCAL, form: FORM_STRONG, provider: provider() });
    expect(fake.requests).toHaveLength(7 + MAX_REVISIONS);
    expect(draft.sections.find((s) => s.heading === 'Team and expertise')?.toConfirm).toEqual([
      'Hydro Quebec Research',
    ]);
    // Names the material gives pass: the lead and the partner are not flagged.
    expect(draft.sections.flatMap((s) => s.toConfirm ?? [])).toEqual(['Hydro Quebec Research']);
  });

  it('malformed JSON for one section falls back for that section only, and says so', async () => {
    fake.script = GENERAL.map((h) =>
      h === 'Expected impact' ? 'Sure! Here is the JSON: {"body": ' : answer(GOOD[h]!),
    );
    const draft = await generateApplication({ program: LOCAL, form: FORM_STRONG, provider: provider() });
    expect(draft.engine).toBe('llm');
    const impact = draft.sections.find((s) => s.heading === 'Expected impact');
    expect(impact?.writtenBy).toBe('material');
    expect(impact?.fallbackReason).toMatch(
      /^The AI model could not write this section \(.*not valid JSON.*\); it was drafted from your material instead\.$/,
    );
    expect(draft.sections.filter((s) => s.writtenBy === 'model')).toHaveLength(6);
    expect(draft.fallbackReason).toMatch(
      /^1 of 7 sections were drafted from your material because the AI model failed on them: Expected impact: /,
    );
  });

  it('a vendor that never answers: every section from the material, said once for the draft', async () => {
    fake.mode = 'hang';
    const slow = createAiProvider(
      {
        AI_PROVIDER: 'openai-compatible',
        AI_MODEL: 'llama3.1',
        AI_BASE_URL: fake.baseUrl,
        AI_TIMEOUT_MS: 200,
      },
      { maxRetries: 0 },
    );
    const draft = await generateApplication({ program: LOCAL, form: FORM_STRONG, provider: slow });
    expect(draft.engine).toBe('offline');
    expect(draft.fallbackReason).toMatch(
      /^The AI model could not be used \(Project summary: .*timed out after 200 ms/,
    );
    expect(draft.sections.every((s) => s.writtenBy === 'material')).toBe(true);
  });

  it('review: temperature 0, anchors in the prompt, quotes verified verbatim, NIH scores on its 1-9 scale', async () => {
    const r01: GrantProgram = {
      id: 'us-nih-r01',
      name: 'NIH Research Project Grant (R01)',
      agency: 'National Institutes of Health',
      criteria: [
        { name: 'Factor 1: Importance of the Research' },
        { name: 'Factor 2: Rigor and Feasibility' },
      ],
    };
    const text = `${FORM_STRONG.projectOverview}\n${FORM_STRONG.keyObjectives}`;
    fake.content = JSON.stringify({
      evaluation_scores: [
        {
          criterion: 'Factor 1: Importance of the Research',
          score: 2,
          justification: 'Clear gap.',
          quotes: [
            'Current controllers defrost on a fixed timer whether or not frost is present',
            'Defrost wastes 40% of all energy.',
          ],
        },
        {
          criterion: 'Factor 2: Rigor and Feasibility',
          score: 1,
          justification: 'Flawless.',
          quotes: ['The study is flawless.'],
        },
      ],
      funding_probability: 'high',
      certification_status: 'Submission ready',
    });
    const result = await analyseApplication({ program: r01, text, provider: provider() });
    const body = fake.requests[0]?.body as { temperature?: number; messages: { content: string }[] };
    expect(body.temperature).toBe(0);
    const prompt = JSON.stringify(body.messages);
    expect(prompt).toContain("Scale: NIH's 1 to 9, lower is better");
    expect(prompt).toContain('copied exactly');
    // NIH 2 is 8.8 on the common 0-10 view; the invented quote is left out and said to be.
    expect(result.evaluation_scores[0]?.score).toBe(8.8);
    expect(result.evaluation_scores[0]?.justification).toBe(
      'NIH score 2 (1–9, lower is better). Clear gap. Quoted: "Current controllers defrost on a fixed timer whether or not frost is present" (1 quote not found in the text left out.)',
    );
    expect(result.evaluation_scores[0]?.evidenceFound).toEqual([
      'Current controllers defrost on a fixed timer whether or not frost is present',
    ]);
    // No quote found: the model's 1 is not kept.
    expect(result.evaluation_scores[1]?.score).toBe(result.offlineEvaluation?.evaluation_scores[1]?.score);
    expect(result.evaluation_scores[1]?.justification).toMatch(
      /^The model did not score this criterion with a quote found in the text/,
    );
  });
});
