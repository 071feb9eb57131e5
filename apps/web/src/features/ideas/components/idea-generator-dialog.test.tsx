// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdeaGeneratorDialog } from './idea-generator-dialog.tsx';

const toastError = vi.fn();
vi.mock('sonner', () => ({
  toast: { error: (...args: unknown[]) => toastError(...args), success: vi.fn() },
}));

let answer: { status: number; body: unknown } = { status: 201, body: {} };
const calls: Array<{ url: string; init: RequestInit }> = [];
beforeEach(() => {
  calls.length = 0;
  toastError.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderDialog = (credits: number) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <IdeaGeneratorDialog open onOpenChange={() => {}} credits={credits} />
    </QueryClientProvider>,
  );

describe('IdeaGeneratorDialog', () => {
  it('below 0.5 credits: the spec note, and submit is disabled', () => {
    renderDialog(0.4);
    expect(screen.getByText('Insufficient credits. You need 0.5 credits to generate an idea.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Generate Idea' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses fields over 5000 characters without calling the server', () => {
    renderDialog(1);
    fireEvent.change(screen.getByLabelText('Research background'), { target: { value: 'x'.repeat(5001) } });
    fireEvent.change(screen.getByLabelText('Research interests'), { target: { value: 'y'.repeat(5001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Idea' }));
    expect(screen.getByText('Research background too long')).toBeTruthy();
    expect(screen.getByText('Research interests too long')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('a server failure shows the Submission Failed toast with the server message', async () => {
    answer = { status: 402, body: { message: 'Insufficient credits' } };
    renderDialog(1);
    fireEvent.click(screen.getByRole('button', { name: 'Generate Idea' }));
    await vi.waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Submission Failed', {
        description: 'Insufficient credits',
        // A 402 offers the way out: the toast's action opens the buy-credits dialog.
        action: expect.objectContaining({ label: 'Buy credits' }),
      }),
    );
    const sent = calls[0]!;
    expect(sent.url).toBe('/api/idea-generator-requests');
    expect(new Headers(sent.init.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('switches to the success view after a submit', async () => {
    answer = { status: 201, body: { id: 'r1' } };
    renderDialog(1);
    fireEvent.change(screen.getByLabelText('Research interests'), { target: { value: 'Soil sensors' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Idea' }));
    expect(await screen.findByText('Idea request submitted!')).toBeTruthy();
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      researchBackground: '',
      researchInterests: 'Soil sensors',
    });
  });
});
