import { DEFAULT_LANGUAGE, isLanguage, languageFromTag, type Language } from '@grantleaf/shared/language';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

/**
 * The web's one way to put text on a page in the visitor's language (issue 31, ADR 0360):
 * i18next with react-i18next, one catalogue per language in ./locales. English is bundled (it is
 * the pre-rendered landing page's language and every test's); French is its own chunk, loaded
 * before the first render of a French visitor (main.tsx) or when someone switches to it.
 */
export { Trans, useTranslation } from 'react-i18next';
export { i18n };
export type { Language };

/** Where the choice made before signing in (or by the header's switch) is remembered. */
export const LANGUAGE_STORAGE_KEY = 'grantleaf.language';

/** The Intl locale of each interface language: Canadian English and Canadian French. */
export const INTL_LOCALE: Readonly<Record<Language, string>> = { en: 'en-CA', fr: 'fr-CA' };

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en', 'fr'],
  // Synchronous, so the first render (and the build's pre-render) already has its strings.
  initAsync: false,
  // React escapes what it renders; escaping here too would print "&amp;".
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});

/** The language now shown. */
export function currentLanguage(): Language {
  const shown = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(shown) ? shown : DEFAULT_LANGUAGE;
}

/** Before sign-in: the remembered choice, else the browser's language (French or English). */
export function initialLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage refused (private mode): the browser's language decides.
  }
  return typeof navigator === 'undefined' ? DEFAULT_LANGUAGE : languageFromTag(navigator.language);
}

async function loadCatalogue(language: Language) {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  if (language === 'fr') {
    const [fr, messages] = await Promise.all([
      import('./locales/fr.json'),
      import('./locales/fr.messages.json'),
    ]);
    i18n.addResourceBundle('fr', 'translation', fr.default);
    i18n.addResourceBundle('fr', 'messages', messages.default);
  }
}

/**
 * A fixed English message from packages/shared (a zod schema's, an e-mail rule's) or the server's
 * answer, in the interface's language: `locales/fr.messages.json` is keyed by the English text
 * itself, so the schemas stay one (and English-exact) for server and web. A message with no
 * French yet, or with a part the user typed, is shown as it came.
 */
export function translateMessage(message: string): string;
export function translateMessage(message: string | undefined): string | undefined;
export function translateMessage(message: string | undefined): string | undefined {
  if (!message || currentLanguage() === 'en') return message;
  const french = i18n.getResource('fr', 'messages', message, { keySeparator: false });
  return typeof french === 'string' ? french : message;
}

/**
 * Shows the interface in `language` (nothing else changes: same URL, same page, same data) and
 * remembers it in this browser. The account's copy is saved by the caller (account API).
 */
export async function applyLanguage(language: Language, { remember = true } = {}): Promise<void> {
  await loadCatalogue(language);
  if (remember) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Not remembered in this browser; the account keeps it for a signed-in user.
    }
  }
  if (typeof document !== 'undefined') document.documentElement.lang = INTL_LOCALE[language];
  if (currentLanguage() !== language || i18n.language !== language) await i18n.changeLanguage(language);
}
