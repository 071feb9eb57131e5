// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi, type ApiCall } from '../../../test/kit.tsx';
import { IdeaGeneratorDialog } from './idea-generator-dialog.tsx';

// The real toaster shows the toast; the spy reads what the dialog passed it (its action, too).
const toastError = vi.spyOn(toast, 'error');

let answer: { status: number; body: unknown } = { status: 201, body: {} };
let organisations: unknown[] = [];
let all: ApiCall[] = [];
// The requests the form sent (the pay-from list's GET aside).
const posts = () => all.filter((c) => c.method === 'POST');
beforeEach(() => {
  toastError.mockClear();
  organisations = [];
  ({ calls: all } = stubApi({
    'POST /api/idea-generator-requests': () => json(answer.status, answer.body),
    'GET /api/organisations': () => json(200, { data: organisations, joinable: [] }),
  }));
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
    expect(posts()).toHaveLength(0);
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
    const sent = posts()[0]!;
    expect(sent.url).toBe('/api/idea-generator-requests');
    expect(sent.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('switches to the success view after a submit', async () => {
    answer = { status: 201, body: { id: 'r1' } };
    renderDialog(1);
    fireEvent.change(screen.getByLabelText('Research interests'), { target: { value: 'Soil sensors' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Idea' }));
    expect(await screen.findByText('Idea request submitted!')).toBeTruthy();
    expect(posts()[0]!.body).toEqual({
      researchBackground: '',
      researchInterests: 'Soil sensors',
    });
  });

  it('pays from an organisation the member chose, and says what the limit leaves', async () => {
    organisations = [{ id: '0b9a3c1e-7d2f-4a4e-9c55-3f1f7d3a2b10', name: 'Research Office', role: 'member' }];
    answer = {
      status: 402,
      body: {
        message: 'This would pass your limit at Research Office: 0 credits left this month.',
        reason: 'organisation_limit',
        organisation: 'Research Office',
        available: 0,
        period: 'month',
      },
    };
    // No own credits: paying from the organisation is still allowed to reach the server.
    renderDialog(0);
    const select = (await screen.findByLabelText('Pay from')) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '0b9a3c1e-7d2f-4a4e-9c55-3f1f7d3a2b10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Idea' }));
    await vi.waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'Submission Failed',
        expect.objectContaining({
          description: 'This would pass your limit at Research Office: 0.0 credits left this month.',
        }),
      ),
    );
    expect(posts()[0]!.body).toMatchObject({ payFrom: '0b9a3c1e-7d2f-4a4e-9c55-3f1f7d3a2b10' });
  });
});
