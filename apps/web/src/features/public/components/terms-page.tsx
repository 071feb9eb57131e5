import { creditsFromTenths, FREE_CREDITS_ON_SIGNUP } from '@grantleaf/shared/constants';
import { priceInCredits } from '@grantleaf/shared/paid-work-catalogue';
import { PRIVACY_FACTS } from '@grantleaf/shared/marketing-content';
import { Link } from 'react-router';
import { t, translateMessage, useTranslation } from '../../../i18n/index.ts';
import { formatCreditAmount } from '../../../lib/format-number.ts';
import { usePublicConfig } from '../api/public.api.ts';
import { InfoLayout, InfoSection } from './info-layout.tsx';

/** "1.0 credit", "0.5 credits"; in French "1,0 crédit", "0,5 crédit" (singular below 2). */
const credits = (amount: number) =>
  t('info.terms.creditAmount', { count: amount, amount: formatCreditAmount(amount) });

/**
 * /terms: the Terms of Service the footer links to. The words are `info.terms` (en.info.json); the
 * French is a translation, said so on the page (ADR 1005).
 */
export function TermsPage() {
  const { t } = useTranslation();
  const { data: config } = usePublicConfig();
  return (
    <InfoLayout
      title={t('info.terms.title')}
      intro={<p>{t('info.effective', { date: translateMessage(PRIVACY_FACTS.effectiveDate) })}</p>}
      legal
    >
      <InfoSection id="agreement" title={t('info.terms.agreement.title')}>
        <p>{t('info.terms.agreement.p1')}</p>
      </InfoSection>

      <InfoSection id="accounts" title={t('info.terms.accounts.title')}>
        <ul>
          <li>{t('info.terms.accounts.email')}</li>
          <li>{t('info.terms.accounts.password')}</li>
          <li>{t('info.terms.accounts.accurate')}</li>
        </ul>
      </InfoSection>

      <InfoSection id="credits" title={t('info.terms.credits.title')}>
        <p>{t('info.terms.credits.p1', { credits: credits(creditsFromTenths(FREE_CREDITS_ON_SIGNUP)) })}</p>
        <ul>
          <li>{t('info.terms.credits.generation', { credits: credits(priceInCredits('generation')) })}</li>
          <li>{t('info.terms.credits.analysis', { credits: credits(priceInCredits('analysis')) })}</li>
          <li>{t('info.terms.credits.idea', { credits: credits(priceInCredits('idea')) })}</li>
          <li>{t('info.terms.credits.funding', { credits: credits(priceInCredits('funding')) })}</li>
        </ul>
        <p>{t('info.terms.credits.p2')}</p>
      </InfoSection>

      <InfoSection id="guarantee" title={t('info.terms.guarantee.title')}>
        <p>{t('info.terms.guarantee.p1')}</p>
      </InfoSection>

      <InfoSection id="content" title={t('info.terms.content.title')}>
        <p>
          {t('info.terms.content.before')}{' '}
          <Link to="/privacy-policy" className="font-medium text-brand-800 underline">
            {t('info.terms.content.link')}
          </Link>{' '}
          {t('info.terms.content.after')}
        </p>
      </InfoSection>

      <InfoSection id="ai-output" title={t('info.terms.aiOutput.title')}>
        <p>{t('info.terms.aiOutput.p1')}</p>
      </InfoSection>

      <InfoSection id="use" title={t('info.terms.use.title')}>
        <ul>
          <li>{t('info.terms.use.rights')}</li>
          <li>{t('info.terms.use.reach')}</li>
          <li>{t('info.terms.use.fraud')}</li>
        </ul>
      </InfoSection>

      <InfoSection id="termination" title={t('info.terms.termination.title')}>
        <p>{t('info.terms.termination.p1')}</p>
      </InfoSection>

      <InfoSection id="liability" title={t('info.terms.liability.title')}>
        <p>{t('info.terms.liability.p1')}</p>
      </InfoSection>

      <InfoSection id="changes" title={t('info.terms.changes.title')}>
        <p>{t('info.terms.changes.p1')}</p>
      </InfoSection>

      <InfoSection id="contact" title={t('info.terms.contact.title')}>
        <p>
          {t('info.terms.contact.p1')}{' '}
          {config ? (
            <a href={`mailto:${config.contactEmail}`} className="font-medium text-brand-800 underline">
              {config.contactEmail}
            </a>
          ) : (
            t('info.terms.contact.ourAddress')
          )}
        </p>
      </InfoSection>
    </InfoLayout>
  );
}
