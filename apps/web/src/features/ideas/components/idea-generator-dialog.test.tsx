// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi, type ApiCall } from '../../../test/kit.tsx';
import { IdeaGeneratorDialog } from './idea-generator-dialog.tsx';

// The real toaster shows the toast; the spy reads what the dialog passed it (its action, too).
const toastError = vi.spyOn(toast, 'error');

let answer: { status: number; body: unknown } = { status: 201, body: {} };
let calls: ApiCall[] = [];
beforeEach(() => {
  toastError.mockClear();
  ({ calls } = stubApi({ 'POST /api/idea-generator-requests': () => json(answer.status, answer.body) }));
});

const renderDialog = (credits: number) =>
  renderWithProviders(<IdeaGeneratorDialog open onOpenChange={() => {}} credits={credits} />);

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
    expect(sent.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('switches to the success view after a submit', async () => {
    answer = { status: 201, body: { id: 'r1' } };
    renderDialog(1);
    fireEvent.change(screen.getByLabelText('Research interests'), { target: { value: 'Soil sensors' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Idea' }));
    expect(await screen.findByText('Idea request submitted!')).toBeTruthy();
    expect(calls[0]!.body).toEqual({
      researchBackground: '',
      researchInterests: 'Soil sensors',
    });
  });
});
