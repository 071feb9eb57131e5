/**
 * The interface languages (issue 31, ADR 0360): English and Canadian French. An account keeps one;
 * e-mails and exports follow it. Stored as the two-letter code; the web formats with `-CA` locales.
 */
// Free of zod on purpose: the web's first paint imports this (ADR 190); the zod schemas are in
// language.schema.ts.
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** The language a browser asks for (`navigator.language`, an Accept-Language tag): French or else English. */
export function languageFromTag(tag: string | null | undefined): Language {
  return tag?.trim().toLowerCase().startsWith('fr') ? 'fr' : 'en';
}
