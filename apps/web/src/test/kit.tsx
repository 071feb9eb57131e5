import type { User } from '@grantleaf/shared/auth.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { CURRENT_USER_KEY } from '../features/auth/api/auth.api.ts';

/**
 * The web tests' one way to render a screen and to answer its API calls (issue 12). Clean-up after
 * each test (unmount, unstub fetch, dismiss toasts) is registered once, in ./setup.ts.
 */

/** A signed-in researcher. */
export const ADA: User = {
  id: 'u1',
  name: 'Ada',
  email: 'ada@utoronto.ca',
  phone: '1',
  credits: 3,
  isAdmin: false,
  emailVerified: true,
  language: 'en',
};

/** A member of staff; `{ ...OPS, isAdmin: false }` for one whose rights were taken away. */
export const OPS: User = {
  id: 'a1',
  name: 'Ops',
  email: 'admin@grantleaf.ca',
  phone: '',
  credits: 0,
  isAdmin: true,
  emailVerified: true,
  language: 'en',
};

export interface RenderOptions {
  /** The address the router starts at. */
  route?: string;
  /** A route pattern (`/admin/catalogue/:id`) for screens that read their params. */
  path?: string;
  /** Cached as the signed-in user before the first render, as after a sign-in. */
  user?: User;
}

/** Renders `ui` with a fresh query cache (no retries), a router and the toaster. */
export function renderWithProviders(ui: ReactElement, { route = '/', path, user }: RenderOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (user) client.setQueryData(CURRENT_USER_KEY, user);
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Toaster />
        {path ? (
          <Routes>
            <Route path={path} element={ui} />
          </Routes>
        ) : (
          ui
        )}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/** Types `value` into the field labelled `label`, as one change. */
export const fillIn = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** A request the stubbed fetch received. */
export interface ApiCall {
  method: string;
  /** As the app asked for it: path and query. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  /** A JSON body parsed; any other body (FormData) as sent. */
  body: any;
}

export type Answer = (call: ApiCall) => Response | Promise<Response>;

/** An API answer; a null body is sent empty (204). */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/**
 * Answers the app's fetch calls like the API would. A key is `'METHOD /url'` or `'/url'` (any
 * method); the URL matches exactly, or as a prefix when the key ends in `*`. The longest matching
 * key answers, one with a method before one without. A call no key matches answers 404 naming
 * itself, so a missing answer shows rather than passing by. Every call is recorded in `calls`.
 */
export function stubApi(answers: Record<string, Answer>) {
  const routes = Object.entries(answers).map(([key, answer]) => {
    const [, method, url] = /^(?:([A-Z]+) )?(.+)$/.exec(key)!;
    const prefix = url!.endsWith('*');
    return { method, url: prefix ? url!.slice(0, -1) : url!, prefix, answer };
  });
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost');
    const raw = init.body;
    const call: ApiCall = {
      method: init.method ?? 'GET',
      url,
      path: parsed.pathname,
      query: parsed.searchParams,
      headers: new Headers(init.headers),
      body: typeof raw === 'string' ? JSON.parse(raw) : raw,
    };
    calls.push(call);
    const route = routes
      .filter(
        (r) => (!r.method || r.method === call.method) && (r.prefix ? url.startsWith(r.url) : url === r.url),
      )
      .sort(
        (a, b) => b.url.length - a.url.length || Number(Boolean(b.method)) - Number(Boolean(a.method)),
      )[0];
    return route ? route.answer(call) : json(404, { message: `No answer stubbed for ${call.method} ${url}` });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, fetch };
}

/** `GET /api/public-config`'s answer with nothing optional configured, with or without a model. */
export const publicConfig = (aiModel: boolean) =>
  json(200, {
    promoVideoUrl: null,
    demoBookingUrl: null,
    privacyEmail: 'privacy@grantleaf.ca',
    contactEmail: 'hello@grantleaf.ca',
    siteUrl: 'http://localhost:3000',
    aiModel,
  });
