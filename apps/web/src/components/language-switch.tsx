import { clsx } from 'clsx';
import { toast } from 'sonner';
import { useChooseLanguage } from '../features/auth/api/auth.api.ts';
import { INTL_LOCALE, useTranslation, type Language } from '../i18n/index.ts';
import { buttonClass } from './ui/button.tsx';

/** Each language named in itself, as a language switch shows it whatever the page's language. */
const ENDONYMS: Readonly<Record<Language, string>> = { en: 'English', fr: 'Français' };

/**
 * The header's language switch (ADR 0360): one button naming the other language in that language
 * ("Français" / "English"), as Canadian federal sites do. The page stays where it is (same URL,
 * same data); a signed-in account saves the choice.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, language } = useTranslation();
  const choose = useChooseLanguage();
  const other: Language = language === 'fr' ? 'en' : 'fr';
  return (
    <button
      type="button"
      lang={INTL_LOCALE[other]}
      data-testid="language-switch"
      className={clsx(buttonClass('ghost', 'sm'), className)}
      disabled={choose.isPending}
      onClick={() => choose.mutate(other, { onError: () => toast.error(t('language.saveFailed')) })}
    >
      {ENDONYMS[other]}
    </button>
  );
}
