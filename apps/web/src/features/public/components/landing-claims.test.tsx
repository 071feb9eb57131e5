// @vitest-environment jsdom
import {
  CAPABILITY_CLAIMS,
  FEATURES,
  LEAD_FORM,
  RESULTS,
  TESTIMONIAL,
} from '@grantleaf/shared/marketing-content';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { DemoDashboard } from './demo-dashboard.tsx';
import { FaqPage } from './faq-page.tsx';
import { LandingPage } from './landing-page.tsx';

const config = (over: { aiModel: boolean; demoBookingUrl?: string | null }) => ({
  promoVideoUrl: null,
  demoBookingUrl: null,
  privacyEmail: 'privacy@grantleaf.ca',
  contactEmail: 'hello@grantleaf.ca',
  siteUrl: 'http://localhost:3000',
  ...over,
});

const serve = (over: { aiModel: boolean; demoBookingUrl?: string | null }) =>
  stubApi({
    'GET /api/public-config*': () => json(200, config(over)),
    'GET /api/grant-programs?*': () => json(200, { items: [] }),
  });

const landing = () => renderWithProviders(<LandingPage leadForm={null} earlyAccess={null} />);

afterEach(() => vi.useRealTimers());

/** Issue 28 items 3 and 16: the site's claims match what this deployment does. */
describe('the landing page’s claims', () => {
  it('without a model, says what the server does and keeps the operator’s figures and testimonial', async () => {
    serve({ aiModel: false });
    landing();
    expect(await screen.findByText(CAPABILITY_CLAIMS.heroSubheading.withoutModel)).toBeTruthy();
    expect(screen.getByText(CAPABILITY_CLAIMS.featuresIntro.withoutModel)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/100\+ pages|Our AI reads|covers every requirement/);
    for (const stat of RESULTS.stats) expect(screen.getAllByText(stat.value).length).toBeGreaterThan(0);
    expect(screen.getByText(`“${TESTIMONIAL.quote}”`)).toBeTruthy();
    expect(screen.getByText(FEATURES.pilotClaim)).toBeTruthy();
  });

  it('with a model, makes the spec’s claims as written', async () => {
    serve({ aiModel: true });
    landing();
    expect(
      await screen.findByText(
        'Grantleaf reads the 100+ pages of program guidelines for you, maps your eligibility and drafts an application that covers every requirement.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Our AI reads program guidelines of 100+ pages so you do not have to, then checks your draft against every rule.',
      ),
    ).toBeTruthy();
  });

  it('promises a booked 30-minute walkthrough only where a booking page is configured', async () => {
    serve({ aiModel: false });
    const { unmount } = landing();
    expect(await screen.findByText(LEAD_FORM.demoNoteWithoutBooking)).toBeTruthy();
    expect(screen.queryByText(/30-minute/)).toBeNull();
    unmount();
    serve({ aiModel: false, demoBookingUrl: 'https://cal.example.org/grantleaf' });
    landing();
    expect(await screen.findByText(LEAD_FORM.demoNote)).toBeTruthy();
  });
});

describe('the FAQ', () => {
  it('agrees with the landing page and says what a model-less server does', async () => {
    serve({ aiModel: false });
    renderWithProviders(<FaqPage />);
    expect(await screen.findByText(new RegExp(CAPABILITY_CLAIMS.faqWhatItDoes.withoutModel))).toBeTruthy();
    expect(document.body.textContent).toContain(FEATURES.pilotClaim);
    expect(document.body.textContent).not.toContain('Thousands of researchers');
  });
});

describe('the sample dashboard', () => {
  it('dates its deadlines from today, not from 2025', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-01T12:00:00Z'));
    stubApi({});
    renderWithProviders(<DemoDashboard />);
    const table = screen.getByRole('table');
    expect(within(table).getByText('Jul 1, 2031')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/2025/);
  });
});
