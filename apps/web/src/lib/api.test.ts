import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../test/kit.tsx';
import { api, bodyOf, fieldErrorsOf, messageOf, retryAfterOf, statusOf } from './api.ts';

/** What `api.get` rejects with for this answer (or for a fetch that throws). */
async function failureOf(answer: () => Response | Promise<Response>): Promise<unknown> {
  stubApi({ 'GET /api/x': answer });
  return api.get('/api/x').then(
    () => expect.fail('the request should have failed'),
    (error: unknown) => error,
  );
}

describe('reading a failed request (issue 29 §4)', () => {
  it("shows the server's message for a refusal, with its status", async () => {
    const error = await failureOf(() =>
      json(409, { message: 'Someone else saved first', currentVersion: 4 }),
    );
    expect(messageOf(error, 'Try again')).toBe('Someone else saved first');
    expect(statusOf(error)).toBe(409);
    expect(bodyOf(error).currentVersion).toBe(4);
  });

  it("shows the fallback for the server's catch-all 500, whose message says less", async () => {
    const error = await failureOf(() => json(500, { message: 'Internal server error' }));
    expect(messageOf(error, 'Unable to sign in. Please try again')).toBe(
      'Unable to sign in. Please try again',
    );
    expect(statusOf(error)).toBe(500);
  });

  it('shows what a 503 or 507 says (payments not configured, no room left)', async () => {
    const error = await failureOf(() => json(507, { message: 'No space left to save this' }));
    expect(messageOf(error, 'Try again')).toBe('No space left to save this');
  });

  it('shows the fallback for an answer without a message and for no answer at all', async () => {
    const html = await failureOf(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    expect(messageOf(html, 'Try again')).toBe('Try again');
    expect(statusOf(html)).toBe(502);
    const offline = await failureOf(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(messageOf(offline, 'Try again')).toBe('Try again');
    expect(statusOf(offline)).toBe(0);
    expect(bodyOf(offline)).toEqual({});
    expect(fieldErrorsOf(offline)).toEqual([]);
  });

  it("reads the fields the server refused and a 429's wait", async () => {
    const invalid = await failureOf(() =>
      json(400, { message: 'Too short', errors: [{ path: 'password', message: 'Too short' }] }),
    );
    expect(fieldErrorsOf(invalid)).toEqual([{ path: 'password', message: 'Too short' }]);
    expect(retryAfterOf(invalid)).toBeNull();
    const busy = await failureOf(() => json(429, { message: 'Slow down' }, { 'retry-after': '30' }));
    expect(retryAfterOf(busy)).toBe(30);
  });
});

/** Every production source of the web app, by path from this folder ('./api.ts', '../features/...'). */
const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
/** The API client: the one module that knows what a failed answer looks like. */
const CLIENT = './api.ts';
const sources = Object.entries(SOURCES).map(([file, text]) => ({ file, text }));

/** Production files outside the client that contain the pattern. */
const outsideClient = (pattern: RegExp) =>
  sources.filter((s) => s.file !== CLIENT && pattern.test(s.text)).map((s) => s.file);

describe('pages read failures through the client (issue 29 §4)', () => {
  it('scans the pages it guards', () => {
    expect(sources.length).toBeGreaterThan(150);
    expect(sources.filter((s) => /\bmessageOf\(/.test(s.text)).length).toBeGreaterThan(30);
  });

  it('no page tests `instanceof ApiError`: messageOf, statusOf, bodyOf, fieldErrorsOf, retryAfterOf do', () => {
    expect(outsideClient(/instanceof\s+ApiError\b/)).toEqual([]);
  });

  it('only the client calls fetch: JSON and file downloads carry the session one way', () => {
    expect(outsideClient(/(?<![\w.])fetch\(/)).toEqual([]);
  });

  it('only the paid mutation sets an Idempotency-Key', () => {
    const setters = sources.filter((s) => /['"`]Idempotency-Key['"`]/.test(s.text)).map((s) => s.file);
    expect(setters).toEqual(['./paid-mutation.ts']);
  });
});

/** The query-option factories (ADR 1080): a feature's `api/<feature>.queries.ts`, or lib/queries/ for reads shared by features. */
const isFactoryFile = (file: string) =>
  /^\.\.\/features\/[a-z-]+\/api\/[a-z-]+\.queries\.ts$|^\.\/queries\/[a-z-]+\.queries\.ts$/.test(file);

describe('pages read the API through the query-option factories (issue 29 §4, ADR 1080)', () => {
  it('finds the factories it guards', () => {
    const factories = sources.filter((s) => isFactoryFile(s.file));
    expect(factories.length).toBeGreaterThan(15);
    expect(factories.filter((s) => /\bqueryOptions\(/.test(s.text)).length).toBeGreaterThan(15);
  });

  it('only a factory GETs: no page, hook or component calls api.get, queryGet or a GET apiResponse', () => {
    const getters = sources
      .filter((s) => s.file !== CLIENT && !isFactoryFile(s.file))
      .filter((s) => /\bapi\.get\b|\bqueryGet\b|\bapiResponse\b|apiRequest\(\s*['"`]GET/.test(s.text))
      .map((s) => s.file);
    expect(getters).toEqual([]);
  });
});
