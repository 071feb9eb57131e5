// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADA, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { ResubmissionFindings } from '../index.ts';

const APP = '7f9c1a52-4c1e-4b7e-9c53-0a1b2c3d4e5f';
const URL = `/api/applications/${APP}/reviews/findings`;
const W1 = '11111111-1111-4111-8111-111111111111';
const W2 = '22222222-2222-4222-8222-222222222222';

describe('ResubmissionFindings (issue 27 §3)', () => {
  it('hands each critique with no response, and a "done" the versions do not show, to the readiness list', async () => {
    stubApi({
      [URL]: () =>
        json(200, {
          resubmission: true,
          findings: [
            {
              kind: 'unanswered',
              message: 'No response to Reviewer 1 (Approach): “No alternative is described.”',
              sectionId: 'approach',
              critiqueId: W1,
            },
            {
              kind: 'unverified',
              message: 'Reviewer 2 (Significance) is marked done, but the change is not shown: …',
              sectionId: 'significance',
              critiqueId: W2,
            },
          ],
        }),
    });
    const onItems = vi.fn();
    renderWithProviders(<ResubmissionFindings applicationId={APP} savedVersion={4} onItems={onItems} />, {
      user: ADA,
    });
    const card = await screen.findByTestId('resubmission-findings');
    expect(card.textContent).toContain(
      '1 weakness from the reviews has no response: planned, with no change in its sections.',
    );
    expect(card.textContent).toContain('1 other point to check, listed with the checks.');
    expect(screen.getByRole('link', { name: 'Open the response plan' }).getAttribute('href')).toBe(
      `/applications/${APP}/reviews`,
    );
    await waitFor(() =>
      expect(onItems).toHaveBeenLastCalledWith([
        {
          message: 'No response to Reviewer 1 (Approach): “No alternative is described.”',
          sectionId: 'approach',
        },
        {
          message: 'Reviewer 2 (Significance) is marked done, but the change is not shown: …',
          sectionId: 'significance',
        },
      ]),
    );
  });

  it('shows nothing and adds nothing for an application with no reviews', async () => {
    const api = stubApi({ [URL]: () => json(200, { resubmission: false, findings: [] }) });
    const onItems = vi.fn();
    const { container } = renderWithProviders(
      <ResubmissionFindings applicationId={APP} savedVersion={1} onItems={onItems} />,
      { user: ADA },
    );
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await waitFor(() => expect(onItems).toHaveBeenCalledWith([]));
    expect(container.querySelector('[data-testid="resubmission-findings"]')).toBeNull();
    expect(onItems.mock.calls.every(([items]) => items.length === 0)).toBe(true);
  });
});
