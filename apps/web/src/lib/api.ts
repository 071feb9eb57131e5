import { INTL_LOCALE, requestedLanguage, translateMessage } from '../i18n/index.ts';
import { getSessionId } from './session.ts';

/** A non-OK answer, with the text the spec (§8) shows: '{status}: {body or status text}'. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message?: string; errors?: Array<{ path: string; message: string }> } & Record<
      string,
      unknown
    >,
    text: string,
    /** A 429's Retry-After, so a page can count the wait down. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${status}: ${text}`);
  }
  /** The server's own message, for toasts that show it. */
  get serverMessage(): string | undefined {
    return typeof this.body.message === 'string' ? this.body.message : undefined;
  }
}

// Pages read a failure through the functions below, never through `instanceof ApiError` (a guard
// test holds this): one rule for which message shows, and one place that knows the error's shape.

/** The answer's status for a failed request; 0 when no answer came back (the network, an abort). */
export function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : 0;
}

/**
 * What a page shows for a failed request: the server's message in the interface's language, or the
 * page's fallback when there is none. A 500 is the server's catch-all ('Internal server error'),
 * which says less than the page's own words, so it gets the fallback too; a 502, 503 or 507 says
 * what went wrong (payments not configured, no room left) and is shown.
 */
export function messageOf(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === 500) return fallback;
  return translateMessage(error.serverMessage) || fallback;
}

/** The body of a failed answer (its reason code, field errors, extra values); empty when none came. */
export function bodyOf(error: unknown): ApiError['body'] {
  return error instanceof ApiError ? error.body : {};
}

/** The fields the server refused, each with its message (a 400 from validation); empty otherwise. */
export function fieldErrorsOf(error: unknown): Array<{ path: string; message: string }> {
  return bodyOf(error).errors ?? [];
}

/** A 429's Retry-After in seconds, so a page can count the wait down; null otherwise. */
export function retryAfterOf(error: unknown): number | null {
  return error instanceof ApiError ? error.retryAfterSeconds : null;
}

/** While a listed request is still processing, its list is fetched again this often; never otherwise. */
export const PENDING_POLL_MS = 3000;

/**
 * What a failed load throws: an API failure reads as the spec's 'Failed to fetch {what}: {status}'
 * (§8); anything else (the network, an abort) as it is.
 */
export function loadFailure(error: unknown, what: string): unknown {
  return error instanceof ApiError ? new Error(`Failed to fetch ${what}: ${error.status}`) : error;
}

/** GET for a query, failing with loadFailure's text. */
export async function queryGet<T>(path: string, what: string): Promise<T> {
  try {
    return await apiRequest<T>('GET', path);
  } catch (error) {
    throw loadFailure(error, what);
  }
}

/**
 * What every call to the API carries: the session, and the page's language as Accept-Language
 * (the browser's own ignores the header's switch and the account's language; the server's answers
 * and the anonymous forms' e-mails follow the page's language, issue 31).
 */
function requestHeaders(init?: HeadersInit): Headers {
  const headers = new Headers(init);
  const sessionId = getSessionId();
  if (sessionId) headers.set('Authorization', `Bearer ${sessionId}`);
  if (!headers.has('Accept-Language')) headers.set('Accept-Language', INTL_LOCALE[requestedLanguage()]);
  return headers;
}

export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<T> {
  return (await apiResponse<T>(method, path, body, init)).data;
}

/**
 * Sends a request with the session and the page's language. A non-OK answer throws ApiError
 * (spec §8), so a JSON answer and a file download read failures the same way.
 */
export async function apiFetch(
  method: string,
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<Response> {
  const headers = requestHeaders(init.headers);
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  const res = await fetch(path, {
    ...init,
    method,
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  if (res.ok) return res;
  const text = await res.text();
  const parsed = parseJson(text);
  const retryAfter = Number(res.headers.get('retry-after'));
  throw new ApiError(
    res.status,
    (parsed && typeof parsed === 'object' ? parsed : {}) as ApiError['body'],
    text || res.statusText,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

/** Spec §8: an unparsable answer is treated as empty. */
function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The answer with its headers, for a list that says its size in X-Total-Count. */
export async function apiResponse<T>(
  method: string,
  path: string,
  body?: unknown,
  init: RequestInit = {},
): Promise<{ data: T; headers: Headers }> {
  const res = await apiFetch(method, path, body, init);
  return { data: parseJson(await res.text()) as T, headers: res.headers };
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown, init?: RequestInit) => apiRequest<T>('POST', path, body, init),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, body),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body),
  delete: <T>(path: string, body?: unknown) => apiRequest<T>('DELETE', path, body),
};
