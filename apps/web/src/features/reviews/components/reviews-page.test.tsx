// @vitest-environment jsdom
import type { CritiqueRow, ResponseSection, ReviewPlan } from '@grantleaf/shared/reviews.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, fillIn, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { ReviewsPage } from '../index.ts';

const APP = '7f9c1a52-4c1e-4b7e-9c53-0a1b2c3d4e5f';
const IMPORT = '0b6a3e1c-2d4f-4a5b-8c7d-9e0f1a2b3c4d';
const W1 = '11111111-1111-4111-8111-111111111111';
const W2 = '22222222-2222-4222-8222-222222222222';
const S1 = '33333333-3333-4333-8333-333333333333';
const BASE = `/api/applications/${APP}/reviews`;
const T0 = '2026-11-27T10:00:00.000Z';
const T1 = '2026-11-27T10:05:00.000Z';

const row = (over: Partial<CritiqueRow>): CritiqueRow => ({
  id: W1,
  importId: IMPORT,
  source: 'Reviewer 1',
  criterion: 'Approach',
  kind: 'weakness',
  quote: 'No alternative is described if patients stop wearing the sensor.',
  sections: ['approach'],
  plannedChange: '',
  status: 'planned',
  declineReason: '',
  changed: { added: 0, removed: 0 },
  problems: ['No response planned yet.'],
  updatedAt: T0,
  ...over,
});

const EMPTY: ReviewPlan = {
  applicationId: APP,
  currentVersion: 3,
  sections: [
    { id: 'approach', header: 'Approach' },
    { id: 'significance', header: 'Significance' },
  ],
  imports: [],
  critiques: [],
  summary: { weaknesses: 0, strengths: 0, unanswered: 0, unverified: 0 },
};

const IMPORTED: ReviewPlan = {
  ...EMPTY,
  imports: [
    {
      id: IMPORT,
      label: 'Summary statement, March',
      layout: 'nih',
      fileName: null,
      reviewedVersion: 3,
      facts: [{ source: 'Reviewer 1', name: 'Impact score', value: '41' }],
      createdAt: T0,
    },
  ],
  critiques: [
    row({}),
    row({
      id: W2,
      criterion: 'Significance',
      quote: 'The data sharing plan is vague.',
      sections: ['significance'],
    }),
    row({
      id: S1,
      kind: 'strength',
      criterion: 'Significance',
      quote: 'Heart failure readmission is an important problem.',
      sections: ['significance'],
      problems: [],
    }),
  ],
  summary: { weaknesses: 2, strengths: 1, unanswered: 2, unverified: 0 },
};

const text = (el: Element | null | undefined) => el?.textContent ?? '';
const valueOf = (el: Element) => (el as HTMLTextAreaElement).value;

const show = () =>
  renderWithProviders(<ReviewsPage />, {
    route: `/applications/${APP}/reviews`,
    path: '/applications/:id/reviews',
    user: ADA,
  });

describe('ReviewsPage (issue 27)', () => {
  it('imports pasted comments once per attempt, then lists critiques, scores and strengths', async () => {
    let plan = EMPTY;
    const api = stubApi({
      [`GET ${BASE}`]: () => json(200, plan),
      [`POST ${BASE}`]: () => {
        plan = IMPORTED;
        return json(201, plan);
      },
    });
    show();
    await screen.findByRole('heading', { name: "Add reviewers' comments" });
    // Nothing pasted: said here, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Add comments' }));
    expect(text(await screen.findByRole('alert'))).toContain(
      "Paste the reviewers' comments or choose a file.",
    );
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    fillIn('Name (optional)', 'Summary statement, March');
    fillIn('Paste the comments', 'CRITIQUE 1\nApproach\nWeaknesses\n• No alternative…');
    fireEvent.click(screen.getByRole('button', { name: 'Add comments' }));
    expect(await screen.findByText('Summary statement, March')).toBeTruthy();
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      label: 'Summary statement, March',
      text: expect.stringContaining('CRITIQUE 1'),
    });
    expect(post.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(text(screen.getByTestId('review-facts'))).toContain('Reviewer 1 · Impact score:41');
    expect(screen.getAllByTestId('plan-row')).toHaveLength(2);
    expect(text(screen.getByTestId('plan-summary'))).toContain(
      '2 weaknesses, 1 strengths · 2 with no response yet',
    );
    const strengths = screen.getByRole('region', { name: 'Strengths to keep' });
    expect(within(strengths).getByText(/Heart failure readmission/)).toBeTruthy();
    // The form is cleared once stored.
    expect(valueOf(screen.getByLabelText('Paste the comments'))).toBe('');
  });

  it('keeps the pasted text when the server finds nothing, and shows its reason', async () => {
    stubApi({
      [`GET ${BASE}`]: () => json(200, EMPTY),
      [`POST ${BASE}`]: () =>
        json(422, {
          message:
            'No strengths or weaknesses were found in this text. Paste the reviewers’ own comments (for example the critiques of a summary statement).',
        }),
    });
    show();
    await screen.findByLabelText('Paste the comments');
    fillIn('Paste the comments', 'Thanks for applying.');
    fireEvent.click(screen.getByRole('button', { name: 'Add comments' }));
    expect(text(await screen.findByRole('alert'))).toContain('No strengths or weaknesses were found');
    expect(valueOf(screen.getByLabelText('Paste the comments'))).toBe('Thanks for applying.');
  });

  it('sends a chosen file through the upload path, then imports its URL', async () => {
    let plan = EMPTY;
    const fileUrl = '/api/files/0b6a3e1c-2d4f-4a5b-8c7d-9e0f1a2b3c4e';
    const api = stubApi({
      [`GET ${BASE}`]: () => json(200, plan),
      'POST /api/upload': () => json(200, { fileUrl }),
      [`POST ${BASE}`]: () => {
        plan = IMPORTED;
        return json(201, plan);
      },
    });
    show();
    const input = await screen.findByLabelText('Or choose a file (PDF, DOCX, TXT)');
    fireEvent.change(input, {
      target: { files: [new File(['Reviewer 1'], 'reviews.txt', { type: 'text/plain' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add comments' }));
    await screen.findByText('Summary statement, March');
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining(['POST /api/upload', `POST ${BASE}`]),
    );
    expect(api.calls.find((c) => c.path === BASE && c.method === 'POST')!.body).toMatchObject({ fileUrl });
  });

  it('saves a row with the stamp it was read at; a 409 shows the stored row and says why', async () => {
    let plan = IMPORTED;
    const url = `/api/applications/${APP}/critiques/${W1}`;
    const api = stubApi({
      [`GET ${BASE}`]: () => json(200, plan),
      [`PATCH ${url}`]: () => {
        // Another tab saved first: the server keeps its words and refuses this save.
        plan = {
          ...IMPORTED,
          critiques: IMPORTED.critiques.map((c) =>
            c.id === W1 ? { ...c, plannedChange: 'From the other tab.', updatedAt: T1 } : c,
          ),
        };
        return json(409, {
          message:
            'This row was changed elsewhere (another tab or window). Its latest state is shown: make your change again.',
        });
      },
    });
    show();
    const rows = await screen.findAllByTestId('plan-row');
    const first = within(rows[0]!);
    fireEvent.change(first.getByLabelText('Planned change (your words)'), {
      target: { value: 'A wrist sensor.' },
    });
    fireEvent.click(first.getByRole('button', { name: 'Save row' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({
      plannedChange: 'A wrist sensor.',
      ifUpdatedAt: T0,
      status: 'planned',
      sections: ['approach'],
    });
    // The plan is fetched again and the row shows the stored words.
    await waitFor(() =>
      expect(
        valueOf(within(screen.getAllByTestId('plan-row')[0]!).getByLabelText('Planned change (your words)')),
      ).toBe('From the other tab.'),
    );
  });

  it('asks for a reason before declining, and sends none without it', async () => {
    const api = stubApi({ [`GET ${BASE}`]: () => json(200, IMPORTED) });
    show();
    const row2 = within((await screen.findAllByTestId('plan-row'))[1]!);
    fireEvent.change(row2.getByLabelText('Status'), { target: { value: 'declined' } });
    fireEvent.click(row2.getByRole('button', { name: 'Save row' }));
    expect(text(await row2.findByRole('alert'))).toContain('Say why you decline this critique');
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
    expect(row2.getByLabelText('Why you decline it (quoted in the response)')).toBeTruthy();
  });

  it('shows a row marked done with no change as not answered, and the words changed in its sections', async () => {
    const done: ReviewPlan = {
      ...IMPORTED,
      critiques: [
        row({
          status: 'done',
          plannedChange: 'We added a fallback sensor.',
          problems: ['Marked done, but its sections show no change since version 3.'],
        }),
        ...IMPORTED.critiques.slice(1),
      ],
    };
    stubApi({
      [`GET ${BASE}`]: () => json(200, done),
      [`GET /api/applications/${APP}/critiques/${W1}/diff`]: () =>
        json(200, {
          critiqueId: W1,
          fromVersion: 3,
          toVersion: 3,
          sections: [{ id: 'approach', header: 'Approach', added: 0, removed: 0, parts: [] }],
        }),
    });
    show();
    const first = within((await screen.findAllByTestId('plan-row'))[0]!);
    expect(text(first.getByTestId('row-problems'))).toContain(
      'Marked done, but its sections show no change since version 3.',
    );
    fireEvent.click(first.getByRole('button', { name: 'Show changes' }));
    const diff = await first.findByTestId('critique-diff');
    expect(text(diff)).toContain('No change in this section.');
  });

  it('marks the words added and removed since the reviewed version', async () => {
    stubApi({
      [`GET ${BASE}`]: () => json(200, IMPORTED),
      [`GET /api/applications/${APP}/critiques/${W1}/diff`]: () =>
        json(200, {
          critiqueId: W1,
          fromVersion: 3,
          toVersion: 4,
          sections: [
            {
              id: 'approach',
              header: 'Approach',
              added: 4,
              removed: 1,
              parts: [
                { value: 'We enrol ', added: false, removed: false },
                { value: 'many', added: false, removed: true },
                { value: '120 patients with a fallback', added: true, removed: false },
              ],
            },
          ],
        }),
    });
    const { container } = show();
    const first = within((await screen.findAllByTestId('plan-row'))[0]!);
    fireEvent.click(first.getByRole('button', { name: 'Show changes' }));
    await first.findByTestId('critique-diff');
    expect(text(container.querySelector('ins'))).toContain('120 patients with a fallback');
    expect(text(container.querySelector('del'))).toContain('many');
    expect(first.getByText('Words changed from version 3 to version 4')).toBeTruthy();
  });

  it('generates the response with its limit and count, and lists the rows left out with the reason', async () => {
    const response: ResponseSection = {
      heading: 'Introduction to the Resubmission Application',
      text: 'Reviewer 1 (Significance): "The data sharing plan is vague."\nNot changed: The template is cited.',
      words: 180,
      limit: {
        text: '1 page',
        words: 650,
        note: 'One page at 650 words per page.',
        sources: ['https://grants.nih.gov/example'],
      },
      overLimit: false,
      unanswered: [{ id: W2, source: 'Reviewer 1', quote: 'The data sharing plan is vague.' }],
      leftOut: [
        {
          id: W1,
          source: 'Reviewer 1',
          quote: 'No alternative is described if patients stop wearing the sensor.',
          reason: 'Marked done, but its sections show no change since version 3.',
        },
      ],
    };
    stubApi({
      [`GET ${BASE}`]: () => json(200, IMPORTED),
      [`GET ${BASE}/response`]: () => json(200, response),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Generate response section' }));
    const card = await screen.findByTestId('response-section');
    expect(within(card).getByText('Introduction to the Resubmission Application')).toBeTruthy();
    expect(text(within(card).getByTestId('response-count'))).toContain('180 words of 650 (1 page)');
    expect(text(within(card).getByTestId('response-unanswered'))).toContain(
      '1 critique with no response yet',
    );
    expect(text(within(card).getByTestId('response-left-out'))).toContain(
      'No alternative is described if patients stop wearing the sensor.” — Marked done, but its sections show no change',
    );
  });

  it('asks the server for the DOCX of the response, and says when it could not be made', async () => {
    const api = stubApi({
      [`GET ${BASE}`]: () => json(200, IMPORTED),
      [`GET ${BASE}/response`]: () =>
        json(200, {
          heading: 'Introduction to the Resubmission Application',
          text: 'Introduction to the Resubmission Application',
          words: 5,
          limit: null,
          overLimit: false,
          unanswered: [],
          leftOut: [],
        }),
      [`GET ${BASE}/response.docx`]: () => json(500, { message: 'boom' }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Generate response section' }));
    expect(text(await screen.findByTestId('response-count'))).toContain(
      '5 words (no limit known for this program)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download DOCX' }));
    expect(await screen.findByText('The DOCX could not be made. Try again.')).toBeTruthy();
    expect(api.calls.some((c) => c.path === `${BASE}/response.docx`)).toBe(true);
  });

  it('says when the response runs over its limit', async () => {
    stubApi({
      [`GET ${BASE}`]: () => json(200, IMPORTED),
      [`GET ${BASE}/response`]: () =>
        json(200, {
          heading: 'Response to Previous Reviews',
          text: 'x',
          words: 1400,
          limit: { text: '2 pages', words: 1300, note: 'n', sources: [] },
          overLimit: true,
          unanswered: [],
          leftOut: [],
        }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Generate response section' }));
    expect(text(await screen.findByTestId('response-count'))).toContain(
      '1400 words: over the limit of 1300 (2 pages)',
    );
  });

  it('says when the application is not the user’s', async () => {
    stubApi({ [`GET ${BASE}`]: () => json(404, { message: 'Not found' }) });
    show();
    expect(text(await screen.findByRole('alert'))).toContain('This application was not found.');
  });
});
