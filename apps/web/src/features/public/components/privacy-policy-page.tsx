import { PRIVACY_FACTS } from '@grantleaf/shared/marketing-content';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { usePublicConfig } from '../api/public.api.ts';
import { InfoLayout, InfoSection } from './info-layout.tsx';

const { effectiveDate, incidentNotificationHours, deletedFilesRemovedDays, minimumTlsVersion } =
  PRIVACY_FACTS;

function Mail({ to }: { to: string | undefined }) {
  const { t } = useTranslation();
  if (!to) return <span>{t('info.privacy.ourAddress')}</span>;
  return (
    <a href={`mailto:${to}`} className="font-medium text-brand-800 underline">
      {to}
    </a>
  );
}

/**
 * /privacy-policy (spec §2): 11 sections; the addresses come from the server's configuration. The
 * words are `info.privacy` (en.info.json); the French is a translation, said so on the page (ADR 1005).
 */
export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  const { data: config } = usePublicConfig();
  return (
    <InfoLayout
      title={t('info.privacy.title')}
      intro={<p>{t('info.effective', { date: translateMessage(effectiveDate) })}</p>}
      legal
    >
      <p className="text-slate-800">{t('info.privacy.lead')}</p>

      <div className="mt-8">
        <InfoSection id="collect" title={t('info.privacy.collect.title')}>
          <ul>
            <li>{t('info.privacy.collect.account')}</li>
            <li>{t('info.privacy.collect.content')}</li>
            <li>{t('info.privacy.collect.forms')}</li>
            <li>{t('info.privacy.collect.usage')}</li>
          </ul>
        </InfoSection>

        <InfoSection id="use" title={t('info.privacy.use.title')}>
          <ul>
            <li>{t('info.privacy.use.account')}</li>
            <li>{t('info.privacy.use.produce')}</li>
            <li>{t('info.privacy.use.answer')}</li>
            <li>{t('info.privacy.use.emails')}</li>
            <li>{t('info.privacy.use.protect')}</li>
          </ul>
        </InfoSection>

        <InfoSection id="protect" title={t('info.privacy.protect.title')}>
          <p>{t('info.privacy.protect.p1', { tls: minimumTlsVersion })}</p>
          <p>{t('info.privacy.protect.p2', { hours: incidentNotificationHours })}</p>
        </InfoSection>

        <InfoSection id="ai" title={t('info.privacy.ai.title')}>
          <p>{t('info.privacy.ai.p1')}</p>
          <p>{t('info.privacy.ai.p2')}</p>
        </InfoSection>

        <InfoSection id="retention" title={t('info.privacy.retention.title')}>
          <p>{t('info.privacy.retention.p1', { days: deletedFilesRemovedDays })}</p>
        </InfoSection>

        <InfoSection id="sharing" title={t('info.privacy.sharing.title')}>
          <p>{t('info.privacy.sharing.p1')}</p>
          <ul>
            <li>{t('info.privacy.sharing.providers')}</li>
            <li>{t('info.privacy.sharing.authorities')}</li>
          </ul>
        </InfoSection>

        <InfoSection id="residency" title={t('info.privacy.residency.title')}>
          <p>{t('info.privacy.residency.p1')}</p>
        </InfoSection>

        <InfoSection id="rights" title={t('info.privacy.rights.title')}>
          <p>
            {t('info.privacy.rights.before')} <Mail to={config?.privacyEmail} />
            {t('info.privacy.rights.after')}
          </p>
        </InfoSection>

        <InfoSection id="cookies" title={t('info.privacy.cookies.title')}>
          <p>{t('info.privacy.cookies.p1')}</p>
        </InfoSection>

        <InfoSection id="changes" title={t('info.privacy.changes.title')}>
          <p>{t('info.privacy.changes.p1')}</p>
        </InfoSection>

        <InfoSection id="contact" title={t('info.privacy.contact.title')}>
          <p>
            {t('info.privacy.contact.privacy')} <Mail to={config?.privacyEmail} />
          </p>
          <p>
            {t('info.privacy.contact.general')} <Mail to={config?.contactEmail} />
          </p>
          {config && (
            <p>
              {t('info.privacy.contact.website')}{' '}
              <a href={config.siteUrl} className="font-medium text-brand-800 underline">
                {config.siteUrl}
              </a>
            </p>
          )}
        </InfoSection>
      </div>

      <div className="mt-12">
        <Link to="/register" className={buttonClass('primary', 'lg')}>
          {t('info.privacy.getStarted')}
        </Link>
      </div>
    </InfoLayout>
  );
}
