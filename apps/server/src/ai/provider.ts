import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { parseModelJson } from '@grantleaf/shared/model-json';
import { APICallError, generateText, type LanguageModel } from 'ai';
import { z } from 'zod';

export const AI_PROVIDER_KINDS = ['openai', 'anthropic', 'openai-compatible'] as const;
export type AiProviderKind = (typeof AI_PROVIDER_KINDS)[number];

export interface GenerateObjectRequest<T> {
  schema: z.ZodType<T>;
  system: string;
  prompt: string;
  /** Per attempt; the configured AI_TIMEOUT_MS when absent. */
  timeoutMs?: number;
  /** The answer's token budget (one section of a draft); the provider's default when absent. */
  maxOutputTokens?: number;
  /** 0 for a review, so the same text gets the same scores. */
  temperature?: number;
  /** Told which provider answered, so callers can record it (a fallback may have stepped in). */
  report?: (info: { provider: string; attempts: number }) => void;
}

export interface AiProvider {
  readonly name: string;
  generateObject<T>(req: GenerateObjectRequest<T>): Promise<T>;
}

/** The slice of Env the providers read (see env.ts). */
export interface AiConfig {
  AI_PROVIDER: 'offline' | AiProviderKind;
  AI_MODEL?: string;
  AI_BASE_URL?: string;
  AI_FALLBACK_PROVIDER?: AiProviderKind;
  AI_FALLBACK_MODEL?: string;
  OPENAI_API_KEY?: string;
  ANTHROPIC_API_KEY?: string;
  AI_TIMEOUT_MS: number;
}

export interface ProviderOptions {
  /** Retries after the first attempt, for transient errors only. */
  maxRetries?: number;
  /** First backoff; doubles per retry. */
  retryDelayMs?: number;
  /** Vendor endpoints are fixed in production; tests point them at a local fake server. */
  openaiBaseUrl?: string;
  anthropicBaseUrl?: string;
}

export const DEFAULT_MODELS: Record<AiProviderKind, string | null> = {
  openai: 'gpt-4.1-mini',
  anthropic: 'claude-sonnet-4-5',
  // A local server serves whatever the operator pulled; there is no sensible default.
  'openai-compatible': null,
};

const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_RETRY_DELAY_MS = 500;
const ANTHROPIC_MAX_OUTPUT_TOKENS = 8192;

/** The model answered, but not with JSON that fits the schema. Not retried: the fallback gets it. */
export class AiOutputError extends Error {
  override name = 'AiOutputError';
  constructor(
    message: string,
    readonly text: string,
  ) {
    super(message);
  }
}

/** A provider call failed for good (after its retries). */
export class AiProviderError extends Error {
  override name = 'AiProviderError';
  constructor(
    message: string,
    readonly provider: string,
    readonly attempts: number,
    readonly transient: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The configured provider, wrapped with its fallback; null means the offline engine (the default).
 * Throws a readable Error for an incomplete configuration, so a misconfigured worker fails at start.
 */
export function createAiProvider(config: AiConfig, options: ProviderOptions = {}): AiProvider | null {
  if (config.AI_PROVIDER === 'offline') return null;
  const primary = createModelProvider(config.AI_PROVIDER, config.AI_MODEL, config, options);
  const fallbackKind = config.AI_FALLBACK_PROVIDER;
  if (!fallbackKind) return primary;
  const fallbackModel =
    config.AI_FALLBACK_MODEL ?? (fallbackKind === config.AI_PROVIDER ? config.AI_MODEL : undefined);
  const fallback = createModelProvider(fallbackKind, fallbackModel, config, options);
  return withFallback(primary, fallback);
}

function createModelProvider(
  kind: AiProviderKind,
  modelId: string | undefined,
  config: AiConfig,
  options: ProviderOptions,
): AiProvider {
  const model = modelId ?? DEFAULT_MODELS[kind];
  if (!model) throw new Error(`AI_MODEL is required for AI provider "${kind}"`);
  return createSdkProvider({
    name: kind,
    model: buildLanguageModel(kind, model, config, options),
    timeoutMs: config.AI_TIMEOUT_MS,
    maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    retryDelayMs: options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
    maxOutputTokens: kind === 'anthropic' ? ANTHROPIC_MAX_OUTPUT_TOKENS : undefined,
  });
}

function buildLanguageModel(
  kind: AiProviderKind,
  model: string,
  config: AiConfig,
  options: ProviderOptions,
): LanguageModel {
  switch (kind) {
    case 'openai': {
      if (!config.OPENAI_API_KEY) throw new Error('OPENAI_API_KEY is required for AI provider "openai"');
      // Chat Completions, not the Responses API: the same wire format as every compatible server.
      return createOpenAI({ apiKey: config.OPENAI_API_KEY, baseURL: options.openaiBaseUrl }).chat(model);
    }
    case 'anthropic': {
      if (!config.ANTHROPIC_API_KEY)
        throw new Error('ANTHROPIC_API_KEY is required for AI provider "anthropic"');
      return createAnthropic({ apiKey: config.ANTHROPIC_API_KEY, baseURL: options.anthropicBaseUrl })(model);
    }
    case 'openai-compatible': {
      if (!config.AI_BASE_URL) throw new Error('AI_BASE_URL is required for AI provider "openai-compatible"');
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: config.AI_BASE_URL,
        // Ollama and llama.cpp need no key; vLLM may be started with one.
        apiKey: config.OPENAI_API_KEY,
      }).chatModel(model);
    }
  }
}

interface SdkProviderSettings {
  name: string;
  model: LanguageModel;
  timeoutMs: number;
  maxRetries: number;
  retryDelayMs: number;
  maxOutputTokens: number | undefined;
}

/** One vendor behind the interface: timeout per attempt, bounded retries, validated output. */
export function createSdkProvider(settings: SdkProviderSettings): AiProvider {
  return {
    name: settings.name,
    async generateObject<T>(req: GenerateObjectRequest<T>): Promise<T> {
      const timeoutMs = req.timeoutMs ?? settings.timeoutMs;
      const system = `${req.system}\n\n${describeJsonContract(req.schema)}`;
      let attempt = 0;
      for (;;) {
        attempt++;
        let text: string;
        try {
          const result = await generateText({
            model: settings.model,
            system,
            prompt: req.prompt,
            // The SDK's own retry would multiply with ours and ignore our timeout per attempt.
            maxRetries: 0,
            abortSignal: AbortSignal.timeout(timeoutMs),
            maxOutputTokens: req.maxOutputTokens ?? settings.maxOutputTokens,
            temperature: req.temperature,
          });
          text = result.text;
        } catch (error) {
          const failure = classifyFailure(error, timeoutMs);
          if (failure.transient && attempt <= settings.maxRetries) {
            await sleep(settings.retryDelayMs * 2 ** (attempt - 1));
            continue;
          }
          throw new AiProviderError(
            `${settings.name}: ${failure.message} (after ${attempt} attempt${attempt === 1 ? '' : 's'})`,
            settings.name,
            attempt,
            failure.transient,
            { cause: error },
          );
        }
        try {
          const value = validateModelOutput(req.schema, text);
          req.report?.({ provider: settings.name, attempts: attempt });
          return value;
        } catch (error) {
          throw new AiProviderError(
            `${settings.name}: ${(error as Error).message}`,
            settings.name,
            attempt,
            false,
            {
              cause: error,
            },
          );
        }
      }
    },
  };
}

/** Tries `primary`, and `fallback` when the primary fails for any reason. */
export function withFallback(primary: AiProvider, fallback: AiProvider): AiProvider {
  return {
    name: `${primary.name}+${fallback.name}`,
    async generateObject<T>(req: GenerateObjectRequest<T>): Promise<T> {
      try {
        return await primary.generateObject(req);
      } catch (primaryError) {
        try {
          return await fallback.generateObject(req);
        } catch (fallbackError) {
          throw new AiProviderError(
            `${(primaryError as Error).message}; fallback ${(fallbackError as Error).message}`,
            fallback.name,
            fallbackError instanceof AiProviderError ? fallbackError.attempts : 1,
            false,
            { cause: fallbackError },
          );
        }
      }
    },
  };
}

/** Parses whatever the model wrote (fences, quotes, prose around it) and checks it against the schema. */
export function validateModelOutput<T>(schema: z.ZodType<T>, text: string): T {
  let raw: unknown;
  try {
    raw = parseModelJson(text);
  } catch {
    throw new AiOutputError('model output is not valid JSON', text);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    throw new AiOutputError(`model output does not match the schema (${issues})`, text);
  }
  return parsed.data;
}

function describeJsonContract(schema: z.ZodType): string {
  const jsonSchema = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return [
    'Answer with one JSON value only: no Markdown, no code fence, no commentary.',
    'It must validate against this JSON Schema:',
    JSON.stringify(jsonSchema),
  ].join('\n');
}

function classifyFailure(error: unknown, timeoutMs: number): { transient: boolean; message: string } {
  if (isAbort(error)) return { transient: true, message: `timed out after ${timeoutMs} ms` };
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    // The message names the endpoint; results are shown to users, so only the code is kept.
    if (status === undefined) return { transient: true, message: `network error: ${networkCode(error)}` };
    const transient = status >= 500 || status === 408 || status === 409 || status === 429;
    return { transient, message: `HTTP ${status}` };
  }
  const code = (error as { cause?: { code?: string } })?.cause?.code;
  if (error instanceof TypeError || code)
    return { transient: true, message: `network error: ${networkCode(error)}` };
  return { transient: false, message: error instanceof Error ? error.message : String(error) };
}

function networkCode(error: unknown): string {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
  }
  return 'unreachable';
}

function isAbort(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const name = (e as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError') return true;
  }
  return false;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
