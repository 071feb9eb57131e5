import { PRIVACY_FACTS } from '@grantleaf/shared/marketing-content';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { usePublicConfig } from '../api/public.api.ts';
import { InfoLayout } from './info-layout.tsx';

const { incidentNotificationHours, deletedFilesRemovedDays, minimumTlsVersion } = PRIVACY_FACTS;

/** The questions in order (keys of `info.security` in en.info.json / fr.info.json). */
const QUESTIONS = [
  'who',
  'training',
  'systems',
  'encryption',
  'where',
  'laws',
  'staff',
  'deletion',
  'incident',
  'sso',
] as const;

const RESOURCES = ['onePager', 'deck', 'template'] as const;

/** /security-faq (spec §2). */
export function SecurityFaqPage() {
  const { t } = useTranslation();
  const { data: config } = usePublicConfig();
  // The figures are PRIVACY_FACTS' (the privacy policy states the same); `info.aiUse` says which
  // features use an AI model (see faq-page.tsx).
  const values = {
    aiUse: t('info.aiUse'),
    tls: minimumTlsVersion,
    days: deletedFilesRemovedDays,
    hours: incidentNotificationHours,
  };
  return (
    <InfoLayout title={t('info.security.title')} intro={<p>{t('info.security.intro')}</p>}>
      <ol className="space-y-6">
        {QUESTIONS.map((key, index) => (
          <li key={key} className="rounded-lg border border-slate-200 bg-white p-5">
            <h2 className="text-lg font-semibold text-slate-900">
              <span className="mr-2 text-brand-800">{index + 1}.</span>
              {t(`info.security.${key}.q`)}
            </h2>
            <p className="mt-2 text-slate-800">{t(`info.security.${key}.a`, values)}</p>
          </li>
        ))}
      </ol>

      <Card className="mt-10 p-6">
        <h2 className="text-xl font-semibold text-slate-900">{t('info.security.resources')}</h2>
        <ul className="mt-3 space-y-2 text-slate-800">
          {RESOURCES.map((r) => (
            <li key={r} className="ml-5 list-disc">
              {t(`info.security.${r}`)}
            </li>
          ))}
        </ul>
        {config && (
          <p className="mt-4 text-sm text-slate-700">
            {t('info.security.askAt')}{' '}
            <a href={`mailto:${config.contactEmail}`} className="font-medium text-brand-800 underline">
              {config.contactEmail}
            </a>
            .
          </p>
        )}
      </Card>

      <div className="mt-10">
        <Link to="/register" className={buttonClass('primary', 'lg')}>
          {t('info.security.getStarted')}
        </Link>
      </div>

      <nav
        aria-label={t('info.security.links')}
        className="mt-12 flex flex-wrap gap-6 border-t border-slate-200 pt-6 text-sm"
      >
        <Link to="/" className="font-medium text-brand-800 underline">
          {t('info.security.home')}
        </Link>
        <Link to="/security-faq" className="font-medium text-brand-800 underline">
          {t('info.security.securityLink')}
        </Link>
        <Link to="/privacy-policy" className="font-medium text-brand-800 underline">
          {t('info.security.privacyLink')}
        </Link>
      </nav>
    </InfoLayout>
  );
}
