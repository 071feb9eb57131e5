import { useTranslation } from '../i18n/index.ts';

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div className="fixed inset-0 flex items-center justify-center bg-white" role="status" aria-live="polite">
      <p className="text-lg text-slate-700">{t('common.loading')}</p>
    </div>
  );
}
