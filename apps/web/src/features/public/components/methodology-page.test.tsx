// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { ELEMENTS } from '@grantleaf/shared/elements';
import enInfo from '../../../i18n/locales/en.info.json' with { type: 'json' };
import frInfo from '../../../i18n/locales/fr.info.json' with { type: 'json' };
import calibration from '../methodology-calibration.json' with { type: 'json' };
import { formatFigure, MethodologyPage } from './methodology-page.tsx';

/** The page shows the figures `npm run eval` wrote, and nothing that claims a prediction. */
describe('the methodology page', () => {
  const page = () => {
    stubApi({});
    return renderWithProviders(<MethodologyPage />, { route: '/methodology' });
  };

  it('shows every held-out figure of calibration.json, and its document and passage counts', () => {
    page();
    const held = calibration.pooled.heldout;
    const pooled = screen.getByTestId('pooled-heldout');
    for (const f of [held.precision, held.recall, held.wrongMissing, held.notAssessed])
      expect(pooled.textContent).toContain(formatFigure(f));
    expect(document.body.textContent).toContain(
      `Measured on ${calibration.documents.heldout} held-out documents (${calibration.passages.heldout} passages`,
    );
    expect(calibration.families).toHaveLength(14);
    for (const f of calibration.families) {
      const row = within(screen.getByTestId(`family-${f.family}`));
      for (const figure of [f.heldout.precision, f.heldout.recall, f.heldout.wrongMissing])
        expect(row.getAllByText(formatFigure(figure)).length).toBeGreaterThan(0);
      expect(row.getByText(`${f.heldout.present} of ${f.heldout.passages} passages`)).toBeTruthy();
    }
  });

  it('says what the offline score measures, that reviewers agree weakly, and never calls it a prediction', () => {
    page();
    const text = document.body.textContent ?? '';
    expect(text).toContain(
      "Coverage of the funder's required elements, with specific content; merit is not assessed without an AI model.",
    );
    expect(text).toContain('doi:10.1073/pnas.1714379115');
    expect(text).toContain('doi:10.1371/journal.pone.0014331');
    expect(text).toContain('never a prediction of funding');
    expect(formatFigure({ value: 0.423, low: 0.371, high: 0.474, of: 300 })).toBe('42% (37%–47%)');
    expect(formatFigure(null)).toBe('—');
  });

  it('names every element the engine detects, in English and in French (one list, @grantleaf/shared/elements)', () => {
    const named = (catalogue: { info: { methodology: { families: Record<string, string> } } }) =>
      Object.keys(catalogue.info.methodology.families).sort();
    expect(named(enInfo)).toEqual([...ELEMENTS].sort());
    expect(named(frInfo)).toEqual([...ELEMENTS].sort());
  });
});
