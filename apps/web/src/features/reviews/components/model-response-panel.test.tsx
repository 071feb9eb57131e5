// @vitest-environment jsdom
import type { ModelResponse, ModelResponseList } from '@grantleaf/shared/review-response.schema';
import type { ReviewPlan } from '@grantleaf/shared/reviews.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { ReviewsPage } from '../index.ts';

const APP = '7f9c1a52-4c1e-4b7e-9c53-0a1b2c3d4e5f';
const W1 = '11111111-1111-4111-8111-111111111111';
const W2 = '22222222-2222-4222-8222-222222222222';
const IMPORT = '0b6a3e1c-2d4f-4a5b-8c7d-9e0f1a2b3c4d';
const R = '44444444-4444-4444-8444-444444444444';
const BASE = `/api/applications/${APP}/reviews`;
const MODEL = `${BASE}/model-responses`;
const T0 = '2026-11-28T10:00:00.000Z';

const PLAN: ReviewPlan = {
  applicationId: APP,
  currentVersion: 4,
  sections: [{ id: 'approach', header: 'Approach' }],
  imports: [
    {
      id: IMPORT,
      label: 'Summary statement',
      layout: 'nih',
      fileName: null,
      reviewedVersion: 3,
      facts: [],
      createdAt: T0,
    },
  ],
  critiques: [
    {
      id: W1,
      importId: IMPORT,
      source: 'Reviewer 1',
      criterion: 'Approach',
      kind: 'weakness',
      quote: 'The sample size is not justified.',
      sections: ['approach'],
      plannedChange: 'We added a power calculation.',
      status: 'done',
      declineReason: '',
      changed: { added: 12, removed: 0 },
      problems: [],
      updatedAt: T0,
    },
  ],
  summary: { weaknesses: 1, strengths: 0, unanswered: 0, unverified: 0 },
};

const POWER = { id: W1, source: 'Reviewer 1', quote: 'The sample size is not justified.' };
const SHARING = { id: W2, source: 'Reviewer 2', quote: 'The data sharing plan is vague.' };

const response = (over: Partial<ModelResponse>): ModelResponse => ({
  id: R,
  status: 'complete',
  error: null,
  createdAt: T0,
  heading: 'Introduction to the Resubmission Application',
  text: 'Introduction to the Resubmission Application\n\nWe added a power calculation.',
  words: 700,
  limit: { text: '1 page', words: 650 },
  overLimit: true,
  paragraphs: [{ text: 'We added a power calculation.', rows: [POWER] }],
  removed: [{ text: 'Stanford University agreed.', reason: 'Not in the plan: Stanford University.' }],
  notAnswered: [SHARING],
  ...over,
});

const text = (el: Element | null | undefined) => el?.textContent ?? '';
const show = () =>
  renderWithProviders(<ReviewsPage />, {
    route: `/applications/${APP}/reviews`,
    path: '/applications/:id/reviews',
    user: ADA,
  });
const START = 'Write as prose with AI (0.2 credits)';

describe('The response written by the model, on the reviews page (issue 27 §3)', () => {
  it('offers no button without a model; the offline section stays', async () => {
    stubApi({
      [`GET ${BASE}`]: () => json(200, PLAN),
      [`GET ${MODEL}`]: () => json(200, { available: false, data: [] }),
    });
    show();
    expect(await screen.findByRole('button', { name: 'Generate response section' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('model-response')).toBeNull());
    expect(screen.queryByRole('button', { name: START })).toBeNull();
  });

  it('shows the price, sends one keyed request, is pending meanwhile, then shows the checked text', async () => {
    let list: ModelResponseList = { available: true, data: [] };
    let answer: (r: Response) => void = () => {};
    const api = stubApi({
      [`GET ${BASE}`]: () => json(200, PLAN),
      [`GET ${MODEL}`]: () => json(200, list),
      [`POST ${MODEL}`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    show();
    const button = await screen.findByRole('button', { name: START });
    fireEvent.click(button);
    // Pending: the button says so and cannot be pressed twice.
    const pending = await screen.findByRole('button', { name: 'The model is writing…' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);

    list = { available: true, data: [response({})] };
    answer(json(201, response({ status: 'processing', text: null, words: null, paragraphs: [] })));
    const card = await screen.findByTestId('model-response-text');
    expect(within(card).getByText('We added a power calculation.')).toBeTruthy();
    expect(text(card)).toContain('Answers: Reviewer 1: “The sample size is not justified.”');
    // Over the limit: said, and the text is whole.
    expect(text(within(card).getByTestId('model-response-count'))).toContain(
      '700 words: over the limit of 650 (1 page)',
    );
    expect(text(within(card).getByTestId('model-response-removed'))).toContain(
      '1 paragraph removed by the check',
    );
    expect(text(within(card).getByTestId('model-response-removed'))).toContain(
      'Not in the plan: Stanford University.',
    );
    expect(text(within(card).getByTestId('model-response-not-answered'))).toContain(
      'Reviewer 2: “The data sharing plan is vague.”',
    );
    expect(await screen.findByRole('button', { name: 'Write again with AI (0.2 credits)' })).toBeTruthy();
  });

  it('says why a request was refused, and shows a failed run’s reason (refunded)', async () => {
    const failed = response({
      status: 'failed',
      text: null,
      words: null,
      paragraphs: [],
      removed: [],
      notAnswered: [],
      error:
        'The AI model did not give a usable response section, so nothing was written. Your 0.2 credits were refunded.',
    });
    stubApi({
      [`GET ${BASE}`]: () => json(200, PLAN),
      [`GET ${MODEL}`]: () => json(200, { available: true, data: [failed] }),
      [`POST ${MODEL}`]: () =>
        json(409, {
          message:
            'No critique is answered yet: mark a weakness done (with its sections changed) or declined with a reason first. Nothing was charged.',
        }),
    });
    show();
    const panel = await screen.findByTestId('model-response');
    expect(text(await within(panel).findByRole('alert'))).toContain('Your 0.2 credits were refunded.');
    fireEvent.click(screen.getByRole('button', { name: 'Write again with AI (0.2 credits)' }));
    await waitFor(() =>
      expect(within(panel).getAllByRole('alert').map(text).join(' ')).toContain(
        'No critique is answered yet',
      ),
    );
  });
});
