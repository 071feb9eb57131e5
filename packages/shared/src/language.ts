import { z } from 'zod';

/**
 * The interface languages (issue 31, ADR 0360): English and Canadian French. An account keeps one;
 * e-mails and exports follow it. Stored as the two-letter code; the web formats with `-CA` locales.
 */
export const LANGUAGES = ['en', 'fr'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;
export const DEFAULT_LANGUAGE: Language = 'en';

/** PUT /api/account/language. */
export const languageUpdateSchema = z.object({ language: languageSchema });
export type LanguageUpdate = z.infer<typeof languageUpdateSchema>;

/** The language a browser asks for (`navigator.language`, an Accept-Language tag): French or else English. */
export function languageFromTag(tag: string | null | undefined): Language {
  return tag?.trim().toLowerCase().startsWith('fr') ? 'fr' : 'en';
}
