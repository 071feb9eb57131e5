import { modelAnalysisSchema } from '@grantleaf/shared/grant-results.schema';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseEnv } from '../env.ts';
import { type FakeModelServer, startFakeModelServer } from '../../test/fake-model-server.ts';
import { analyseApplication } from './model/analyse.ts';
import { generateApplication } from './model/generate.ts';
import { MAX_PROMPT_TEXT_CHARS } from './model/prompts.ts';
import type { GrantProgram } from './profile/program.ts';
import { FORM_STRONG } from './fixtures/forms.ts';
import programs from './fixtures/programs.json' with { type: 'json' };
import { PROPOSAL_PAIRS } from './fixtures/proposals.ts';
import { type AiConfig, AiProviderError, createAiProvider, type ProviderOptions } from './provider.ts';

const schema = z.object({ title: z.string(), score: z.number().min(0).max(10) });
const good = { title: 'Heat pumps', score: 7.5 };
const FAST: ProviderOptions = { maxRetries: 2, retryDelayMs: 10 };

function compatibleConfig(baseUrl: string, extra: Partial<AiConfig> = {}): AiConfig {
  return {
    AI_PROVIDER: 'openai-compatible',
    AI_MODEL: 'llama3.1',
    AI_BASE_URL: baseUrl,
    AI_TIMEOUT_MS: 5_000,
    ...extra,
  };
}

const request = { schema, system: 'You are a test.', prompt: 'Say something.' };

describe('AI providers against a fake OpenAI-compatible server', () => {
  let fake: FakeModelServer;
  let second: FakeModelServer;

  beforeAll(async () => {
    fake = await startFakeModelServer();
    second = await startFakeModelServer();
  });
  afterAll(async () => {
    await fake.close();
    await second.close();
  });
  beforeEach(() => {
    for (const s of [fake, second]) {
      s.mode = 'ok';
      s.content = JSON.stringify(good);
      s.failFirst = null;
      s.requests = [];
    }
  });

  it('answers null for the offline default and fails fast on incomplete configuration', () => {
    expect(createAiProvider({ AI_PROVIDER: 'offline', AI_TIMEOUT_MS: 1000 })).toBeNull();
    expect(() => createAiProvider({ AI_PROVIDER: 'openai', AI_TIMEOUT_MS: 1000 })).toThrow(/OPENAI_API_KEY/);
    expect(() => createAiProvider({ AI_PROVIDER: 'anthropic', AI_TIMEOUT_MS: 1000 })).toThrow(
      /ANTHROPIC_API_KEY/,
    );
    expect(() =>
      createAiProvider({ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'm', AI_TIMEOUT_MS: 1000 }),
    ).toThrow(/AI_BASE_URL/);
    expect(() =>
      createAiProvider({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.baseUrl, AI_TIMEOUT_MS: 1000 }),
    ).toThrow(/AI_MODEL/);
  });

  it('is configured straight from the parsed environment', () => {
    expect(createAiProvider(parseEnv({}))).toBeNull();
    expect(parseEnv({}).AI_TIMEOUT_MS).toBe(120_000);
    const env = parseEnv({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: fake.baseUrl,
      AI_MODEL: 'qwen2.5',
      AI_FALLBACK_PROVIDER: 'anthropic',
      ANTHROPIC_API_KEY: 'k',
    });
    expect(createAiProvider(env)?.name).toBe('openai-compatible+anthropic');
    expect(() => parseEnv({ AI_PROVIDER: 'gemini' })).toThrow(/AI_PROVIDER/);
  });

  it('ok: returns the validated object, sending the schema contract in the system prompt', async () => {
    const provider = createAiProvider(compatibleConfig(fake.baseUrl), FAST);
    const reports: string[] = [];
    await expect(
      provider?.generateObject({ ...request, report: (r) => reports.push(`${r.provider}/${r.attempts}`) }),
    ).resolves.toEqual(good);
    expect(reports).toEqual(['openai-compatible/1']);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.path).toBe('/v1/chat/completions');
    const body = fake.requests[0]?.body as { model: string; messages: { role: string; content: string }[] };
    expect(body.model).toBe('llama3.1');
    expect(body.messages[0]?.content).toContain('JSON Schema');
    expect(body.messages[0]?.content).toContain('"score"');
  });

  it.each([
    ['a ```json code fence', '```json\n' + JSON.stringify(good) + '\n```'],
    ['a quoted JSON string', JSON.stringify(JSON.stringify(good))],
    ['prose around the object', `Here you go: ${JSON.stringify(good)} -- done`],
  ])('accepts output wrapped in %s', async (_label, content) => {
    fake.content = content;
    const provider = createAiProvider(compatibleConfig(fake.baseUrl), FAST);
    await expect(provider?.generateObject(request)).resolves.toEqual(good);
  });

  it('malformed JSON: fails without retrying (a retry would not fix the model) and says why', async () => {
    fake.mode = 'malformed';
    const provider = createAiProvider(compatibleConfig(fake.baseUrl), FAST);
    const error = await provider?.generateObject(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AiProviderError);
    expect((error as Error).message).toMatch(/not valid JSON/);
    expect(fake.requests).toHaveLength(1);
  });

  it('valid JSON that breaks the schema is refused', async () => {
    fake.content = JSON.stringify({ title: 'x', score: 42 });
    const provider = createAiProvider(compatibleConfig(fake.baseUrl), FAST);
    await expect(provider?.generateObject(request)).rejects.toThrow(/does not match the schema \(score:/);
  });

  it('500: retries a bounded number of times, then fails', async () => {
    fake.mode = 'error500';
    const provider = createAiProvider(compatibleConfig(fake.baseUrl), FAST);
    const error = (await provider?.generateObject(request).catch((e: unknown) => e)) as AiProviderError;
    expect(error).toBeInstanceOf(AiProviderError);
    expect(error.message).toMatch(/HTTP 500/);
    expect(error.attempts).toBe(3);
    expect(fake.requests).toHaveLength(3);
  });

  it('401 (bad key) is not transient: no retry', async () => {
    fake.mode = 'error401';
    const provider = createAiProvider(compatibleConfig(fake.baseUrl), FAST);
    const error = (await provider?.generateObject(request).catch((e: unknown) => e)) as AiProviderError;
    expect(error).toBeInstanceOf(AiProviderError);
    expect(error.message).toMatch(/HTTP 401/);
    expect(error.transient).toBe(false);
    expect(fake.requests).toHaveLength(1);
  });

  it('500 then ok: a transient failure is retried and the call succeeds', async () => {
    fake.failFirst = { count: 2, mode: 'error500' };
    const provider = createAiProvider(compatibleConfig(fake.baseUrl), FAST);
    const reports: number[] = [];
    await expect(
      provider?.generateObject({ ...request, report: (r) => reports.push(r.attempts) }),
    ).resolves.toEqual(good);
    expect(fake.requests).toHaveLength(3);
    expect(reports).toEqual([3]);
  });

  it('hang: every attempt times out, is retried, and the call fails in bounded time', async () => {
    fake.mode = 'hang';
    const provider = createAiProvider(compatibleConfig(fake.baseUrl, { AI_TIMEOUT_MS: 5_000 }), {
      maxRetries: 1,
      retryDelayMs: 10,
    });
    const started = Date.now();
    const error = (await provider
      ?.generateObject({ ...request, timeoutMs: 300 })
      .catch((e: unknown) => e)) as AiProviderError;
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(AiProviderError);
    expect(error.message).toMatch(/timed out after 300 ms/);
    expect(error.attempts).toBe(2);
    expect(fake.requests).toHaveLength(2);
    expect(elapsed).toBeGreaterThanOrEqual(600);
    expect(elapsed).toBeLessThan(4_000);
  });

  it('network error (nothing listening) is transient and retried', async () => {
    const closed = await startFakeModelServer();
    const url = closed.baseUrl;
    await closed.close();
    const provider = createAiProvider(compatibleConfig(url), FAST);
    const error = (await provider?.generateObject(request).catch((e: unknown) => e)) as AiProviderError;
    expect(error).toBeInstanceOf(AiProviderError);
    expect(error.transient).toBe(true);
    expect(error.attempts).toBe(3);
    expect(error.message).toMatch(
      /^openai-compatible: network error: (ECONNREFUSED|unreachable) \(after 3 attempts\)$/,
    );
    expect(error.message).not.toContain('127.0.0.1');
  });

  it('falls back to the second provider when the first fails, and reports which one answered', async () => {
    fake.mode = 'error500';
    second.content = '```json\n' + JSON.stringify(good) + '\n```';
    const provider = createAiProvider(
      {
        AI_PROVIDER: 'openai-compatible',
        AI_MODEL: 'llama3.1',
        AI_BASE_URL: fake.baseUrl,
        AI_FALLBACK_PROVIDER: 'openai',
        AI_FALLBACK_MODEL: 'gpt-test',
        OPENAI_API_KEY: 'sk-test',
        AI_TIMEOUT_MS: 5_000,
      },
      { ...FAST, openaiBaseUrl: second.baseUrl },
    );
    const reports: string[] = [];
    await expect(
      provider?.generateObject({ ...request, report: (r) => reports.push(r.provider) }),
    ).resolves.toEqual(good);
    expect(reports).toEqual(['openai']);
    expect(fake.requests).toHaveLength(3);
    expect(second.requests).toHaveLength(1);
    const body = second.requests[0]?.body as { model: string };
    expect(body.model).toBe('gpt-test');
  });

  it('fails with both reasons when the fallback fails too', async () => {
    fake.mode = 'error500';
    second.mode = 'malformed';
    const provider = createAiProvider(
      { ...compatibleConfig(fake.baseUrl), AI_FALLBACK_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-test' },
      { ...FAST, openaiBaseUrl: second.baseUrl },
    );
    await expect(provider?.generateObject(request)).rejects.toThrow(
      /HTTP 500.*fallback openai: model output is not valid JSON/,
    );
  });

  it('the Anthropic adapter speaks the Messages API and validates the output', async () => {
    fake.content = JSON.stringify(JSON.stringify(good));
    const provider = createAiProvider(
      {
        AI_PROVIDER: 'anthropic',
        ANTHROPIC_API_KEY: 'sk-ant-test',
        AI_MODEL: 'claude-test',
        AI_TIMEOUT_MS: 5_000,
      },
      { ...FAST, anthropicBaseUrl: fake.baseUrl },
    );
    await expect(provider?.generateObject(request)).resolves.toEqual(good);
    expect(fake.requests[0]?.path).toBe('/v1/messages');
    const body = fake.requests[0]?.body as { model: string; system: unknown; max_tokens: number };
    expect(body.model).toBe('claude-test');
    expect(JSON.stringify(body.system)).toContain('JSON Schema');
  });

  it('the Anthropic adapter retries a 500', async () => {
    fake.failFirst = { count: 1, mode: 'error500' };
    const provider = createAiProvider(
      { AI_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'sk-ant-test', AI_TIMEOUT_MS: 5_000 },
      { ...FAST, anthropicBaseUrl: fake.baseUrl },
    );
    await expect(provider?.generateObject(request)).resolves.toEqual(good);
    expect(fake.requests).toHaveLength(2);
  });

  describe('grant entry points', () => {
    const alliance = (programs as GrantProgram[]).find(
      (p) => p.id === 'ca-nserc-alliance-advantage',
    ) as GrantProgram;
    const pair = PROPOSAL_PAIRS.find((p) => p.programId === alliance.id);

    it('analysis with a model: the model scores, the offline checks and scores stand beside them', async () => {
      // The model must quote the text; a sentence of it, copied exactly.
      const quote = (pair?.strong ?? '').split(/(?<=\.)\s+/)[0] ?? '';
      fake.content =
        '```json\n' +
        JSON.stringify({
          evaluation_scores: [
            {
              criterion: 'Partnership',
              score: '8',
              justification: ['Partner named', 'Cash stated'],
              quotes: [quote],
            },
            { criterion: 'Training', score: 6.5, justification: 'Four HQP.', quotes: [quote] },
          ],
          funding_probability: 'High',
          certification_status: 'Submission ready',
        }) +
        '\n```';
      const provider = createAiProvider(compatibleConfig(fake.baseUrl), FAST);
      const result = await analyseApplication({ program: alliance, text: pair?.strong ?? '', provider });
      expect(result.engine).toBe('llm');
      expect(result.provider).toBe('openai-compatible');
      // One score per program criterion: the model's where it scored, the offline engine's where not.
      expect(result.evaluation_scores.map((s) => s.criterion)).toEqual(alliance.criteria?.map((c) => c.name));
      expect(result.evaluation_scores[0]).toMatchObject({
        score: 8,
        justification: `Partner named Cash stated Quoted: "${quote}"`,
      });
      expect(result.evaluation_scores[2]).toMatchObject({ criterion: 'Training', score: 6.5 });
      expect(result.evaluation_scores[1]?.justification).toMatch(
        /^The model did not score this criterion with a quote found in the text; .*\d+ of \d+ required elements found with specific content/,
      );
      expect(result.evaluation_scores[1]?.justification).toContain(
        `checked against ${alliance.name}'s requirements without the AI model: `,
      );
      expect(result.evaluation_scores.map((s) => s.justification).join(' ')).not.toMatch(/offline/i);
      expect(result.evaluation_scores[1]?.score).toBe(result.offlineEvaluation?.evaluation_scores[1]?.score);
      expect(result.meanScore).toBeCloseTo(result.evaluation_scores.reduce((a, s) => a + s.score, 0) / 4, 1);
      expect(result.offlineEvaluation?.evaluation_scores).toHaveLength(4);
      // Checked against NSERC Alliance's template (profileOf): the fixture has every section but
      // the template's "Summary of the proposal".
      expect(result.checks.coverage.missing).toEqual(['Summary of the proposal']);
      const prompt = JSON.stringify(fake.requests[0]?.body);
      // The model is told the sections the checks read (the template's, ADR 0600), not the record's list.
      expect(prompt).toContain(String.raw`Required sections (name | limit):\n- Summary of the proposal |`);
      expect(prompt).not.toContain('Partner organization section');
      expect(prompt).toContain('Relevance and outcomes');
      expect(modelAnalysisSchema.safeParse({ ...result, funding_probability: 'high' }).success).toBe(true);
    });

    it('analysis: the offline checks overrule a model that calls an incomplete text ready', async () => {
      fake.content = JSON.stringify({
        evaluation_scores: [{ criterion: 'Partnership', score: 9, justification: 'Great.' }],
        funding_probability: 'high',
        certification_status: 'Submission ready',
      });
      const provider = createAiProvider(compatibleConfig(fake.baseUrl), FAST);
      const result = await analyseApplication({ program: alliance, text: pair?.weak ?? '', provider });
      // The funder template's "Partnership" (profileOf), not the catalogue record's line.
      expect(result.certification_status).toMatch(/^Needs revision: .*Partnership/);
      expect(result.certification_status.toLowerCase()).not.toContain('ready');
    });

    it('analysis of a very long upload sends a clipped text to the model', async () => {
      fake.content = JSON.stringify({
        evaluation_scores: [{ criterion: 'Partnership', score: 5, justification: 'ok' }],
        funding_probability: 'moderate',
        certification_status: 'Needs revision: more detail',
      });
      const provider = createAiProvider(compatibleConfig(fake.baseUrl), FAST);
      const long = `${pair?.strong ?? ''}\n${'Appendix line with more words. '.repeat(10_000)}`;
      const result = await analyseApplication({ program: alliance, text: long, provider });
      const sent = JSON.stringify(fake.requests[0]?.body);
      expect(sent.length).toBeLessThan(MAX_PROMPT_TEXT_CHARS + 20_000);
      expect(sent).toContain('more characters not shown');
      expect(result.wordCount).toBeGreaterThan(50_000);
    });

    it('analysis falls back to the offline engine when the provider fails, and records why', async () => {
      fake.mode = 'error500';
      const provider = createAiProvider(compatibleConfig(fake.baseUrl), FAST);
      const result = await analyseApplication({ program: alliance, text: pair?.strong ?? '', provider });
      expect(result.engine).toBe('offline');
      expect(result.fallbackReason).toMatch(/HTTP 500/);
      // Plain words about what was used, the same as the review's basis; never "offline engine".
      expect(
        result.fallbackReason?.endsWith(
          `. Checked against ${alliance.name}'s published requirements; no AI model was used.`,
        ),
      ).toBe(true);
      expect(result.basis).toMatch(/^Checked against .*; no AI model was used\./);
      const shown = [
        result.fallbackReason,
        result.basis,
        ...result.evaluation_scores.map((s) => s.justification),
      ];
      expect(shown.join(' ')).not.toMatch(/offline/i);
      expect(result.evaluation_scores).toHaveLength(4);
    });

    it('generation with a model: one call per section, and a sentence the model repeats is kept once', async () => {
      const said =
        'Prof. Anne Tremblay and Nordair Systems Inc. carry Adaptive defrost control for cold-climate heat pumps through Phase 1: Research & Planning, Phase 2 and Phase 3.';
      fake.content = JSON.stringify({ body: said });
      const provider = createAiProvider(compatibleConfig(fake.baseUrl), FAST);
      const result = await generateApplication({ program: alliance, form: FORM_STRONG, provider });
      expect(result.engine).toBe('llm');
      expect(fake.requests).toHaveLength(result.sections.length);
      expect(result.sections.filter((s) => s.body.includes(said))).toHaveLength(1);
      expect(result.coverage.missing.length).toBeGreaterThan(0);
      expect(result.budgetCheck.matches).toBe(true);
      expect(result.workPlan.rows).toHaveLength(3);
    });

    it('generation falls back to the offline draft on a hang', async () => {
      fake.mode = 'hang';
      const provider = createAiProvider(compatibleConfig(fake.baseUrl, { AI_TIMEOUT_MS: 200 }), {
        maxRetries: 0,
      });
      const result = await generateApplication({ program: alliance, form: FORM_STRONG, provider });
      expect(result.engine).toBe('offline');
      expect(result.fallbackReason).toMatch(/timed out after 200 ms/);
      expect(result.fallbackReason).not.toMatch(/offline/i);
      expect(result.sections.every((s) => s.writtenBy === 'material')).toBe(true);
    });
  });
});
