// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import enAdmin from '../../../i18n/locales/en.admin.json';
import frAdmin from '../../../i18n/locales/fr.admin.json';
import { setSessionId } from '../../../lib/session.ts';
import { englishLeftIn } from '../../../test/french.ts';
import { json, OPS, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { AdminLeadsPage } from './admin-leads-page.tsx';

// /admin/leads in both languages (issue 31, ADR 1041): the page's words from the catalogue, the
// stored role, size and interest through the shared lists' labels.

function renderPage(language: 'en' | 'fr') {
  stubApi({
    'GET /api/auth/user': () => json(200, { ...OPS, isAdmin: true, language }),
    'GET /api/admin/leads': () =>
      json(200, {
        leads: [
          {
            id: 'l1',
            email: 'pi@ulaval.ca',
            role: 'principal-investigator',
            organization: 'Université Laval',
            grantSize: 'under-50k',
            message: null,
            status: 'new',
            createdAt: '2026-11-20T10:00:00.000Z',
          },
        ],
      }),
    'GET /api/admin/zeno-leads': () => json(200, { submissions: [] }),
  });
  return renderWithProviders(<AdminLeadsPage />);
}

beforeEach(() => setSessionId('token'));
afterEach(() => applyLanguage('en', { remember: false }));

describe('AdminLeadsPage', () => {
  it('lists the grant-analysis requests with their role and size in words', async () => {
    renderPage('en');
    const row = await screen.findByTestId('lead-row');
    expect(row.textContent).toContain('Principal Investigator');
    expect(row.textContent).toContain('Under $50K');
    expect(within(row).getByLabelText('Status of pi@ulaval.ca')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Voice assistant early access requests' })).toBeTruthy();
    expect(screen.getByText('No requests yet.')).toBeTruthy();
  });

  it('is in French for a French admin', async () => {
    await applyLanguage('fr', { remember: false });
    renderPage('fr');
    const row = await screen.findByTestId('lead-row');
    expect(row.textContent).toContain('Chercheur principal');
    expect(row.textContent).toMatch(/Moins de 50\sk\$/);
    expect(within(row).getByLabelText('Statut de pi@ulaval.ca')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Aucune demande pour l’instant.')).toBeTruthy());
    expect(screen.getByRole('columnheader', { name: 'Taille de la subvention' })).toBeTruthy();
    expect(englishLeftIn(enAdmin, frAdmin)(document.body)).toEqual([]);
    expect(document.body.textContent).not.toMatch(/Principal Investigator|Under \$50K/);
  });
});
