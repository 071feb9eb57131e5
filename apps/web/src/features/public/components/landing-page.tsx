import {
  capabilityClaim,
  CLOSING_CTA,
  DEMO_DASHBOARD,
  EVENTS,
  FEATURES,
  HERO,
  LEAD_FORM,
  PROGRAMS,
  RESULTS,
  TESTIMONIAL,
  VOICE_ASSISTANT,
} from '@grantleaf/shared/marketing-content';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { translateMessage as inFrench, useTranslation } from '../../../i18n/index.ts';
import { usePublicConfig, useProgramGroups } from '../api/public.api.ts';
import { DemoDashboard } from './demo-dashboard.tsx';
import { EventIllustration } from './event-illustrations.tsx';
import { PromoVideo } from './promo-video.tsx';
import { SiteFooter } from './site-footer.tsx';
import { goToSection, SiteHeader } from './site-header.tsx';

function Check() {
  return (
    <svg
      viewBox="0 0 20 20"
      className="mt-0.5 h-5 w-5 flex-none fill-brand-700"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M8.1 14.3 3.8 10l1.4-1.4 2.9 2.9 6.7-6.7 1.4 1.4z" />
    </svg>
  );
}

/**
 * A Suspense boundary that never suspends in the browser: on the pre-rendered `/` React hydrates
 * what it holds later, in short slices, instead of in one long task before the page responds.
 */
function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

function Section({
  id,
  className,
  labelledBy,
  children,
}: {
  id?: string;
  className?: string;
  labelledBy: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      tabIndex={id ? -1 : undefined}
      className={`scroll-mt-20 focus:outline-none ${className ?? ''}`}
    >
      <HydrateLater>
        <div className="mx-auto max-w-7xl px-4 py-16 sm:py-20">{children}</div>
      </HydrateLater>
    </section>
  );
}

// The operator's settings and the catalogue's program names arrive after the first paint; each is
// read by the small part that shows it, so its answer re-renders that part, not the whole page.
function HeroVideo() {
  useTranslation();
  const { data: config } = usePublicConfig();
  return (
    <PromoVideo
      url={config?.promoVideoUrl}
      title={inFrench(HERO.videoTitle)}
      caption={inFrench(HERO.videoPosterCaption)}
      onTour={() => goToSection(TOUR_SECTION)}
    />
  );
}

/**
 * A claim about what the software does, worded for this deployment (issue 28 item 3): the spec's
 * AI claim only where a model runs, what the server does otherwise (ADR 0265).
 */
function Claim({ name }: { name: Parameters<typeof capabilityClaim>[0] }) {
  useTranslation();
  const { data: config } = usePublicConfig();
  return <>{inFrench(capabilityClaim(name, config?.aiModel))}</>;
}

/** The note under Schedule a Demo promises a booked walkthrough only where a booking page exists. */
function DemoNote() {
  useTranslation();
  const { data: config } = usePublicConfig();
  return (
    <p className="mt-6 text-sm text-slate-700">
      {inFrench(config?.demoBookingUrl ? LEAD_FORM.demoNote : LEAD_FORM.demoNoteWithoutBooking)}
    </p>
  );
}

/** The demo dashboard section doubles as the product tour when no video is configured. */
const TOUR_SECTION = 'tour';

function DemoBookingLink() {
  const { t } = useTranslation();
  const { data: config } = usePublicConfig();
  if (!config) return null;
  // Without a booking page, the request goes through the lead form on this page (it works with
  // no configuration, unlike a mailto: link that needs a mail program).
  if (!config.demoBookingUrl) {
    return (
      <a
        href="#lead-form"
        onClick={(e) => {
          e.preventDefault();
          goToSection('lead-form');
        }}
        className={`${buttonClass('secondary')} mt-3`}
      >
        {inFrench(LEAD_FORM.demoCta)}
      </a>
    );
  }
  return (
    <a
      href={config.demoBookingUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={`${buttonClass('secondary')} mt-3`}
    >
      {inFrench(LEAD_FORM.demoCta)}
      <span className="sr-only"> {t('landing.newTab')}</span>
    </a>
  );
}

function ProgramGroups() {
  useTranslation();
  const programs = useProgramGroups();
  return (
    <div className="mt-8 grid gap-6 md:grid-cols-3">
      {PROGRAMS.groups.map((group) => (
        <div key={group.key} className="rounded-xl border border-slate-200 p-5">
          <h3 className="text-lg font-semibold text-slate-900">{inFrench(group.title)}</h3>
          <ul className="mt-3 space-y-2" data-testid={`programs-${group.key}`}>
            {programs[group.key].map((name) => (
              <li key={name} className="flex gap-2 text-sm text-slate-800">
                <Check />
                {/* A program's name as the catalogue holds it, in English (ADR 0730). */}
                <span lang="en">{name}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function FreeAnalysisButton({ className }: { className?: string }) {
  useTranslation();
  return (
    <a
      href="#lead-form"
      onClick={(e) => {
        e.preventDefault();
        goToSection('lead-form');
      }}
      className={className ?? buttonClass('secondary', 'lg')}
    >
      {inFrench(HERO.analysisCta)}
    </a>
  );
}

/**
 * The public landing page (spec §2), every section in order. The two lead forms belong to the
 * leads feature; the app passes them in, so this feature does not import another.
 */
export function LandingPage({
  leadForm,
  earlyAccess,
  pricing,
}: {
  leadForm: ReactNode;
  earlyAccess: ReactNode;
  pricing?: ReactNode;
}) {
  const { hash } = useLocation();
  // The words come from packages/shared in English; in French each goes through fr.messages.json
  // (translateMessage), so the English first paint carries no catalogue of its own (ADR 0430, 1005).
  const { t } = useTranslation();

  // Arriving from another page at /#features: scroll once the section exists.
  useEffect(() => {
    if (hash.length > 1) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        {t('landing.skip')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        {/* Hero */}
        <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 to-white">
          <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-2">
            <div>
              <h1
                id="hero-title"
                className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl"
              >
                {inFrench(HERO.headline)}
              </h1>
              <p className="mt-4 text-lg text-slate-700">
                <Claim name="heroSubheading" />
              </p>
              <ul className="mt-6 space-y-3">
                {HERO.claims.map((claim) => (
                  <li key={claim} className="flex gap-3 text-slate-800">
                    <Check />
                    {inFrench(claim)}
                  </li>
                ))}
              </ul>
              <div className="mt-8 flex flex-wrap gap-3">
                <Link to="/register" className={buttonClass('primary', 'lg')}>
                  {inFrench(HERO.primaryCta)}
                </Link>
                <FreeAnalysisButton />
              </div>
            </div>
            <HeroVideo />
          </div>
        </section>

        {/* Free grant analysis */}
        <Section id="lead-form" labelledBy="lead-form-title" className="bg-white">
          <div className="grid gap-10 lg:grid-cols-3">
            <div>
              <h2 id="lead-form-title" className="text-3xl font-bold text-slate-900">
                {inFrench(LEAD_FORM.title)}
              </h2>
              <p className="mt-3 text-slate-700">{inFrench(LEAD_FORM.intro)}</p>
              <DemoNote />
              <DemoBookingLink />
            </div>
            <div className="rounded-xl border border-slate-200 bg-slate-50 p-5 sm:p-6 lg:col-span-2">
              {leadForm}
            </div>
          </div>
        </Section>

        {/* Features */}
        <Section id="features" labelledBy="features-title" className="bg-slate-50">
          <h2 id="features-title" className="text-3xl font-bold text-slate-900">
            {inFrench(FEATURES.title)}
          </h2>
          <p className="mt-3 max-w-3xl text-slate-700">
            <Claim name="featuresIntro" />
          </p>
          <div className="mt-8 grid gap-8 lg:grid-cols-2">
            <div>
              <ul className="space-y-3">
                {FEATURES.checklist.map((item) => (
                  <li key={item} className="flex gap-3 text-slate-800">
                    <Check />
                    {inFrench(item)}
                  </li>
                ))}
                <li className="flex gap-3 text-slate-800">
                  <Check />
                  <Claim name="guidelinesChecklistItem" />
                </li>
              </ul>
              <p className="mt-6 rounded-lg border border-brand-100 bg-white p-4 font-medium text-brand-900">
                {inFrench(FEATURES.pilotClaim)}
              </p>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              {FEATURES.cards.map((card) => (
                <div key={card.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                  <h3 className="text-lg font-semibold text-slate-900">{inFrench(card.title)}</h3>
                  <p className="mt-2 text-sm text-slate-700">{inFrench(card.body)}</p>
                  <ul className="mt-3 space-y-2">
                    {card.points.map((point) => (
                      <li key={point} className="flex gap-2 text-sm text-slate-800">
                        <Check />
                        {inFrench(point)}
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </div>
        </Section>

        {/* Results */}
        <Section labelledBy="results-title" className="bg-brand-900 text-white">
          <h2 id="results-title" className="text-3xl font-bold">
            {inFrench(RESULTS.title)}
          </h2>
          <ul className="mt-8 grid grid-cols-2 gap-6 lg:grid-cols-4">
            {RESULTS.stats.map((stat) => (
              <li key={stat.label}>
                <span className="block text-4xl font-extrabold">{inFrench(stat.value)}</span>
                <span className="mt-1 block text-brand-100">{inFrench(stat.label)}</span>
              </li>
            ))}
          </ul>
          <div className="mt-10 rounded-xl bg-white/10 p-5">
            <h3 className="text-lg font-semibold">{inFrench(RESULTS.guarantee.title)}</h3>
            <p className="mt-1 text-brand-50">{inFrench(RESULTS.guarantee.body)}</p>
          </div>
        </Section>

        {/* Pricing (the billing feature's section, passed in by the app) */}
        {pricing && (
          <Section id="pricing" labelledBy="pricing-title" className="bg-slate-50">
            {pricing}
          </Section>
        )}

        {/* Programs */}
        <Section id="programs" labelledBy="programs-title" className="bg-white">
          <h2 id="programs-title" className="text-3xl font-bold text-slate-900">
            {inFrench(PROGRAMS.title)}
          </h2>
          <p className="mt-3 text-slate-700">{inFrench(PROGRAMS.intro)}</p>
          <ProgramGroups />
        </Section>

        {/* Testimonial */}
        <Section labelledBy="testimonial-title" className="bg-slate-50">
          <h2 id="testimonial-title" className="sr-only">
            {t('landing.testimonialTitle')}
          </h2>
          <figure className="mx-auto max-w-3xl text-center">
            <blockquote className="text-xl font-medium text-slate-900 sm:text-2xl">
              {t('landing.quote', { quote: inFrench(TESTIMONIAL.quote) })}
            </blockquote>
            <figcaption className="mt-6 text-slate-700">
              <span className="font-semibold text-slate-900">{inFrench(TESTIMONIAL.author)}</span>,{' '}
              {inFrench(TESTIMONIAL.affiliation)}
            </figcaption>
          </figure>
        </Section>

        {/* Sample applications dashboard */}
        <Section id={TOUR_SECTION} labelledBy="demo-title" className="bg-white">
          <h2 id="demo-title" className="text-3xl font-bold text-slate-900">
            {inFrench(DEMO_DASHBOARD.title)}
          </h2>
          <p className="mt-3 text-slate-700">{inFrench(DEMO_DASHBOARD.intro)}</p>
          <div className="mt-8">
            <DemoDashboard />
          </div>
        </Section>

        {/* Voice assistant */}
        <Section labelledBy="voice-title" className="bg-slate-900 text-white">
          <div className="grid items-center gap-10 lg:grid-cols-2">
            <div>
              <h2 id="voice-title" className="text-3xl font-bold">
                {inFrench(VOICE_ASSISTANT.title)}
              </h2>
              <p className="mt-3 text-slate-200">{inFrench(VOICE_ASSISTANT.body)}</p>
              <div className="mt-6">{earlyAccess}</div>
            </div>
            <ul className="grid gap-3 sm:grid-cols-2">
              {VOICE_ASSISTANT.uses.map((use) => (
                <li key={use} className="rounded-lg bg-white/10 p-4 text-slate-100">
                  {inFrench(use)}
                </li>
              ))}
            </ul>
          </div>
        </Section>

        {/* Event photos */}
        <Section labelledBy="events-title" className="bg-white">
          <h2 id="events-title" className="text-3xl font-bold text-slate-900">
            {inFrench(EVENTS.title)}
          </h2>
          <p className="mt-3 text-slate-700">{inFrench(EVENTS.intro)}</p>
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {EVENTS.photos.map((photo) => (
              <figure key={photo.key}>
                <EventIllustration
                  scene={photo.key}
                  label={t('landing.illustration', { caption: inFrench(photo.caption) })}
                />
                <figcaption className="mt-2 text-sm text-slate-700">{inFrench(photo.caption)}</figcaption>
              </figure>
            ))}
          </div>
        </Section>

        {/* Closing call to action */}
        <Section labelledBy="cta-title" className="bg-brand-50">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="cta-title" className="text-3xl font-bold text-slate-900">
              {inFrench(CLOSING_CTA.title)}
            </h2>
            <p className="mt-3 text-slate-700">{inFrench(CLOSING_CTA.body)}</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Link to="/register" className={buttonClass('primary', 'lg')}>
                {inFrench(CLOSING_CTA.primary)}
              </Link>
              <FreeAnalysisButton />
            </div>
          </div>
        </Section>
      </main>
      <HydrateLater>
        <SiteFooter />
      </HydrateLater>
    </>
  );
}
