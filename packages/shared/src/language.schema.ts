import { z } from 'zod';
import { LANGUAGES } from './language.ts';

/** The interface language as the API validates it (issue 31, ADR 0360). */
export const languageSchema = z.enum(LANGUAGES);

/** PUT /api/account/language. */
export const languageUpdateSchema = z.object({ language: languageSchema });
export type LanguageUpdate = z.infer<typeof languageUpdateSchema>;
