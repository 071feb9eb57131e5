// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../test/kit.tsx';
import { fileAttempt, usePaidMutation } from './paid-mutation.ts';

/** The paid route answers these statuses in turn (201 once they run out). */
function paidRoute(statuses: number[]) {
  const { calls } = stubApi({
    'POST /api/paid': () => {
      const status = statuses.shift() ?? 201;
      return json(status, status < 300 ? { id: 'w1' } : { message: `refused with ${status}` });
    },
  });
  const keys = () => calls.filter((c) => c.path === '/api/paid').map((c) => c.headers.get('Idempotency-Key'));
  return { calls, keys };
}

function renderPaid<I>(options: { attempt?: (input: I) => unknown } = {}) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: 0 } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () =>
      usePaidMutation<I, { id: string }>({
        request: (input) => ({ path: '/api/paid', body: input }),
        ...options,
      }),
    { wrapper },
  );
  return (input: I) => result.current.mutateAsync(input).catch(() => null);
}

describe('usePaidMutation: the one owner of the Idempotency-Key (issue 29 §4, ADR 0010)', () => {
  it('sends the same key while the server kept no answer (a 5xx, a 409 still running, a 429)', async () => {
    const { keys } = paidRoute([500, 409, 429]);
    const send = renderPaid<{ topic: string }>();
    for (let i = 0; i < 4; i++) await send({ topic: 'river ice' });
    expect(keys()).toHaveLength(4);
    expect(keys()[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys()).size).toBe(1);
  });

  it('starts a new attempt after a success, after a kept refusal (402), and for another input', async () => {
    const { keys } = paidRoute([201, 402, 201]);
    const send = renderPaid<{ topic: string }>();
    await send({ topic: 'river ice' });
    await send({ topic: 'river ice' });
    await send({ topic: 'river ice' });
    await send({ topic: 'lake ice' });
    const [first, second, third, fourth] = keys();
    expect(new Set([first, second, third, fourth]).size).toBe(4);
  });

  it('treats a form with a re-uploaded file as one attempt when the caller names the attempt', async () => {
    const { keys, calls } = paidRoute([500]);
    const file = new File(['%PDF-1.7'], 'plan.pdf', { type: 'application/pdf', lastModified: 1 });
    const send = renderPaid<{ fileUrl: string; file: File }>({
      attempt: ({ file: chosen }) => fileAttempt(chosen),
    });
    await send({ fileUrl: '/uploads/a', file });
    await send({ fileUrl: '/uploads/b', file });
    expect(calls.map((c) => c.body.fileUrl)).toEqual(['/uploads/a', '/uploads/b']);
    expect(keys()[1]).toBe(keys()[0]);
  });
});
