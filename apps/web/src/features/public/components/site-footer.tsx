import { FOOTER } from '@grantleaf/shared/marketing-content';
import { Link } from 'react-router';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { usePublicConfig } from '../api/public.api.ts';

const heading = 'text-sm font-semibold text-white';
const link = 'text-sm text-slate-300 hover:text-white hover:underline';

export function SiteFooter() {
  const { t } = useTranslation();
  const { data: config } = usePublicConfig();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">Grantleaf</p>
          <p className="mt-2 text-sm">{translateMessage(FOOTER.blurb)}</p>
        </div>
        <nav aria-label={t('footer.product')}>
          <p className={heading}>{t('footer.product')}</p>
          <ul className="mt-3 space-y-2">
            <li>
              <a href="/#features" className={link}>
                {t('footer.features')}
              </a>
            </li>
            <li>
              <a href="/#programs" className={link}>
                {t('footer.programs')}
              </a>
            </li>
            <li>
              <a href="/#lead-form" className={link}>
                {t('footer.freeAnalysis')}
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.resources')}>
          <p className={heading}>{t('footer.resources')}</p>
          <ul className="mt-3 space-y-2">
            <li>
              <Link to="/faqs" className={link}>
                {t('footer.faq')}
              </Link>
            </li>
            <li>
              <Link to="/security-faq" className={link}>
                {t('footer.security')}
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className={link}>
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link to="/methodology" className={link}>
                {t('footer.methodology')}
              </Link>
            </li>
            <li>
              <Link to="/terms" className={link}>
                {t('footer.terms')}
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <p className={heading}>{t('footer.contact')}</p>
          {config && (
            <ul className="mt-3 space-y-2">
              <li>
                <a href={`mailto:${config.contactEmail}`} className={link}>
                  {config.contactEmail}
                </a>
              </li>
              <li>
                <a href={`mailto:${config.privacyEmail}`} className={link}>
                  {config.privacyEmail}
                </a>
              </li>
            </ul>
          )}
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-400">
          © {new Date().getFullYear()} {translateMessage(FOOTER.rights)}
        </p>
      </div>
    </footer>
  );
}
