// @vitest-environment jsdom
import { ALERT_KIND_LABELS, ALERT_MESSAGES, type AlertsOverview } from '@grantleaf/shared/alerts.schema';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import enAlerts from '../../../i18n/locales/en.alerts.json';
import enDashboard from '../../../i18n/locales/en.dashboard.json';
import frAlerts from '../../../i18n/locales/fr.alerts.json';
import frDashboard from '../../../i18n/locales/fr.dashboard.json';
import { englishLeftIn } from '../../../test/french.ts';
import { ADA, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { FollowToggle, SaveSearchButton } from '../index.ts';
import { AlertsPage } from './alerts-page.tsx';

/** Saved searches and followed programs in Canadian French (issue 31 §1). */
const englishLeft = englishLeftIn({ ...enAlerts, ...enDashboard }, { ...frAlerts, ...frDashboard });

const OVERVIEW: AlertsOverview = {
  emailVerified: false,
  preferences: { digest: true, reminders: false },
  savedSearches: [
    {
      id: 's1',
      name: 'Capteurs océaniques',
      query: { q: 'océan', jurisdiction: 'CA-QC', programType: 'tax-credit', minAmount: 50000 },
      createdAt: '2026-11-20T10:00:00.000Z',
      lastSentAt: '2026-11-27T10:00:00.000Z',
    },
  ],
  follows: [
    {
      programId: 'ca-nserc-discovery',
      name: 'NSERC Discovery Grants',
      agency: 'NSERC',
      deadline: '2027-11-01',
      deadlineExpected: true,
      closed: false,
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ],
};

afterEach(() => applyLanguage('en', { remember: false }));

describe('/alerts and the programs table’s alert controls in French', () => {
  it("keeps the shared e-mail kinds' English word for word", () => {
    expect(enAlerts.alerts.emails.kind).toEqual(ALERT_KIND_LABELS);
  });

  it('shows the page in French: searches described, the date written out, no English left', async () => {
    await applyLanguage('fr', { remember: false });
    stubApi({ 'GET /api/alerts': () => json(200, OVERVIEW) });
    const { container } = renderWithProviders(<AlertsPage />, { user: ADA });
    expect(await screen.findByRole('heading', { name: 'Recherches enregistrées et alertes' })).toBeTruthy();
    expect((await screen.findByText(/^« océan » · Québec/)).textContent).toBe(
      '« océan » · Québec · Crédit d’impôt · au moins 50\u00a0000\u00a0$',
    );
    expect(screen.getByText('Prochaine date limite : 1 novembre 2027 (prévue)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ne plus suivre NSERC Discovery Grants' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /^Rappels de date limite/ })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toMatch(/^Confirmez votre adresse courriel/);
    expect(screen.getByText(/Les rappels partent 30 et 7 jours avant/)).toBeTruthy();
    expect(screen.getByText('NSERC Discovery Grants').getAttribute('lang')).toBe('en');
    expect(englishLeft(container)).toEqual([]);
  });

  it('says the sign-in message in French', async () => {
    await applyLanguage('fr', { remember: false });
    renderWithProviders(<AlertsPage />);
    expect(screen.getByText('Accès refusé. Connectez-vous pour gérer vos alertes.')).toBeTruthy();
  });

  it('saves a search and follows a program in French, the server’s refusal in French too', async () => {
    await applyLanguage('fr', { remember: false });
    stubApi({
      'GET /api/alerts': () => json(200, OVERVIEW),
      'POST /api/saved-searches': () => json(409, { message: ALERT_MESSAGES.searchesFull }),
    });
    const { container } = renderWithProviders(
      <div>
        <SaveSearchButton query={{ q: 'océan' }} />
        <FollowToggle programId="ca-nserc-discovery" programName="NSERC Discovery Grants" />
      </div>,
      { user: ADA },
    );
    const follow = await screen.findByRole('button', { name: /^Suivi/ });
    expect(follow.textContent).toBe('Suivi NSERC Discovery Grants');
    expect(follow.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer cette recherche' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Donnez un nom à la recherche');
    fireEvent.change(screen.getByLabelText('Nom de la recherche'), { target: { value: 'Océans' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/^Vous pouvez garder au plus 20 recherches enregistrées\./)).toBeTruthy();
    expect(englishLeft(container)).toEqual([]);
  });
});
